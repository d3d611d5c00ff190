import ColorScience
import Imaging

/// Minimum touch-target sizes, in points (an iOS point, an Android dp and a CSS px are the same
/// reference unit for this purpose).
public enum TargetProfile: String, CaseIterable, Sendable {
    /// Apple HIG (Accessibility, "Buttons and controls"): at least 44 × 44 pt.
    case ios
    /// Android / Material accessibility guidance: at least 48 × 48 dp.
    case android
    /// WCAG 2.2 SC 2.5.8 Target Size (Minimum), AA: 24 × 24 CSS px, or undersized targets spaced
    /// so that 24 px circles centred on them do not intersect another target or circle.
    case wcagAA = "wcag-aa"

    public var minimum: Double {
        switch self {
        case .ios: 44
        case .android: 48
        case .wcagAA: 24
        }
    }

    public var reference: String {
        switch self {
        case .ios: "Apple HIG: 44 × 44 pt"
        case .android: "Material: 48 × 48 dp"
        case .wcagAA: "WCAG 2.2 SC 2.5.8: 24 × 24 CSS px, or spaced"
        }
    }
}

/// `target.size` — every interactive element (button, link, toggle, slider, tab) is large enough
/// to hit: 44 × 44 pt by default.
public struct TargetSizeRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.targetSize, title: "Touch target size",
        reference: "Apple HIG Accessibility: 44 × 44 pt; WCAG 2.2 SC 2.5.8 Target Size (Minimum)",
        defaultSeverity: .error,
        rationale: "Small targets are hard to hit for people with limited dexterity or tremor, and with VoiceOver's direct touch.")

    public static let examples: [CheckExample] = [
        CheckExample("a 44 × 44 pt button", element: "button", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("button", role: .button, frame: Frame(x: 60, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("a 30 × 30 pt button", element: "button", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("button", role: .button, frame: Frame(x: 60, y: 30, width: 30, height: 30), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    public var profile: TargetProfile

    public init(profile: TargetProfile = .ios) { self.profile = profile }

    /// What `target.size` reports for an element: its size in points (to a tenth), the minimum
    /// and the profile it comes from, and under `wcag-aa` whether the spacing exception holds.
    public struct Measured: RuleMeasurement {
        public var width: Double
        public var height: Double
        public var required: Double
        public var profile: String
        public var spacingException: Bool?

        public init(width: Double, height: Double, required: Double, profile: String) {
            self.width = width.rounded(places: 1)
            self.height = height.rounded(places: 1)
            self.required = required
            self.profile = profile
        }

        public func message(_ facts: FindingFacts) -> String {
            let minimum = facts.threshold.map(Words.number) ?? "?"
            return "touch target \(Words.number(width)) × \(Words.number(height)) pt is smaller than \(minimum) × \(minimum) pt (\(profile))"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\(Words.number(width)) × \(Words.number(height)) pt" }

        public func requiredText(_ facts: FindingFacts) -> String? {
            facts.threshold.map { "\(Words.number($0)) × \(Words.number($0)) pt" } ?? "—"
        }
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard element.role.isInteractive else { return nil }
        let profile = screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .targetSize(Measured(width: element.frame.width, height: element.frame.height,
                                                          required: profile.minimum, profile: profile.rawValue)),
                           threshold: profile.minimum, reason: reason)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let interactive = screen.screen.elements.filter(\.role.isInteractive)
        return interactive.map { element in
            let profile = screen.screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
            let required = profile.minimum
            var measured = Measured(width: element.frame.width, height: element.frame.height, required: required,
                                    profile: profile.rawValue)
            if let reason = screen.undrawnTargetReason(element) {
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                   frame: screen.pixelRect(for: element.frame), measured: .targetSize(measured), threshold: required, reason: reason)
            }
            var passed = element.frame.width >= required && element.frame.height >= required
            if !passed, profile == .wcagAA {
                let spaced = TargetSpacing.circleIsClear(for: element, among: interactive)
                measured.spacingException = spaced
                passed = spaced
            }
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: passed ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .targetSize(measured), threshold: required)
        }
    }
}
