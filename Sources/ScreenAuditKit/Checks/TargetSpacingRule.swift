import ColorScience
import Imaging

/// `target.spacing` — interactive elements must not overlap (a touch would hit two); under
/// `wcag-aa`, the 24-unit circles of undersized targets must not reach another target or circle.
/// A target inside another (a button in a tappable row, a chip and its tappable child of the same
/// bounds, a control over a full-window map layer) does not overlap it, and edges that only
/// touch do not overlap.
public struct TargetSpacingRule: AuditCheck {
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
        CheckExample("a button inside a tappable row", element: "more", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("row", role: .button, frame: Frame(x: 0, y: 30, width: 200, height: 56), fill: RGB8(red: 0xF2, green: 0xF2, blue: 0xF7))
            screen.control("more", role: .button, frame: Frame(x: 148, y: 36, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
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

    /// What `target.spacing` reports for an element: the targets it overlaps ("none"), and under
    /// `wcag-aa`, for an undersized target, whether its 24-unit circle is clear.
    public struct Measured: RuleMeasurement {
        public var overlaps: String
        public var circleClear: Bool?

        public init(overlapping: [String]) {
            overlaps = overlapping.isEmpty ? "none" : overlapping.joined(separator: ", ")
        }

        public func message(_ facts: FindingFacts) -> String {
            overlaps != "none" ? "touch target overlaps \(overlaps)" : "undersized touch target is closer than 24 pt to another target"
        }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let interactive = screen.screen.elements.filter(\.role.isInteractive)
        // A target whose spacing is not judged (covered, cut at a scrolling edge, switched off by
        // the contract) is no one's neighbour either: what shows of it is not where it is.
        let undrawn = Dictionary(uniqueKeysWithValues: interactive.compactMap { element in
            screen.undrawnTargetReason(element).map { (element.id, $0) }
        })
        let neighbours = interactive.filter {
            screen.screen.overrides(for: $0).disabledReason(for: Self.descriptor.id) == nil && undrawn[$0.id] == nil
        }
        return interactive.map { element in
            if let reason = undrawn[element.id] {
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                                   frame: screen.pixelRect(for: element.frame), measured: .targetSpacing(Measured(overlapping: [])), reason: reason)
            }
            let others = neighbours.filter { $0.id != element.id }
            let overlapping = others.filter { TargetSpacing.overlap(element.frame, $0.frame) }.map(\.id)
            var measured = Measured(overlapping: overlapping)
            var passed = overlapping.isEmpty
            let profile = screen.screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
            if profile == .wcagAA, TargetSpacing.isUndersized(element.frame) {
                let clear = TargetSpacing.circleIsClear(for: element, among: neighbours)
                measured.circleClear = clear
                passed = passed && clear
            }
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: passed ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .targetSpacing(measured))
        }
    }
}
