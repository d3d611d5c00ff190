import Imaging

/// The weight of text as its pixels show it: the width of its vertical strokes against its size.
///
/// In the middle of the x-height (or of the cap height, for text without lower case) a row of text
/// crosses every stem, the sides of every bowl and the diagonals: each crossing is a run of ink
/// whose width, summed over its anti-aliased pixels, is the stroke's width to a fraction of a
/// pixel. Stems are the narrowest crossings (bowls' sides are a little wider, diagonals wider
/// still, bars run along the row), so the width is taken low in their distribution (the 30th
/// percentile). Over the point size in pixels it is the stem's share of the em, which SF Pro sets
/// by weight: about 0.085 em regular and 0.13 em bold, semibold 0.11 between them (the stroke
/// font's `FontWeight.strokeRatio` follows the same stems).
public struct MeasuredWeight: Equatable, Sendable {
    /// The weight whose stem is nearest the measured one.
    public var weight: FontWeight
    /// Stem width ÷ point size.
    public var strokeEm: Double
    /// How sure the reading is, 0...1: the strokes a row crosses (six or more, a short word, are
    /// full confidence) times the distance of the stem from the bold/not-bold boundary, 0 on it
    /// and full at semibold's or bold's own stem (0.01 em from it) or beyond.
    public var confidence: Double
    /// Stroke crossings measured.
    public var samples: Int

    /// Stems at or above this share of the em read as bold: halfway between semibold (0.11) and
    /// bold (0.13). WCAG's "bold" is CSS's 700; semibold (600) is not counted as bold.
    public static let boldStrokeEm = 0.12
    /// The confidence the measured weight needs to decide whether undeclared text is large.
    public static let decidingConfidence = 0.5

    /// Whether the text reads as bold with the confidence to decide by.
    public var isConfidentlyBold: Bool { strokeEm >= Self.boldStrokeEm && confidence >= Self.decidingConfidence }

    /// The weight of a stem `strokeEm` of the em: the nearest of the stroke font's stems.
    static func weight(strokeEm: Double) -> FontWeight {
        let weights: [FontWeight] = [.light, .regular, .medium, .semibold, .bold, .heavy]
        return weights.min { abs($0.strokeRatio - strokeEm) < abs($1.strokeRatio - strokeEm) } ?? .regular
    }

    /// The weight of the text whose `geometry` was measured on `coverage`, sized `pointSize` at
    /// `scale`; nil when too few strokes cross the rows measured.
    static func measure(_ coverage: InkCoverage, geometry: TextGeometry, pointSize: Double, scale: Double) -> MeasuredWeight? {
        let body = geometry.xHeight ?? geometry.capHeight.map { $0 * 0.75 }
        guard let body, body >= 4, pointSize > 0, scale > 0 else { return nil }
        // A crossing wider than half the body is a bar or letters run together, not a stroke.
        let widest = 0.5 * body
        let width = coverage.width
        var widths: [Double] = []
        coverage.values.withUnsafeBufferPointer { values in
            for line in geometry.lines {
                let top = Int((line.baseline - 0.7 * body).rounded()), bottom = Int((line.baseline - 0.3 * body).rounded())
                guard top >= 0, bottom < coverage.height, top <= bottom else { continue }
                for row in top...bottom {
                    var run = 0.0, start = -1
                    for column in 0...width {
                        let value = column < width ? Int(values[row * width + column]) : 0
                        if value > 25 {
                            if start < 0 { start = column }
                            run += Double(value) / 255
                        } else if start >= 0 {
                            // Runs touching the map's sides may be cut: not counted.
                            if start > 0, column < width, run >= 0.5, run <= widest { widths.append(run) }
                            run = 0
                            start = -1
                        }
                    }
                }
            }
        }
        guard widths.count >= 4 else { return nil }
        widths.sort()
        let stroke = widths[widths.count * 3 / 10]
        let strokeEm = stroke / (pointSize * scale)
        let rows = max(1, geometry.lines.count * max(1, Int(0.4 * body)))
        let stems = Double(widths.count) / Double(rows)
        let confidence = min(1, stems / 6) * min(1, abs(strokeEm - boldStrokeEm) / 0.01)
        return MeasuredWeight(weight: weight(strokeEm: strokeEm), strokeEm: strokeEm, confidence: (confidence * 100).rounded() / 100,
                              samples: widths.count)
    }
}

extension TextAnalysis {
    /// The weight of the text whose `geometry` this analysis measured, sized `pointSize` at `scale`.
    func weight(of geometry: TextGeometry, pointSize: Double, scale: Double) -> MeasuredWeight? {
        guard case let .measured(coverage) = coverage else { return nil }
        return MeasuredWeight.measure(coverage.frameOnly().removingFrameShapes(), geometry: geometry, pointSize: pointSize, scale: scale)
    }
}

extension TextAnalysis {
    /// Whether the frame holds a filled shape besides its glyphs: a run of columns at least
    /// `0.3 × capHeight` wide (and 3 pixels), each inked without a break for at least half the cap
    /// height. A letter's stem is as tall but at most about a quarter of the cap height wide (0.16
    /// em at black weight against 0.705); a status dot, a filled icon or an avatar is wider. Decides
    /// whether the frame's text lines are looked for (`TextRegion`) at all: most frames hold text
    /// alone, so it is cheap. Columns are read one at a time, every half run's width: a shape that
    /// wide holds at least two of them; where one reaches, its neighbours are read until the run
    /// ends. A frame of text reads a few percent of its pixels.
    func holdsFilledShape(capHeight: Double) -> Bool {
        guard case let .measured(coverage) = coverage, capHeight >= 2 else { return false }
        let map = coverage.frameOnly()
        let width = map.width, height = map.height
        let tall = Int((0.5 * capHeight).rounded(.up)), wide = max(3, Int((0.3 * capHeight).rounded(.up)))
        guard tall <= height, wide <= width else { return false }
        // Per column: 0 not read yet, 1 an unbroken run reaches `tall`, 2 none does.
        var known = [UInt8](repeating: 0, count: width)
        return map.values.withUnsafeBufferPointer { values in
            func reaches(_ column: Int) -> Bool {
                if known[column] == 0 {
                    var run = 0, found = false
                    var index = column
                    for _ in 0..<height {
                        if values[index] >= InkCoverage.inkLevel {
                            run += 1
                            if run >= tall { found = true; break }
                        } else {
                            run = 0
                        }
                        index += width
                    }
                    known[column] = found ? 1 : 2
                }
                return known[column] == 1
            }
            for column in stride(from: 0, to: width, by: max(1, wide / 2)) where reaches(column) {
                var left = column, right = column
                while left > 0, right - left + 1 < wide, reaches(left - 1) { left -= 1 }
                while right + 1 < width, right - left + 1 < wide, reaches(right + 1) { right += 1 }
                if right - left + 1 >= wide { return true }
            }
            return false
        }
    }
}
