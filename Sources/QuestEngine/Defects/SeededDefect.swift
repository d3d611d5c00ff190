import Foundation
import Imaging
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
    /// An icon button whose label and hint are taken out: nothing to speak.
    case missingLabel = "missing-label"
    /// An icon button labelled with its image's asset name (`ic_spell_circle`).
    case unclearLabel = "unclear-label"
    /// A button labelled with the name of the one before it: two controls named alike.
    case duplicateLabel = "duplicate-label"
    /// A button whose label ends in "button".
    case redundantLabel = "redundant-label"
    /// A button showing its text but labelled with other words ("Proceed").
    case labelNotInName = "label-not-in-name"
    /// The screen's title moved to the end of its reading order, after the controls below it.
    case swappedOrder = "swapped-order"
    /// At AX3 only: a text drawn at its size at L while its contract declares its text style
    /// (it does not follow Dynamic Type).
    case fixedSizeText = "fixed-size-text"
    /// At AX3 only: a title drawn on one line, cut short with "…", while its contract holds the
    /// whole title.
    case truncatedTitle = "truncated-title"
    /// At AX3 only: a button that keeps its height at L while its title grows and wraps, so the
    /// title runs out of the button.
    case buttonNotGrowing = "button-not-growing"

    /// The contract alone changes (what is spoken), not the pixels.
    public var isSpoken: Bool {
        switch self {
        case .missingLabel, .unclearLabel, .duplicateLabel, .redundantLabel, .labelNotInName, .swappedOrder: true
        default: false
        }
    }

    /// Planted only in frames drawn at a larger text size (what does not follow Dynamic Type).
    public var isTextSize: Bool {
        switch self {
        case .fixedSizeText, .truncatedTitle, .buttonNotGrowing: true
        default: false
        }
    }

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
        case .missingLabel: RuleID.labelMissing
        case .unclearLabel: RuleID.labelUnclear
        case .duplicateLabel: RuleID.labelDuplicate
        case .redundantLabel: RuleID.labelRedundant
        case .labelNotInName: RuleID.labelTextMismatch
        case .swappedOrder: RuleID.orderReading
        case .fixedSizeText: RuleID.textScales
        case .truncatedTitle: RuleID.textTruncated
        case .buttonNotGrowing: RuleID.textClipped
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
        let pixelPlan = options.isEmpty ? nil : options[random.below(options.count)]
        // What is spoken is planted instead in about a third of the defective frames, drawn from a
        // generator of its own (a copy of the stream's state, turned): the stream itself is read
        // exactly as before, so every other frame of a seed keeps the defect it had.
        var spoken = random
        spoken.state ^= 0x5A5A_5A5A_A5A5_A5A5
        let spokenOptions = spokenOptions(for: clean, random: &spoken)
        if !spokenOptions.isEmpty, spoken.below(3) == 0 { return spokenOptions[spoken.below(spokenOptions.count)] }
        return pixelPlan
    }

    /// What is spoken: defects of the contract alone, on the buttons a screen has.
    static func spokenOptions(for clean: ScreenContract, random: inout SeededRandom) -> [DefectPlan] {
        var options: [DefectPlan] = []
        let iconButtons = clean.elements.filter { $0.role == .button && $0.text == nil && $0.spokenLabel != nil }
        if !iconButtons.isEmpty {
            options.append(DefectPlan(kind: .missingLabel, element: iconButtons[random.below(iconButtons.count)].id, parameter: 0))
            options.append(DefectPlan(kind: .unclearLabel, element: iconButtons[random.below(iconButtons.count)].id, parameter: 0))
            options.append(DefectPlan(kind: .redundantLabel, element: iconButtons[random.below(iconButtons.count)].id, parameter: 0))
        }
        // Two buttons without text: the second takes the first's name (the finding is the first's).
        if iconButtons.count >= 2 {
            let first = random.below(iconButtons.count - 1)
            options.append(DefectPlan(kind: .duplicateLabel, element: iconButtons[first].id, parameter: Double(first)))
        }
        let textButtons = clean.elements.filter { $0.role == .button && $0.text.map { $0.fromLabel != true && !$0.content.isEmpty } == true }
        if !textButtons.isEmpty {
            options.append(DefectPlan(kind: .labelNotInName, element: textButtons[random.below(textButtons.count)].id, parameter: 0))
        }
        if let title = clean.elements.first(where: { $0.id == "title" }), clean.elements.contains(where: { $0.role.isInteractive && $0.frame.y > title.frame.maxY }) {
            options.append(DefectPlan(kind: .swappedOrder, element: title.id, parameter: 0))
        }
        return options
    }

    /// What does not follow Dynamic Type, in a frame drawn at a larger size (`clean`, its clean
    /// contract): a text kept at its size at L, a title that wraps cut to one line, a button whose
    /// title wraps kept at its height at L. Roughly one frame in four stays clean.
    public static func textSizePlan(for clean: ScreenContract, random: inout SeededRandom) -> DefectPlan? {
        guard let size = clean.contentSize, size != .l, random.below(4) != 0 else { return nil }
        var options: [DefectPlan] = []
        // Texts of a style at its own size (not the 24 pt ward title, between two styles).
        let labels = clean.elements.filter { element in
            guard element.role != .button, let text = element.text, let style = text.textStyle else { return false }
            return text.pointSize == style.pointSize(at: size) && style.pointSize(at: size) > style.pointSize(at: .l)
        }
        if !labels.isEmpty {
            let label = labels[random.below(labels.count)]
            options.append(DefectPlan(kind: .fixedSizeText, element: label.id, parameter: label.text!.textStyle!.pointSize(at: .l)))
        }
        // Titles on two lines or more.
        let titles = clean.elements.filter { element in
            guard element.role == .heading, let points = element.text?.pointSize else { return false }
            return element.frame.height >= 2 * ScreenComposer.lineHeight(points)
        }
        if !titles.isEmpty {
            options.append(DefectPlan(kind: .truncatedTitle, element: titles[random.below(titles.count)].id, parameter: 0))
        }
        // Buttons with a title: one kept at the size its title needed at L is too small for it now.
        let buttons = clean.elements.filter { element in
            element.role == .button && element.text != nil
        }
        if !buttons.isEmpty {
            options.append(DefectPlan(kind: .buttonNotGrowing, element: buttons[random.below(buttons.count)].id, parameter: 56))
        }
        return options.isEmpty ? nil : options[random.below(options.count)]
    }

    /// Plants a defect of what is spoken in `contract` (the pixels are the clean frame's).
    public static func applySpoken(_ plan: DefectPlan, to contract: inout ScreenContract) {
        guard plan.kind.isSpoken, let index = contract.elements.firstIndex(where: { $0.id == plan.element }) else { return }
        /// Gives element `at` a new spoken label (nil: none), keeping its traits, and its hint unless dropped.
        func relabel(_ at: Int, _ label: String?, keepHint: Bool = true) {
            let element = contract.elements[at]
            if label == nil {
                contract.elements[at].label = nil
                contract.elements[at].hint = nil
            }
            contract.elements[at].accessibility = AccessibilitySpec(label: label, hint: keepHint ? element.spokenHint : nil,
                                                                   traits: element.accessibility?.traits)
        }
        switch plan.kind {
        case .missingLabel:
            relabel(index, nil, keepHint: false)
        case .unclearLabel:
            relabel(index, "ic_" + plan.element.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_"))
        case .redundantLabel:
            relabel(index, (contract.elements[index].spokenLabel ?? "") + " button")
        case .duplicateLabel:
            let name = contract.elements[index].spokenLabel
            let others = contract.elements.indices.filter { other in
                other > index && contract.elements[other].role == .button && contract.elements[other].text == nil && contract.elements[other].spokenLabel != nil
            }
            if let second = others.first { relabel(second, name) }
        case .labelNotInName:
            relabel(index, "Proceed")
        case .swappedOrder:
            let ids = contract.elements.map(\.id)
            contract.readingOrder = ids.filter { $0 != plan.element } + [plan.element]
        default:
            break
        }
    }
}
