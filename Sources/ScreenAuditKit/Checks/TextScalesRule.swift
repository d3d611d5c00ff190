import ColorScience
import Imaging

/// `text.scales` — Dynamic Type: a text that does not grow when the person picks a larger text
/// size. Judged on a screen that has a variant at a smaller size (`variantOf`, either way), on
/// the texts of the two paired by element id: each text's size is measured on both screenshots'
/// glyphs (as `text.size` measures it), and the text fails when
/// - it declares a `textStyle` and grows less than half of what Apple's table asks of that style
///   between the two sizes (body, 17 → 40 pt from L to AX3, fails below 28.5 pt), or
/// - it declares none and keeps its size within 10 % (it does not grow at all), where every style
///   grows by at least a fifth between the two sizes (L and XL are too close to judge that way).
/// The smaller screen's sizes are measured in a look at its pixels before the audit (`sample`),
/// so every shard agrees.
public struct TextScalesRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.textScales,
        title: "Text that does not grow with Dynamic Type",
        reference: "WCAG 2.2 SC 1.4.4 Resize Text; Apple HIG Typography (Dynamic Type sizes); XCUIAccessibilityAuditType.dynamicType",
        defaultSeverity: .warning,
        rationale: "A person who picks a larger text size needs every text to grow: a label set in a fixed size (Font.system(size:)) stays as small as it was.")

    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)

    static func screen(_ size: Double) -> ExampleScreen {
        var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
        screen.label("title", "Quests", at: Frame(x: 10, y: 10, width: 180, height: size * 1.4), size: size, color: ink)
        screen.elements[0].text?.textStyle = .body
        return screen
    }

    static let peers: @Sendable () -> [ScreenContext] = { [screen(17).context(id: "quests")] }

    public static let examples: [CheckExample] = [
        CheckExample("a body title at 17 pt at L and 40 pt at AX3", element: "title", expected: .pass, peers: peers) {
            screen(40).context(id: "quests-ax3", contentSize: .ax3, variantOf: "quests")
        },
        CheckExample("a body title at 17 pt at L that stays 17 pt at AX3", element: "title", expected: .fail, peers: peers) {
            screen(17).context(id: "quests-ax3", contentSize: .ax3, variantOf: "quests")
        },
    ]

    /// A screen judged against a smaller one: who it is and at which sizes.
    struct Pair: Sendable {
        var smaller: String
        var smallerSize: ContentSize
        var largerSize: ContentSize
    }

    /// By the larger screen's id: the smaller screens it is paired with.
    let pairs: [String: [Pair]]
    /// Ids of the screens measured for a pair (the smaller of each).
    let measured: Set<String>
    /// By screen id, the sizes of its texts measured before the audit.
    let sizes: [String: [String: Double]]

    /// How a text's size is measured: as `text.size` measures it.
    let sizing: TextSizeRule

    public init(sizing: TextSizeRule = TextSizeRule()) {
        self.init(sizing: sizing, pairs: [:], measured: [], sizes: [:])
    }

    init(sizing: TextSizeRule, pairs: [String: [Pair]], measured: Set<String>, sizes: [String: [String: Double]]) {
        self.sizing = sizing
        self.pairs = pairs
        self.measured = measured
        self.sizes = sizes
    }

    public func preparing(for run: [ScreenContract]) -> any AuditCheck {
        let byID = Dictionary(run.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs: [String: [Pair]] = [:]
        var measured = Set<String>()
        for screen in run {
            guard let baseID = screen.variantOf, let base = byID[baseID], base.device.width == screen.device.width,
                  base.device.height == screen.device.height else { continue }
            let size = screen.contentSize ?? .default, baseSize = base.contentSize ?? .default
            guard size != baseSize else { continue }
            let (small, large) = size < baseSize ? (screen, base) : (base, screen)
            let pair = Pair(smaller: small.id, smallerSize: min(size, baseSize), largerSize: max(size, baseSize))
            pairs[large.id, default: []].append(pair)
            measured.insert(small.id)
        }
        return TextScalesRule(sizing: sizing, pairs: pairs, measured: measured, sizes: [:])
    }

    public func samples(_ screen: ScreenContract) -> Bool { measured.contains(screen.id) }

    public func sample(_ screen: ScreenContext) -> ScreenSample {
        var sample = ScreenSample(screen: screen.screen.id)
        sample.textSizes = measuredSizes(on: screen)
        return sample
    }

    public func sampled(_ samples: [ScreenSample]) -> any AuditCheck {
        var sizes = self.sizes
        for sample in samples where measured.contains(sample.screen) { sizes[sample.screen] = sample.textSizes }
        return TextScalesRule(sizing: sizing, pairs: pairs, measured: measured, sizes: sizes)
    }

    /// The point size each text element's glyphs measure (as `text.size` measures them), by id;
    /// texts that cannot be measured are left out.
    func measuredSizes(on screen: ScreenContext) -> [String: Double] {
        var sizes: [String: Double] = [:]
        for element in screen.screen.elements {
            guard let text = screen.text(of: element), case let .success(size) = sizing.glyphSize(of: element, text: text, on: screen) else { continue }
            sizes[element.id] = size.pointSize
        }
        return sizes
    }

    /// What `text.scales` reports: the text's size at each of the two content sizes, and what it
    /// should reach at the larger.
    public struct Measured: RuleMeasurement {
        /// The smaller content size and the screen shown at it.
        public var smallerSize: String
        public var smallerScreen: String
        public var smallerPointSize: Double
        /// The larger content size (this screen's).
        public var largerSize: String
        public var largerPointSize: Double
        /// The declared style, when there is one.
        public var textStyle: String?
        /// The size the text should at least reach at the larger size.
        public var expectedPointSize: Double
        /// The size the style's table gives at the larger size (scaled from the measured smaller size).
        public var stylePointSize: Double?

        public func message(_ facts: FindingFacts) -> String {
            let grew = largerPointSize / smallerPointSize
            let what = grew < 1 + TextScalesRule.unchanged ? "it does not grow" : "it grows only \(Words.number((grew * 100 - 100).rounded()))%"
            let style = textStyle.map { style in
                " (\(style) asks \(Words.number(stylePointSize?.rounded(places: 1))) pt at \(largerSize))"
            } ?? ""
            return "measures \(Words.number(smallerPointSize)) pt at \(smallerSize) (\(smallerScreen)) and \(Words.number(largerPointSize)) pt at \(largerSize): \(what)\(style); a person who picks the larger text size cannot read it larger"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            "\(Words.number(smallerPointSize)) pt at \(smallerSize), \(Words.number(largerPointSize)) pt at \(largerSize)"
        }

        public func requiredText(_ facts: FindingFacts) -> String? { "≥ \(Words.number(expectedPointSize)) pt at \(largerSize)" }

        public var fingerprintBucket: String { "\(smallerSize)-\(largerSize)" }
    }

    /// Growth under which a text "keeps its size": a tenth, more than the measurement's wobble.
    static let unchanged = 0.10
    /// Without a declared style, the pair is judged only where every style grows by this much.
    static let judgedGrowth = 0.20
    /// Of the growth a declared style asks, the share a text must reach.
    static let shareOfStyleGrowth = 0.5

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard let pairs = pairs[screen.screen.id] else { return [] }
        var larger: [String: Double]?
        var results: [CheckResult] = []
        for pair in pairs {
            guard let smaller = sizes[pair.smaller] else { continue }
            let now = larger ?? measuredSizes(on: screen)
            larger = now
            for element in screen.screen.elements {
                guard let text = screen.text(of: element), let before = smaller[element.id] else { continue }
                let frame = screen.pixelRect(for: element.frame)
                let style = text.textStyle
                var expected: Double
                var stylePoints: Double?
                if let style {
                    let asked = style.pointSize(at: pair.largerSize) / style.pointSize(at: pair.smallerSize)
                    stylePoints = before * asked
                    expected = before * (1 + Self.shareOfStyleGrowth * (asked - 1))
                } else {
                    guard TextStyle.leastGrowth(from: pair.smallerSize, to: pair.largerSize) >= 1 + Self.judgedGrowth else { continue }
                    expected = before * (1 + Self.unchanged)
                }
                expected = expected.rounded(places: 1)
                var measured = Measured(smallerSize: pair.smallerSize.name, smallerScreen: pair.smaller, smallerPointSize: before.rounded(places: 1),
                                        largerSize: pair.largerSize.name, largerPointSize: 0, textStyle: style?.rawValue, expectedPointSize: expected,
                                        stylePointSize: stylePoints?.rounded(places: 1))
                guard let after = now[element.id] else {
                    results.append(CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                               frame: frame, measured: .textScales(measured), threshold: expected,
                                               reason: "its glyphs cannot be measured at \(pair.largerSize.name)"))
                    continue
                }
                measured.largerPointSize = after.rounded(places: 1)
                results.append(CheckResult(rule: Self.descriptor.id, element: element.id, status: after < expected ? .fail : .pass,
                                           severity: Self.descriptor.defaultSeverity, frame: frame, measured: .textScales(measured),
                                           threshold: expected))
            }
        }
        return results
    }
}
