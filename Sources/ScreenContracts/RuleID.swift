/// Rule ids: a public interface. Once published an id never changes meaning.
public enum RuleID {
    public static let contrastText = "contrast.text"
    public static let contrastNonText = "contrast.nontext"
    public static let textSize = "text.size"
    public static let textClipped = "text.clipped"
    public static let textUnexposed = "text.unexposed"
    public static let targetSize = "target.size"
    public static let targetSpacing = "target.spacing"
    public static let colorOnly = "color.only"
    public static let screenshotUnreadable = "screenshot.unreadable"
    public static let screenshotSizeMismatch = "screenshot.size-mismatch"
    public static let hierarchyMissing = "hierarchy.missing"
    public static let hierarchyUnreadable = "hierarchy.unreadable"
    public static let designPalette = "design.palette"
    public static let designTypeRamp = "design.type-ramp"
    public static let designConsistency = "design.consistency"
    public static let layoutSafeArea = "layout.safe-area"
    public static let layoutOverlap = "layout.overlap"
    public static let labelMissing = "label.missing"
    public static let labelUnclear = "label.unclear"
    public static let labelRedundant = "label.redundant"
    public static let labelDuplicate = "label.duplicate"
    public static let labelTextMismatch = "label.text-mismatch"
    public static let labelHintMissing = "label.hint-missing"
    public static let orderReading = "order.reading"
    public static let textScales = "text.scales"
    public static let textTruncated = "text.truncated"

    /// Every rule id a contract may name (in waivers and check selections).
    public static let all: [String] = [
        contrastText, contrastNonText, textSize, textClipped, textUnexposed, targetSize, targetSpacing, colorOnly,
        screenshotUnreadable, screenshotSizeMismatch, hierarchyMissing, hierarchyUnreadable,
        designPalette, designTypeRamp, designConsistency, layoutSafeArea, layoutOverlap, labelMissing, labelUnclear,
        labelRedundant, labelDuplicate, labelTextMismatch, labelHintMissing, orderReading, textScales, textTruncated,
    ]
}
