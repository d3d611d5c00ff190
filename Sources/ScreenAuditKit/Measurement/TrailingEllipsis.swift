import Imaging

/// An ellipsis drawn at the end of a line of text, found in the pixels without a model: the last
/// three pieces of ink at the line's right end are small, equal dots standing on the baseline,
/// evenly spaced, after a letter. "..." and the single glyph "…" (U+2026, drawn as three such
/// dots in every font) look the same. Left-to-right text only: a right-to-left line's ellipsis
/// stands at its left end, which is not looked at.
public struct TrailingEllipsis: Equatable, Sendable {
    /// The line it ends (0 is the top line of the text).
    public var line: Int
    /// The line's rows across the element's frame, in pixels of the screenshot.
    public var lineFrame: PixelRect
    /// The dots' bounds, left to right, in pixels of the screenshot.
    public var dots: [PixelRect]
    /// The largest dot's width and height, in pixels.
    public var dotWidth: Int
    public var dotHeight: Int
    /// The mean distance between the dots' centres, in pixels.
    public var pitch: Double
    /// The text's x-height the dots were measured against, in pixels.
    public var xHeight: Double
}

/// Finds `TrailingEllipsis` at the right end of measured lines. The thresholds are shares of the
/// text's x-height (or of the cap height × 0.53 ÷ 0.705 for text without lower case), so one
/// test holds at every size and scale; each says where it comes from.
struct TrailingEllipsisFinder {
    /// A dot is at most this share of the x-height wide and tall. A period is about a stroke
    /// wide: 0.24 of the x-height in the stroke font at regular weight, 0.33 at bold, about 0.25
    /// in SF Pro Text, 0.3 in SF Pro Bold; the ink threshold and pixel snapping add a pixel.
    static let maximumDotSize = 0.45
    /// A dot's top stands at most this share of the x-height above the baseline: well under
    /// the tops of lower-case letters (the x-height) and of a middle dot "·" or the dots of "⋯"
    /// (centred near 0.5).
    static let maximumDotTop = 0.5
    /// A dot's bottom lies within this share of the x-height of the baseline (at least
    /// `minimumBaselineSlack` pixels): round dots overshoot the baseline a little, and the
    /// baseline is measured to a fraction of a pixel while the dot's bottom is a whole row.
    static let baselineSlack = 0.15
    static let minimumBaselineSlack = 1.25
    /// Width and height of a dot differ by at most this share of the larger (at least a pixel):
    /// a dot is about as wide as tall; a dash, an underscore, a comma's tail are not.
    static let maximumAspectDifference = 0.4
    /// The three dots' widths (and heights) differ by at most this share of the largest (at
    /// least a pixel): they are one glyph drawn three times.
    static let maximumSizeDifference = 0.3
    /// The two distances between the dots' centres differ by at most this share of the larger
    /// (at least a pixel): an ellipsis is evenly spaced; a period after a letter's detached
    /// piece, or three unrelated marks, rarely are.
    static let maximumPitchDifference = 0.2
    /// The dots' centres are at most this share of the x-height apart: "…" and "..." set them
    /// 0.4–0.6 of the x-height apart (0.22 and 0.245 em in the stroke font, about 0.3 em in SF);
    /// a page control's dots, or dots of a separate drawing, are further.
    static let maximumPitch = 1.2
    /// The ink before the first dot ends at most this share of the x-height before it: a letter,
    /// or a letter and a space (0.19–0.28 em).
    static let maximumLeadingGap = 1.0
    /// The ink before the dots rises at least this share of the x-height above the baseline: a
    /// letter or digit, not another dot, a comma or a dash.
    static let minimumLetterTop = 0.7
    /// How far left of the line's right end the pieces are looked at, in x-heights: three dots at
    /// the widest pitch, the gap before them and part of the letter.
    static let windowWidth = 4.5
    /// The line's last columns whose ink must stay as low as a dot before the pieces at its end
    /// are looked at, in x-heights: within the last dot and the gap before it (dots are 0.24–0.45
    /// and their pitch 0.4–0.6 of the x-height).
    static let endColumns = 0.3

    let coverage: InkCoverage
    /// Where the element's frame starts in the screenshot: map positions are turned into
    /// screenshot pixels with it.
    let frameOrigin: (x: Int, y: Int)

    /// `coverage` as `TextAnalysis` keeps it (the frame and a ring around it); `frame`: the
    /// element's frame in the screenshot. The ring is left out by position; shapes of the frame
    /// (a border, the corners of a rounded control) are removed only where the frame's edges hold
    /// ink, as the glyph geometry removes them.
    init(coverage: InkCoverage, frame: PixelRect) {
        let map = coverage
        let f = map.frame
        var edgeInk = false
        map.values.withUnsafeBufferPointer { values in
            for x in f.x..<f.maxX where values[f.y * map.width + x] >= InkCoverage.inkLevel || values[(f.maxY - 1) * map.width + x] >= InkCoverage.inkLevel {
                edgeInk = true
                break
            }
            if !edgeInk {
                for y in f.y..<f.maxY where values[y * map.width + f.x] >= InkCoverage.inkLevel || values[y * map.width + f.maxX - 1] >= InkCoverage.inkLevel {
                    edgeInk = true
                    break
                }
            }
        }
        self.coverage = edgeInk ? map.frameOnly().removingFrameShapes() : map
        frameOrigin = (frame.x, frame.y)
    }

    /// The ellipsis ending the last line of `geometry`, if it ends in one. Only the last line is
    /// read: UIKit's and Android's text views truncate the last line they show, so an earlier
    /// line ending in an ellipsis is one of the text's own, wrapped after it ("Wait... | then tap").
    func ellipsis(endingLastLineOf geometry: TextGeometry, xHeight: Double) -> TrailingEllipsis? {
        guard let last = geometry.lines.last else { return nil }
        return ellipsis(ending: last, index: geometry.lines.count - 1, xHeight: xHeight)
    }

    /// One connected piece of ink (eight-connected, pixels at least half ink), in map positions.
    struct Piece {
        var minX: Int, maxX: Int, minY: Int, maxY: Int
        var pixels = 0
        /// The sum of x × coverage and of coverage over its pixels: its centre to a fraction of a pixel.
        var weightedX = 0.0, weight = 0.0
        /// It touches an edge of the frame: a shape of the frame or text cut by it, not a dot.
        var touchesFrame = false

        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        var centerX: Double { weight > 0 ? weightedX / weight : Double(minX + maxX) / 2 }
    }

    func ellipsis(ending line: TextLineGeometry, index: Int, xHeight: Double) -> TrailingEllipsis? {
        let map = coverage, f = map.frame
        guard xHeight >= 3, line.bottomRow >= line.topRow else { return nil }
        let top = f.y + line.topRow, bottom = min(f.maxY - 1, f.y + line.bottomRow)
        guard top <= bottom else { return nil }
        let baseline = Double(f.y) + line.baseline
        // The line's right end: the last column holding ink in its rows.
        var right = f.x - 1
        map.values.withUnsafeBufferPointer { values in
            let raw = UnsafeRawPointer(values.baseAddress!)
            for row in top...bottom {
                var x = f.maxX - 1
                let base = row * map.width
                // Eight blank pixels at a time (the top bit of a byte is "at least half ink"),
                // never past the right end found in the rows above.
                while x - 8 >= right, raw.loadUnaligned(fromByteOffset: base + x - 7, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { x -= 8 }
                while x > right, values[base + x] < InkCoverage.inkLevel { x -= 1 }
                right = max(right, x)
            }
        }
        guard right >= f.x else { return nil }
        // Most lines end in a letter: the ink of the line's last columns rises above a dot's
        // height. The columns within `endColumns` x-heights of the end are looked at, not the last
        // alone: a round letter's last column is the middle of its curve, low like a dot, but the
        // curve rises within a third of an x-height, while an ellipsis's last dot and the gap
        // before it stay low.
        var columnTop = bottom
        let firstColumn = max(f.x, right - Int((Self.endColumns * xHeight).rounded(.down)))
        map.values.withUnsafeBufferPointer { values in
            rows: for row in top...bottom {
                for x in firstColumn...right where values[row * map.width + x] >= InkCoverage.inkLevel {
                    columnTop = row
                    break rows
                }
            }
        }
        guard baseline - Double(columnTop) <= Self.maximumDotTop * xHeight + 1 else { return nil }
        let left = max(f.x, right - Int((Self.windowWidth * xHeight).rounded(.up)))
        let pieces = Self.pieces(in: map, columns: left...right, rows: top...bottom)
        return judge(pieces, line: line, index: index, baseline: baseline, xHeight: xHeight)
    }

    /// Whether `pieces` (the window at the line's right end) end in an ellipsis.
    func judge(_ all: [Piece], line: TextLineGeometry, index: Int, baseline: Double, xHeight: Double) -> TrailingEllipsis? {
        let inside = all.filter { !$0.touchesFrame }
        guard let last = inside.max(by: { ($0.maxX, $1.minX) < ($1.maxX, $0.minX) }) else { return nil }
        // Specks (a few pixels of a JPEG's ringing) are far smaller than a dot.
        let pieces = inside.filter { 4 * $0.pixels >= last.pixels }.sorted { ($0.minX, $0.minY) < ($1.minX, $1.minY) }
        guard pieces.count >= 4 else { return nil }
        let dots = Array(pieces.suffix(3))
        guard dots[2].maxX == last.maxX, dots.allSatisfy({ isDot($0, baseline: baseline, xHeight: xHeight) }) else { return nil }
        func similar(_ values: [Int]) -> Bool {
            let high = values.max()!, low = values.min()!
            return Double(high - low) <= max(1, Self.maximumSizeDifference * Double(high))
        }
        guard similar(dots.map(\.width)), similar(dots.map(\.height)) else { return nil }
        let pitches = [dots[1].centerX - dots[0].centerX, dots[2].centerX - dots[1].centerX]
        guard pitches.allSatisfy({ $0 > 0 && $0 <= Self.maximumPitch * xHeight }),
              abs(pitches[0] - pitches[1]) <= max(1, Self.maximumPitchDifference * pitches.max()!),
              dots[0].maxX < dots[1].minX, dots[1].maxX < dots[2].minX else { return nil }
        let before = pieces.dropLast(3)
        // Each dot stands alone in its columns: no mark above it (the top dot of ':', the stem
        // of 'i' or '!'), other than a capital's overhang well above the x-height (a 'T' kerned
        // over the first dot).
        for dot in dots {
            for other in before where other.maxX >= dot.minX && Double(other.maxY + 1) > baseline - xHeight { return nil }
        }
        // A letter before the dots, not a fourth dot (a dotted leader) or nothing (a page
        // control's dots alone): the nearest ink before them rises like a letter.
        guard let nearest = before.max(by: { $0.maxX < $1.maxX }),
              Double(dots[0].minX - nearest.maxX - 1) <= Self.maximumLeadingGap * xHeight else { return nil }
        let letter = before.filter { $0.maxX >= nearest.maxX - Int((0.5 * xHeight).rounded()) }
        guard let letterTop = letter.map(\.minY).min(), baseline - Double(letterTop) >= Self.minimumLetterTop * xHeight else { return nil }
        let frameLeft = coverage.frame.x
        let lineFrame = PixelRect(x: frameOrigin.x, y: frameOrigin.y + line.topRow,
                                  width: coverage.frame.width, height: line.bottomRow - line.topRow + 1)
        func inScreenshot(_ piece: Piece) -> PixelRect {
            PixelRect(x: frameOrigin.x + piece.minX - frameLeft, y: frameOrigin.y + piece.minY - coverage.frame.y,
                      width: piece.width, height: piece.height)
        }
        return TrailingEllipsis(line: index, lineFrame: lineFrame, dots: dots.map(inScreenshot),
                                dotWidth: dots.map(\.width).max()!, dotHeight: dots.map(\.height).max()!,
                                pitch: ((pitches[0] + pitches[1]) / 2).rounded(places: 1), xHeight: xHeight.rounded(places: 1))
    }

    /// A small blob about as wide as tall, standing on the baseline, its top well below the x-height.
    func isDot(_ piece: Piece, baseline: Double, xHeight: Double) -> Bool {
        let size = max(piece.width, piece.height)
        guard Double(size) <= Self.maximumDotSize * xHeight,
              Double(abs(piece.width - piece.height)) <= max(1, Self.maximumAspectDifference * Double(size)) else { return false }
        let bottomEdge = Double(piece.maxY + 1)
        return abs(bottomEdge - baseline) <= max(Self.minimumBaselineSlack, Self.baselineSlack * xHeight)
            && baseline - Double(piece.minY) <= Self.maximumDotTop * xHeight + 1
    }

    /// The eight-connected pieces of ink (pixels at least half ink) in a window of `map`, each
    /// traced within the window; a piece reaching the window's left edge is cut there (it is the
    /// letter before the dots, or ink further left).
    static func pieces(in map: InkCoverage, columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> [Piece] {
        let width = columns.count, height = rows.count
        var seen = [Bool](repeating: false, count: width * height)
        var pieces: [Piece] = []
        var stack: [Int] = []
        let f = map.frame
        map.values.withUnsafeBufferPointer { values in
            func ink(_ index: Int) -> UInt8 {
                values[(rows.lowerBound + index / width) * map.width + columns.lowerBound + index % width]
            }
            for start in 0..<(width * height) where !seen[start] && ink(start) >= InkCoverage.inkLevel {
                seen[start] = true
                stack.append(start)
                let x0 = columns.lowerBound + start % width, y0 = rows.lowerBound + start / width
                var piece = Piece(minX: x0, maxX: x0, minY: y0, maxY: y0)
                while let index = stack.popLast() {
                    let wx = index % width, wy = index / width
                    let x = columns.lowerBound + wx, y = rows.lowerBound + wy
                    let value = Double(ink(index))
                    piece.minX = min(piece.minX, x)
                    piece.maxX = max(piece.maxX, x)
                    piece.minY = min(piece.minY, y)
                    piece.maxY = max(piece.maxY, y)
                    piece.pixels += 1
                    piece.weightedX += Double(x) * value
                    piece.weight += value
                    if x == f.x || x == f.maxX - 1 || y == f.y || y == f.maxY - 1 { piece.touchesFrame = true }
                    for dy in -1...1 where wy + dy >= 0 && wy + dy < height {
                        for dx in -1...1 where wx + dx >= 0 && wx + dx < width {
                            let next = index + dy * width + dx
                            if !seen[next], ink(next) >= InkCoverage.inkLevel {
                                seen[next] = true
                                stack.append(next)
                            }
                        }
                    }
                }
                pieces.append(piece)
            }
        }
        return pieces
    }
}

extension TextGeometry {
    /// The height dots and letters are compared with: the x-height, or for text without lower
    /// case the cap height × 0.53 ÷ 0.705 (SF Pro's proportion), or for ideographs half their
    /// body; nil when the pixels gave none.
    var referenceXHeight: Double? {
        xHeight ?? capHeight.map { $0 * 0.53 / 0.705 } ?? ideographHeight.map { $0 * 0.5 }
    }
}

extension TextAnalysis {
    /// The ellipsis ending the text's last line (see `TrailingEllipsis`), measured on the coverage
    /// and the glyph geometry the other text checks share; only the line's right end is read again.
    func trailingEllipsis(content: String, capToXHeight: Double) -> Result<(lines: Int, found: TrailingEllipsis?), TextAnalysisFailure> {
        let map: InkCoverage
        switch coverage {
        case let .notMeasurable(reason): return .failure(TextAnalysisFailure(reason: reason))
        case let .measured(measured): map = measured
        }
        switch geometry(content: content, capToXHeight: capToXHeight) {
        case let .notMeasurable(reason):
            return .failure(TextAnalysisFailure(reason: reason))
        case let .measured(text):
            guard let xHeight = text.referenceXHeight else { return .failure(TextAnalysisFailure(reason: "no x-height or cap height was measured")) }
            let found = TrailingEllipsisFinder(coverage: map, frame: frame).ellipsis(endingLastLineOf: text, xHeight: xHeight)
            return .success((text.lines.count, found))
        }
    }
}

/// Why a text's pixels were not measured.
struct TextAnalysisFailure: Error, Equatable {
    var reason: String
}
