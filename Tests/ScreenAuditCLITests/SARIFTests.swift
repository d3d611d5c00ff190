import Foundation
import TestSupport
import Testing

/// report.sarif validated against the OASIS SARIF 2.1.0 schema (committed under Schemas/), with
/// Python's jsonschema, which `.ci/run` installs.
struct SARIFTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Schemas/sarif-schema-2.1.0.json")

    static var validatorAvailable: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(.enabled(if: SARIFTests.validatorAvailable, "python3 with jsonschema is not installed"))
    func testReportValidatesAgainstTheSchema() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        _ = try AuditCommandTests.run(directory, ["--format", "sarif"], out: "sarif")
        let sarif = directory.path("sarif/report.sarif")
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
        cls = jsonschema.validators.validator_for(schema)
        errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.path))
        for e in errors: print(list(e.path), e.message)
        sys.exit(1 if errors else 0)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.schema.path, sarif]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "schema errors: \(output)")

        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarif))) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "screenaudit")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } .contains("contrast.text"))
        let results = try #require(run["results"] as? [[String: Any]])
        let below = try #require(results.first { ($0["message"] as? [String: Any])?["text"] as? String == results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }.first { $0.contains("light: text contrast 4.4") } })
        #expect(below["level"] as? String == "error")
        #expect((below["partialFingerprints"] as? [String: String])?["screenauditFingerprint/v1"]?.count == 16)
        let waived = results.filter { $0["suppressions"] != nil }
        #expect(waived.count == 1)
    }
}
