/// `asset.image-unreadable` — Image unreadable.
public enum ImageUnreadableRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.imageUnreadable, title: "Image unreadable", reference: "PNG (ISO/IEC 15948) and JPEG (ITU T.81)", defaultSeverity: .error,
        rationale: "An image that the decoders cannot read (truncated, corrupt, not an image) will not render.")

    public static let examples: [AssetExample] = [
        AssetExample("PNGs that decode", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("a star@2x.png that holds text", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.files["star.imageset/star@2x.png"] = Array("not an image".utf8)
            return catalog
        },
    ]
}
