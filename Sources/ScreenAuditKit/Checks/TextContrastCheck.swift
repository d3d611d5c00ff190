import ColorScience
import Imaging

/// `contrast.text` — WCAG 2.2 SC 1.4.3 (and 1.4.6 at AAA): text against its background, measured
/// from the rendered pixels, never from declared colours.
public struct TextContrastCheck: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.contrastText,
        title: "Text contrast",
        reference: "WCAG 2.2 SC 1.4.3 Contrast (Minimum); SC 1.4.6 Contrast (Enhanced) at AAA",
        defaultSeverity: .error,
        rationale: "Text needs a contrast ratio of at least 4.5:1 (3:1 when large) against what is behind it to be readable by people with low vision, in sunlight or on a dim screen.")

    public static let examples: [CheckExample] = [
        CheckExample("#595959 on white, 7:1", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 17, color: RGB8(red: 0x59, green: 0x59, blue: 0x59))
            return screen.context()
        },
        CheckExample("#AAAAAA on white, 2.3:1", element: "label", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 17, color: RGB8(red: 0xAA, green: 0xAA, blue: 0xAA))
            return screen.context()
        },
    ]

    public var level: ContrastLevel
    public var largeTextRule: LargeTextRule

    public init(level: ContrastLevel = .aa, largeTextRule: LargeTextRule = .wcag) {
        self.level = level
        self.largeTextRule = largeTextRule
    }

    /// What `contrast.text` reports for an element. The ratios are cut to hundredths.
    public struct Measured: RuleMeasurement {
        public var largeText: Bool
        /// The requirement's name ("AA normal text").
        public var requirement: String
        public var ratio: Double?
        public var foreground: String?
        public var background: String?
        public var inkPixels: Int?
        /// Where the background varies: the lowest and highest local contrast, and the lightest
        /// and darkest local backgrounds.
        public var ratioMin: Double?
        public var ratioMax: Double?
        public var backgroundLightest: String?
        public var backgroundDarkest: String?
        /// The point size the glyphs measure, when the element declares none: what decided
        /// between normal and large text.
        public var measuredPointSize: Double?
        /// Shapes in the element's frame beside its text (a status dot, an icon, a chevron),
        /// left out of the measurement, which judged the text's glyphs alone.
        public var setAside: Int?

        public init(largeText: Bool, requirement: String) {
            self.largeText = largeText
            self.requirement = requirement
        }

        public func message(_ facts: FindingFacts) -> String {
            var text = "text contrast \(Words.ratio(ratio)):1 (\(foreground ?? "?") on \(background ?? "?")) is below the "
                + "\(Words.number(facts.threshold)):1 minimum for \(requirement)"
            if let ratioMin, let ratioMax {
                text += "; the background varies, local contrast \(Words.ratio(ratioMin)):1 to \(Words.ratio(ratioMax)):1"
            }
            if let measuredPointSize {
                text += " (no size declared: the glyphs measure \(Words.number(measuredPointSize)) pt)"
            }
            if let setAside {
                text += "; \(setAside == 1 ? "a shape" : "\(setAside) shapes") beside the text in its frame set aside"
            }
            return text
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            var text = "\(Words.ratio(ratio)):1, \(foreground ?? "?") on \(background ?? "?")"
            if let ratioMin, let ratioMax { text += " (background varies: \(Words.ratio(ratioMin))–\(Words.ratio(ratioMax)):1)" }
            return text
        }

        public func requiredText(_ facts: FindingFacts) -> String? {
            facts.threshold.map { "\(Words.number($0)):1 (\(requirement))" } ?? "—"
        }

        /// The whole-number part of the ratio: "ratio:3" for 3.00–3.99.
        public var fingerprintBucket: String { ratio.map { "ratio:\(Int($0.rounded(.down)))" } ?? "-" }
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard let text = element.text else { return nil }
        let large = largeTextRule.isLarge(pointSize: text.pointSize, bold: text.weight?.isBold ?? false)
        let requirement = level.requirement(largeText: large)
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .textContrast(Measured(largeText: large, requirement: requirement.title)),
                           threshold: requirement.minimumRatio, reason: reason)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard let text = screen.text(of: element) else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            let bold = text.weight?.isBold ?? false
            // Without a declared size (a UI hierarchy gives none), the size the glyphs measure
            // decides whether the text is large; the finding says so.
            var glyphSize: Double?
            if text.pointSize == nil {
                switch TextSizeCheck().glyphSize(of: element, text: text, on: screen) {
                case let .success(size): glyphSize = size.pointSize.rounded(places: 1)
                case let .failure(failure) where failure.textNotShown:
                    // An icon measured as text: its contrast is not the text's.
                    let requirement = level.requirement(largeText: false)
                    return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                       frame: rect, measured: .textContrast(Measured(largeText: false, requirement: requirement.title)),
                                       threshold: requirement.minimumRatio, reason: failure.reason)
                case .failure: break
                }
            }
            let large = largeTextRule.isLarge(pointSize: text.pointSize ?? glyphSize, bold: bold)
            let requirement = level.requirement(largeText: large)
            var measured = Measured(largeText: large, requirement: requirement.title)
            measured.measuredPointSize = glyphSize
            let analysis = screen.textAnalysis(for: element, needing: [.contrast, .otherColors])
            var contrast = analysis.contrast
            // Other shapes in the frame (a status dot, an icon, the fill around a badge) may have
            // given the contrast, passing or failing: the text's own glyphs are judged instead, the
            // shapes set aside.
            if case let .measured(m) = contrast, m.backgroundVaries || analysis.holdsOtherColors == true,
               let region = TextRegion.find(in: screen.image, frame: rect, scale: screen.scale) {
                contrast = TextAnalysis(image: screen.image, frame: region.text, textHeight: text.pointSize.map { $0 * screen.scale },
                                        parts: .contrast).contrast
                measured.setAside = region.setAside.count
            }
            switch contrast {
            case let .notMeasurable(reason):
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: .textContrast(measured),
                                   threshold: requirement.minimumRatio, reason: reason)
            case let .measured(m):
                measured.ratio = RatioDisplay.hundredths(m.worstRatio)
                measured.foreground = m.foreground.hex
                measured.background = m.background.hex
                measured.inkPixels = m.inkPixels
                if m.backgroundVaries {
                    measured.ratioMin = RatioDisplay.hundredths(m.worstRatio)
                    measured.ratioMax = RatioDisplay.hundredths(m.bestRatio)
                    measured.backgroundLightest = m.lightestBackground.hex
                    measured.backgroundDarkest = m.darkestBackground.hex
                }
                let passed = requirement.isMet(by: m.worstRatio)
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: passed ? .pass : .fail,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: .textContrast(measured),
                                   threshold: requirement.minimumRatio)
            }
        }
    }
}
