/// Which text counts as "large" (and so needs only 3:1 at AA).
///
/// WCAG 2.2 defines large text as at least 18 pt, or 14 pt bold, in CSS points: 24 and 18.67 CSS
/// px. An iOS point is the same reference unit as a CSS px (both about 1/160 inch at their viewing
/// distance), so `wcag` reads the declared iOS point size as CSS px: large means 24 pt and up, or
/// 18.67 pt and up when bold. Apple's HIG colour-contrast table (and common iOS auditors) read the
/// numbers in iOS points instead: 18 pt and up, or any bold text. `wcag` is the default because a
/// CI gate should not pass what WCAG fails; choose `hig` with `--large-text hig`.
public enum LargeTextRule: String, CaseIterable, Sendable {
    case wcag
    case hig

    public func isLarge(pointSize: Double?, bold: Bool) -> Bool {
        guard let pointSize else { return false }
        switch self {
        case .wcag: return pointSize >= 24 || (bold && pointSize >= 18.66)
        case .hig: return pointSize >= 18 || bold
        }
    }

    /// Named in every report, so a reader knows which definition was applied.
    public var summary: String {
        switch self {
        case .wcag: "wcag: large is ≥ 24 pt, or ≥ 18.66 pt bold (WCAG's 18 pt / 14 pt bold in CSS points, iOS pt read as CSS px)"
        case .hig: "hig: large is ≥ 18 pt, or bold at any size (Apple HIG colour-contrast table, iOS points)"
        }
    }
}
