// Fuzz target `uiautomator`: `UIAutomatorDumpParser.parse` (its small XML reader) on one file's
// bytes, then the import of what it reads into a contract, as `audit --hierarchies --density` does.
// Run with `scripts/fuzz.sh uiautomator SECONDS`; seeds come from Fuzz/seeds/uiautomator and Samples/hierarchies.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUIAutomatorDump(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parser = UIAutomatorDumpParser(limits: fuzzHierarchyLimits)
    guard let dump = checkHierarchyParser(bytes, file: "fuzz.xml", parse: parser.parse) else { return 0 }
    checkImportedContract(dump, importer: HierarchyImporter(density: 2.625), pixelWidth: 1080, pixelHeight: 2400, file: "fuzz.xml")
    return 0
}
