import Foundation

extension SARIFReporter {
    /// `report.sarif` for an asset catalog audit: each finding is a result on the file it is
    /// about (a Contents.json, an image, the requirements), with the JSON path as a logical
    /// location. `base` is prefixed to the report's relative paths so that code scanning can
    /// link them from the repository root (the folder holding the catalog, as given).
    public static func render(_ report: AssetReport, base: String = "") throws -> Data {
        let rules = AssetRule.descriptors
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results: [JSONValue] = report.findings.map { finding in
            var location: [(key: String, value: JSONValue)] = [
                ("physicalLocation", .members(["artifactLocation": .members(["uri": .string(uri(base, finding.file))])])),
            ]
            if let place = finding.location {
                location.append(("logicalLocations", .array([.members([
                    "name": .string(place), "fullyQualifiedName": .string("\(finding.asset ?? report.settings.catalog)/\(place)"),
                    "kind": .string("member"),
                ])])))
            }
            return .object(resultMembers(rule: finding.rule, severity: finding.severity,
                                         message: finding.asset.map { "\($0): \(finding.message)" } ?? finding.message,
                                         locations: [.object(location)], fingerprint: finding.fingerprint, ruleIndex: ruleIndex))
        }
        return try document(tool: report.tool, rules: rules, results: results)
    }

    static func uri(_ base: String, _ relative: String) -> String {
        guard !base.isEmpty, base != "." else { return relative }
        return (base.hasSuffix("/") ? base : base + "/") + relative
    }
}
