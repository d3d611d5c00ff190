/// WCAG 2.2 relative luminance and contrast ratio.
/// Definitions: https://www.w3.org/TR/WCAG22/#dfn-relative-luminance and #dfn-contrast-ratio.
public enum WCAG {
    /// L = 0.2126 R + 0.7152 G + 0.0722 B over linearised components (Rec. 709 luminance weights).
    public static func relativeLuminance(_ color: RGB8) -> Double {
        let table = SRGBTransfer.linearTableDouble
        return relativeLuminance(linearRed: table[Int(color.red)],
                                 green: table[Int(color.green)],
                                 blue: table[Int(color.blue)])
    }

    public static func relativeLuminance(linearRed red: Double, green: Double, blue: Double) -> Double {
        0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    /// (L1 + 0.05) / (L2 + 0.05) with L1 the lighter; 1...21. Never rounded here: callers compare
    /// the exact value with the threshold, so 4.499 fails 4.5.
    public static func contrastRatio(luminance first: Double, _ second: Double) -> Double {
        let lighter = max(first, second)
        let darker = min(first, second)
        return (lighter + 0.05) / (darker + 0.05)
    }

    public static func contrastRatio(_ first: RGB8, _ second: RGB8) -> Double {
        contrastRatio(luminance: relativeLuminance(first), relativeLuminance(second))
    }
}

/// The contrast minimums of WCAG 2.2, each with the success criterion that sets it.
public enum ContrastRequirement: String, CaseIterable, Sendable {
    /// SC 1.4.3 Contrast (Minimum), level AA, normal text.
    case normalTextAA
    /// SC 1.4.3, level AA, large text (18 pt, or 14 pt bold).
    case largeTextAA
    /// SC 1.4.6 Contrast (Enhanced), level AAA, normal text.
    case normalTextAAA
    /// SC 1.4.6, level AAA, large text.
    case largeTextAAA
    /// SC 1.4.11 Non-text Contrast, level AA: UI components and graphical objects.
    case nonTextAA

    public var minimumRatio: Double {
        switch self {
        case .normalTextAA: 4.5
        case .largeTextAA: 3
        case .normalTextAAA: 7
        case .largeTextAAA: 4.5
        case .nonTextAA: 3
        }
    }

    public var successCriterion: String {
        switch self {
        case .normalTextAA, .largeTextAA: "WCAG 2.2 SC 1.4.3"
        case .normalTextAAA, .largeTextAAA: "WCAG 2.2 SC 1.4.6"
        case .nonTextAA: "WCAG 2.2 SC 1.4.11"
        }
    }

    public var title: String {
        switch self {
        case .normalTextAA: "AA normal text"
        case .largeTextAA: "AA large text"
        case .normalTextAAA: "AAA normal text"
        case .largeTextAAA: "AAA large text"
        case .nonTextAA: "AA non-text"
        }
    }

    /// Exact comparison: a ratio passes only when it is at least the minimum.
    public func isMet(by ratio: Double) -> Bool { ratio >= minimumRatio }
}
