import ColorScience

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

    /// Why a colour pair the requirements declare fails or is not checked.
    public enum Measured: AssetRuleMeasurement {
        /// `name`, one of the pair, is not a colour set in `catalog`.
        case notAColorSet(pair: Pair, name: String, catalog: String)
        /// A colour set of the pair has no colour for the appearance.
        case noColor(pair: Pair, appearance: Appearance)
        /// The pair's contrast is below its minimum.
        case tooLow(Contrast)
        /// `name` is a system colour: the OS decides its value, so the pair is not checked.
        case systemColor(pair: Pair, appearance: Appearance, name: String)
        /// `unset` gives no colour, so the system default applies: not checked.
        case systemDefault(pair: Pair, appearance: Appearance, unset: String)

        /// The colour sets' names, as the requirements give them.
        public struct Pair: Equatable, Sendable {
            public var foreground: String
            public var background: String

            public init(foreground: String, background: String) {
                self.foreground = foreground
                self.background = background
            }
        }

        /// A pair below its minimum in one appearance: the ratio as measured (written cut to
        /// hundredths, as `ratio`) and the colours (written as `foreground` and `background`).
        public struct Contrast: Equatable, Sendable {
            public var pair: Pair
            public var appearance: Appearance
            public var ratio: Double
            public var foregroundColor: String
            public var backgroundColor: String
            public var minimumRatio: Double
            public var use: AssetRequirements.PairUse

            public init(pair: Pair, appearance: Appearance, ratio: Double, foregroundColor: String, backgroundColor: String,
                        minimumRatio: Double, use: AssetRequirements.PairUse) {
                self.pair = pair
                self.appearance = appearance
                self.ratio = ratio
                self.foregroundColor = foregroundColor
                self.backgroundColor = backgroundColor
                self.minimumRatio = minimumRatio
                self.use = use
            }
        }

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case let .notAColorSet(pair, name, catalog):
                "cannot check \(pair.foreground) on \(pair.background): '\(name)' is not a colour set in \(catalog)"
            case let .noColor(pair, appearance):
                "has no colour for \(appearance), needed by the pair \(pair.foreground) on \(pair.background)"
            case let .tooLow(c):
                "\(c.pair.foreground) \(c.foregroundColor) on \(c.pair.background) \(c.backgroundColor) in \(c.appearance): "
                    + "\(ColorContrastRule.shortfall(ratio: c.ratio, minimum: c.minimumRatio)) (\(ColorContrastRule.useName(c.use)))"
            case let .systemColor(pair, appearance, name):
                "\(pair.foreground) on \(pair.background) in \(appearance) not checked: \(name) is a system colour, whose value the OS decides"
            case let .systemDefault(pair, appearance, unset):
                "\(pair.foreground) on \(pair.background) in \(appearance) not checked: \(unset) gives no colour, so the system default applies, whose value the OS decides"
            }
        }

        private enum Key: String, CodingKey { case ratio, foreground, background, appearance }

        public func encodeMeasured(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            guard case let .tooLow(c) = self else { return }
            try container.encode(RatioDisplay.hundredths(c.ratio), forKey: .ratio)
            try container.encode(c.foregroundColor, forKey: .foreground)
            try container.encode(c.backgroundColor, forKey: .background)
            try container.encode(c.appearance.description, forKey: .appearance)
        }
    }

    /// Why a row of the report's colour pairs (one pair in one appearance) was not run.
    public enum NotRun: Equatable, Sendable {
        /// A colour set of the pair is not in the catalog (a finding says which).
        case setMissing
        /// The colour set `set` has no colour for the appearance.
        case noColor(set: String, appearance: Appearance)
        /// `name` is a system colour.
        case systemColor(name: String)
        /// The colour set `unset` gives no colour: the system default applies.
        case systemDefault(unset: String)
        /// A colour value of the pair is invalid (an `asset.color-invalid` finding).
        case invalidValue

        /// The row's reason, as report.json, report.md, index.html and junit.xml give it.
        public var reason: String {
            switch self {
            case .setMissing: "a colour set of the pair is missing"
            case let .noColor(set, appearance): "\(set) has no colour for \(appearance)"
            case let .systemColor(name): "\(name) is a system colour; the OS decides its value"
            case let .systemDefault(unset): "\(unset) gives no colour: the system default applies, whose value the OS decides"
            case .invalidValue: "a colour value is invalid (see \(AssetRule.colorInvalid))"
            }
        }
    }

    /// "4.49:1, needs 4.5:1": a failing pair's ratio (cut to hundredths) against its minimum.
    static func shortfall(ratio: Double, minimum: Double) -> String {
        "\(RatioDisplay.text(ratio)):1, needs \(RatioDisplay.minimum(minimum)):1"
    }

    /// A failing row of the report's colour pairs, as junit.xml's test case for it says it:
    /// "#EB171B on #FFFFFF: 4.49:1, needs 4.5:1".
    static func failingRow(_ row: ColorPairResult, ratio: Double) -> String {
        "\(row.foregroundColor ?? "") on \(row.backgroundColor ?? ""): \(shortfall(ratio: ratio, minimum: row.minimumRatio))"
    }

    static func useName(_ use: AssetRequirements.PairUse) -> String {
        use == .nonText ? "non-text" : "\(use.rawValue) text"
    }
}
