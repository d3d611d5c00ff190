import ColorScience
import Imaging

/// `design.consistency` — review only: an interactive element that several screens of one device
/// share (the same element id) is centred elsewhere, or has another size, on this screen than on
/// most of them: standard action placement. Runs on screens whose contract declares `design` tokens; the
/// majority is taken over the whole run (`preparing(for:)`), three screens or more.
public struct DesignConsistencyCheck: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.designConsistency, title: "Inconsistent placement",
        reference: "The app's design system: standard action placement (Apple HIG, Consistency)",
        defaultSeverity: .info,
        rationale: "A primary action that moves between screens of the same kind makes people hunt for it, and breaks the muscle memory VoiceOver and Switch Control users rely on.")

    static func screen(_ id: String, buttonY: Double) -> ExampleScreen {
        var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
        screen.design = DesignTokens(tolerance: DesignTolerance(points: 1))
        screen.control("continue", role: .button, frame: Frame(x: 40, y: buttonY, width: 120, height: 44), fill: RGB8(red: 0x0A, green: 0x84, blue: 0xFF))
        return screen
    }

    static let peers: @Sendable () -> [ScreenContract] = {
        [screen("a", buttonY: 60).context(id: "step-1").screen, screen("b", buttonY: 60).context(id: "step-2").screen]
    }

    public static let examples: [CheckExample] = [
        CheckExample("'continue' where the other steps have it", element: "continue", expected: .pass, peers: peers) {
            screen("c", buttonY: 60).context(id: "step-3")
        },
        CheckExample("'continue' 6 pt lower than on the other steps", element: "continue", expected: .fail, peers: peers) {
            screen("c", buttonY: 66).context(id: "step-3")
        },
    ]

    /// By device and element id: where most of the run's screens centre the element, and the size
    /// most give it, each with how many agree and of how many.
    let majorities: [Key: Majorities]

    struct Key: Hashable {
        var device: String
        var element: String
    }

    struct Majority {
        /// A frame of a screen in the majority.
        var frame: Frame
        var agreeing: Int
        var total: Int
    }

    struct Majorities {
        var position: Majority?
        var size: Majority?
    }

    public init() { majorities = [:] }

    init(majorities: [Key: Majorities]) { self.majorities = majorities }

    static func deviceKey(_ device: DeviceSpec) -> String {
        device.name ?? "\(Words.number(device.width))×\(Words.number(device.height)) pt @\(Words.number(device.scale))x"
    }

    /// Placement is the frame's centre; size its width and height. They are judged apart, so a
    /// button drawn shorter in its place is a size that differs, not a button out of place.
    static func samePosition(_ a: Frame, _ b: Frame, within tolerance: Double) -> Bool {
        abs((a.x + a.maxX) / 2 - (b.x + b.maxX) / 2) <= tolerance && abs((a.y + a.maxY) / 2 - (b.y + b.maxY) / 2) <= tolerance
    }

    static func sameSize(_ a: Frame, _ b: Frame, within tolerance: Double) -> Bool {
        abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// The frame most others agree with under `agree` (the first such, in run order), when more
    /// than half do.
    static func majority(of list: [(frame: Frame, tolerance: Double)], _ agree: (Frame, Frame, Double) -> Bool) -> Majority? {
        var best: (frame: Frame, count: Int)?
        for candidate in list {
            let count = list.filter { agree($0.frame, candidate.frame, candidate.tolerance) }.count
            if best == nil || count > best!.count { best = (candidate.frame, count) }
        }
        guard let best, best.count * 2 > list.count else { return nil }
        return Majority(frame: best.frame, agreeing: best.count, total: list.count)
    }

    public func preparing(for run: [ScreenContract]) -> any AuditCheck {
        var frames: [Key: [(frame: Frame, tolerance: Double)]] = [:]
        for screen in run {
            guard let design = screen.design else { continue }
            for element in screen.elements where element.role.isInteractive {
                frames[Key(device: Self.deviceKey(screen.device), element: element.id), default: []]
                    .append((element.frame, design.tolerances.points))
            }
        }
        var majorities: [Key: Majorities] = [:]
        for (key, list) in frames where list.count >= 3 {
            majorities[key] = Majorities(position: Self.majority(of: list, Self.samePosition), size: Self.majority(of: list, Self.sameSize))
        }
        return DesignConsistencyCheck(majorities: majorities)
    }

    /// What `design.consistency` reports: the element's frame here and a majority screen's, in points.
    public struct Measured: RuleMeasurement {
        /// `position` (where its centre is) or `size`.
        public var aspect: String?
        public var frame: Frame?
        public var majorityFrame: Frame?
        /// Screens of the device that agree with the majority, and that show the element.
        public var agreeing: Int?
        public var screens: Int?
        public var device: String?

        public init(aspect: String? = nil, frame: Frame? = nil, majorityFrame: Frame? = nil, agreeing: Int? = nil, screens: Int? = nil,
                    device: String? = nil) {
            self.aspect = aspect
            self.frame = frame
            self.majorityFrame = majorityFrame
            self.agreeing = agreeing
            self.screens = screens
            self.device = device
        }

        func describe(_ frame: Frame?) -> String {
            guard let frame else { return "?" }
            if aspect == "size" { return "\(Words.number(frame.width))×\(Words.number(frame.height)) pt" }
            return "(\(Words.number((frame.x + frame.maxX) / 2)), \(Words.number((frame.y + frame.maxY) / 2)))"
        }

        public func message(_ facts: FindingFacts) -> String {
            let verb = aspect == "size" ? "sized" : "centred at"
            let majorityVerb = aspect == "size" ? "size it" : "centre it at"
            return "\(verb) \(describe(frame)) here; \(agreeing ?? 0) of \(screens ?? 0) \(device ?? "") screens \(majorityVerb) \(describe(majorityFrame))"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { describe(frame) }

        public func requiredText(_ facts: FindingFacts) -> String? { "\(describe(majorityFrame)) ± \(Words.number(facts.threshold)) pt" }

        public var fingerprintBucket: String { "\(aspect ?? "-"):\(describe(majorityFrame))" }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard let design = screen.screen.design else { return [] }
        let tolerance = design.tolerances.points
        let device = Self.deviceKey(screen.screen.device)
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, let found = majorities[Key(device: device, element: element.id)],
                  found.position != nil || found.size != nil else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            var deviation: (aspect: String, majority: Majority)?
            if let position = found.position, !Self.samePosition(element.frame, position.frame, within: tolerance) {
                deviation = ("position", position)
            } else if let size = found.size, !Self.sameSize(element.frame, size.frame, within: tolerance) {
                deviation = ("size", size)
            }
            guard let deviation else {
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .pass, severity: Self.descriptor.defaultSeverity,
                                   frame: rect, measured: .designConsistency(Measured()), threshold: tolerance)
            }
            let measured = Measured(aspect: deviation.aspect, frame: element.frame, majorityFrame: deviation.majority.frame,
                                    agreeing: deviation.majority.agreeing, screens: deviation.majority.total, device: device)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: .fail, severity: Self.descriptor.defaultSeverity,
                               frame: rect, measured: .designConsistency(measured), threshold: tolerance)
        }
    }
}
