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
    /// Where targets drawn above it take part of its frame, the size is what they leave (the
    /// largest rectangle a finger meets), with the frame's own size and the targets named.
    public struct Measured: RuleMeasurement {
        public var width: Double
        public var height: Double
        public var required: Double
        public var profile: String
        public var spacingException: Bool?
        /// The frame's own size, when targets above leave less of it.
        public var frameWidth: Double?
        public var frameHeight: Double?
        /// The targets drawn above it that take part of its frame, comma-separated.
        public var coveredBy: String?

        public init(width: Double, height: Double, required: Double, profile: String) {
            self.width = width.rounded(places: 1)
            self.height = height.rounded(places: 1)
            self.required = required
            self.profile = profile
        }

        /// What `effective` leaves of `frame`, and who takes the rest.
        init(frame: Frame, effective: EffectiveTarget?, required: Double, profile: String) {
            let area = effective?.area ?? frame
            self.init(width: area.width, height: area.height, required: required, profile: profile)
            if let effective, !effective.coveredBy.isEmpty {
                frameWidth = frame.width.rounded(places: 1)
                frameHeight = frame.height.rounded(places: 1)
                coveredBy = effective.coveredBy.map { "'\($0)'" }.joined(separator: ", ")
            }
        }

        public func message(_ facts: FindingFacts) -> String {
            let minimum = facts.threshold.map(Words.number) ?? "?"
            let size = "\(Words.number(width)) × \(Words.number(height)) pt"
            if let coveredBy, let frameWidth, let frameHeight {
                return "touch target \(size), what \(coveredBy) drawn above it leave\(coveredBy.contains(",") ? "" : "s") of its \(Words.number(frameWidth)) × \(Words.number(frameHeight)) pt frame, is smaller than \(minimum) × \(minimum) pt (\(profile))"
            }
            return "touch target \(size) is smaller than \(minimum) × \(minimum) pt (\(profile))"
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
        let effective = TargetSpacing.effectiveTargets(on: screen, among: interactive, profile: profile)
        let measure = TargetMeasure(scale: screen.scale, inPixels: screen.fromDump)
        return interactive.map { element in
            let profile = screen.screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
            let required = profile.minimum
            let frame = screen.pixelRect(for: element.frame)
            func result(_ status: CheckStatus, _ measured: Measured, reason: String? = nil) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: status, severity: Self.descriptor.defaultSeverity,
                            frame: frame, measured: .targetSize(measured), threshold: required, reason: reason)
            }
            if let reason = screen.undrawnTargetReason(element) {
                return result(.notRun, Measured(frame: element.frame, effective: nil, required: required, profile: profile.rawValue), reason: reason)
            }
            let target = effective[element.id]
            var measured = Measured(frame: element.frame, effective: target, required: required, profile: profile.rawValue)
            guard let area = target?.area ?? (target == nil ? element.frame : nil) else {
                return result(.notRun, measured, reason: TargetSpacing.coveredWholeReason(target?.coveredBy ?? []))
            }
            var passed = measure.meets(area, required)
            if !passed, profile == .wcagAA {
                let spaced = TargetSpacing.circleBlocker(for: element, among: interactive) == nil
                measured.spacingException = spaced
                passed = spaced
            }
            return result(passed ? .pass : .fail, measured)
        }
    }
}
