/// `asset.required-missing` — Required entry missing.
public enum RequiredMissingRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.requiredMissing, title: "Required entry missing", reference: "Asset requirements", defaultSeverity: .error,
        rationale: "The requirements need this asset, idiom or appearance before screenshots are captured.")

    public static let examples: [AssetExample] = [
        AssetExample("the required image set is there", expected: .pass) {
            var catalog = ExampleCatalog.star()
            catalog.requirements = AssetRequirements(assets: [.init(name: "star", kind: .image, scales: [2, 3])])
            return catalog
        },
        AssetExample("a required hero image the catalog lacks", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.requirements = AssetRequirements(assets: [.init(name: "hero", kind: .image, scales: [2, 3])])
            return catalog
        },
    ]
}
