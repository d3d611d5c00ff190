import ColorScience
import Imaging

/// `design.consistency` — review only: an interactive element that several screens of one device
/// share (the same element id) is centred elsewhere, has another size, or is drawn in another
/// colour on this screen than on most of them: standard action placement. Runs on screens whose
/// contract declares `design` tokens; the majority is taken over the whole run, three screens or
/// more (frames from the contracts in `preparing(for:)`, colours from a look at each such
/// screen's pixels before the audit in `sample(_:)`, so every shard agrees).
public struct DesignConsistencyRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.designConsistency, title: "Inconsistent placement",
        reference: "The app's design system: standard action placement (Apple HIG, Consistency)",
        defaultSeverity: .info,
        rationale: "A primary action that moves between screens of the same kind makes people hunt for it, and breaks the muscle memory VoiceOver and Switch Control users rely on.")

    static let blue = RGB8(red: 0x0A, green: 0x84, blue: 0xFF)

    static func screen(_ id: String, buttonY: Double, fill: RGB8 = blue) -> ExampleScreen {
        var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
        screen.design = DesignTokens(tolerance: DesignTolerance(colorDeltaE: 3, points: 1))
        screen.control("continue", role: .button, frame: Frame(x: 40, y: buttonY, width: 120, height: 44), fill: fill)
        return screen
    }

    static let peers: @Sendable () -> [ScreenContext] = {
        [screen("a", buttonY: 60).context(id: "step-1"), screen("b", buttonY: 60).context(id: "step-2")]
    }

    public static let examples: [CheckExample] = [
        CheckExample("'continue' where the other steps have it", element: "continue", expected: .pass, peers: peers) {
            screen("c", buttonY: 60).context(id: "step-3")
        },
        CheckExample("'continue' 6 pt lower than on the other steps", element: "continue", expected: .fail, peers: peers) {
            screen("c", buttonY: 66).context(id: "step-3")
        },
        CheckExample("'continue' in #5E5CE6, blue #0A84FF on the other steps", element: "continue", expected: .fail, peers: peers) {
            screen("c", buttonY: 60, fill: RGB8(red: 0x5E, green: 0x5C, blue: 0xE6)).context(id: "step-3")
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

    /// The colour most of the screens that show the element draw it in.
    struct ColorMajority {
        var color: RGB8
        var agreeing: Int
        var total: Int
    }

    struct Majorities {
        var position: Majority?
        var size: Majority?
        var color: ColorMajority?
        /// The screens that show the element, in run order, with their `colorDeltaE`.
        var screens: [(id: String, colorTolerance: Double)] = []
    }

    public init() { majorities = [:] }

    init(majorities: [Key: Majorities]) { self.majorities = majorities }

    /// The screens compared with each other: one device's, at one text size (a layout at AX3 is
    /// another layout, its actions lower down: compared with the other AX3 screens only).
    static func deviceKey(_ screen: ScreenContract) -> String {
        let device = screen.device
        let name = device.name ?? "\(Words.number(device.width))×\(Words.number(device.height)) pt @\(Words.number(device.scale))x"
        guard let size = screen.contentSize, size != .default else { return name }
        return "\(name) at \(size.name)"
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
        var screens: [Key: [(id: String, colorTolerance: Double)]] = [:]
        for screen in run {
            guard let design = screen.design else { continue }
            for element in screen.elements where element.role.isInteractive {
                let key = Key(device: Self.deviceKey(screen), element: element.id)
                frames[key, default: []].append((element.frame, design.tolerances.points))
                screens[key, default: []].append((screen.id, design.tolerances.colorDeltaE))
            }
        }
        var majorities: [Key: Majorities] = [:]
        for (key, list) in frames where list.count >= 3 {
            majorities[key] = Majorities(position: Self.majority(of: list, Self.samePosition), size: Self.majority(of: list, Self.sameSize),
                                         screens: screens[key] ?? [])
        }
        return DesignConsistencyRule(majorities: majorities)
    }

    /// The compared elements of `screen`: interactive, shown on three or more screens of its device.
    func compared(_ screen: ScreenContract) -> [ElementContract] {
        guard screen.design != nil else { return [] }
        let device = Self.deviceKey(screen)
        return screen.elements.filter { $0.role.isInteractive && majorities[Key(device: device, element: $0.id)] != nil }
    }

    public func samples(_ screen: ScreenContract) -> Bool { !compared(screen).isEmpty }

    /// Each compared element's colour: the one `contrast.nontext` and `design.palette` judge a
    /// control by (its fill, boundary or glyph, whichever stands out most).
    public func sample(_ screen: ScreenContext) -> ScreenSample {
        var colors: [String: RGB8] = [:]
        for element in compared(screen.screen) {
            if let color = Self.color(of: element, on: screen) { colors[element.id] = color }
        }
        return ScreenSample(screen: screen.screen.id, colors: colors)
    }

    static func color(of element: ElementContract, on screen: ScreenContext) -> RGB8? {
        guard case let .measured(_, component, _) = screen.nonTextContrast(in: screen.pixelRect(for: element.frame)) else { return nil }
        return component
    }

    /// The colour majorities, from the samples of the whole run: the colour most screens draw the
    /// element within their `colorDeltaE` (CIEDE2000) of, when more than half of the screens whose
    /// colour was measured, three or more, agree.
    public func sampled(_ samples: [ScreenSample]) -> any AuditCheck {
        var colors: [String: [String: RGB8]] = [:]
        for sample in samples { colors[sample.screen] = sample.colors }
        var updated = majorities
        for (key, found) in majorities {
            let list = found.screens.compactMap { entry in
                colors[entry.id]?[key.element].map { (lab: CIELab($0), rgb: $0, tolerance: entry.colorTolerance) }
            }
            guard list.count >= 3 else { continue }
            var best: (color: RGB8, count: Int)?
            for candidate in list {
                let count = list.filter { ciede2000($0.lab, candidate.lab) <= candidate.tolerance }.count
                if best == nil || count > best!.count { best = (candidate.rgb, count) }
            }
            if let best, best.count * 2 > list.count {
                updated[key]?.color = ColorMajority(color: best.color, agreeing: best.count, total: list.count)
            }
        }
        return DesignConsistencyRule(majorities: updated)
    }

    /// What `design.consistency` reports: the element's frame (in points) or colour here, and a
    /// majority screen's.
    public struct Measured: RuleMeasurement {
        /// `position` (where its centre is), `size` or `color`.
        public var aspect: String?
        public var frame: Frame?
        public var majorityFrame: Frame?
        /// `color`: the element's colour here and the majority's, and CIEDE2000 between them to a tenth.
        public var color: String?
        public var majorityColor: String?
        public var deltaE: Double?
        /// Screens of the device that agree with the majority, and that show the element.
        public var agreeing: Int?
        public var screens: Int?
        public var device: String?

        public init(aspect: String? = nil, frame: Frame? = nil, majorityFrame: Frame? = nil, color: String? = nil, majorityColor: String? = nil,
                    deltaE: Double? = nil, agreeing: Int? = nil, screens: Int? = nil, device: String? = nil) {
            self.aspect = aspect
            self.frame = frame
            self.majorityFrame = majorityFrame
            self.color = color
            self.majorityColor = majorityColor
            self.deltaE = deltaE
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
            let screensText = "\(agreeing ?? 0) of \(screens ?? 0) \(device ?? "") screens"
            if aspect == "color" {
                return "drawn in \(color ?? "?") here; \(screensText) draw it in \(majorityColor ?? "?") (ΔE \(Words.number(deltaE)), "
                    + "over the \(Words.number(facts.threshold)) tolerance)"
            }
            let verb = aspect == "size" ? "sized" : "centred at"
            let majorityVerb = aspect == "size" ? "size it" : "centre it at"
            return "\(verb) \(describe(frame)) here; \(screensText) \(majorityVerb) \(describe(majorityFrame))"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            aspect == "color" ? "\(color ?? "?"), ΔE \(Words.number(deltaE))" : describe(frame)
        }

        public func requiredText(_ facts: FindingFacts) -> String? {
            aspect == "color" ? "\(majorityColor ?? "?") (ΔE ≤ \(Words.number(facts.threshold)))"
                : "\(describe(majorityFrame)) ± \(Words.number(facts.threshold)) pt"
        }

        public var fingerprintBucket: String { "\(aspect ?? "-"):\(aspect == "color" ? majorityColor ?? "-" : describe(majorityFrame))" }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        guard let design = screen.screen.design else { return [] }
        let tolerance = design.tolerances.points
        let device = Self.deviceKey(screen.screen)
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive, let found = majorities[Key(device: device, element: element.id)],
                  found.position != nil || found.size != nil || found.color != nil else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            func fail(_ measured: Measured, threshold: Double) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: .fail, severity: Self.descriptor.defaultSeverity,
                            frame: rect, measured: .designConsistency(measured), threshold: threshold)
            }
            for (aspect, majority) in [("position", found.position), ("size", found.size)] {
                guard let majority else { continue }
                let same = aspect == "position" ? Self.samePosition(element.frame, majority.frame, within: tolerance)
                    : Self.sameSize(element.frame, majority.frame, within: tolerance)
                if !same {
                    return fail(Measured(aspect: aspect, frame: element.frame, majorityFrame: majority.frame, agreeing: majority.agreeing,
                                         screens: majority.total, device: device), threshold: tolerance)
                }
            }
            if let majority = found.color, let color = Self.color(of: element, on: screen) {
                let difference = ciede2000(CIELab(color), CIELab(majority.color))
                if difference > design.tolerances.colorDeltaE {
                    return fail(Measured(aspect: "color", color: color.hex, majorityColor: majority.color.hex, deltaE: difference.rounded(places: 1),
                                         agreeing: majority.agreeing, screens: majority.total, device: device),
                                threshold: design.tolerances.colorDeltaE)
                }
            }
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: .pass, severity: Self.descriptor.defaultSeverity,
                               frame: rect, measured: .designConsistency(Measured()), threshold: tolerance)
        }
    }
}
