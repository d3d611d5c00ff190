/// `asset.color-contrast` — Colour pair contrast.
public enum ColorContrastRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.colorContrast, title: "Colour pair contrast", reference: "WCAG 2.2 SC 1.4.3 / 1.4.11", defaultSeverity: .error,
        rationale: "A text colour and the panel colour it is declared on in the requirements must reach 4.5:1 (normal text) or 3:1 (large text, non-text), in every appearance, from the colour sets' values alone.")

    public static let examples: [AssetExample] = [
        AssetExample("#1C1C1E text on a white panel: 17.1:1", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.colorSet("ink", any: "#1C1C1E")
            catalog.colorSet("paper", any: "#FFFFFF")
            catalog.requirements = AssetRequirements(colorPairs: [.init(foreground: "ink", background: "paper")])
            return catalog
        },
        AssetExample("#EB171B text on a white panel: 4.496:1, shown as 4.49", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.colorSet("ink", any: "#EB171B")
            catalog.colorSet("paper", any: "#FFFFFF")
            catalog.requirements = AssetRequirements(colorPairs: [.init(foreground: "ink", background: "paper")])
            return catalog
        },
    ]
}
