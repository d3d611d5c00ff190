/// `asset.size-inconsistent` — Pixel sizes inconsistent.
public enum SizeInconsistentRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.sizeInconsistent, title: "Pixel sizes inconsistent", reference: "Apple HIG: Images (scale factors)", defaultSeverity: .error,
        rationale: "An @2x image must be exactly twice its @1x size and an @3x three times; app icons and required sizes must match exactly.")

    public static let examples: [AssetExample] = [
        AssetExample("88 px at @2x and 132 px at @3x for 44 pt", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 44)
            return catalog
        },
        AssetExample("130 px at @3x beside 88 px at @2x", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 44, pixels: [3: 130])
            return catalog
        },
    ]
}
