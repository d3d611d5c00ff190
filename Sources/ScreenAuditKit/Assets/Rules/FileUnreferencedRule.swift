/// `asset.file-unreferenced` — File not referenced.
public enum FileUnreferencedRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.fileUnreferenced, title: "File not referenced", reference: "Xcode asset catalog format", defaultSeverity: .warning,
        rationale: "A file in an asset folder that Contents.json does not name is an unassigned child: it is not built, and is often the art someone meant to ship.")

    public static let examples: [AssetExample] = [
        AssetExample("every file named by Contents.json", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("an old@3x.png no entry names", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.files["star.imageset/old@3x.png"] = ExampleCatalog.png(width: 30, height: 30)
            return catalog
        },
    ]

    /// Where the file nobody builds lies.
    public enum Measured: AssetRuleMeasurement {
        /// In a group, outside any asset folder.
        case inGroup
        /// In an asset folder whose Contents.json does not name it.
        case unassigned

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case .inGroup: "a file in a group, outside any asset folder: Xcode does not build it"
            case .unassigned: "not referenced by Contents.json: an unassigned child that Xcode does not build"
            }
        }
    }
}
