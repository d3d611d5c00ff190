import Imaging

/// A side of a frame, in the order reports list them.
public enum FrameEdge: String, CaseIterable, Sendable {
    case top, right, bottom, left

    var index: Int {
        switch self {
        case .top: 0
        case .right: 1
        case .bottom: 2
        case .left: 3
        }
    }
}

/// Ink found on each edge of a text frame.
public struct FrameEdgeInk: Equatable, Sendable {
    /// Per edge (top, right, bottom, left): the pixels of the outermost row or column where a
    /// glyph stroke runs into the edge. Zero where the ink there is only a faint fringe or a
    /// border along the whole edge.
    public var inkPixels: [Int]
    /// Per edge: of those, the pixels where the glyph carries on outside the frame too (the text
    /// is drawn past its frame).
    public var overflowPixels: [Int]
    /// Per edge: the pixels of solid ink where glyphs stop at the edge mid-stroke, with nothing
    /// outside, where they are enough to be a cut glyph (`measureInkAtFrameEdges` says when);
    /// zero otherwise.
    public var cutGlyphPixels: [Int]

    public init(inkPixels: [Int], overflowPixels: [Int]? = nil, cutGlyphPixels: [Int]? = nil) {
        self.inkPixels = inkPixels
        self.overflowPixels = overflowPixels ?? inkPixels
        self.cutGlyphPixels = cutGlyphPixels ?? [0, 0, 0, 0]
    }

    /// The edges text runs into, in `FrameEdge` order.
    public var clippedEdges: [FrameEdge] { FrameEdge.allCases.filter { inkPixels[$0.index] > 0 } }

    /// The edges where text is cut: the edges its lines end at (right and bottom; left and bottom
    /// for right-to-left text) where a glyph runs into them, and the edges they start at only
    /// where the glyphs carry on outside the frame. Text whose first glyph touches a tight frame
    /// at its start (Android's `TextView` frames begin at the first glyph's ink) is whole.
    ///
    /// `framesAreLaidOut`: the frames are where the app laid its views out (a UI hierarchy dump),
    /// not where a contract wants the text to stay. Then ink the screenshot shows outside a frame
    /// is not hidden, and a whole glyph touching a tight frame is no cut: only an end edge where
    /// glyphs stop mid-stroke (`cutGlyphPixels`) is.
    public func cutEdges(rightToLeft: Bool, framesAreLaidOut: Bool = false) -> [FrameEdge] {
        let start: Set<FrameEdge> = rightToLeft ? [.top, .right] : [.top, .left]
        return FrameEdge.allCases.filter { edge in
            if framesAreLaidOut { return !start.contains(edge) && cutGlyphPixels[edge.index] > 0 }
            return start.contains(edge) ? overflowPixels[edge.index] >= 2 : inkPixels[edge.index] > 0
        }
    }
}

public enum FrameEdgeInkOutcome: Equatable, Sendable {
    case measured(FrameEdgeInk)
    case notMeasurable(String)
}

/// Finds glyph strokes that run into the edges of an element's frame, on the ink coverage of the
/// frame and the ring of pixels just outside it (`coverage.frame` says where the frame lies).
///
/// A pixel of the frame's outermost row or column is ink running into the edge when it is at least
/// half ink and the glyph carries on from it: into the frame (the pixel inward is at least half ink
/// too) or out of it (so is the pixel outside), rather than ending in an anti-aliased fringe there.
/// A run of such pixels along the edge is a stroke when it is two pixels or longer, or holds a pixel
/// at least 90 % ink (a thin stroke crossing the edge at a slant leaves a run of one), so a single
/// faint pixel never is. Shapes of the frame (`isFrameShape`: borders, outlines, the corners of
/// what lies behind a rounded control) are not text and are left out. The shapes touching edges
/// are traced (8-connected, at least half ink), which costs a pass over those shapes only.
///
/// A cut glyph (`cutGlyphPixels`) is stricter, as the review of real dumps asked: a whole glyph
/// touching a tight frame (the arm of a last "r" whose anti-aliased end lies just outside, the bar
/// of an "f", the curve of an "S") also leaves a short stretch of solid ink at the edge, pixel for
/// pixel the same letter as elsewhere on the screen. A glyph the frame cuts leaves full-strength
/// ink (90 % and more, with nothing outside) over a stretch of its line's height: two strokes or
/// more that together cover an eighth of the line's height and at least 3 px (the bars of an "e",
/// the bowl and the bar of a "2"), or one stroke of at least three tenths of it (a stem, the side
/// of a bowl). A cut that crosses one horizontal stroke alone (an "n" cut through its arch) leaves
/// what a whole letter shows (an "r") and is not told apart. The line is the band of rows with ink
/// around the stroke (rows without ink part lines). Shapes that are not glyphs are left out of it:
/// lines (a link's underline, a divider: at most 3 px thick and four times as long) and shapes
/// that reach two opposite sides of the frame (a chip's outline, a border, an underline across it).
func measureInkAtFrameEdges(_ coverage: InkCoverage) -> FrameEdgeInkOutcome {
    let rect = coverage.frame
    let width = rect.width, height = rect.height
    guard width >= 2, height >= 2 else { return .notMeasurable("the frame is too small to hold text (\(width) × \(height) px)") }
    let mapWidth = coverage.width
    let left = rect.x, top = rect.y
    /// The map index of frame pixel (x, y).
    func index(_ x: Int, _ y: Int) -> Int { (y + top) * mapWidth + x + left }
    let hasOutside = [top > 0, coverage.width > rect.maxX, coverage.height > rect.maxY, left > 0]
    // (first pixel of the edge, step along it, step inward, length) for top, right, bottom, left,
    // as map indices; the pixel outside is one step against inward.
    let sides = [
        (index(0, 0), 1, mapWidth, width),
        (index(width - 1, 0), mapWidth, -1, height),
        (index(0, height - 1), 1, -mapWidth, width),
        (index(0, 0), mapWidth, 1, height),
    ]
    let half = InkCoverage.inkLevel, core: UInt8 = 230
    var inkPixels = [0, 0, 0, 0], overflowPixels = [0, 0, 0, 0], cutGlyphPixels = [0, 0, 0, 0]
    coverage.values.withUnsafeBufferPointer { values in
        // The sides each shape touching an edge reaches, as a bit mask per frame pixel (the low
        // four bits), with `notGlyph` set on a line or a shape across the frame; made at the
        // first shape found (most frames have no ink on their edges).
        let notGlyph: UInt8 = 0x10
        var reached: [UInt8] = []
        var visited: [Bool] = []
        var queue: [Int] = []
        for (start, along, _, length) in sides {
            for step in 0..<length {
                let seedIndex = start + step * along
                guard values[seedIndex] >= half else { continue }
                let seed = (seedIndex / mapWidth - top) * width + seedIndex % mapWidth - left
                if visited.isEmpty {
                    reached = [UInt8](repeating: 0, count: width * height)
                    visited = [Bool](repeating: false, count: width * height)
                }
                guard !visited[seed] else { continue }
                // Trace the shape within the frame, then mark every pixel of it with the sides it
                // touches.
                var mask = InkCoverage.traceShape(from: seed, width: width, height: height, visited: &visited, queue: &queue) { pixel in
                    values[index(pixel % width, pixel / width)] >= half
                }
                var minX = width, maxX = 0, minY = height, maxY = 0
                for pixel in queue {
                    minX = min(minX, pixel % width)
                    maxX = max(maxX, pixel % width)
                    minY = min(minY, pixel / width)
                    maxY = max(maxY, pixel / width)
                }
                let thin = min(maxX - minX, maxY - minY) + 1, long = max(maxX - minX, maxY - minY) + 1
                if (thin <= 3 && long >= 4 * thin) || mask & 5 == 5 || mask & 10 == 10 { mask |= notGlyph }
                for pixel in queue { reached[pixel] = mask }
            }
        }
        // The bands of rows holding glyph ink: a text line each (a frame of one line has one).
        // Found when a solid stroke first stops at an edge (most frames have none).
        var rowHasInk: [Bool] = []
        /// The height of the band of inked rows holding row `y`.
        func bandHeight(_ y: Int) -> Int {
            if rowHasInk.isEmpty {
                rowHasInk = (0..<height).map { row in
                    (0..<width).contains { x in
                        values[index(x, row)] >= half
                            && (reached.isEmpty || (reached[row * width + x] & notGlyph == 0 && !isFrameShape(reached[row * width + x] & 0x0F)))
                    }
                }
            }
            var first = y, last = y
            while first > 0 && rowHasInk[first - 1] { first -= 1 }
            while last < height - 1 && rowHasInk[last + 1] { last += 1 }
            return last - first + 1
        }
        for (side, (start, along, inward, length)) in sides.enumerated() {
            // Runs of consecutive edge pixels where a glyph carries on.
            var counted = 0, run = 0, over = 0, runOver = 0
            var solid = false
            // Runs of solid ink that stops at the edge, by the height of the line they lie in.
            var solidRuns: [(band: Int, length: Int)] = []
            var solidRun = 0, solidBand = 0
            for step in 0...length {
                var inked = false, stops = false
                if step < length {
                    let edge = start + step * along
                    let pixel = (edge / mapWidth - top) * width + edge % mapWidth - left
                    let value = values[edge]
                    let outside = hasOutside[side] && values[edge - inward] >= half
                    let carriesOn = values[edge + inward] >= half || outside
                    let shape = reached.isEmpty ? 0 : reached[pixel]
                    if value >= half, carriesOn, !isFrameShape(shape & 0x0F) {
                        inked = true
                        run += 1
                        if outside { runOver += 1 }
                        if value >= core { solid = true }
                    }
                    // Solid ink with nothing outside, whatever lies inward: a stem cut down to
                    // its last core column has only its fringe there.
                    stops = !outside && value >= core && !isFrameShape(shape & 0x0F) && shape & notGlyph == 0
                    if stops {
                        // Along a side edge, the line through this pixel's row; along the top or
                        // bottom, the line that edge runs through.
                        let band = bandHeight(pixel / width)
                        if solidRun > 0 && band != solidBand {
                            solidRuns.append((solidBand, solidRun))
                            solidRun = 0
                        }
                        solidRun += 1
                        solidBand = band
                    }
                }
                if !stops, solidRun > 0 {
                    solidRuns.append((solidBand, solidRun))
                    solidRun = 0
                }
                if !inked, run > 0 {
                    if run >= 2 || solid {
                        counted += run
                        over += runOver
                    }
                    run = 0
                    runOver = 0
                    solid = false
                }
            }
            inkPixels[side] = counted
            overflowPixels[side] = over
            // Per line: solid ink in two strokes or more, together an eighth of its height (and
            // 3 px), or one stroke of three tenths of it.
            var cut = 0
            for band in Set(solidRuns.map(\.band)) {
                let runs = solidRuns.filter { $0.band == band }.map(\.length)
                let total = runs.reduce(0, +)
                if (runs.count >= 2 && 8 * total >= band && total >= 3) || 10 * runs.max()! >= 3 * band { cut += total }
            }
            cutGlyphPixels[side] = cut
        }
    }
    return .measured(FrameEdgeInk(inkPixels: inkPixels, overflowPixels: overflowPixels, cutGlyphPixels: cutGlyphPixels))
}
