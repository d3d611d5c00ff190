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

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard let text = element.text else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            let bold = text.weight?.isBold ?? false
            let large = largeTextRule.isLarge(pointSize: text.pointSize, bold: bold)
            let requirement = level.requirement(largeText: large)
            var measured: [String: MeasuredValue] = [
                "largeText": .flag(large),
                "requirement": .text(requirement.title),
            ]
            switch screen.textAnalysis(for: element, needing: .contrast).contrast {
            case let .notMeasurable(reason):
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: measured,
                                   threshold: requirement.minimumRatio, reason: reason)
            case let .measured(m):
                measured["ratio"] = .number(RatioDisplay.hundredths(m.worstRatio))
                measured["foreground"] = .text(m.foreground.hex)
                measured["background"] = .text(m.background.hex)
                measured["inkPixels"] = .number(Double(m.inkPixels))
                if m.backgroundVaries {
                    measured["ratioMin"] = .number(RatioDisplay.hundredths(m.worstRatio))
                    measured["ratioMax"] = .number(RatioDisplay.hundredths(m.bestRatio))
                    measured["backgroundLightest"] = .text(m.lightestBackground.hex)
                    measured["backgroundDarkest"] = .text(m.darkestBackground.hex)
                }
                let passed = requirement.isMet(by: m.worstRatio)
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: passed ? .pass : .fail,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: measured,
                                   threshold: requirement.minimumRatio)
            }
        }
    }
}
