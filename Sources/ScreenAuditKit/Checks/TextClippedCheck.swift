import ColorScience
import Imaging

/// `text.clipped` — text is not cut by its container: no glyph runs into an edge of the element's
/// frame and carries on past it (truncated, or clipped by a frame too small for it).
public struct TextClippedCheck: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.textClipped,
        title: "Clipped text",
        reference: "Apple Accessibility Inspector audit: Text clipped (textClipped)",
        defaultSeverity: .warning,
        rationale: "Text cut by its container loses letters or whole words; with larger Dynamic Type sizes the cut grows, and what is left may not say what the control does.")

    public static let examples: [CheckExample] = [
        CheckExample("text with room around it", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 120, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("a frame that cuts through the text", element: "label", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 72, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    public init() {}

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard let text = element.text else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            func result(_ status: CheckStatus, measured: [String: MeasuredValue] = [:], reason: String? = nil) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: status, severity: Self.descriptor.defaultSeverity,
                            frame: rect, measured: measured, reason: reason)
            }
            switch measureInkAtFrameEdges(in: screen.image, rect: rect, textHeight: text.pointSize.map { $0 * screen.scale }) {
            case let .notMeasurable(reason):
                return result(.notRun, reason: reason)
            case let .measured(edges):
                let cut = edges.clippedEdges
                let measured: [String: MeasuredValue] = [
                    "edges": .text(cut.isEmpty ? "none" : cut.map(\.rawValue).joined(separator: ", ")),
                    "inkAtEdgePixels": .number(Double(cut.reduce(0) { $0 + edges.inkPixels[$1.index] })),
                ]
                return result(cut.isEmpty ? .pass : .fail, measured: measured)
            }
        }
    }
}

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

/// Finds glyph strokes that run into the edges of `rect`.
///
/// Ink coverage (see `measureInkCoverage`) is read for the frame and the ring of pixels just
/// outside it. A pixel of the frame's outermost row or column is ink running into the edge when it
/// is at least half ink and the glyph carries on from it: into the frame (the pixel inward is at
/// least half ink too) or out of it (so is the pixel outside), rather than ending in an
/// anti-aliased fringe there. A run of such pixels along the edge is a stroke when it is two pixels
/// or longer, or holds a pixel at least 90 % ink (a thin stroke crossing the edge at a slant leaves
/// a run of one), so a single faint pixel never is. Ink connected to three or more sides of the
/// frame is a border or an outline around the text (a bordered button, a divider across the
/// frame), and ink touching two adjacent sides is a corner of what lies behind a rounded control
/// (its background showing where the control's corner curves away): neither is text, and both are
/// left out. The shapes touching edges are traced (8-connected, at least half ink), which costs a
/// pass over those shapes only.
/// Sides reached (top 1, right 2, bottom 4, left 8): three or more, or two that meet at a corner.
func isFrameShape(_ sides: UInt8) -> Bool {
    sides.nonzeroBitCount >= 3 || sides == 3 || sides == 6 || sides == 12 || sides == 9
}

public func measureInkAtFrameEdges(in image: PixelBuffer, rect: PixelRect, textHeight: Double?) -> FrameEdgeInkOutcome {
    guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.maxX <= image.width, rect.maxY <= image.height else {
        return .notMeasurable("the frame lies outside the screenshot")
    }
    // The frame and, where the screenshot has them, the pixels just outside it.
    let outerX = max(0, rect.x - 1), outerY = max(0, rect.y - 1)
    let outer = PixelRect(x: outerX, y: outerY, width: min(image.width, rect.maxX + 1) - outerX,
                          height: min(image.height, rect.maxY + 1) - outerY)
    let coverage: InkCoverage
    switch measureInkCoverage(in: image, rect: outer, textHeight: textHeight) {
    case let .notMeasurable(reason): return .notMeasurable(reason)
    case let .measured(map): coverage = map
    }
    let width = rect.width, height = rect.height
    guard width >= 2, height >= 2 else { return .notMeasurable("the frame is too small to hold text (\(width) × \(height) px)") }
    let mapWidth = coverage.width
    let left = rect.x - outer.x, top = rect.y - outer.y
    /// The map index of frame pixel (x, y).
    func index(_ x: Int, _ y: Int) -> Int { (y + top) * mapWidth + x + left }
    let hasOutside = [top > 0, outer.maxX > rect.maxX, outer.maxY > rect.maxY, left > 0]
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
        // The sides each shape touching an edge reaches, as a bit mask per frame pixel.
        var reached = [UInt8](repeating: 0, count: width * height)
        var visited = [Bool](repeating: false, count: width * height)
        var queue: [Int] = []
        for (start, along, _, length) in sides {
            for step in 0..<length {
                let seedIndex = start + step * along
                let seed = (seedIndex / mapWidth - top) * width + seedIndex % mapWidth - left
                guard values[seedIndex] >= half, !visited[seed] else { continue }
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
                    if value >= half, carriesOn, !isFrameShape(reached[pixel]) {
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
