import Foundation
import ScreenContracts

/// `report.sarif`: SARIF 2.1.0 as GitHub code scanning reads it. One run; the driver lists every
/// rule (id, descriptions, help, default level); each finding is a result with its rule, level,
/// message, a location on the screenshot (and one on the contract file that declares the
/// element) and the stable fingerprint as a partial fingerprint. Waived findings carry a
/// suppression with the waiver's reason; baselined ones are `unchanged` against the baseline.
public enum SARIFReporter {
    public static let fileName = "report.sarif"

    public static func render(_ report: AuditReport, rules: [CheckDescriptor]) throws -> Data {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var results: [JSONValue] = []
        for screen in report.screens {
            for finding in screen.findings {
                var locations: [JSONValue] = [.members([
                    "physicalLocation": .members(["artifactLocation": .members(["uri": .string(screen.screenshot)])]),
                    "logicalLocations": .array([.members(["name": .string(finding.element ?? screen.id),
                                                          "fullyQualifiedName": .string("\(screen.id)/\(finding.element ?? "")"),
                                                          "kind": .string("element")])]),
                ])]
                if !screen.contract.isEmpty {
                    locations.append(.members(["physicalLocation": .members(["artifactLocation": .members(["uri": .string(screen.contract)])])]))
                }
                var result = resultMembers(rule: finding.rule, severity: finding.severity, message: "\(screen.id): \(finding.message)",
                                           locations: locations, fingerprint: finding.fingerprint, ruleIndex: ruleIndex)
                if finding.waived, let waiver = finding.waiver {
                    result.append(("suppressions", .array([.members(["kind": .string("external"), "justification": .string(waiver.reason)])])))
                }
                if report.baseline != nil { result.append(("baselineState", .string(finding.baselined ? "unchanged" : "new"))) }
                results.append(.object(result))
            }
        }
        return try document(tool: report.tool, rules: rules, results: results)
    }

    /// One run of `tool` with its rule table and `results`, as the bytes of report.sarif.
    static func document(tool: AuditReport.ToolInfo, rules: [CheckDescriptor], results: [JSONValue]) throws -> Data {
        let driverRules: [JSONValue] = rules.map { rule in
            .members([
                "id": .string(rule.id),
                "name": .string(rule.title.replacingOccurrences(of: " ", with: "")),
                "shortDescription": .members(["text": .string(rule.title)]),
                "fullDescription": .members(["text": .string(rule.rationale)]),
                "help": .members(["text": .string("\(rule.rationale) Reference: \(rule.reference).")]),
                "helpUri": .string(rule.helpURI),
                "defaultConfiguration": .members(["level": .string(level(rule.defaultSeverity))]),
            ])
        }
        let document: JSONValue = .members([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.members([
                "tool": .members(["driver": .members(["name": .string(tool.name), "version": .string(tool.version),
                                                      "informationUri": .string(CheckDescriptor.projectURI), "rules": .array(driverRules)])]),
                "results": .array(results),
            ])]),
        ])
        return try JSONText.encode(document)
    }

    /// What every result holds: its rule (and the rule's place in the driver's table, when it has
    /// one), level, message, locations and fingerprint. The members are sorted when written.
    static func resultMembers(rule: String, severity: Severity, message: String, locations: [JSONValue], fingerprint: String,
                              ruleIndex: [String: Int]) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(rule)),
            ("level", .string(level(severity))),
            ("message", .members(["text": .string(message)])),
            ("locations", .array(locations)),
            ("partialFingerprints", .members(["screenauditFingerprint/v1": .string(fingerprint)])),
        ]
        if let index = ruleIndex[rule] { members.append(("ruleIndex", .number(Double(index)))) }
        return members
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
