// Fuzz target `appium`: `AppiumSourceParser.parse` (the XML reader it shares with uiautomator, and
// its own attributes: types, frames, visibility) on one file's bytes, then the import of what it
// reads into a contract, as `audit --hierarchies` does for Appium's iOS page source.
// Run with `scripts/fuzz.sh appium SECONDS`; seeds come from Fuzz/seeds/appium.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppiumSource(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parser = AppiumSourceParser(limits: fuzzHierarchyLimits)
    guard let dump = checkHierarchyParser(bytes, file: "fuzz.xml", parse: parser.parse) else { return 0 }
    checkImportedContract(dump, importer: HierarchyImporter(), pixelWidth: 1179, pixelHeight: 2556, file: "fuzz.xml")
    return 0
}
