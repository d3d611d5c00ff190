import Imaging

/// `asset.format-mismatch` — Image format differs from its name.
public enum FormatMismatchRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.formatMismatch, title: "Image format differs from its name", reference: "PNG and JPEG signatures", defaultSeverity: .error,
        rationale: "JPEG data behind a .png name (or the reverse) loses transparency and misleads tools that trust the extension.")

    public static let examples: [AssetExample] = [
        AssetExample("PNG data behind .png names", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("JPEG data behind star@2x.png", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.files["star.imageset/star@2x.png"] = (try? JPEGEncoder.encode(
                width: 20, height: 20, components: .rgb, samples: [UInt8](repeating: 200, count: 20 * 20 * 3), quality: 90)) ?? []
            return catalog
        },
    ]
}
