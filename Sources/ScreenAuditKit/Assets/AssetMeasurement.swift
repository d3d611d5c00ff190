/// One asset rule's payload: what the rule found, typed, with the rule's sentence for it. One type
/// per rule, defined beside the rule's descriptor (`Rules/`); the sentence is built from it on
/// demand (`AssetFinding.message`), not stored, and the `measured` object of the report.json that
/// `screenaudit assets` writes is written by the payload's own key enum, so renaming a key is a
/// compile-time change in one place.
public protocol AssetRuleMeasurement: Equatable, Sendable {
    /// The rule's id (`AssetRule`).
    static var rule: String { get }
    /// The finding's sentence.
    var message: String { get }
    /// Writes the `measured` object: the keys this rule has always written (none by default).
    func encodeMeasured(to encoder: Encoder) throws
}

extension AssetRuleMeasurement {
    public func encodeMeasured(to encoder: Encoder) throws {
        _ = encoder.container(keyedBy: NoMeasuredKey.self)
    }
}

/// The key of a `measured` object that has none.
private enum NoMeasuredKey: CodingKey {}

/// What an asset finding measured or found: one case per rule, each holding that rule's payload.
/// Encodes to a finding's `measured` object.
public enum AssetMeasurement: Encodable, Equatable, Sendable {
    case contentsMalformed(ContentsMalformedRule.Measured)
    case fileMissing(FileMissingRule.Measured)
    case fileUnreferenced(FileUnreferencedRule.Measured)
    case entryInvalid(EntryInvalidRule.Measured)
    case entryDuplicate(EntryDuplicateRule.Measured)
    case scaleMissing(ScaleMissingRule.Measured)
    case sizeInconsistent(SizeInconsistentRule.Measured)
    case imageUnreadable(ImageUnreadableRule.Measured)
    case formatMismatch(FormatMismatchRule.Measured)
    case colorInvalid(ColorInvalidRule.Measured)
    case groupName(GroupNameRule.Measured)
    case pathOutside(PathOutsideRule.Measured)
    case requiredMissing(RequiredMissingRule.Measured)
    case provenanceMissing(ProvenanceMissingRule.Measured)
    case provenanceUnused(ProvenanceUnusedRule.Measured)
    case placeholder(PlaceholderRule.Measured)
    case sourceQuality(SourceQualityRule.Measured)
    case colorContrast(ColorContrastRule.Measured)

    /// The payload, for its rule and words.
    public var payload: any AssetRuleMeasurement {
        switch self {
        case let .contentsMalformed(m): m
        case let .fileMissing(m): m
        case let .fileUnreferenced(m): m
        case let .entryInvalid(m): m
        case let .entryDuplicate(m): m
        case let .scaleMissing(m): m
        case let .sizeInconsistent(m): m
        case let .imageUnreadable(m): m
        case let .formatMismatch(m): m
        case let .colorInvalid(m): m
        case let .groupName(m): m
        case let .pathOutside(m): m
        case let .requiredMissing(m): m
        case let .provenanceMissing(m): m
        case let .provenanceUnused(m): m
        case let .placeholder(m): m
        case let .sourceQuality(m): m
        case let .colorContrast(m): m
        }
    }

    public var rule: String { type(of: payload).rule }
    public var message: String { payload.message }

    public func encode(to encoder: Encoder) throws { try payload.encodeMeasured(to: encoder) }
}
