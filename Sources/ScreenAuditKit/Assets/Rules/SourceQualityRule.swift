/// `asset.source-quality` — Low source quality.
public enum SourceQualityRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.sourceQuality, title: "Low source quality", reference: "Asset provenance policy", defaultSeverity: .warning,
        rationale: "Provenance says the asset was upscaled or comes from a low-resolution source.")

    public static let examples: [AssetExample] = [
        AssetExample("drawn as vectors", expected: .pass) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
        AssetExample("upscaled from a smaller source", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: [
                "star": AssetProvenance(source: "a 1x export", authoringStatus: .final, sourceQuality: .upscaled),
            ])
            return catalog
        },
    ]
}
