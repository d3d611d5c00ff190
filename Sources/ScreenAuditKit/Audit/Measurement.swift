import ColorScience

/// What a reporter knows of a finding besides its measurement: the words of every rule are built
/// from these and the rule's typed payload, at the reporting step.
public struct FindingFacts: Equatable, Sendable {
    public var severity: Severity
    /// The value the measurement was held to.
    public var threshold: Double?
    /// A screen-level failure's detail (the decoder's message).
    public var reason: String?

    public init(severity: Severity, threshold: Double?, reason: String?) {
        self.severity = severity
        self.threshold = threshold
        self.reason = reason
    }
}

/// One rule's measurement: what `report.json` carries as `measured`, with the rule's words for a
/// finding beside it. One type per rule, defined beside the rule's descriptor; its coding keys are
/// the public field names, so renaming one is a compile-time change in one place.
public protocol RuleMeasurement: Codable, Equatable, Sendable {
    /// The finding's sentence.
    func message(_ facts: FindingFacts) -> String
    /// report.md's "Measured" cell; nil shows the message.
    func measuredText(_ facts: FindingFacts) -> String?
    /// report.md's "Required" cell; nil shows the threshold.
    func requiredText(_ facts: FindingFacts) -> String?
    /// A coarse bucket of the measurement for the finding's fingerprint: it changes when the
    /// finding changes in kind, not when the measurement wobbles.
    var fingerprintBucket: String { get }
}

extension RuleMeasurement {
    public func measuredText(_ facts: FindingFacts) -> String? { nil }
    public func requiredText(_ facts: FindingFacts) -> String? { nil }
    public var fingerprintBucket: String { "-" }
}

/// The typed measurement of one check result: one case per rule.
public enum Measurement: Encodable, Equatable, Sendable {
    case textContrast(TextContrastRule.Measured)
    case textSize(TextSizeRule.Measured)
    case textClipped(TextClippedRule.Measured)
    case nonTextContrast(NonTextContrastRule.Measured)
    case targetSize(TargetSizeRule.Measured)
    case targetSpacing(TargetSpacingRule.Measured)
    case colorOnly(ColorOnlyRule.Measured)
    case textUnexposed(TextUnexposedRule.Measured)
    case screenshotUnreadable(ScreenshotUnreadableRule.Measured)
    case screenshotSizeMismatch(ScreenshotSizeMismatchRule.Measured)
    case hierarchyMissing(HierarchyMissingRule.Measured)
    case hierarchyUnreadable(HierarchyUnreadableRule.Measured)
    case designPalette(DesignPaletteRule.Measured)
    case designTypeRamp(DesignTypeRampRule.Measured)
    case designConsistency(DesignConsistencyRule.Measured)
    case layoutSafeArea(LayoutSafeAreaRule.Measured)
    case layoutOverlap(LayoutOverlapRule.Measured)
    case labelMissing(LabelMissingRule.Measured)
    case labelUnclear(LabelUnclearRule.Measured)
    case labelRedundant(LabelRedundantRule.Measured)
    case labelDuplicate(LabelDuplicateRule.Measured)
    case labelTextMismatch(LabelTextMismatchRule.Measured)
    case labelHintMissing(LabelHintMissingRule.Measured)
    case orderReading(OrderReadingRule.Measured)
    case textScales(TextScalesRule.Measured)
    case textTruncated(TextTruncatedRule.Measured)

    /// The payload, for its words.
    public var payload: any RuleMeasurement {
        switch self {
        case let .textContrast(m): m
        case let .textSize(m): m
        case let .textClipped(m): m
        case let .nonTextContrast(m): m
        case let .targetSize(m): m
        case let .targetSpacing(m): m
        case let .colorOnly(m): m
        case let .textUnexposed(m): m
        case let .screenshotUnreadable(m): m
        case let .screenshotSizeMismatch(m): m
        case let .hierarchyMissing(m): m
        case let .hierarchyUnreadable(m): m
        case let .designPalette(m): m
        case let .designTypeRamp(m): m
        case let .designConsistency(m): m
        case let .layoutSafeArea(m): m
        case let .layoutOverlap(m): m
        case let .labelMissing(m): m
        case let .labelUnclear(m): m
        case let .labelRedundant(m): m
        case let .labelDuplicate(m): m
        case let .labelTextMismatch(m): m
        case let .labelHintMissing(m): m
        case let .orderReading(m): m
        case let .textScales(m): m
        case let .textTruncated(m): m
        }
    }

    public var textContrast: TextContrastRule.Measured? { if case let .textContrast(m) = self { m } else { nil } }
    public var textSize: TextSizeRule.Measured? { if case let .textSize(m) = self { m } else { nil } }
    public var textClipped: TextClippedRule.Measured? { if case let .textClipped(m) = self { m } else { nil } }
    public var textTruncated: TextTruncatedRule.Measured? { if case let .textTruncated(m) = self { m } else { nil } }
    public var nonTextContrast: NonTextContrastRule.Measured? { if case let .nonTextContrast(m) = self { m } else { nil } }
    public var targetSize: TargetSizeRule.Measured? { if case let .targetSize(m) = self { m } else { nil } }
    public var targetSpacing: TargetSpacingRule.Measured? { if case let .targetSpacing(m) = self { m } else { nil } }
    public var colorOnly: ColorOnlyRule.Measured? { if case let .colorOnly(m) = self { m } else { nil } }
    public var screenshotUnreadable: ScreenshotUnreadableRule.Measured? { if case let .screenshotUnreadable(m) = self { m } else { nil } }
    public var screenshotSizeMismatch: ScreenshotSizeMismatchRule.Measured? {
        if case let .screenshotSizeMismatch(m) = self { m } else { nil }
    }

    public func encode(to encoder: Encoder) throws { try payload.encode(to: encoder) }

    /// Decodes the payload `rule` has (report.json gives the rule beside `measured`).
    public init(rule: String, from decoder: Decoder) throws {
        switch rule {
        case RuleID.contrastText: self = .textContrast(try .init(from: decoder))
        case RuleID.textSize: self = .textSize(try .init(from: decoder))
        case RuleID.textClipped: self = .textClipped(try .init(from: decoder))
        case RuleID.contrastNonText: self = .nonTextContrast(try .init(from: decoder))
        case RuleID.targetSize: self = .targetSize(try .init(from: decoder))
        case RuleID.targetSpacing: self = .targetSpacing(try .init(from: decoder))
        case RuleID.colorOnly: self = .colorOnly(try .init(from: decoder))
        case RuleID.textUnexposed: self = .textUnexposed(try .init(from: decoder))
        case RuleID.screenshotUnreadable: self = .screenshotUnreadable(try .init(from: decoder))
        case RuleID.screenshotSizeMismatch: self = .screenshotSizeMismatch(try .init(from: decoder))
        case RuleID.hierarchyMissing: self = .hierarchyMissing(try .init(from: decoder))
        case RuleID.hierarchyUnreadable: self = .hierarchyUnreadable(try .init(from: decoder))
        case RuleID.designPalette: self = .designPalette(try .init(from: decoder))
        case RuleID.designTypeRamp: self = .designTypeRamp(try .init(from: decoder))
        case RuleID.designConsistency: self = .designConsistency(try .init(from: decoder))
        case RuleID.layoutSafeArea: self = .layoutSafeArea(try .init(from: decoder))
        case RuleID.layoutOverlap: self = .layoutOverlap(try .init(from: decoder))
        case RuleID.labelMissing: self = .labelMissing(try .init(from: decoder))
        case RuleID.labelUnclear: self = .labelUnclear(try .init(from: decoder))
        case RuleID.labelRedundant: self = .labelRedundant(try .init(from: decoder))
        case RuleID.labelDuplicate: self = .labelDuplicate(try .init(from: decoder))
        case RuleID.labelTextMismatch: self = .labelTextMismatch(try .init(from: decoder))
        case RuleID.labelHintMissing: self = .labelHintMissing(try .init(from: decoder))
        case RuleID.orderReading: self = .orderReading(try .init(from: decoder))
        case RuleID.textScales: self = .textScales(try .init(from: decoder))
        case RuleID.textTruncated: self = .textTruncated(try .init(from: decoder))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown rule '\(rule)'"))
        }
    }

    public func message(_ facts: FindingFacts) -> String { payload.message(facts) }
    public func measuredText(_ facts: FindingFacts) -> String? { payload.measuredText(facts) }
    public func requiredText(_ facts: FindingFacts) -> String? { payload.requiredText(facts) }
    public var fingerprintBucket: String { payload.fingerprintBucket }
}

/// Numbers as the words of findings show them.
enum Words {
    /// A ratio, cut to hundredths ("?" when absent).
    static func ratio(_ value: Double?) -> String { value.map(RatioDisplay.text) ?? "?" }
    /// A size or minimum without a needless ".0": 44, 10.5.
    static func number(_ value: Double?) -> String { value.map(RatioDisplay.minimum) ?? "?" }
}

extension Double {
    /// Rounded to `places` decimals, the precision reports state.
    func rounded(places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (self * factor).rounded() / factor
    }
}
