// Fuzz target `xcuitest`: `XCUITestDumpParser.parse` on one file's bytes, then the import of what
// it reads into a contract at three screenshot sizes (@3x, @2x, @1x), as `audit --hierarchies` does.
// Run with `scripts/fuzz.sh xcuitest SECONDS`; seeds come from Fuzz/seeds/xcuitest and Samples/hierarchies.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCUITestDump(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parser = XCUITestDumpParser(limits: fuzzHierarchyLimits)
    guard let dump = checkHierarchyParser(bytes, file: "fuzz.txt", parse: parser.parse) else { return 0 }
    for (width, height) in [(1179, 2556), (750, 1334), (393, 852)] {
        checkImportedContract(dump, importer: HierarchyImporter(), pixelWidth: width, pixelHeight: height, file: "fuzz.txt")
    }
    return 0
}
