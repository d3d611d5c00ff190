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

    /// What the finding's asset or entry competes with.
    public enum Measured: AssetRuleMeasurement {
        /// Another asset of the same name (and kind family) at `otherPath`.
        case sameName(name: String, otherPath: String)
        /// An image entry filling the slot `images[first]` already fills ("universal @2x").
        case imageSlot(first: Int, slot: String)
        /// A colour entry for the idiom and appearance `colors[first]` already has (the message
        /// names the appearance even when it is "any").
        case colorSlot(first: Int, idiom: String, appearance: Appearance)

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case let .sameName(name, otherPath):
                "two assets are named '\(name)' (also \(otherPath)); code loading it gets either"
            case let .imageSlot(first, slot):
                "competes with images[\(first)] for the slot \(slot); which file ships is undefined"
            case let .colorSlot(first, idiom, appearance):
                "competes with colors[\(first)] for the slot \(idiom), \(appearance); which colour ships is undefined"
            }
        }
    }
}
