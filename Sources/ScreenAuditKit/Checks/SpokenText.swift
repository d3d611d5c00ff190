import ColorScience
import Imaging

/// What the screen reader speaks for an element: the label the app (or the dump) gives it, else
/// the text it shows (a clickable container imported from a dump speaks its children's text, which
/// the importer gives as its label).
enum SpokenText {
    /// The words spoken for `element`'s name, trimmed; nil when there are none.
    static func name(of element: ElementContract) -> String? {
        element.spokenLabel.flatMap(trimmed) ?? element.text.flatMap { trimmed($0.content) }
    }

    /// The label the app gave the element itself, as opposed to text it shows: on a screen
    /// imported from a dump, the node's own description (`accessibility.label`: uiautomator's
    /// `content-desc`, iOS's label), as a dump's `label` may be the node's or its children's
    /// visible text; in a hand contract, `accessibility.label`, else `label`.
    static func declaredLabel(of element: ElementContract, on screen: ScreenContract) -> String? {
        let label = screen.framesFrom == ScreenContract.framesFromHierarchy ? element.accessibility?.label : element.spokenLabel
        return label.flatMap(trimmed)
    }

    /// Whether the screen reader has anything to say for `element`: a name, or a value (an empty
    /// text field's placeholder, a slider's level).
    static func saysSomething(_ element: ElementContract) -> Bool {
        name(of: element) != nil || element.accessibility?.value.flatMap(trimmed) != nil
    }

    static func trimmed(_ text: String) -> String? {
        let result = text.trimmingWhitespace()
        return result.isEmpty ? nil : result
    }

    /// How VoiceOver and TalkBack name the role after the label ("button", "switch").
    static func rolePhrase(_ role: ElementRole) -> String {
        switch role {
        case .button: "button"
        case .link: "link"
        case .toggle: "switch"
        case .slider: "adjustable"
        case .tab: "tab"
        case .textField: "text field"
        case .heading: "heading"
        case .image: "image"
        case .text, .indicator, .container: ""
        }
    }

    /// What the screen reader says for an element it focuses (not hidden, not a plain
    /// container): its announcement, with its value; nil for the others.
    static func focusedAnnouncement(_ element: ElementContract) -> String? {
        guard !element.isHiddenFromScreenReader, element.role != .container || name(of: element) != nil else { return nil }
        let value = element.accessibility?.value.flatMap(trimmed).map { ", \($0)" } ?? ""
        return announcement(of: element) + value
    }

    /// The element as the screen reader announces it: `"Spell circle", button`, with the states its
    /// traits declare (`"Amber", button, selected`; VoiceOver says "dimmed" for `notEnabled`).
    static func announcement(of element: ElementContract) -> String {
        let role = rolePhrase(element.role)
        let name = name(of: element).map { "\"\($0)\"" } ?? "(nothing)"
        let states = (element.accessibility?.traits ?? []).compactMap { trait -> String? in
            switch trait {
            case "selected": "selected"
            case "checked": "checked"
            case "notEnabled": "dimmed"
            default: nil
            }
        }
        return ([name] + (role.isEmpty ? [] : [role]) + states).joined(separator: ", ")
    }
}

extension String {
    /// Without leading and trailing spaces and line breaks.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
