/// `asset.entry-invalid` — Entry invalid.
public enum EntryInvalidRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.entryInvalid, title: "Entry invalid", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "An entry with an unknown idiom, scale or appearance, or a file name that is a path, cannot be assigned to a slot.")

    public static let examples: [AssetExample] = [
        AssetExample("universal entries at @2x and @3x", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("an entry for an idiom Xcode does not know", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.files["star.imageset/star@2x.png"] = ExampleCatalog.png(width: 20, height: 20)
            catalog.text(ExampleCatalog.contents("images", [ExampleCatalog.imageEntry(file: "star@2x.png", scale: 2, idiom: "toaster")]),
                         at: "star.imageset/Contents.json")
            return catalog
        },
    ]

    /// What is wrong with an entry of `images` or `colors`.
    public enum Measured: AssetRuleMeasurement {
        /// The JSON reader's words for a value of the wrong type or outside its set.
        case input(String)
        /// A `filename` that is a path ("../x.png"), not a file of the asset folder.
        case path(String)

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case let .input(words): words
            case let .path(file): "'\(file)' is a path; an entry names a file inside the asset folder"
            }
        }
    }
}
