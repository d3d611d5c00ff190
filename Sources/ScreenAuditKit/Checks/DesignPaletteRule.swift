import ColorScience
import Imaging

/// `design.palette` — review only: an element's measured colour (a text's ink; a control's or
/// indicator's colour that stands out most, as `contrast.nontext` finds it) lies farther than the tolerance (CIEDE2000) from every colour of the
/// contract's palette.
public struct DesignPaletteRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.designPalette, title: "Colour off the palette",
        reference: "The app's design tokens (contract `design.palette`); CIEDE2000 colour difference (CIE 142-2001)",
        defaultSeverity: .info,
        rationale: "A colour no palette token names is drift from the design system: an off-palette grey, a tint that is almost the brand colour.")

    static func tokens(_ screen: inout ExampleScreen) {
        screen.design = DesignTokens(palette: ["ink": "#1C1C1E", "accent": "#0A84FF", "paper": "#FFFFFF"])
    }

    public static let examples: [CheckExample] = [
        CheckExample("ink #1C1C1E text, a palette colour", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            tokens(&screen)
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 20, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("#6E6E73 grey text, ΔE 30 from ink", element: "label", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            tokens(&screen)
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 20, color: RGB8(red: 0x6E, green: 0x6E, blue: 0x73))
            return screen.context()
        },
    ]

    public init() {}

    /// What `design.palette` reports: the colour measured, the nearest token and how far it is.
    public struct Measured: RuleMeasurement {
        /// `text` (the glyphs' colour) or `control` (a control's or indicator's most contrasting colour).
        public var part: String
        public var color: String?
        public var nearestToken: String?
        public var nearestColor: String?
        /// CIEDE2000 to the nearest token, to a tenth.
        public var deltaE: Double?

        public init(part: String, color: String? = nil, nearestToken: String? = nil, nearestColor: String? = nil, deltaE: Double? = nil) {
            self.part = part
            self.color = color
            self.nearestToken = nearestToken
            self.nearestColor = nearestColor
            self.deltaE = deltaE
        }

        public func message(_ facts: FindingFacts) -> String {
            "\(part) colour \(color ?? "?") is off the palette: ΔE \(Words.number(deltaE)) from the nearest token, "
                + "'\(nearestToken ?? "?")' (\(nearestColor ?? "?")), over the \(Words.number(facts.threshold)) tolerance"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            "\(color ?? "?"), ΔE \(Words.number(deltaE)) from \(nearestToken ?? "?") \(nearestColor ?? "?")"
        }

        public func requiredText(_ facts: FindingFacts) -> String? { "a palette colour (ΔE ≤ \(Words.number(facts.threshold)))" }

        public var fingerprintBucket: String { "\(part):\(nearestToken ?? "-")" }
    }

    /// The palette's nearest token to `color`: its name, colour and CIEDE2000 distance (ties go to
    /// the name first in order, so the result never depends on dictionary order).
    static func nearest(_ color: RGB8, in palette: [String: String]) -> (token: String, color: RGB8, deltaE: Double)? {
        let lab = CIELab(color)
        var best: (token: String, color: RGB8, deltaE: Double)?
        for (token, hex) in palette.sorted(by: { $0.key < $1.key }) {
            guard let tokenColor = RGB8(parsing: hex) else { continue }
            let difference = ciede2000(lab, CIELab(tokenColor))
            if best == nil || difference < best!.deltaE { best = (token, tokenColor, difference) }
        }
        return best
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard let design = screen.screen.design, let palette = design.palette, !palette.isEmpty else { return [] }
        let tolerance = design.tolerances.colorDeltaE
        return screen.screen.elements.compactMap { element in
            let rect = screen.pixelRect(for: element.frame)
            let part: String
            let measured: RGB8
            if screen.text(of: element) != nil {
                part = "text"
                guard case let .measured(contrast) = screen.textAnalysis(for: element, needing: .contrast).contrast else {
                    return notMeasurable(element, part: part, rect: rect, tolerance: tolerance, "the text's colour cannot be measured")
                }
                measured = contrast.foreground
            } else if element.role.isInteractive || element.role == .indicator {
                // A control's or indicator's colour: the one contrast.nontext judges it by (its fill,
                // boundary or glyph, whichever stands out most).
                part = "control"
                guard case let .measured(_, component, _) = screen.nonTextContrast(in: rect) else {
                    return notMeasurable(element, part: part, rect: rect, tolerance: tolerance, "the element's colour cannot be measured")
                }
                measured = component
            } else {
                return nil
            }
            guard let nearest = Self.nearest(measured, in: palette) else { return nil }
            let result = Measured(part: part, color: measured.hex, nearestToken: nearest.token, nearestColor: nearest.color.hex,
                                  deltaE: nearest.deltaE.rounded(places: 1))
            let passes = nearest.deltaE <= tolerance
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: passes ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: rect, measured: .designPalette(result), threshold: tolerance)
        }
    }

    func notMeasurable(_ element: ElementContract, part: String, rect: PixelRect, tolerance: Double, _ reason: String) -> CheckResult {
        CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity, frame: rect,
                    measured: .designPalette(Measured(part: part)), threshold: tolerance, reason: reason)
    }
}
