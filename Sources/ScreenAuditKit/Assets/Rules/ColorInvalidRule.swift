/// `asset.color-invalid` — Colour value invalid.
public enum ColorInvalidRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.colorInvalid, title: "Colour value invalid", reference: "Xcode asset catalog format", defaultSeverity: .error,
        rationale: "A colour set's component is missing, out of range or in an unknown colour space: the colour Xcode builds is not the one intended.")

    public static let examples: [AssetExample] = [
        AssetExample("an sRGB colour in Xcode's hex notation", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.colorSet("ink", any: "#1C1C1E")
            return catalog
        },
        AssetExample("a red component of 0x100, past 255", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.text(ExampleCatalog.contents("colors", [
                #"{ "color" : { "color-space" : "srgb", "components" : { "alpha" : "1.000", "blue" : "0", "green" : "0", "red" : "0x100" } }, "idiom" : "universal" }"#,
            ]), at: "ink.colorset/Contents.json")
            return catalog
        },
    ]

    /// What is wrong with a colour value.
    public struct Measured: AssetRuleMeasurement {
        /// The colour reader's words ("green \"300\" is out of range: …").
        public var problem: String

        public init(problem: String) { self.problem = problem }

        public static var rule: String { descriptor.id }

        public var message: String { problem }
    }
}
