import ColorScience
import Imaging

/// `label.hint-missing` — a control without a hint, where the app's contract says what is spoken:
/// the hint tells what happens on activation ("Double-tap to begin."). Review only (info): Apple
/// calls hints optional; an app whose policy asks for one on every control (as the game this kit
/// grew from does: "all interactive elements have an accessibility label and hint") raises it
/// with `--severity label.hint-missing=error`. Not run on screens imported from a dump: dumps do
/// not record hints.
public struct LabelHintMissingRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.labelHintMissing,
        title: "Control without a hint",
        reference: "Apple Human Interface Guidelines, VoiceOver (accessibilityHint); the app's own accessibility policy",
        defaultSeverity: .info,
        rationale: "A hint says what activating a control does when its label alone does not; apps that promise one on every control can gate on it.")

    public static let examples: [CheckExample] = [
        CheckExample("a quest card with its hint", element: "card", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("card", role: .button, frame: Frame(x: 20, y: 30, width: 120, height: 44), fill: RGB8(red: 0x2A, green: 0x3A, blue: 0x8C))
            screen.elements[0].accessibility = AccessibilitySpec(label: "The Enchanter's Trial", hint: "Double-tap to begin.")
            return screen.context()
        },
        CheckExample("a quest card without a hint", element: "card", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("card", role: .button, frame: Frame(x: 20, y: 30, width: 120, height: 44), fill: RGB8(red: 0x2A, green: 0x3A, blue: 0x8C))
            screen.elements[0].accessibility = AccessibilitySpec(label: "The Enchanter's Trial")
            return screen.context()
        },
    ]

    public init() {}

    /// What `label.hint-missing` reports: the control as it is announced.
    public struct Measured: RuleMeasurement {
        public var spoken: String
        public var hint: String?

        public init(spoken: String, hint: String?) {
            self.spoken = spoken
            self.hint = hint
        }

        public func message(_ facts: FindingFacts) -> String { "no hint: the screen reader says \(spoken) and not what activating it does" }

        public func measuredText(_ facts: FindingFacts) -> String? { hint.map { "\(spoken); hint \"\($0)\"" } ?? "\(spoken); no hint" }

        public func requiredText(_ facts: FindingFacts) -> String? { "a hint" }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard screen.screen.framesFrom != ScreenContract.framesFromHierarchy else { return [] }
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, !element.isHiddenFromScreenReader else { return nil }
            let hint = element.spokenHint.flatMap(SpokenText.trimmed)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: hint == nil ? .fail : .pass,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .labelHintMissing(Measured(spoken: SpokenText.announcement(of: element), hint: hint)))
        }
    }
}
