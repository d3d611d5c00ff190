/// `asset.entry-duplicate` — Duplicate entry.
public enum EntryDuplicateRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.entryDuplicate, title: "Duplicate entry", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "Two entries for the same idiom, scale and appearance compete for one slot; which one ships is undefined.")

    public static let examples: [AssetExample] = [
        AssetExample("one entry per scale", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("two files in the same @2x slot", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.files["star.imageset/a.png"] = ExampleCatalog.png(width: 20, height: 20)
            catalog.files["star.imageset/b.png"] = ExampleCatalog.png(width: 20, height: 20)
            catalog.text(ExampleCatalog.contents("images", [ExampleCatalog.imageEntry(file: "a.png", scale: 2),
                                                           ExampleCatalog.imageEntry(file: "b.png", scale: 2)]),
                         at: "star.imageset/Contents.json")
            return catalog
        },
    ]
}
