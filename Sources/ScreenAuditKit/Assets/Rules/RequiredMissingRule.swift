/// `asset.required-missing` — Required entry missing.
public enum RequiredMissingRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.requiredMissing, title: "Required entry missing", reference: "Asset requirements", defaultSeverity: .error,
        rationale: "The requirements need this asset, idiom or appearance before screenshots are captured.")

    public static let examples: [AssetExample] = [
        AssetExample("the required image set is there", expected: .pass) {
            var catalog = ExampleCatalog.star()
            catalog.requirements = AssetRequirements(assets: [.init(name: "star", kind: .image, scales: [2, 3])])
            return catalog
        },
        AssetExample("a required hero image the catalog lacks", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.requirements = AssetRequirements(assets: [.init(name: "hero", kind: .image, scales: [2, 3])])
            return catalog
        },
    ]

    /// What the requirements need that the catalog lacks.
    public enum Measured: AssetRuleMeasurement {
        /// No asset `name` in `catalog`.
        case absent(name: String, kind: AssetKind, catalog: String)
        /// The asset exists as another kind.
        case wrongKind(found: AssetKind, needed: AssetKind)
        /// No image file for the idiom and appearance.
        case noImage(idiom: String, appearance: Appearance)
        /// No colour for the idiom and appearance.
        case noColor(idiom: String, appearance: Appearance)

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case let .absent(name, kind, catalog):
                "the requirements need the \(kind.title) '\(name)'; it is not in \(catalog)"
            case let .wrongKind(found, needed):
                "is \(Self.article(found.title)) \(found.title); the requirements need \(Self.article(needed.title)) \(needed.title)"
            case let .noImage(idiom, appearance):
                "no image for \(appearance.slotDescription(idiom: idiom)) (required)"
            case let .noColor(idiom, appearance):
                "no colour for \(appearance.slotDescription(idiom: idiom)) (required)"
            }
        }

        static func article(_ noun: String) -> String {
            ["a", "e", "i", "o", "u"].contains(noun.prefix(1)) ? "an" : "a"
        }
    }
}
