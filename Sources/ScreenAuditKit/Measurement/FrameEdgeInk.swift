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

    /// The edges text runs into, in `FrameEdge` order.
    public var clippedEdges: [FrameEdge] { FrameEdge.allCases.filter { inkPixels[$0.index] > 0 } }
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
    var inkPixels = [0, 0, 0, 0]
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
            var counted = 0, run = 0
            var solid = false
            for step in 0...length {
                var inked = false
                if step < length {
                    let edge = start + step * along
                    let pixel = (edge / mapWidth - top) * width + edge % mapWidth - left
                    let value = values[edge]
                    let carriesOn = values[edge + inward] >= half || (hasOutside[side] && values[edge - inward] >= half)
                    if value >= half, carriesOn, reached.isEmpty || !isFrameShape(reached[pixel]) {
                        inked = true
                        run += 1
                        if value >= core { solid = true }
                    }
                }
                if !inked, run > 0 {
                    if run >= 2 || solid { counted += run }
                    run = 0
                    solid = false
                }
            }
            inkPixels[side] = counted
        }
    }
    return .measured(FrameEdgeInk(inkPixels: inkPixels))
}
