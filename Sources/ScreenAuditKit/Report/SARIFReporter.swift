import Foundation

/// `report.sarif`: SARIF 2.1.0 as GitHub code scanning reads it. One run; the driver lists every
/// rule (id, descriptions, help, default level); each finding is a result with its rule, level,
/// message, a location on the screenshot (and one on the contract file that declares the
/// element) and the stable fingerprint as a partial fingerprint. Waived findings carry a
/// suppression with the waiver's reason; baselined ones are `unchanged` against the baseline.
public enum SARIFReporter {
    public static let fileName = "report.sarif"

    public static func render(_ report: AuditReport, rules: [CheckDescriptor]) throws -> Data {
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var results: [[String: Any]] = []
        for screen in report.screens {
            for finding in screen.findings {
                var locations: [[String: Any]] = [[
                    "physicalLocation": ["artifactLocation": ["uri": screen.screenshot]],
                    "logicalLocations": [["name": finding.element ?? screen.id,
                                          "fullyQualifiedName": "\(screen.id)/\(finding.element ?? "")", "kind": "element"]],
                ]]
                if !screen.contract.isEmpty { locations.append(["physicalLocation": ["artifactLocation": ["uri": screen.contract]]]) }
                var result: [String: Any] = [
                    "ruleId": finding.rule,
                    "level": level(finding.severity),
                    "message": ["text": "\(screen.id): \(finding.message)"],
                    "locations": locations,
                    "partialFingerprints": ["screenauditFingerprint/v1": finding.fingerprint],
                ]
                if let index = ruleIndex[finding.rule] { result["ruleIndex"] = index }
                if finding.waived, let waiver = finding.waiver {
                    result["suppressions"] = [["kind": "external", "justification": waiver.reason]]
                }
                if report.baseline != nil { result["baselineState"] = finding.baselined ? "unchanged" : "new" }
                results.append(result)
            }
        }
        return try document(tool: report.tool, rules: rules, results: results)
    }

    /// One run of `tool` with its rule table and `results`, as the bytes of report.sarif.
    static func document(tool: AuditReport.ToolInfo, rules: [CheckDescriptor], results: [[String: Any]]) throws -> Data {
        let driverRules: [[String: Any]] = rules.map { rule in
            [
                "id": rule.id,
                "name": rule.title.replacingOccurrences(of: " ", with: ""),
                "shortDescription": ["text": rule.title],
                "fullDescription": ["text": rule.rationale],
                "help": ["text": "\(rule.rationale) Reference: \(rule.reference)."],
                "helpUri": rule.helpURI,
                "defaultConfiguration": ["level": level(rule.defaultSeverity)],
            ]
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": tool.name, "version": tool.version,
                                    "informationUri": CheckDescriptor.projectURI, "rules": driverRules]],
                "results": results,
            ]],
        ]
        var data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
