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

    /// Every rule with what it means, in id order (SARIF's rule table, the README's list).
    public static let descriptors: [CheckDescriptor] = [
        CheckDescriptor(id: colorContrast, title: "Colour pair contrast", reference: "WCAG 2.2 SC 1.4.3 / 1.4.11",
                        defaultSeverity: .error,
                        rationale: "A text colour and the panel colour it is declared on in the requirements must reach 4.5:1 (normal text) or 3:1 (large text, non-text), in every appearance, from the colour sets' values alone."),
        CheckDescriptor(id: colorInvalid, title: "Colour value invalid", reference: "Xcode asset catalog format",
                        defaultSeverity: .error,
                        rationale: "A colour set's component is missing, out of range or in an unknown colour space: the colour Xcode builds is not the one intended."),
        CheckDescriptor(id: contentsMalformed, title: "Contents.json malformed", reference: "Xcode asset catalog format",
                        defaultSeverity: .error,
                        rationale: "A Contents.json that is missing, not JSON or not in Xcode's shape makes Xcode drop or misread the asset."),
        CheckDescriptor(id: entryDuplicate, title: "Duplicate entry", reference: "Xcode asset catalog format",
                        defaultSeverity: .error,
                        rationale: "Two entries for the same idiom, scale and appearance compete for one slot; which one ships is undefined."),
        CheckDescriptor(id: entryInvalid, title: "Entry invalid", reference: "Xcode asset catalog format",
                        defaultSeverity: .error,
                        rationale: "An entry with an unknown idiom, scale or appearance, or a file name that is a path, cannot be assigned to a slot."),
        CheckDescriptor(id: fileMissing, title: "Referenced file missing", reference: "Xcode asset catalog format",
                        defaultSeverity: .error,
                        rationale: "Contents.json names a file that is not in the asset folder: the slot ships empty."),
        CheckDescriptor(id: fileUnreferenced, title: "File not referenced", reference: "Xcode asset catalog format",
                        defaultSeverity: .warning,
                        rationale: "A file in an asset folder that Contents.json does not name is an unassigned child: it is not built, and is often the art someone meant to ship."),
        CheckDescriptor(id: formatMismatch, title: "Image format differs from its name", reference: "PNG and JPEG signatures",
                        defaultSeverity: .error,
                        rationale: "JPEG data behind a .png name (or the reverse) loses transparency and misleads tools that trust the extension."),
        CheckDescriptor(id: groupName, title: "Group name with a period", reference: "Xcode asset catalog format",
                        defaultSeverity: .error,
                        rationale: "Xcode reads what follows a period in a folder name as an asset type; a group named that way is not read as a group."),
        CheckDescriptor(id: imageUnreadable, title: "Image unreadable", reference: "PNG (ISO/IEC 15948) and JPEG (ITU T.81)",
                        defaultSeverity: .error,
                        rationale: "An image that the decoders cannot read (truncated, corrupt, not an image) will not render."),
        CheckDescriptor(id: pathOutside, title: "Path outside the catalog", reference: "ScreenAuditKit input policy",
                        defaultSeverity: .error,
                        rationale: "A symbolic link that resolves outside the catalog folder is not read: the catalog must be self-contained."),
        CheckDescriptor(id: placeholder, title: "Placeholder art", reference: "Asset provenance policy",
                        defaultSeverity: .warning,
                        rationale: "Provenance marks the asset as a placeholder: an error in a release audit, a warning otherwise."),
        CheckDescriptor(id: provenanceMissing, title: "Provenance missing", reference: "Asset provenance policy",
                        defaultSeverity: .error,
                        rationale: "Every asset in the catalog or the requirements must have a provenance entry saying where it came from."),
        CheckDescriptor(id: provenanceUnused, title: "Provenance for an absent asset", reference: "Asset provenance policy",
                        defaultSeverity: .info,
                        rationale: "The provenance file describes an asset that is neither in the catalog nor required: a renamed or deleted asset."),
        CheckDescriptor(id: requiredMissing, title: "Required entry missing", reference: "Asset requirements",
                        defaultSeverity: .error,
                        rationale: "The requirements need this asset, idiom or appearance before screenshots are captured."),
        CheckDescriptor(id: scaleMissing, title: "Scale missing", reference: "Apple HIG: Images (scale factors)",
                        defaultSeverity: .error,
                        rationale: "An image lacks a scale the requirements (error) or the defaults (warning) need: iOS upsamples another scale and the art blurs."),
        CheckDescriptor(id: sizeInconsistent, title: "Pixel sizes inconsistent", reference: "Apple HIG: Images (scale factors)",
                        defaultSeverity: .error,
                        rationale: "An @2x image must be exactly twice its @1x size and an @3x three times; app icons and required sizes must match exactly."),
        CheckDescriptor(id: sourceQuality, title: "Low source quality", reference: "Asset provenance policy",
                        defaultSeverity: .warning,
                        rationale: "Provenance says the asset was upscaled or comes from a low-resolution source."),
    ]
}
