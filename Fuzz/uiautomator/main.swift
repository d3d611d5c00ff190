// Fuzz target `uiautomator`: `UIAutomatorDumpParser.parse` (its small XML reader) on one file's
// bytes, then the import of what it reads into a contract, as `audit --hierarchies` does.
// Run with `scripts/fuzz.sh uiautomator SECONDS`; seeds come from Fuzz/seeds/uiautomator and Samples/hierarchies.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUIAutomatorDump(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parser = UIAutomatorDumpParser(limits: HierarchyLimits(maxBytes: 1 << 20, maxElements: 5_000, maxDepth: 128))
    let dump: HierarchyDump
    do {
        dump = try parser.parse(bytes, file: "fuzz.xml")
    } catch {
        precondition(error.file == "fuzz.xml" && !error.message.isEmpty, "an error without its file or reason: \(error)")
        return 0
    }
    precondition(!dump.roots.isEmpty && dump.nodes.count <= 5_000)
    guard let imported = try? HierarchyImporter(density: 2.625).importScreen(dump, id: "fuzz", screenshot: "fuzz.png", pixelWidth: 1080,
                                                                             pixelHeight: 2400, file: "fuzz.xml") else { return 0 }
    let contract = imported.contract
    precondition(Set(contract.elements.map(\.id)).count == contract.elements.count, "duplicate ids")
    for element in contract.elements {
        let frame = element.frame
        precondition(frame.width > 0 && frame.height > 0 && frame.x >= 0 && frame.y >= 0, "an empty or negative frame")
        precondition(frame.x + frame.width <= contract.device.width + 1e-9 && frame.y + frame.height <= contract.device.height + 1e-9,
                     "a frame outside the screen")
    }
    return 0
}
