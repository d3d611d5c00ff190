import ColorScience
import Imaging

/// `target.spacing` — a target's neighbours must not take from it what a finger needs: it fails
/// where targets drawn above a target big enough on its own leave it below the minimum, or where
/// an undersized target's WCAG 2.5.8 circle (24 units) reaches another target or its circle. A
/// target inside another (a button in a tappable row, a control over a full-window map layer) is
/// not above it; a few pixels shared by two large rows, and edges that only touch, cost nothing.
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
        CheckExample("a button the next one covers by 20 of its 60 pt", element: "first", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("first", role: .button, frame: Frame(x: 20, y: 30, width: 60, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.control("second", role: .button, frame: Frame(x: 60, y: 30, width: 60, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    public var profile: TargetProfile

    public init(profile: TargetProfile = .ios) { self.profile = profile }

    /// What `target.spacing` reports for an element: the targets it overlaps ("none"); the
    /// targets drawn above it that take part of it, and the size they leave; under the WCAG 2.5.8
    /// test of an undersized target, whether its 24-unit circle is clear and what it reaches.
    public struct Measured: RuleMeasurement {
        public var overlaps: String
        public var circleClear: Bool?
        /// The targets drawn above it that take part of its frame, comma-separated.
        public var coveredBy: String?
        /// The size they leave of it, in points (to a tenth).
        public var effectiveWidth: Double?
        public var effectiveHeight: Double?
        /// The minimum the effective size was held to.
        public var required: Double?
        /// The target its circle reaches.
        public var circleReaches: String?

        public init(overlapping: [String]) {
            overlaps = overlapping.isEmpty ? "none" : overlapping.joined(separator: ", ")
        }

        public func message(_ facts: FindingFacts) -> String {
            if let coveredBy, let effectiveWidth, let effectiveHeight, let required {
                let minimum = Words.number(required)
                return "\(coveredBy) drawn above this touch target leave\(coveredBy.contains(",") ? "" : "s") it \(Words.number(effectiveWidth)) × \(Words.number(effectiveHeight)) pt, smaller than \(minimum) × \(minimum) pt: taps meant for it land there"
            }
            if let circleReaches {
                return "undersized touch target is closer than 24 pt to '\(circleReaches)' (WCAG 2.5.8: its 24 pt circle reaches it)"
            }
            return overlaps != "none" ? "touch target overlaps \(overlaps)" : "undersized touch target is closer than 24 pt to another target"
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
        let effective = EffectiveTarget.of(neighbours, minimum: profile.minimum)
        let measure = TargetMeasure(scale: screen.scale, inPixels: screen.fromDump)
        return interactive.map { element in
            let frame = screen.pixelRect(for: element.frame)
            func result(_ status: CheckStatus, _ measured: Measured, reason: String? = nil) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: status, severity: Self.descriptor.defaultSeverity,
                            frame: frame, measured: .targetSpacing(measured), reason: reason)
            }
            if let reason = undrawn[element.id] { return result(.notRun, Measured(overlapping: []), reason: reason) }
            let others = neighbours.filter { $0.id != element.id }
            var measured = Measured(overlapping: others.filter { TargetSpacing.overlap(element.frame, $0.frame) }.map(\.id))
            let profile = screen.screen.overrides(for: element).targetProfile.flatMap(TargetProfile.init) ?? self.profile
            let target = effective[element.id] ?? EffectiveTarget(area: element.frame, coveredBy: [])
            guard let area = target.area else {
                return result(.notRun, measured, reason: TargetSpacing.coveredWholeReason(target.coveredBy))
            }
            // What overlapping costs: a target big enough on its own that targets above leave too
            // small. A few pixels shared by two large rows cost nothing and are not reported.
            if !target.coveredBy.isEmpty, measure.meets(element.frame, profile.minimum), !measure.meets(area, profile.minimum) {
                measured.coveredBy = target.coveredBy.map { "'\($0)'" }.joined(separator: ", ")
                measured.effectiveWidth = area.width.rounded(places: 1)
                measured.effectiveHeight = area.height.rounded(places: 1)
                measured.required = profile.minimum
                return result(.fail, measured)
            }
            // WCAG 2.5.8: an undersized target passes only when a 24 px circle centred on it
            // reaches no other target nor another undersized target's circle.
            if TargetSpacing.isUndersized(area) || TargetSpacing.isUndersized(element.frame) {
                let blocker = TargetSpacing.circleBlocker(for: element, among: neighbours)
                measured.circleClear = blocker == nil
                measured.circleReaches = blocker
                if blocker != nil { return result(.fail, measured) }
            }
            return result(.pass, measured)
        }
    }
}
