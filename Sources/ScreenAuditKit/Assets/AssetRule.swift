/// The rules of `screenaudit assets`. Ids are a public interface: once published an id never
/// changes meaning.
public enum AssetRule {
    public static let contentsMalformed = "asset.contents-malformed"
    public static let fileMissing = "asset.file-missing"
    public static let fileUnreferenced = "asset.file-unreferenced"
    public static let entryInvalid = "asset.entry-invalid"
    public static let entryDuplicate = "asset.entry-duplicate"
    public static let scaleMissing = "asset.scale-missing"
    public static let sizeInconsistent = "asset.size-inconsistent"
    public static let imageUnreadable = "asset.image-unreadable"
    public static let formatMismatch = "asset.format-mismatch"
    public static let colorInvalid = "asset.color-invalid"
    public static let groupName = "asset.group-name"
    public static let pathOutside = "asset.path-outside"
    public static let requiredMissing = "asset.required-missing"
    public static let provenanceMissing = "asset.provenance-missing"
    public static let provenanceUnused = "asset.provenance-unused"
    public static let placeholder = "asset.placeholder"
    public static let sourceQuality = "asset.source-quality"
    public static let colorContrast = "asset.color-contrast"

    /// Every asset rule id, in the order of the declarations above.
    public static let ids = [
        contentsMalformed, fileMissing, fileUnreferenced, entryInvalid, entryDuplicate, scaleMissing, sizeInconsistent,
        imageUnreadable, formatMismatch, colorInvalid, groupName, pathOutside, requiredMissing, provenanceMissing,
        provenanceUnused, placeholder, sourceQuality, colorContrast,
    ]

    /// Every rule, one type each (descriptor, examples and payload), in id order.
    public static var all: [any AssetRuleType.Type] {
        [
            ColorContrastRule.self,
            ColorInvalidRule.self,
            ContentsMalformedRule.self,
            EntryDuplicateRule.self,
            EntryInvalidRule.self,
            FileMissingRule.self,
            FileUnreferencedRule.self,
            FormatMismatchRule.self,
            GroupNameRule.self,
            ImageUnreadableRule.self,
            PathOutsideRule.self,
            PlaceholderRule.self,
            ProvenanceMissingRule.self,
            ProvenanceUnusedRule.self,
            RequiredMissingRule.self,
            ScaleMissingRule.self,
            SizeInconsistentRule.self,
            SourceQualityRule.self,
        ]
    }

    /// Every rule with what it means, in id order (SARIF's rule table, docs/checks).
    public static var descriptors: [CheckDescriptor] { all.map { $0.descriptor } }
}
