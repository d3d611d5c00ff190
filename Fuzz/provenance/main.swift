// Fuzz target `provenance`: `ProvenanceLoader.parse(_:file:)`, the JSON parser and the closed
// provenance schema, on one document's bytes.
// Run with `scripts/fuzz.sh provenance SECONDS`; seeds come from Fuzz/seeds/provenance and Provenance/.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProvenance(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = ProvenanceLoader().parse(bytes, file: "fuzz.provenance.json")
    // What the loader promises: a document exactly when there is no issue, and issues name the file.
    precondition((result.document == nil) == !result.issues.isEmpty, "a document and issues together, or neither")
    for issue in result.issues {
        precondition(issue.file == "fuzz.provenance.json" && !issue.description.isEmpty, "issue without its file: \(issue)")
    }
    return 0
}
