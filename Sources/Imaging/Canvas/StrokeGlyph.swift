/// A point on the em grid of the stroke font: x to the right of the pen, y up from the baseline.
struct GlyphPoint: Equatable, Sendable {
    var x: Double
    var y: Double
}

/// One glyph of the stroke font: centre lines drawn with round ends, and the width the pen moves.
struct StrokeGlyph: Sendable {
    /// The ink a glyph's marks sit above.
    enum Anchor: Sendable {
        case xHeight, capHeight
    }

    /// Pen advance in em before the stroke width is added (see `StrokeFont.advance`).
    var advance: Double
    /// Polylines of centre-line points in em. A polyline of one point is a round dot.
    var strokes: [[GlyphPoint]]
    /// Accents and the dots of 'i' and 'j': placed a fixed gap above the ink of `markAnchor` at
    /// every weight, because the ink of the letter below grows with the weight. Their y is relative
    /// to their lowest centre-line point.
    var marks: [[GlyphPoint]]
    var markAnchor: Anchor
    /// True for the dots of 'i' and 'j', which move down at heavy weights rather than rise above
    /// the ascender; accents may rise above it.
    var marksStayBelowAscender: Bool
    /// Height of the marks' centre lines in em.
    var markHeight: Double
    /// Horizontal extent of all centre lines in em.
    var minX: Double
    var maxX: Double

    init(advance: Double, strokes: [[GlyphPoint]], marks: [[GlyphPoint]] = [],
         markAnchor: Anchor = .xHeight, marksStayBelowAscender: Bool = false) {
        self.advance = advance
        self.strokes = strokes
        let markBottom = marks.joined().map(\.y).min() ?? 0
        self.marks = marks.map { $0.map { GlyphPoint(x: $0.x, y: $0.y - markBottom) } }
        self.markAnchor = markAnchor
        self.marksStayBelowAscender = marksStayBelowAscender
        markHeight = (marks.joined().map(\.y).max() ?? markBottom) - markBottom
        let xs = (strokes + marks).joined().map(\.x)
        minX = xs.min() ?? 0
        maxX = xs.max() ?? 0
    }

    /// The same glyph moved `dx` em to the right.
    func shifted(by dx: Double) -> StrokeGlyph {
        func move(_ lines: [[GlyphPoint]]) -> [[GlyphPoint]] { lines.map { $0.map { GlyphPoint(x: $0.x + dx, y: $0.y) } } }
        return StrokeGlyph(advance: advance, strokes: move(strokes), marks: move(marks),
                           markAnchor: markAnchor, marksStayBelowAscender: marksStayBelowAscender)
    }
}

/// A tiny path language for writing glyphs by hand, one line per glyph:
///
/// - `M x y` starts a polyline, `L x y` continues it with a straight line;
/// - `A cx cy rx ry from to` continues it (or starts one) with an elliptical arc from angle `from`
///   to `to` in degrees, counter-clockwise when `to > from`, in steps of 7.5° from `UnitCircle`;
/// - `E cx cy rx ry` is a closed ellipse.
///
/// A number may be a literal or a font metric (`cap`, `xh`, `asc`, `dsc`, `mid` = half the cap
/// height, `xm` = half the x-height), optionally followed by `+n` or `-n`.
enum GlyphPath {
    static func parse(_ source: String) -> [[GlyphPoint]]? {
        var tokens = source.split(separator: " ").map(String.init)[...]
        var strokes: [[GlyphPoint]] = []
        var current: [GlyphPoint] = []

        func numbers(_ count: Int) -> [Double]? {
            guard tokens.count >= count else { return nil }
            var values: [Double] = []
            for _ in 0..<count {
                guard let value = number(tokens.removeFirst()) else { return nil }
                values.append(value)
            }
            return values
        }
        func finish() {
            if !current.isEmpty { strokes.append(current) }
            current = []
        }

        while let command = tokens.popFirst() {
            switch command {
            case "M":
                guard let v = numbers(2) else { return nil }
                finish()
                current = [GlyphPoint(x: v[0], y: v[1])]
            case "L":
                guard let v = numbers(2), !current.isEmpty else { return nil }
                current.append(GlyphPoint(x: v[0], y: v[1]))
            case "A":
                guard let v = numbers(6), let from = step(v[4]), let to = step(v[5]) else { return nil }
                let direction = to >= from ? 1 : -1
                for s in stride(from: from, through: to, by: direction) {
                    let unit = UnitCircle.point(atStep: s)
                    let point = GlyphPoint(x: v[0] + v[2] * unit.x, y: v[1] + v[3] * unit.y)
                    if current.last != point { current.append(point) }
                }
            case "E":
                guard let v = numbers(4) else { return nil }
                finish()
                for s in 0...UnitCircle.steps {
                    let unit = UnitCircle.point(atStep: s)
                    current.append(GlyphPoint(x: v[0] + v[2] * unit.x, y: v[1] + v[3] * unit.y))
                }
                finish()
            default:
                return nil
            }
        }
        finish()
        return strokes
    }

    /// Whole steps of the unit-circle table; nil for angles between table points.
    private static func step(_ degrees: Double) -> Int? {
        let steps = degrees / UnitCircle.stepDegrees
        guard steps == steps.rounded(), abs(steps) < 1000 else { return nil }
        return Int(steps)
    }

    private static func number(_ token: String) -> Double? {
        if let value = Double(token) { return value }
        var name = token
        var offset = 0.0
        if let index = token.firstIndex(where: { $0 == "+" || $0 == "-" }), index != token.startIndex {
            name = String(token[..<index])
            guard let magnitude = Double(token[token.index(after: index)...]) else { return nil }
            offset = token[index] == "+" ? magnitude : -magnitude
        }
        guard let base = StrokeFont.metric(named: name) else { return nil }
        return base + offset
    }
}
