import ColorScience
import Imaging

/// `contrast.nontext` — WCAG 2.2 SC 1.4.11: an interactive element or indicator without text must
/// stand out from what is next to it by 3:1, through its fill, its boundary or its glyph.
public struct NonTextContrastRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.contrastNonText, title: "Non-text contrast",
        reference: "WCAG 2.2 SC 1.4.11 Non-text Contrast (AA): 3:1",
        defaultSeverity: .error,
        rationale: "Controls and state indicators that barely differ from their surroundings cannot be found or read by people with low vision.")

    public static let examples: [CheckExample] = [
        CheckExample("a dark grey toggle knob on white, 7:1", element: "knob", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("knob", role: .toggle, frame: Frame(x: 60, y: 30, width: 50, height: 50), fill: RGB8(red: 0x59, green: 0x59, blue: 0x59))
            return screen.context()
        },
        CheckExample("a pale grey indicator on white, 1.6:1", element: "dot", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("dot", role: .indicator, frame: Frame(x: 60, y: 30, width: 50, height: 50), fill: RGB8(red: 0xCC, green: 0xCC, blue: 0xCC))
            return screen.context()
        },
    ]

    public var minimumRatio: Double

    public init(minimumRatio: Double = ContrastRequirement.nonTextAA.minimumRatio) { self.minimumRatio = minimumRatio }

    /// What `contrast.nontext` reports for an element; the ratio cut to hundredths.
    public struct Measured: RuleMeasurement {
        public var ratio: Double?
        /// The component's best-contrasting visible colour, and the colour adjacent to it.
        public var component: String?
        public var background: String?

        public init(ratio: Double? = nil, component: String? = nil, background: String? = nil) {
            self.ratio = ratio
            self.component = component
            self.background = background
        }

        public func message(_ facts: FindingFacts) -> String {
            "non-text contrast \(Words.ratio(ratio)):1 (\(component ?? "?") against \(background ?? "?")) is below the "
                + "\(facts.threshold.map(Words.number) ?? "3"):1 minimum"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            "\(Words.ratio(ratio)):1, \(component ?? "?") against \(background ?? "?")"
        }

        public func requiredText(_ facts: FindingFacts) -> String? { facts.threshold.map { "\(Words.number($0)):1" } ?? "—" }

        /// The whole-number part of the ratio.
        public var fingerprintBucket: String { ratio.map { "ratio:\(Int($0.rounded(.down)))" } ?? "-" }
    }

    /// What identifies text field `element` besides its outline, or nil: its own text, drawn in
    /// its frame (a dump gives a field's placeholder or typed text as its label), text drawn
    /// inside it (a floating label), or a text element drawn just above it (a label up to 12 pt
    /// over it) or just before it (up to 16 pt to its left, beside its middle). Text the pixels do
    /// not show identifies nothing.
    static func fieldIdentifier(of element: ElementContract, on screen: ScreenContext) -> String? {
        func drawn(_ element: ElementContract, _ content: String) -> Bool {
            screen.textAnalysis(for: element, needing: .coverage).showsText(content, capToXHeight: TextSizeRule.defaultCapToXHeight)
        }
        if let text = screen.text(of: element) ?? element.label.map({ TextSpec(content: $0) }), drawn(element, text.content) {
            return "its placeholder or typed text"
        }
        let field = element.frame
        for other in screen.screen.elements where other.id != element.id {
            guard let text = screen.text(of: other) else { continue }
            let label = other.frame
            let cx = label.x + label.width / 2, cy = label.y + label.height / 2
            let kind: String
            if cx > field.x && cx < field.maxX && cy > field.y && cy < field.maxY {
                kind = "the text inside it"
            } else if label.x < field.maxX && label.maxX > field.x && label.maxY <= field.y + field.height / 4 && label.maxY >= field.y - 12 {
                kind = "its label above it"
            } else if cy > field.y && cy < field.maxY && label.maxX <= field.x + 2 && label.maxX >= field.x - 16 {
                kind = "its label before it"
            } else {
                continue
            }
            if drawn(other, text.content) { return "\(kind) (\(other.id))" }
        }
        return nil
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard element.role.isInteractive || element.role == .indicator, element.text == nil else { return nil }
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .nonTextContrast(Measured()), threshold: minimumRatio, reason: reason)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let textFrames = screen.screen.elements.filter { screen.text(of: $0) != nil }.map(\.frame)
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive || element.role == .indicator else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            // A control that shows or holds text is identified by its text, which contrast.text
            // checks: SC 1.4.11 asks contrast of the visual information that identifies a
            // component, and a text button or a card needs no boundary. A text field's outline, a
            // toggle's track and a slider are their own indicators, text or not.
            let holdsText = screen.text(of: element) != nil || textFrames.contains { frame in
                let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
                return cx > element.frame.x && cx < element.frame.maxX && cy > element.frame.y && cy < element.frame.maxY
            }
            let identifiedByItsLook = [.button, .tab, .link].contains(element.role)
            if holdsText && (identifiedByItsLook || element.role == .indicator) {
                // A contract declares its text elements; a dump's screen says why, so that a
                // reviewer sees its tappable rows and cards were not skipped unawares.
                guard screen.fromDump else { return nil }
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                   frame: rect, measured: .nonTextContrast(Measured()), threshold: minimumRatio,
                                   reason: "identified by its text, which contrast.text checks: WCAG 2.2 SC 1.4.11 asks contrast of what identifies a component, and text needs no boundary")
            }
            func notRun(_ reason: String) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                            frame: rect, measured: .nonTextContrast(Measured()), threshold: minimumRatio, reason: reason)
            }
            // WCAG 2.2 Understanding SC 1.4.11, "User Interface Components": the criterion does not
            // require a visual boundary for a control's hit area; only where a visual indicator is
            // what identifies the control must it reach 3:1. A text field identified by its
            // placeholder, its typed text or its label needs no boundary (Chrome's faint search
            // pill and omnibox on real dumps, 1.13:1 and 1.19:1, both showing their text); an
            // empty field with no label beside it is still judged by its outline or fill.
            if element.role == .textField, let identifier = Self.fieldIdentifier(of: element, on: screen) {
                return notRun("identified by \(identifier), which contrast.text checks: WCAG 2.2 Understanding 1.4.11 asks no boundary of a field other visual information identifies")
            }
            // A tappable row or link whose only graphic is a thin line across it (a settings
            // separator, 1 px of #E5E5E5) shows a separator or divider: decoration, not what
            // identifies a control (SC 1.4.11 asks contrast of that), so no verdict is given.
            if element.role == .button || element.role == .link,
               let line = separatorLine(in: screen.image, rect: rect, ring: max(2, Int((2 * screen.scale).rounded())),
                                        thickest: max(1, Int((2 * screen.scale).rounded()))) {
                return notRun("its only graphic is \(line) across it: a separator or divider, decoration that WCAG 2.2 SC 1.4.11 does not ask to contrast")
            }
            switch screen.nonTextContrast(in: rect, glyph: identifiedByItsLook) {
            case let .notMeasurable(reason):
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: .nonTextContrast(Measured()),
                                   threshold: minimumRatio, reason: reason)
            case let .measured(ratio, component, background):
                return CheckResult(rule: Self.descriptor.id, element: element.id,
                                   status: ratio >= minimumRatio ? .pass : .fail, severity: Self.descriptor.defaultSeverity,
                                   frame: rect,
                                   measured: .nonTextContrast(Measured(ratio: RatioDisplay.hundredths(ratio), component: component.hex,
                                                                       background: background.hex)),
                                   threshold: minimumRatio)
            }
        }
    }
}
