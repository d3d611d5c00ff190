/// `asset.scale-missing` — Scale missing.
public enum ScaleMissingRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.scaleMissing, title: "Scale missing", reference: "Apple HIG: Images (scale factors)", defaultSeverity: .error,
        rationale: "An image lacks a scale the requirements (error) or the defaults (warning) need: iOS upsamples another scale and the art blurs.")

    public static let examples: [AssetExample] = [
        AssetExample("@2x and @3x, the default scales", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 10, scales: [2, 3])
            return catalog
        },
        AssetExample("@2x only", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 10, scales: [2])
            return catalog
        },
    ]
}
