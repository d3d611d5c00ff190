// Fuzz target `contract`: `ContractLoader.parse(_:file:source:)`, the JSON parser and every
// validation a screen contract goes through, on one document's bytes.
// Run with `scripts/fuzz.sh contract SECONDS`; seeds come from Fuzz/seeds/contract and Contracts/.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContract(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = ContractLoader().parse(bytes, file: "fuzz.contract.json", source: "fuzz.contract.json")
    // What the loader promises: issues name the file; a document with any issue yields no screens;
    // screen ids are unique within a document.
    for issue in result.issues {
        precondition(issue.file == "fuzz.contract.json" && !issue.description.isEmpty, "issue without its file: \(issue)")
    }
    precondition(result.issues.isEmpty || result.screens.isEmpty, "screens returned alongside issues")
    // At most 50 issues are listed per file, then one "… and N more".
    precondition(result.issues.count <= 51, "\(result.issues.count) issues listed")
    precondition(Set(result.screens.map(\.contract.id)).count == result.screens.count, "duplicate screen ids returned")
    return 0
}
