/// `asset.placeholder` — Placeholder art.
public enum PlaceholderRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.placeholder, title: "Placeholder art", reference: "Asset provenance policy", defaultSeverity: .warning,
        rationale: "Provenance marks the asset as a placeholder: an error in a release audit, a warning otherwise.")

    public static let examples: [AssetExample] = [
        AssetExample("final art in a release", expected: .pass, release: true) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
        AssetExample("placeholder art", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: [
                "star": AssetProvenance(source: "a sketch", authoringStatus: .placeholder, sourceQuality: .vector),
            ])
            return catalog
        },
    ]
}
