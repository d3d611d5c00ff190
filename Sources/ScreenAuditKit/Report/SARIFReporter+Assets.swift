import Foundation

extension SARIFReporter {
    /// `report.sarif` for an asset catalog audit: each finding is a result on the file it is
    /// about (a Contents.json, an image, the requirements), with the JSON path as a logical
    /// location. `base` is prefixed to the report's relative paths so that code scanning can
    /// link them from the repository root (the folder holding the catalog, as given).
    public static func render(_ report: AssetReport, base: String = "") throws -> Data {
        let rules = AssetRule.descriptors
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results: [[String: Any]] = report.findings.map { finding in
            var location: [String: Any] = ["physicalLocation": ["artifactLocation": ["uri": uri(base, finding.file)]]]
            if let place = finding.location {
                location["logicalLocations"] = [["name": place, "fullyQualifiedName": "\(finding.asset ?? report.settings.catalog)/\(place)",
                                                 "kind": "member"]]
            }
            var result: [String: Any] = [
                "ruleId": finding.rule,
                "level": level(finding.severity),
                "message": ["text": finding.asset.map { "\($0): \(finding.message)" } ?? finding.message],
                "locations": [location],
                "partialFingerprints": ["screenauditFingerprint/v1": finding.fingerprint],
            ]
            if let index = ruleIndex[finding.rule] { result["ruleIndex"] = index }
            return result
        }
        return try document(tool: report.tool, rules: rules, results: results)
    }

    static func uri(_ base: String, _ relative: String) -> String {
        guard !base.isEmpty, base != "." else { return relative }
        return (base.hasSuffix("/") ? base : base + "/") + relative
    }
}
