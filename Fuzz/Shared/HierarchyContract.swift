// Shared by the hierarchy targets (xcuitest, uiautomator): scripts/fuzz.sh compiles
// Fuzz/Shared/*.swift into every harness.
import ScreenAuditKit

/// Limits small enough that a mutated dump cannot make one run slow.
let fuzzHierarchyLimits = HierarchyLimits(maxBytes: 1 << 20, maxElements: 5_000, maxDepth: 128)

/// What a dump parser promises for any bytes: a dump with at least one element within the limits,
/// or a `HierarchyError` naming the file with a reason. Anything else stops the fuzzer.
func checkHierarchyParser(_ bytes: [UInt8], file: String,
                          parse: ([UInt8], String) throws(HierarchyError) -> HierarchyDump) -> HierarchyDump? {
    do {
        let dump = try parse(bytes, file)
        precondition(!dump.roots.isEmpty && dump.nodes.count <= fuzzHierarchyLimits.maxElements, "an empty or oversized dump")
        return dump
    } catch {
        precondition(error.file == file && !error.message.isEmpty, "an error without its file or reason: \(error)")
        return nil
    }
}

/// What `HierarchyImporter` promises for any dump it accepts: unique ids, and frames of positive
/// size inside the screen.
func checkImportedContract(_ dump: HierarchyDump, importer: HierarchyImporter, pixelWidth: Int, pixelHeight: Int, file: String) {
    guard let imported = try? importer.importScreen(dump, id: "fuzz", screenshot: "fuzz.png", pixelWidth: pixelWidth,
                                                    pixelHeight: pixelHeight, file: file) else { return }
    let contract = imported.contract
    precondition(Set(contract.elements.map(\.id)).count == contract.elements.count, "duplicate ids")
    for element in contract.elements {
        let frame = element.frame
        precondition(frame.width > 0 && frame.height > 0 && frame.x >= 0 && frame.y >= 0, "an empty or negative frame")
        precondition(frame.maxX <= contract.device.width + 1e-9 && frame.maxY <= contract.device.height + 1e-9, "a frame outside the screen")
    }
}
