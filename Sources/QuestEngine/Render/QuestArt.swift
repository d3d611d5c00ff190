import ScreenAuditKit

/// Provenance of the engine's art: every asset a rendered element names is drawn by this module.
public enum QuestArt {
    public static var assetNames: [String] {
        var names = ["spell-orb", "mark-of-z"]
        for quest in QuestCatalog.hubQuests {
            names.append("thumbnail-\(quest.id.rawValue)")
            for relic in quest.practiceRelics + quest.trialRelics + quest.finalRelics {
                names.append("relic-\(slug(relic))")
            }
        }
        return Array(Set(names)).sorted()
    }

    public static var provenance: ProvenanceDocument {
        let entry = AssetProvenance(
            source: "QuestEngine procedural renderer (Sources/QuestEngine/Render): ellipses, lines and gradients drawn by code",
            authoringStatus: .final, sourceQuality: .vector, knownRisks: [],
            evidence: ["Drawn deterministically; per-route pixel digests pinned in Tests/QuestEngineTests/Golden/frame-digests.json"])
        return ProvenanceDocument(assets: Dictionary(uniqueKeysWithValues: assetNames.map { ($0, entry) }))
    }

    static func slug(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
