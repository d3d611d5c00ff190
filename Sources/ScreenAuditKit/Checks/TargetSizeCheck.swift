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
public struct TargetSizeCheck: AuditCheck {
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

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let interactive = screen.screen.elements.filter(\.role.isInteractive)
        return interactive.map { element in
            let profile = screen.screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
            let required = profile.minimum
            var measured: [String: MeasuredValue] = [
                "width": .rounded(element.frame.width, places: 1),
                "height": .rounded(element.frame.height, places: 1),
                "required": .number(required),
                "profile": .text(profile.rawValue),
            ]
            var passed = element.frame.width >= required && element.frame.height >= required
            if !passed, profile == .wcagAA {
                let spaced = TargetSpacing.circleIsClear(for: element, among: interactive)
                measured["spacingException"] = .flag(spaced)
                passed = spaced
            }
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: passed ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: measured, threshold: required)
        }
    }
}

/// `target.spacing` — interactive elements must not overlap (a touch would hit two); under
/// `wcag-aa`, the 24-unit circles of undersized targets must not reach another target or circle.
public struct TargetSpacingCheck: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.targetSpacing, title: "Touch target spacing",
        reference: "WCAG 2.2 SC 2.5.8 Target Size (Minimum), spacing exception; Apple HIG: space between controls",
        defaultSeverity: .error,
        rationale: "Overlapping or crowded targets make a tap land on the wrong control.")

    public static let examples: [CheckExample] = [
        CheckExample("two buttons 8 pt apart", element: "first", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("first", role: .button, frame: Frame(x: 20, y: 30, width: 60, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.control("second", role: .button, frame: Frame(x: 88, y: 30, width: 60, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("two buttons overlapping by 10 pt", element: "first", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("first", role: .button, frame: Frame(x: 20, y: 30, width: 60, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.control("second", role: .button, frame: Frame(x: 70, y: 30, width: 60, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    public var profile: TargetProfile

    public init(profile: TargetProfile = .ios) { self.profile = profile }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let interactive = screen.screen.elements.filter(\.role.isInteractive)
        return interactive.map { element in
            let others = interactive.filter { $0.id != element.id }
            let overlapping = others.filter { TargetSpacing.overlap(element.frame, $0.frame) }.map(\.id)
            var measured: [String: MeasuredValue] = ["overlaps": .text(overlapping.isEmpty ? "none" : overlapping.joined(separator: ", "))]
            var passed = overlapping.isEmpty
            let profile = screen.screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
            if profile == .wcagAA, TargetSpacing.isUndersized(element.frame) {
                let clear = TargetSpacing.circleIsClear(for: element, among: interactive)
                measured["circleClear"] = .flag(clear)
                passed = passed && clear
            }
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: passed ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: measured)
        }
    }
}

/// Geometry of WCAG 2.5.8's spacing exception, in points.
enum TargetSpacing {
    static let circleDiameter = 24.0

    static func isUndersized(_ frame: Frame) -> Bool { frame.width < circleDiameter || frame.height < circleDiameter }

    /// Rectangles sharing area (touching edges do not count).
    static func overlap(_ a: Frame, _ b: Frame) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    /// Distance from a point to a rectangle (0 inside).
    static func distance(_ x: Double, _ y: Double, to frame: Frame) -> Double {
        let dx = max(frame.x - x, 0, x - frame.maxX)
        let dy = max(frame.y - y, 0, y - frame.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// True when the 24-unit circle centred on `element` reaches no other target, nor the circle
    /// of another undersized target.
    static func circleIsClear(for element: ElementContract, among targets: [ElementContract]) -> Bool {
        let cx = element.frame.x + element.frame.width / 2, cy = element.frame.y + element.frame.height / 2
        let radius = circleDiameter / 2
        for other in targets where other.id != element.id {
            if distance(cx, cy, to: other.frame) < radius { return false }
            if isUndersized(other.frame) {
                let ox = other.frame.x + other.frame.width / 2, oy = other.frame.y + other.frame.height / 2
                let d = ((cx - ox) * (cx - ox) + (cy - oy) * (cy - oy)).squareRoot()
                if d < circleDiameter { return false }
            }
        }
        return true
    }
}
