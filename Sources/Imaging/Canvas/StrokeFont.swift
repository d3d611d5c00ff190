/// A proportional sans-serif font drawn as centre lines with round ends, sized so its metrics match
/// SF Pro's where checks care: cap height, x-height, stem widths. Screens rendered with it have
/// text whose size, weight and colour are known exactly, which real fonts would only approximate.
///
/// Glyphs are polylines on an em grid (`StrokeFontGlyphs`). To draw one at `size` pixels with a
/// stroke `w` pixels wide, the centre lines move right by `w/2` and the grid is scaled vertically
/// so that the *ink* — centre lines plus half the stroke — spans exactly the baseline to the cap
/// height: `y_pixels = w/2 + y·size·(capHeight − w)/capHeight`. Heavier weights therefore grow
/// wider (each advance gains `w`) but never taller.
public enum StrokeFont {
    /// Cap height ÷ em, as in SF Pro: the ink of "H" is exactly this tall at every weight.
    public static let capHeightRatio = 0.705
    /// Ink x-height ÷ em at regular weight (0.516 at ultralight, up to 0.551 at black).
    public static let xHeightRatio = 0.53
    /// How far above the baseline the ink of any unaccented glyph may reach, ÷ em ('b', 'd', 'l',
    /// brackets, the dot of 'i').
    public static let ascenderRatio = 0.74
    /// How far below the baseline any glyph's ink may reach, ÷ em ('g', 'p', 'y', brackets).
    public static let descenderRatio = 0.21
    /// How far above the baseline the ink of accents may reach, ÷ em. Accents keep a fixed gap
    /// above the letter at every weight, so those of lower-case letters pass the ascender at
    /// heavy weights and the ring of 'Å' always does.
    public static let accentTopRatio = 1.0

    /// Stroke width in pixels: the weight's share of the em (regular 0.085, semibold 0.11, bold
    /// 0.13, black 0.16), at least one pixel so small text stays visible, and at most 30 % of the
    /// cap height so tiny text keeps its shape. Zero for a size that is not a positive number.
    public static func strokeWidth(size: Double, weight: FontWeight) -> Double {
        guard size.isFinite, size > 0 else { return 0 }
        return min(max(weight.strokeRatio * size, 1), 0.3 * capHeightRatio * size)
    }

    /// Total advance of `text` in pixels: where the pen ends when drawing starts at 0.
    public static func advance(of text: String, size: Double, weight: FontWeight) -> Double {
        let strokeWidth = strokeWidth(size: size, weight: weight)
        guard strokeWidth > 0 else { return 0 }
        var total = 0.0
        for character in text {
            total += glyph(for: character).advance * size + strokeWidth
        }
        return total
    }

    /// True when the font has a glyph for `character`; others are drawn as a hollow box.
    public static func supports(_ character: Character) -> Bool {
        StrokeFontGlyphs.table[character] != nil
    }

    /// Every character with a glyph, sorted by Unicode scalar values.
    public static var supportedCharacters: [Character] {
        StrokeFontGlyphs.table.keys.sorted { $0.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
    }

    // MARK: - Design grid

    /// Heights on the em grid the glyphs are written on, chosen so that after the vertical scaling
    /// described above the ink lands on the public ratios: the x-height at regular weight, and
    /// ascender and descender never passed at any weight.
    static let designCapHeight = capHeightRatio
    static let designXHeight = 0.506
    static let designAscender = 0.74
    static let designDescender = -0.22

    static func metric(named name: String) -> Double? {
        switch name {
        case "cap": designCapHeight
        case "mid": designCapHeight / 2
        case "xh": designXHeight
        case "xm": designXHeight / 2
        case "asc": designAscender
        case "dsc": designDescender
        default: nil
        }
    }

    /// The glyph for `character`, or the hollow box for characters the font lacks.
    static func glyph(for character: Character) -> StrokeGlyph {
        StrokeFontGlyphs.table[character] ?? StrokeFontGlyphs.missing
    }

    /// Gap between the ink of a letter and the ink of its accent or dot, in em; at least a pixel,
    /// so the dot of a small 'i' stays apart from its stem.
    static let markGap = 0.04
    static let minimumMarkGapPixels = 1.0

    /// Where glyph centre lines land in pixels for one size and weight.
    struct Placement {
        let size: Double
        let strokeWidth: Double
        /// Pixels per em unit vertically: the em grid is squeezed so ink fits the cap height.
        let verticalScale: Double

        init?(size: Double, weight: FontWeight) {
            let strokeWidth = StrokeFont.strokeWidth(size: size, weight: weight)
            guard strokeWidth > 0 else { return nil }
            let capHeight = capHeightRatio * size
            self.size = size
            self.strokeWidth = strokeWidth
            verticalScale = size * (capHeight - strokeWidth) / capHeight
        }

        func advance(_ glyph: StrokeGlyph) -> Double { glyph.advance * size + strokeWidth }

        /// Centre-line polylines of `glyph` in canvas pixels for the pen at (`pen`, `baseline`).
        func polylines(_ glyph: StrokeGlyph, pen: Double, baseline: Double) -> [[(Double, Double)]] {
            let halfWidth = strokeWidth / 2
            let left = pen + halfWidth
            var lines = glyph.strokes.map { line in
                line.map { (left + $0.x * size, baseline - (halfWidth + $0.y * verticalScale)) }
            }
            if !glyph.marks.isEmpty {
                let markBottom = markBaseline(glyph)
                lines += glyph.marks.map { line in
                    line.map { (left + $0.x * size, baseline - (markBottom + $0.y * verticalScale)) }
                }
            }
            return lines
        }

        /// Height above the baseline, in pixels, of the lowest centre line of `glyph`'s marks.
        func markBaseline(_ glyph: StrokeGlyph) -> Double {
            let halfWidth = strokeWidth / 2
            let anchorInk = glyph.markAnchor == .xHeight ? designXHeight * verticalScale + strokeWidth : capHeightRatio * size
            let bottom = anchorInk + max(markGap * size, minimumMarkGapPixels) + halfWidth
            guard glyph.marksStayBelowAscender else { return bottom }
            let overshoot = bottom + glyph.markHeight * verticalScale + halfWidth - ascenderRatio * size
            return overshoot > 0 ? bottom - overshoot : bottom
        }
    }
}
