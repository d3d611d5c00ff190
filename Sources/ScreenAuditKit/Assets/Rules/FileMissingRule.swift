/// `asset.file-missing` — Referenced file missing.
public enum FileMissingRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.fileMissing, title: "Referenced file missing", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "Contents.json names a file that is not in the asset folder: the slot ships empty.")

    public static let examples: [AssetExample] = [
        AssetExample("every named file present", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("Contents.json names star@3x.png, which is not there", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.files["star.imageset/star@3x.png"] = nil
            return catalog
        },
    ]
}
