/// Every asset in the catalog or the requirements is accounted for in provenance: placeholders
/// block a release, weak sources are flagged with their recorded risks.
struct ProvenancePolicy {
    var release: Bool

    func check(catalog: AssetCatalog, required: [String], provenance: ProvenanceDocument, file: String)
        -> (findings: [AssetFinding], summaries: [String: String]) {
        var findings: [AssetFinding] = []
        var summaries: [String: String] = [:]
        // Assets inside containers are accounted for by their container's entry.
        let names = Set(catalog.assets.filter { $0.container == nil }.map(\.name) + required).sorted()
        for name in names {
            let place = catalog.asset(named: name)?.contentsPath ?? file
            guard let entry = provenance.assets[name] else {
                findings.append(AssetFinding(rule: AssetRule.provenanceMissing, severity: .error, asset: name, file: place,
                                             message: "no provenance entry for '\(name)' in \(file): record its source, authoringStatus and sourceQuality"))
                continue
            }
            summaries[name] = entry.summary
            let risks = entry.knownRisks.isEmpty ? "no known risks recorded" : "known risks: " + entry.knownRisks.joined(separator: "; ")
            if entry.authoringStatus == .placeholder {
                findings.append(AssetFinding(
                    rule: AssetRule.placeholder, severity: release ? .error : .warning, asset: name, file: place,
                    message: "placeholder art (source: \(entry.source); \(risks))" + (release ? "; a release needs final art" : ""),
                    measured: .authoringStatus(entry.authoringStatus.rawValue)))
            }
            if entry.sourceQuality == .upscaled || entry.sourceQuality == .lowRes {
                findings.append(AssetFinding(
                    rule: AssetRule.sourceQuality, severity: .warning, asset: name, file: place,
                    message: "source quality \(entry.sourceQuality.rawValue) (source: \(entry.source); \(risks))",
                    measured: .sourceQuality(entry.sourceQuality.rawValue)))
            }
        }
        let known = Set(names)
        for name in provenance.assets.keys.sorted() where !known.contains(name) {
            findings.append(AssetFinding(rule: AssetRule.provenanceUnused, severity: .info, asset: name, file: file, location: "assets.\(name)",
                                         message: "provenance describes '\(name)', which is neither in the catalog nor required"))
        }
        return (findings, summaries)
    }
}
