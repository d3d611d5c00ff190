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

    public init(inkPixels: [Int], overflowPixels: [Int]? = nil) {
        self.inkPixels = inkPixels
        self.overflowPixels = overflowPixels ?? inkPixels
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
    /// is not hidden, so only glyphs that stop at an end edge mid-stroke, with nothing outside,
    /// are cut.
    public func cutEdges(rightToLeft: Bool, framesAreLaidOut: Bool = false) -> [FrameEdge] {
        let start: Set<FrameEdge> = rightToLeft ? [.top, .right] : [.top, .left]
        return FrameEdge.allCases.filter { edge in
            if framesAreLaidOut { return !start.contains(edge) && inkPixels[edge.index] - overflowPixels[edge.index] >= 2 }
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
    var inkPixels = [0, 0, 0, 0], overflowPixels = [0, 0, 0, 0]
    coverage.values.withUnsafeBufferPointer { values in
        // The sides each shape touching an edge reaches, as a bit mask per frame pixel; made at
        // the first shape found (most frames have no ink on their edges).
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
                let mask = InkCoverage.traceShape(from: seed, width: width, height: height, visited: &visited, queue: &queue) { pixel in
                    values[index(pixel % width, pixel / width)] >= half
                }
                for pixel in queue { reached[pixel] = mask }
            }
        }
        for (side, (start, along, inward, length)) in sides.enumerated() {
            // Runs of consecutive edge pixels where a glyph carries on.
            var counted = 0, run = 0, over = 0, runOver = 0
            var solid = false
            for step in 0...length {
                var inked = false
                if step < length {
                    let edge = start + step * along
                    let pixel = (edge / mapWidth - top) * width + edge % mapWidth - left
                    let value = values[edge]
                    let outside = hasOutside[side] && values[edge - inward] >= half
                    let carriesOn = values[edge + inward] >= half || outside
                    if value >= half, carriesOn, reached.isEmpty || !isFrameShape(reached[pixel]) {
                        inked = true
                        run += 1
                        if outside { runOver += 1 }
                        if value >= core { solid = true }
                    }
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
        }
    }
    return .measured(FrameEdgeInk(inkPixels: inkPixels, overflowPixels: overflowPixels))
}
