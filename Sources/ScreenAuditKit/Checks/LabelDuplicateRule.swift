import ColorScience
import Imaging

/// `label.duplicate` — two or more distinct controls on one screen that the screen reader names
/// the same: a list's "Delete" in every row, two "More" buttons. Someone moving through the screen
/// by swiping cannot tell which is which. One finding per group, on its first member (in contract
/// order), naming every member. Names match as ATF's DuplicateSpeakableTextCheck matches them:
/// the whole spoken name, spaces at the ends aside. Two nodes that are one control are one member:
/// the same frame (one control drawn twice), or one inside the other (a widget's wrapper and the
/// host view it holds, a card and a button inside it named alike): the screen reader reaches one place, named
/// once per node, and a person swiping hears it as the same thing.
///
/// Controls whose roles differ are told apart by the role the screen reader says after the name
/// ("Home, tab" and "Home, button": a bottom tab and a grid tile that open the same place): they
/// are not grouped.
///
/// Not judged: whether two controls named alike open the same place (a dump does not say), and a
/// text field's typed text, which is not its name.
public struct LabelDuplicateRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.labelDuplicate,
        title: "Controls with the same spoken name",
        reference: "Google ATF DuplicateSpeakableTextCheck; WCAG 2.2 SC 2.4.6 Headings and Labels and SC 4.1.2",
        defaultSeverity: .warning,
        rationale: "Controls that speak the same words cannot be told apart by someone who hears the screen: which \"Delete\" deletes what?")

    public static let examples: [CheckExample] = [
        CheckExample("two buttons with their own names", element: "delete-1", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            for (index, name) in ["Delete Dragon Scale", "Delete Moon Shard"].enumerated() {
                screen.control("delete-\(index + 1)", role: .button, frame: Frame(x: 20 + Double(index) * 60, y: 30, width: 44, height: 44),
                               fill: RGB8(red: 0xC0, green: 0x20, blue: 0x20), glyph: "X")
                screen.elements[index].accessibility = AccessibilitySpec(label: name)
            }
            return screen.context()
        },
        CheckExample("two buttons both named \"Delete\"", element: "delete-1", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            for index in 0..<2 {
                screen.control("delete-\(index + 1)", role: .button, frame: Frame(x: 20 + Double(index) * 60, y: 30, width: 44, height: 44),
                               fill: RGB8(red: 0xC0, green: 0x20, blue: 0x20), glyph: "X")
                screen.elements[index].accessibility = AccessibilitySpec(label: "Delete")
            }
            return screen.context()
        },
    ]

    public init() {}

    /// What `label.duplicate` reports: the name and the ids of every control speaking it.
    public struct Measured: RuleMeasurement {
        public var label: String
        public var members: [String]

        public init(label: String, members: [String]) {
            self.label = label
            self.members = members
        }

        public func message(_ facts: FindingFacts) -> String {
            members.count > 1
                ? "\(members.count) controls are all named \"\(label)\" (\(members.joined(separator: ", "))): the screen reader cannot tell them apart"
                : "the only control named \"\(label)\""
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\"\(label)\" × \(members.count)" }

        public func requiredText(_ facts: FindingFacts) -> String? { "a name of its own" }
    }

    /// What the screen reader says for a control: its name, then its role.
    struct GroupKey: Hashable {
        var name: String
        var role: String
    }

    /// The same frame, or one frame inside the other (half a point's slack, as dumps round).
    static func isOneControl(_ a: Frame, _ b: Frame) -> Bool {
        a == b || TargetSpacing.nested(a, b)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let controls = screen.screen.elements.filter { $0.role.isInteractive && !$0.isHiddenFromScreenReader }
        var groups: [GroupKey: [ElementContract]] = [:]
        var order: [GroupKey] = []
        for element in controls {
            // A text field's text is what was typed into it, not its name.
            guard let name = element.role == .textField ? SpokenText.declaredLabel(of: element, on: screen.screen) : SpokenText.name(of: element) else { continue }
            // The role is heard after the name: "Home, tab" is not "Home, button".
            let key = GroupKey(name: name, role: SpokenText.rolePhrase(element.role))
            if groups[key] == nil { order.append(key) }
            // The same frame again is one control drawn twice; one inside the other, named alike, is
            // a wrapper and what it wraps: one control.
            if groups[key]?.contains(where: { Self.isOneControl($0.frame, element.frame) }) == true { continue }
            groups[key, default: []].append(element)
        }
        var results: [CheckResult] = []
        for key in order {
            let name = key.name
            guard let members = groups[key], let first = members.first else { continue }
            let measured = Measured(label: String(name.prefix(80)), members: members.map(\.id))
            results.append(CheckResult(rule: Self.descriptor.id, element: first.id, status: members.count > 1 ? .fail : .pass,
                                       severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: first.frame),
                                       measured: .labelDuplicate(measured)))
        }
        return results
    }
}
