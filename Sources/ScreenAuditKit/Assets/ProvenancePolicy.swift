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
                findings.append(AssetFinding(.provenanceMissing(.init(name: name, provenanceFile: file)), severity: .error, asset: name, file: place))
                continue
            }
            summaries[name] = entry.summary
            if entry.authoringStatus == .placeholder {
                findings.append(AssetFinding(
                    .placeholder(.init(authoringStatus: entry.authoringStatus, source: entry.source, knownRisks: entry.knownRisks, release: release)),
                    severity: release ? .error : .warning, asset: name, file: place))
            }
            if entry.sourceQuality == .upscaled || entry.sourceQuality == .lowRes {
                findings.append(AssetFinding(.sourceQuality(.init(sourceQuality: entry.sourceQuality, source: entry.source, knownRisks: entry.knownRisks)),
                                             severity: .warning, asset: name, file: place))
            }
        }
        let known = Set(names)
        for name in provenance.assets.keys.sorted() where !known.contains(name) {
            findings.append(AssetFinding(.provenanceUnused(.init(name: name)), severity: .info, asset: name, file: file, location: "assets.\(name)"))
        }
        return (findings, summaries)
    }
}

/// Provenance in the words of asset findings.
enum ProvenanceWords {
    /// "known risks: busy; thin lines", or "no known risks recorded".
    static func risks(_ risks: [String]) -> String {
        risks.isEmpty ? "no known risks recorded" : "known risks: " + risks.joined(separator: "; ")
    }
}
