import ScreenContracts

/// The kinds of defect the renderer can plant, each aimed at the rule that should find it.
public enum DefectKind: String, Codable, CaseIterable, Sendable {
    /// A label's colour moved toward its background until the contrast is a chosen ratio below
    /// its WCAG minimum.
    case lowContrast = "low-contrast"
    /// A label drawn at 9 pt while its contract still declares its real size.
    case smallText = "small-text"
    /// A button drawn (and declared) 30 pt tall instead of 56.
    case smallTarget = "small-target"
    /// The correct / wrong relic markers drawn without their check and cross: colour alone.
    case colorOnly = "color-only"
    /// A label drawn in a colour the game's palette does not have (readable, off the design system).
    case offPalette = "off-palette"
    /// A label drawn and declared a point below its ramp size (16 pt for 17), in its usual place.
    case offRamp = "off-ramp"
    /// A standard action (the lesson's "Begin", the result's buttons) drawn and declared 6 pt lower
    /// than on the other screens of its kind.
    case misplacedAction = "misplaced-action"

    /// The rule that should report it.
    public var rule: String {
        switch self {
        case .lowContrast: RuleID.contrastText
        case .smallText: RuleID.textSize
        case .smallTarget: RuleID.targetSize
        case .colorOnly: RuleID.colorOnly
        case .offPalette: RuleID.designPalette
        case .offRamp: RuleID.designTypeRamp
        case .misplacedAction: RuleID.designConsistency
        }
    }
}

/// What to plant in one frame.
public struct DefectPlan: Equatable, Sendable {
    public var kind: DefectKind
    /// The element (for colour-only defects, the colour-only group) it affects.
    public var element: String
    /// The contrast ratio to reach, the point size to draw at, or the target height in points.
    public var parameter: Double

    public init(kind: DefectKind, element: String, parameter: Double) {
        self.kind = kind
        self.element = element
        self.parameter = parameter
    }
}

/// A planted defect as the ground-truth file records it.
public struct SeededDefect: Codable, Equatable, Sendable {
    public var screen: String
    public var element: String
    public var rule: String
    public var kind: DefectKind
    public var parameter: Double
    public var detail: String
}

/// The ground truth written beside a seeded corpus (`defects.json`).
public struct DefectManifest: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var seed: UInt64
    /// Every screen of the corpus, defective or clean, so clean frames are known too.
    public var screens: [String]
    public var defects: [SeededDefect]

    public init(seed: UInt64, screens: [String], defects: [SeededDefect]) {
        schemaVersion = 1
        self.seed = seed
        self.screens = screens
        self.defects = defects
    }
}

/// A small deterministic random generator (SplitMix64): the same seed plants the same defects.
public struct SeededRandom: Sendable {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    /// A value in `range`, in steps of 0.01.
    public mutating func value(in range: ClosedRange<Double>) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) * 100).rounded())
        return range.lowerBound + Double(below(steps + 1)) / 100
    }
}

/// Chooses what to plant in a frame, from its clean contract.
public enum DefectSeeder {
    /// The actions every screen of a kind has in one place.
    static let standardActions: Set<String> = ["begin", "again", "board"]

    /// Roughly one frame in four stays clean, so false positives are measured on clean frames too.
    public static func plan(for clean: ScreenContract, random: inout SeededRandom) -> DefectPlan? {
        guard random.below(4) != 0 else { return nil }
        var options: [DefectPlan] = []
        let labels = clean.elements.filter { $0.text != nil && $0.role != .button && $0.role != .indicator }
        if !labels.isEmpty {
            let label = labels[random.below(labels.count)]
            // Large text needs 3:1, normal text 4.5:1; aim at least 7 % below the minimum.
            let large = LargeTextRule.wcag.isLarge(pointSize: label.text?.pointSize, bold: label.text?.weight?.isBold ?? false)
            options.append(DefectPlan(kind: .lowContrast, element: label.id,
                                      parameter: random.value(in: 1.5...(large ? 2.79 : 4.18))))
            let sized = labels.filter { ($0.text?.pointSize ?? 0) >= 15 }
            if !sized.isEmpty {
                options.append(DefectPlan(kind: .smallText, element: sized[random.below(sized.count)].id, parameter: 9))
            }
            options.append(DefectPlan(kind: .offPalette, element: labels[random.below(labels.count)].id, parameter: 0))
            // 17 and 20 pt labels: a point less is off the ramp (13, 15, 17, 20, …) by a point.
            let rampSized = labels.filter { [17, 20].contains($0.text?.pointSize ?? 0) }
            if !rampSized.isEmpty {
                let label = rampSized[random.below(rampSized.count)]
                options.append(DefectPlan(kind: .offRamp, element: label.id, parameter: (label.text?.pointSize ?? 17) - 1))
            }
        }
        let actions = clean.elements.filter { $0.role == .button && DefectSeeder.standardActions.contains($0.id) }
        if !actions.isEmpty {
            options.append(DefectPlan(kind: .misplacedAction, element: actions[random.below(actions.count)].id, parameter: 6))
        }
        let buttons = clean.elements.filter { $0.role == .button && $0.text != nil && $0.frame.height >= 44 && $0.frame.width > 60 }
        if !buttons.isEmpty {
            options.append(DefectPlan(kind: .smallTarget, element: buttons[random.below(buttons.count)].id, parameter: 30))
        }
        if clean.colorOnlyGroups.contains(where: { $0.id == "relic-state" }) {
            options.append(DefectPlan(kind: .colorOnly, element: "relic-state", parameter: 0))
        }
        return options.isEmpty ? nil : options[random.below(options.count)]
    }
}
