/// `asset.contents-malformed` — Contents.json malformed.
public enum ContentsMalformedRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.contentsMalformed, title: "Contents.json malformed", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "A Contents.json that is missing, not JSON or not in Xcode's shape makes Xcode drop or misread the asset.")

    public static let examples: [AssetExample] = [
        AssetExample("an image set's Contents.json as Xcode writes it", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("a Contents.json cut off inside its images array", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.text("{ \"images\" : [ ", at: "star.imageset/Contents.json")
            return catalog
        },
    ]
}
