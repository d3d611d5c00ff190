// Fuzz target `xcuitest`: `XCUITestDumpParser.parse` on one file's bytes, then the import of what
// it reads into a contract (at every screenshot scale), as `audit --hierarchies` does.
// Run with `scripts/fuzz.sh xcuitest SECONDS`; seeds come from Fuzz/seeds/xcuitest and Samples/hierarchies.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCUITestDump(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parser = XCUITestDumpParser(limits: HierarchyLimits(maxBytes: 1 << 20, maxElements: 5_000, maxDepth: 128))
    let dump: HierarchyDump
    do {
        dump = try parser.parse(bytes, file: "fuzz.txt")
    } catch {
        precondition(error.file == "fuzz.txt" && !error.message.isEmpty, "an error without its file or reason: \(error)")
        return 0
    }
    precondition(!dump.roots.isEmpty && dump.nodes.count <= 5_000)
    for (width, height) in [(1179, 2556), (750, 1334), (393, 852)] {
        guard let imported = try? HierarchyImporter().importScreen(dump, id: "fuzz", screenshot: "fuzz.png", pixelWidth: width,
                                                                  pixelHeight: height, file: "fuzz.txt") else { continue }
        let contract = imported.contract
        // What the importer promises: unique ids, frames inside the screen and of positive size.
        precondition(Set(contract.elements.map(\.id)).count == contract.elements.count, "duplicate ids")
        for element in contract.elements {
            let frame = element.frame
            precondition(frame.width > 0 && frame.height > 0 && frame.x >= 0 && frame.y >= 0, "an empty or negative frame")
            precondition(frame.x + frame.width <= contract.device.width + 1e-9 && frame.y + frame.height <= contract.device.height + 1e-9,
                         "a frame outside the screen")
        }
    }
    return 0
}
