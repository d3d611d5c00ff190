import ColorScience
import Imaging

/// `design.consistency` — review only: an interactive element that several screens of one device
/// share (the same element id) sits elsewhere, or has another size, on this screen than on most of
/// them: standard action placement. Runs on screens whose contract declares `design` tokens; the
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

    /// By device and element id: the frame most of the run's screens give the element, how many
    /// agree, and of how many.
    let majorities: [Key: Majority]

    struct Key: Hashable {
        var device: String
        var element: String
    }

    struct Majority {
        var frame: Frame
        var agreeing: Int
        var total: Int
    }

    public init() { majorities = [:] }

    init(majorities: [Key: Majority]) { self.majorities = majorities }

    static func deviceKey(_ device: DeviceSpec) -> String {
        device.name ?? "\(Words.number(device.width))×\(Words.number(device.height)) pt @\(Words.number(device.scale))x"
    }

    static func agree(_ a: Frame, _ b: Frame, within tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
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
        var majorities: [Key: Majority] = [:]
        for (key, list) in frames where list.count >= 3 {
            // The frame most others agree with (the first such, in run order).
            var best: (frame: Frame, count: Int)?
            for candidate in list {
                let count = list.filter { Self.agree($0.frame, candidate.frame, within: candidate.tolerance) }.count
                if best == nil || count > best!.count { best = (candidate.frame, count) }
            }
            if let best, best.count * 2 > list.count {
                majorities[key] = Majority(frame: best.frame, agreeing: best.count, total: list.count)
            }
        }
        return DesignConsistencyCheck(majorities: majorities)
    }

    /// What `design.consistency` reports: the element's frame here and the majority's, in points.
    public struct Measured: RuleMeasurement {
        public var frame: Frame?
        public var majorityFrame: Frame?
        /// Screens of the device that place the element as the majority does, and that show it.
        public var agreeing: Int?
        public var screens: Int?
        public var device: String?

        public init(frame: Frame? = nil, majorityFrame: Frame? = nil, agreeing: Int? = nil, screens: Int? = nil, device: String? = nil) {
            self.frame = frame
            self.majorityFrame = majorityFrame
            self.agreeing = agreeing
            self.screens = screens
            self.device = device
        }

        static func describe(_ frame: Frame?) -> String {
            guard let frame else { return "?" }
            return "(\(Words.number(frame.x)), \(Words.number(frame.y))) \(Words.number(frame.width))×\(Words.number(frame.height)) pt"
        }

        public func message(_ facts: FindingFacts) -> String {
            "placed at \(Self.describe(frame)) here; \(agreeing ?? 0) of \(screens ?? 0) \(device ?? "") screens place it at \(Self.describe(majorityFrame))"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { Self.describe(frame) }

        public func requiredText(_ facts: FindingFacts) -> String? { "\(Self.describe(majorityFrame)) ± \(Words.number(facts.threshold))" }

        public var fingerprintBucket: String { "majority:\(Self.describe(majorityFrame))" }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard let design = screen.screen.design else { return [] }
        let tolerance = design.tolerances.points
        let device = Self.deviceKey(screen.screen.device)
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, let majority = majorities[Key(device: device, element: element.id)] else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            let passes = Self.agree(element.frame, majority.frame, within: tolerance)
            let measured = passes ? Measured() : Measured(frame: element.frame, majorityFrame: majority.frame, agreeing: majority.agreeing,
                                                          screens: majority.total, device: device)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: passes ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: rect, measured: .designConsistency(measured), threshold: tolerance)
        }
    }
}
