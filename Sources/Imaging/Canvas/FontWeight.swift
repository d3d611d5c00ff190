/// The nine weights of Apple's system font, from thinnest to heaviest. Contracts name them and the
/// stroke font draws them.
public enum FontWeight: String, CaseIterable, Sendable, Codable {
    case ultralight, thin, light, regular, medium, semibold, bold, heavy, black

    /// True for the weights WCAG's "14 pt bold" large-text rule counts as bold.
    public var isBold: Bool {
        switch self {
        case .bold, .heavy, .black: true
        default: false
        }
    }

    /// Stroke width as a fraction of the em. Regular and bold follow the stem widths of SF Pro
    /// (about 0.085 em and 0.13 em); the others are spaced between them and the extremes.
    public var strokeRatio: Double {
        switch self {
        case .ultralight: 0.035
        case .thin: 0.05
        case .light: 0.068
        case .regular: 0.085
        case .medium: 0.097
        case .semibold: 0.11
        case .bold: 0.13
        case .heavy: 0.145
        case .black: 0.16
        }
    }
}
