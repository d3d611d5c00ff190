import ColorScience
import Imaging

/// `contrast.text` — WCAG 2.2 SC 1.4.3 (and 1.4.6 at AAA): text against its background, measured
/// from the rendered pixels, never from declared colours.
public struct TextContrastRule: AuditCheck {
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
        /// The weight the glyphs' strokes measure, when the element declares none and the weight
        /// decides between normal and large text (`MeasuredWeight`): the weight's name, its stem
        /// as a share of the em, and the confidence (0...1) of the reading. Bold text decides
        /// only with a confidence of at least 0.5.
        public var measuredWeight: String?
        public var strokeEm: Double?
        public var weightConfidence: Double?

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
            if let measuredWeight, let weightConfidence {
                text += " (no weight declared: the strokes read \(measuredWeight), confidence \(Words.number(weightConfidence)))"
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

    /// The weight `element`'s glyphs measure, where it decides between normal and large text at
    /// `pointSize` (bold would make it large, regular not); nil where it does not, or where the
    /// strokes cannot be measured.
    func measuredWeight(of element: ElementContract, text: TextSpec, pointSize: Double?, glyphs: TextSizeRule.GlyphSize?,
                        on screen: ScreenContext) -> MeasuredWeight? {
        guard let pointSize, largeTextRule.isLarge(pointSize: pointSize, bold: true) != largeTextRule.isLarge(pointSize: pointSize, bold: false)
        else { return nil }
        guard let glyphs = glyphs ?? (try? TextSizeRule().glyphSize(of: element, text: text, on: screen).get()),
              let analysis = glyphs.analysis else { return nil }
        return analysis.weight(of: glyphs.geometry, pointSize: glyphs.pointSize, scale: screen.scale)
    }

    /// Whether the text lines' region leaves out a shape of the frame: pieces set aside, or a band
    /// at one side at least half the region's height (a filled icon or an avatar, whose inside
    /// reads as background and so is no piece). A region that only trims an even margin (text
    /// in a bordered badge) leaves nothing out, and the frame's measurement stands.
    static func leavesOutAShape(_ region: TextRegion, of rect: PixelRect) -> Bool {
        guard region.setAside.isEmpty else { return true }
        let margins = [region.text.x - rect.x, rect.maxX - region.text.maxX, region.text.y - rect.y, rect.maxY - region.text.maxY]
        return (margins.max() ?? 0) * 2 >= region.text.height
    }

    /// Whether the frame holds a filled shape besides the text (`TextAnalysis.holdsFilledShape`),
    /// judged against the cap height the glyphs measure or the declared size gives, on the ink
    /// coverage the screen's analysis holds (measured for `text.size`); without it, not looked at.
    static func holdsFilledShape(_ element: ElementContract, text: TextSpec, glyphs: TextSizeRule.GlyphSize?, on screen: ScreenContext) -> Bool {
        let capHeight = glyphs?.geometry.capHeight ?? glyphs?.geometry.xHeight.map { $0 / 0.75 }
            ?? text.pointSize.map { $0 * 0.705 * screen.scale }
        let analysis = glyphs?.analysis ?? screen.textAnalysis(for: element, needing: .contrast)
        guard let capHeight, analysis.parts.contains(.coverage) else { return false }
        return analysis.holdsFilledShape(capHeight: capHeight)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard let text = screen.text(of: element) else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            var bold = text.weight?.isBold ?? false
            // Without a declared size (a UI hierarchy gives none), the size the glyphs measure
            // decides whether the text is large; the finding says so.
            var glyphSize: Double?
            var glyphs: TextSizeRule.GlyphSize?
            if text.pointSize == nil {
                switch TextSizeRule().glyphSize(of: element, text: text, on: screen) {
                case let .success(size):
                    glyphSize = size.pointSize.rounded(places: 1)
                    glyphs = size
                case let .failure(failure) where failure.textNotShown:
                    // An icon measured as text: its contrast is not the text's.
                    let requirement = level.requirement(largeText: false)
                    return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                       frame: rect, measured: .textContrast(Measured(largeText: false, requirement: requirement.title)),
                                       threshold: requirement.minimumRatio, reason: failure.reason)
                case .failure: break
                }
            }
            // Without a declared weight, where bold would make the text large and regular would
            // not, the weight the strokes measure decides.
            let weight = text.weight == nil ? measuredWeight(of: element, text: text, pointSize: text.pointSize ?? glyphSize, glyphs: glyphs, on: screen) : nil
            if let weight { bold = weight.isConfidentlyBold }
            let large = largeTextRule.isLarge(pointSize: text.pointSize ?? glyphSize, bold: bold)
            let requirement = level.requirement(largeText: large)
            var measured = Measured(largeText: large, requirement: requirement.title)
            measured.measuredPointSize = glyphSize
            if let weight {
                measured.measuredWeight = weight.weight.rawValue
                measured.strokeEm = weight.strokeEm.rounded(places: 3)
                measured.weightConfidence = weight.confidence
            }
            let analysis = screen.textAnalysis(for: element, needing: [.contrast, .otherColors])
            var contrast = analysis.contrast
            // Other shapes in the frame (a status dot, an icon, the fill around a badge) may have
            // given the contrast, passing or failing: the text's own glyphs are judged instead, the
            // shapes set aside.
            let sizedRegion = glyphs?.region.flatMap { Self.leavesOutAShape($0, of: rect) ? $0 : nil }
            if case let .measured(m) = contrast,
               let region = sizedRegion ?? (m.backgroundVaries || analysis.holdsOtherColors == true
                   || Self.holdsFilledShape(element, text: text, glyphs: glyphs, on: screen)
                   ? TextRegion.find(in: screen.image, frame: rect, scale: screen.scale) : nil) {
                contrast = TextAnalysis(image: screen.image, frame: region.text, textHeight: text.pointSize.map { $0 * screen.scale },
                                        parts: .contrast).contrast
                measured.setAside = region.setAside.isEmpty ? nil : region.setAside.count
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
