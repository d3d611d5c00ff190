import ColorScience
import Imaging

/// `label.text-mismatch` — a control whose visible text is not in what the screen reader says for
/// it (WCAG 2.2 SC 2.5.3 Label in Name): a button showing "Log in" labelled "Sign in", an Android
/// `content-desc` that replaces the text. A voice-control user says the words they see, and
/// nothing answers. Compared as the W3C's ACT rule does: case, punctuation and runs of spaces
/// aside, the visible text must appear whole in the spoken name — whole words, in their order
/// (words in another order do not match, and the finding says so); in scripts written without
/// spaces (Chinese, Japanese, Thai…), as a run of characters, so that "设置标题" contains the
/// visible "设置". A name that starts with the visible text contains it (WCAG's Understanding
/// 2.5.3 advises putting the visible text first).
///
/// Not judged: a text field's text (what was typed, or its hint or a rotating suggestion, which
/// is not its visible label: the label of a field is the text beside it), and an element whose
/// text is its own description standing in for it.
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
            if LabelTextMismatchRule.hasWordsInAnotherOrder(name: spokenName, visible: visibleText) {
                return "the control shows \"\(visibleText)\" but the screen reader names it \"\(spokenName)\": the words a person sees are in its name, but in another order, and a voice command says them in the order shown"
            }
            return "the control shows \"\(visibleText)\" but the screen reader names it \"\(spokenName)\": the words a person sees are not in its name"
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

    /// Whether the visible text appears whole in the name: whole words, in order; in a script
    /// written without spaces between words, as a run of characters (spaces aside).
    static func contains(name: String, visible: String) -> Bool {
        let visible = normalized(visible), name = normalized(name)
        guard !visible.isEmpty else { return true }
        if (" " + name + " ").contains(" " + visible + " ") { return true }
        // "设置" in "设置标题": Chinese, Japanese and Thai do not put spaces between words, so a word
        // boundary cannot be told from the characters; the visible run of characters is enough.
        if visible.unicodeScalars.contains(where: isUnspacedScript) {
            return String(name.filter { $0 != " " }).contains(String(visible.filter { $0 != " " }))
        }
        return false
    }

    /// Whether every visible word is in the name, but not in the order shown ("Cart, add to" for
    /// "Add to cart").
    static func hasWordsInAnotherOrder(name: String, visible: String) -> Bool {
        let visibleWords = normalized(visible).split(separator: " "), nameWords = normalized(name).split(separator: " ")
        guard visibleWords.count > 1, !contains(name: name, visible: visible) else { return false }
        var remaining = nameWords
        for word in visibleWords {
            guard let index = remaining.firstIndex(of: word) else { return false }
            remaining.remove(at: index)
        }
        return true
    }

    /// Scripts written without spaces between words: Han, Hiragana, Katakana, Thai, Lao, Khmer,
    /// Myanmar and Tibetan (Unicode's blocks).
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FA1F:
            true
        default:
            false
        }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, !element.isHiddenFromScreenReader, let text = element.text, text.fromLabel != true,
                  // A field's text is what was typed, its hint or a rotating suggestion: not its
                  // visible label, which is the text beside it (WCAG 2.5.3 Understanding: the label
                  // is the text that labels the control).
                  element.role != .textField,
                  let visible = SpokenText.trimmed(text.content), let name = SpokenText.declaredLabel(of: element, on: screen.screen) else { return nil }
            return CheckResult(rule: Self.descriptor.id, element: element.id,
                               status: Self.contains(name: name, visible: visible) ? .pass : .fail, severity: Self.descriptor.defaultSeverity,
                               frame: screen.pixelRect(for: element.frame),
                               measured: .labelTextMismatch(Measured(visibleText: String(visible.prefix(80)), spokenName: String(name.prefix(80)))))
        }
    }
}
