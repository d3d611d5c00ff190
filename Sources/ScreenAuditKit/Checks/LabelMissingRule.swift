import ColorScience
import Imaging

/// `label.missing` — an element a person acts on (a button, link, toggle, slider, tab or text
/// field) that gives the screen reader nothing to speak: no label, no text of its own and none of
/// its children's (a dump's clickable container speaks its children's text), no value (an empty
/// field's placeholder). VoiceOver then says only "button". Exempt, as Google's Accessibility Test Framework exempts them: elements hidden
/// from the screen reader (`accessibility.hidden`), which it never focuses, and elements that are
/// not actionable (text, images, containers), which it reads or skips.
public struct LabelMissingRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.labelMissing,
        title: "Control without a spoken name",
        reference: "WCAG 2.2 SC 4.1.2 Name, Role, Value and SC 1.1.1 Non-text Content; Google ATF SpeakableTextPresentCheck; Apple XCUIAccessibilityAuditType.sufficientElementDescription",
        defaultSeverity: .error,
        rationale: "A control with no label is announced by its role alone (\"button\"): a screen reader user cannot tell what it does.")

    public static let examples: [CheckExample] = [
        CheckExample("an icon button with a label", element: "close", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("close", role: .button, frame: Frame(x: 20, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                           glyph: "X")
            screen.elements[0].accessibility = AccessibilitySpec(label: "Close")
            return screen.context()
        },
        CheckExample("an icon button with nothing to speak", element: "close", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("close", role: .button, frame: Frame(x: 20, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                           glyph: "X")
            return screen.context()
        },
    ]

    public init() {}

    /// What `label.missing` reports: the element's role and what it speaks (nothing, on failure).
    public struct Measured: RuleMeasurement {
        public var role: String
        /// What the screen reader says for it ("\"Close\", button"; "(nothing), button").
        public var spoken: String

        public init(role: String, spoken: String) {
            self.role = role
            self.spoken = spoken
        }

        public func message(_ facts: FindingFacts) -> String {
            "this \(role) gives the screen reader nothing to speak (no label, no text of its own or of its children): VoiceOver and TalkBack announce only \"\(role)\""
        }

        public func measuredText(_ facts: FindingFacts) -> String? { spoken }

        public func requiredText(_ facts: FindingFacts) -> String? { "a label or text" }
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? { nil }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, !element.isHiddenFromScreenReader else { return nil }
            let measured = Measured(role: SpokenText.rolePhrase(element.role), spoken: SpokenText.announcement(of: element))
            let named = SpokenText.saysSomething(element)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: named ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .labelMissing(measured))
        }
    }
}
