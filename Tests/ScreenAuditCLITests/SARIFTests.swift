import Foundation
import TestSupport
import Testing

/// report.sarif validated against the OASIS SARIF 2.1.0 schema (committed under Schemas/), with
/// Python's jsonschema, which `.ci/run` installs.
struct SARIFTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas/sarif-schema-2.1.0.json")

    @Test(.enabled(if: SchemaValidator.required, "python3 with jsonschema is not installed"))
    func testReportValidatesAgainstTheSchema() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        _ = try AuditCommandTests.run(directory, ["--format", "sarif"], out: "sarif")
        let sarif = directory.path("sarif/report.sarif")
        let errors = try SchemaValidator.errors(schema: Self.schema.path, document: sarif)
        #expect(errors.isEmpty, "schema errors: \(errors)")

        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "screenaudit")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } .contains("contrast.text"))
        // Each rule links its page in docs/checks (DocsTests keeps every page there).
        for rule in rules {
            let id = rule["id"] as? String ?? "?"
            #expect(rule["helpUri"] as? String == "https://github.com/screenauditkit/screenauditkit/blob/main/docs/checks/\(id).md", "\(id)")
        }
        let results = try #require(run["results"] as? [[String: Any]])
        let below = try #require(results.first { ($0["message"] as? [String: Any])?["text"] as? String == results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }.first { $0.contains("light: text contrast 4.4") } })
        #expect(below["level"] as? String == "error")
        #expect((below["partialFingerprints"] as? [String: String])?["screenauditFingerprint/v1"]?.count == 16)
        let waived = results.filter { $0["suppressions"] != nil }
        #expect(waived.count == 1)
    }
}
