import ColorScience
import Imaging

/// `label.text-mismatch` — a control whose visible text is not in what the screen reader says for
/// it (WCAG 2.2 SC 2.5.3 Label in Name): a button showing "Log in" labelled "Sign in", an Android
/// `content-desc` that replaces the text. A voice-control user says the words they see, and
/// nothing answers. Compared as the W3C's ACT rule does: case, punctuation and runs of spaces
/// aside, the visible text must appear whole in the spoken name.
public struct LabelTextMismatchRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.labelTextMismatch,
        title: "Visible text not in the spoken name",
        reference: "WCAG 2.2 SC 2.5.3 Label in Name; W3C ACT rule 2ee8b8 (visible label is part of accessible name)",
        defaultSeverity: .error,
        rationale: "People who use voice control say the words they see; when the control's spoken name does not contain them, the command finds nothing.")

    public static let examples: [CheckExample] = [
        CheckExample("\"Log in\" labelled \"Log in to your account\"", element: "login", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("login", "Log in", at: Frame(x: 20, y: 40, width: 80, height: 26), size: 17, color: RGB8(red: 0, green: 0x55, blue: 0xCC))
            screen.elements[0].role = .button
            screen.elements[0].accessibility = AccessibilitySpec(label: "Log in to your account")
            return screen.context()
        },
        CheckExample("\"Log in\" labelled \"Sign in\"", element: "login", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("login", "Log in", at: Frame(x: 20, y: 40, width: 80, height: 26), size: 17, color: RGB8(red: 0, green: 0x55, blue: 0xCC))
            screen.elements[0].role = .button
            screen.elements[0].accessibility = AccessibilitySpec(label: "Sign in")
            return screen.context()
        },
    ]

    public init() {}

    /// What `label.text-mismatch` reports: the text shown and the name spoken.
    public struct Measured: RuleMeasurement {
        public var visibleText: String
        public var spokenName: String

        public init(visibleText: String, spokenName: String) {
            self.visibleText = visibleText
            self.spokenName = spokenName
        }

        public func message(_ facts: FindingFacts) -> String {
            "the control shows \"\(visibleText)\" but the screen reader names it \"\(spokenName)\": the words a person sees are not in its name"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "shows \"\(visibleText)\", named \"\(spokenName)\"" }

        public func requiredText(_ facts: FindingFacts) -> String? { "the visible text within the name" }
    }

    /// `text` lower-cased, letters and digits kept, everything else one space between words.
    static func normalized(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    /// Whether the visible text appears whole in the name (whole words, in order).
    static func contains(name: String, visible: String) -> Bool {
        let visible = normalized(visible)
        guard !visible.isEmpty else { return true }
        return (" " + normalized(name) + " ").contains(" " + visible + " ")
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, !element.isHiddenFromScreenReader, let text = element.text, text.fromLabel != true,
                  let visible = SpokenText.trimmed(text.content), let name = SpokenText.declaredLabel(of: element, on: screen.screen) else { return nil }
            return CheckResult(rule: Self.descriptor.id, element: element.id,
                               status: Self.contains(name: name, visible: visible) ? .pass : .fail, severity: Self.descriptor.defaultSeverity,
                               frame: screen.pixelRect(for: element.frame),
                               measured: .labelTextMismatch(Measured(visibleText: String(visible.prefix(80)), spokenName: String(name.prefix(80)))))
        }
    }
}
