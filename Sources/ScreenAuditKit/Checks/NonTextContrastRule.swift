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
