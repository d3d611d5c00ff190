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
            var result: [(key: String, value: JSONValue)] = [
                ("ruleId", .string(finding.rule)),
                ("level", .string(level(finding.severity))),
                ("message", .members(["text": .string(finding.asset.map { "\($0): \(finding.message)" } ?? finding.message)])),
                ("locations", .array([.object(location)])),
                ("partialFingerprints", .members(["screenauditFingerprint/v1": .string(finding.fingerprint)])),
            ]
            if let index = ruleIndex[finding.rule] { result.append(("ruleIndex", .number(Double(index)))) }
            return .object(result)
        }
        return try document(tool: report.tool, rules: rules, results: results)
    }

    static func uri(_ base: String, _ relative: String) -> String {
        guard !base.isEmpty, base != "." else { return relative }
        return (base.hasSuffix("/") ? base : base + "/") + relative
    }
}
