import ColorScience
import Imaging

/// `design.type-ramp` — review only: a text element's measured size (as `text.size` measures it
/// from its glyphs) lies off every size of the contract's type ramp by more than the tolerance.
public struct DesignTypeRampRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.designTypeRamp, title: "Text size off the type ramp",
        reference: "The app's design tokens (contract `design.typeRamp`)",
        defaultSeverity: .info,
        rationale: "A size the type ramp does not have (a 15.5 pt label among 15 and 17) is drift from the design system, and often text that will not scale with Dynamic Type.")

    static func ramp(_ screen: inout ExampleScreen) { screen.design = DesignTokens(typeRamp: [13, 17, 22, 28]) }

    public static let examples: [CheckExample] = [
        CheckExample("22 pt text, a ramp size", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            ramp(&screen)
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 30, width: 170, height: 30), size: 22, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("19.5 pt text, between 17 and 22", element: "label", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            ramp(&screen)
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 30, width: 170, height: 30), size: 19.5, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    /// Sizes the glyphs the way `text.size` does.
    public var sizing: TextSizeRule

    public init(sizing: TextSizeRule = TextSizeRule()) { self.sizing = sizing }

    /// How far glyph shapes move a measured size, as a fraction of it.
    static let shapeBias = 0.04

    /// What `design.type-ramp` reports: the size judged, as measured and as declared, and the
    /// nearest ramp size.
    public struct Measured: RuleMeasurement {
        /// From the glyphs, as `text.size` measures them.
        public var estimatedPointSize: Double?
        public var declaredPointSize: Double?
        /// The size held to the ramp: the declared one where the glyphs agree with it (a
        /// declaration is exact), the measured one otherwise.
        public var judgedPointSize: Double?
        public var nearestSize: Double?
        /// The measurement's own uncertainty in points (half a pixel of glyph height and 4 % for
        /// glyph shapes): how far the glyphs may differ from a declared size and still agree, and
        /// what is added to the tolerance when the measured size is judged.
        public var uncertainty: Double?

        public init(estimatedPointSize: Double? = nil, declaredPointSize: Double? = nil, judgedPointSize: Double? = nil,
                    nearestSize: Double? = nil, uncertainty: Double? = nil) {
            self.estimatedPointSize = estimatedPointSize
            self.declaredPointSize = declaredPointSize
            self.judgedPointSize = judgedPointSize
            self.nearestSize = nearestSize
            self.uncertainty = uncertainty
        }

        var usesDeclared: Bool { declaredPointSize != nil && judgedPointSize == declaredPointSize }

        public func message(_ facts: FindingFacts) -> String {
            let size = usesDeclared ? "\(Words.number(judgedPointSize)) pt (declared; its glyphs measure about \(Words.number(estimatedPointSize)) pt)"
                : "about \(Words.number(judgedPointSize)) pt (measured)"
            return "text is \(size), off the type ramp: the nearest size is \(Words.number(nearestSize)) pt (tolerance \(Words.number(facts.threshold)) pt)"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\(usesDeclared ? "" : "≈ ")\(Words.number(judgedPointSize)) pt" }

        public func requiredText(_ facts: FindingFacts) -> String? { "\(Words.number(nearestSize)) pt ± \(Words.number(facts.threshold))" }

        public var fingerprintBucket: String { "ramp:\(nearestSize.map { Words.number($0) } ?? "-")" }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard let design = screen.screen.design, let ramp = design.typeRamp, !ramp.isEmpty else { return [] }
        let tolerance = design.tolerances.pointSize
        return screen.screen.elements.compactMap { element in
            guard let text = screen.text(of: element) else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            switch sizing.glyphSize(of: element, text: text, on: screen) {
            case let .failure(failure):
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                   frame: rect, measured: .designTypeRamp(Measured()), threshold: tolerance, reason: failure.reason)
            case let .success(size):
                // The measurement's own uncertainty: half a pixel of glyph height, and the glyphs'
                // shapes — round capitals overshoot the cap height and ascenders stand above it, so
                // a word rich in them reads up to 4 % large (measured: +4.1 % at most over the quest
                // engine's 333 labels of declared size, 0.0 % on average).
                let uncertainty = sizing.measurementTolerance / screen.scale / size.ratio + Self.shapeBias * size.pointSize
                // A declared size the glyphs agree with is exact; otherwise the measurement is
                // judged, with its uncertainty.
                let agrees = text.pointSize.map { abs($0 - size.pointSize) <= uncertainty } ?? false
                let judged = agrees ? text.pointSize! : size.pointSize
                let allowed = tolerance + (agrees ? 0 : uncertainty)
                let nearest = ramp.min { abs($0 - judged) < abs($1 - judged) } ?? ramp[0]
                let measured = Measured(estimatedPointSize: size.pointSize.rounded(places: 1), declaredPointSize: text.pointSize,
                                        judgedPointSize: agrees ? judged : judged.rounded(places: 1), nearestSize: nearest,
                                        uncertainty: uncertainty.rounded(places: 2))
                let passes = abs(judged - nearest) <= allowed + 1e-9
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: passes ? .pass : .fail,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: .designTypeRamp(measured), threshold: tolerance)
            }
        }
    }
}
