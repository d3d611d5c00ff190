import ColorScience
import Imaging

/// `label.redundant` — a label that says what the platform already speaks beside it: the element's
/// own role ("Back button" on a button: VoiceOver says "Back button, button"), or a state
/// ("Selected", "Checked"). Whole words, any case; judged on the labels the app gives (`SpokenText.declaredLabel`), not on the text
/// an element shows — on a dump's node, its own description, also where it stands in for text on
/// an icon button.
public struct LabelRedundantRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.labelRedundant,
        title: "Label that repeats the role or state",
        reference: "Google ATF RedundantDescriptionCheck; GTXiLib \"accessibility label not redundant with traits\"; WCAG 2.2 SC 4.1.2",
        defaultSeverity: .warning,
        rationale: "The screen reader speaks the role and state itself: a label that repeats them is heard twice (\"Back button, button\"), and a state in the label stays when the state changes.")

    public static let examples: [CheckExample] = [
        CheckExample("a back button labelled \"Back\"", element: "back", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("back", role: .button, frame: Frame(x: 20, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                           glyph: "<")
            screen.elements[0].accessibility = AccessibilitySpec(label: "Back")
            return screen.context()
        },
        CheckExample("a back button labelled \"Back button\"", element: "back", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("back", role: .button, frame: Frame(x: 20, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                           glyph: "<")
            screen.elements[0].accessibility = AccessibilitySpec(label: "Back button")
            return screen.context()
        },
    ]

    public init() {}

    /// What `label.redundant` reports: the label and the words in it the platform speaks.
    public struct Measured: RuleMeasurement {
        public var label: String
        public var words: [String]

        public init(label: String, words: [String]) {
            self.label = label
            self.words = words
        }

        public func message(_ facts: FindingFacts) -> String {
            "the label \"\(label)\" says \(words.map { "\"\($0)\"" }.joined(separator: " and ")), which the screen reader already speaks: it is heard twice"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\"\(label)\": \(words.joined(separator: ", "))" }

        public func requiredText(_ facts: FindingFacts) -> String? { "no role or state words" }

        public var fingerprintBucket: String { words.joined(separator: ",") }
    }

    /// Words the platform speaks for a state, whatever the role: ATF's English list (its
    /// "button" is a role word here) without its gestures — checkbox, check box, checked,
    /// unchecked, selected, unselected. Gestures (tap, swipe, click) are left out: a label may
    /// name one as its content (a tutorial's objective, "Swipe to each relic"); an instruction
    /// belongs in the hint.
    static let stateWords = ["check box", "checkbox", "checked", "unchecked", "selected", "unselected"]

    /// The words VoiceOver and TalkBack say for a role: redundant in the label of an element of
    /// that role only ("Add image" on a button names what it adds).
    static func roleWords(_ role: ElementRole) -> [String] {
        switch role {
        case .button: ["button"]
        case .link: ["link"]
        case .image: ["image", "icon", "picture"]
        case .tab: ["tab"]
        case .toggle: ["switch", "toggle", "checkbox"]
        case .slider: ["slider", "adjustable"]
        case .heading: ["heading", "header"]
        case .textField: ["text field", "edit box", "textfield"]
        case .text, .indicator, .container: []
        }
    }

    /// The platform's words `label` holds as whole words (any case).
    /// The roles a declared trait makes the screen reader speak (`UIAccessibilityTraits` names).
    static func traitRoles(_ traits: [String]?) -> [ElementRole] {
        (traits ?? []).compactMap { trait in
            switch trait {
            case "button": .button
            case "link": .link
            case "image": .image
            case "header": .heading
            case "adjustable": .slider
            case "tabBar": .tab
            default: nil
            }
        }
    }

    static func redundantWords(in label: String, role: ElementRole, traits: [String]? = nil) -> [String] {
        let words = label.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init)
        let joined = " " + words.joined(separator: " ") + " "
        var roles = [role]
        for other in traitRoles(traits) where !roles.contains(other) { roles.append(other) }
        var found: [String] = []
        for word in roles.flatMap(roleWords) + stateWords where joined.contains(" \(word) ") {
            // "checkbox" is a toggle's role word and a state word: once.
            if !found.contains(where: { $0.contains(word) }) { found.append(word) }
        }
        return found
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard !element.isHiddenFromScreenReader, let label = SpokenText.declaredLabel(of: element, on: screen.screen) else { return nil }
            // Text whose label is what it shows says what the screen says. A dump's icon button
            // whose description stands in for its text (`fromLabel`) shows nothing: its
            // description is a label the app wrote ("More options button"), judged as one.
            if let text = element.text, text.fromLabel != true, text.content.trimmingWhitespace() == label { return nil }
            let words = Self.redundantWords(in: label, role: element.role, traits: element.accessibility?.traits)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: words.isEmpty ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .labelRedundant(Measured(label: String(label.prefix(80)), words: words)))
        }
    }
}
