import Foundation

/// `asset.group-name` — Group name with a period.
public enum GroupNameRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.groupName, title: "Group name with a period", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "Xcode reads what follows a period in a folder name as an asset type; a group named that way is not read as a group.")

    public static let examples: [AssetExample] = [
        AssetExample("a group folder named Icons", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.text(ExampleCatalog.info, at: "Icons/Contents.json")
            catalog.imageSet("Icons/star", points: 10)
            return catalog
        },
        AssetExample("a group folder named Icons.v2", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.text(ExampleCatalog.info, at: "Icons.v2/Contents.json")
            catalog.imageSet("Icons.v2/star", points: 10)
            return catalog
        },
    ]

    /// The group folder whose name has a period.
    public struct Measured: AssetRuleMeasurement {
        /// The folder's name ("Icons.v2").
        public var folder: String

        public init(folder: String) { self.folder = folder }

        public static var rule: String { descriptor.id }

        public var message: String {
            "the group name '\(folder)' contains a period: Xcode reads '.\((folder as NSString).pathExtension)' as an asset type it does not know; rename the folder"
        }
    }
}
