/// `asset.provenance-unused` — Provenance for an absent asset.
public enum ProvenanceUnusedRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.provenanceUnused, title: "Provenance for an absent asset", reference: "Asset provenance policy", defaultSeverity: .info,
        rationale: "The provenance file describes an asset that is neither in the catalog nor required: a renamed or deleted asset.")

    public static let examples: [AssetExample] = [
        AssetExample("provenance for the catalog's assets only", expected: .pass) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
        AssetExample("provenance for a deleted asset, ghost", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector), "ghost": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
    ]

    /// The provenance entry that describes nothing in the catalog.
    public struct Measured: AssetRuleMeasurement {
        public var name: String

        public init(name: String) { self.name = name }

        public static var rule: String { descriptor.id }

        public var message: String { "provenance describes '\(name)', which is neither in the catalog nor required" }
    }
}
