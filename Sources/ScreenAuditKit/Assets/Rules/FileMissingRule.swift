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

    /// A file the catalog names that is not there.
    public enum Measured: AssetRuleMeasurement {
        /// A symbolic link in the catalog whose target is gone.
        case brokenLink
        /// `named` is not in the folder, but `present` differs from it only in case.
        case caseDiffers(named: String, present: String)
        /// `named` is not in `folder` (the asset folder) at all.
        case absent(named: String, folder: String)

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case .brokenLink:
                "a broken symbolic link"
            case let .caseDiffers(named, present):
                "'\(named)' is missing; '\(present)' \(FilePaths.difference(between: named, and: present)), which a case-insensitive disk accepts and a case-sensitive one does not"
            case let .absent(named, folder):
                "'\(named)' is named here but is not in \(folder)"
            }
        }
    }
}
