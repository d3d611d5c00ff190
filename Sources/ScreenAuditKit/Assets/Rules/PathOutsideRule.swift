/// `asset.path-outside` — Path outside the catalog.
public enum PathOutsideRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.pathOutside, title: "Path outside the catalog", reference: "ScreenAuditKit input policy", defaultSeverity: .error,
        rationale: "A symbolic link that resolves outside the catalog folder is not read: the catalog must be self-contained.")

    public static let examples: [AssetExample] = [
        AssetExample("files inside the catalog", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("star@3x.png, a link to a file beside the catalog", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.outside["outside.png"] = catalog.files.removeValue(forKey: "star.imageset/star@3x.png")
            catalog.links["star.imageset/star@3x.png"] = "outside.png"
            return catalog
        },
    ]

    /// Where the link leads.
    public struct Measured: AssetRuleMeasurement {
        /// The resolved target; an absolute one is not shown (it names the machine's folders).
        public var target: String

        public init(target: String) { self.target = target }

        public static var rule: String { descriptor.id }

        public var message: String {
            "resolves outside the catalog (a symbolic link to \(target.hasPrefix("/") ? "an outside path" : target)); not read"
        }
    }
}
