import ColorScience
import Imaging

// MARK: - Ink coverage

/// How much of every pixel of a map the text's ink covers, read from the pixels: 0 is background,
/// 255 is a glyph core. `text.size` and `text.clipped` measure glyph edges on it.
struct InkCoverage: Sendable {
    let width: Int
    let height: Int
    /// Row-major, `width × height`.
    let values: [UInt8]
    /// Where the element's frame lies in the map: the whole map, or all but a ring of pixels
    /// around it (the pixels just outside the frame, where the screenshot has them).
    let frame: PixelRect

    init(width: Int, height: Int, values: [UInt8], frame: PixelRect? = nil) {
        self.width = width
        self.height = height
        self.values = values
        self.frame = frame ?? PixelRect(x: 0, y: 0, width: width, height: height)
    }

    /// Coverage of 128 and up: at least half the pixel is ink.
    static let inkLevel: UInt8 = 128

    /// The first index in `start..<end` whose coverage is at least `inkLevel`. As that level is
    /// the top bit of a byte, eight pixels are tested at once where the map is blank.
    @inline(__always)
    static func firstInk(in values: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        let raw = UnsafeRawPointer(values.baseAddress!)
        while index + 8 <= end, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { index += 8 }
        while index < end {
            if values[index] >= inkLevel { return index }
            index += 1
        }
        return nil
    }

    /// The frame's pixels alone, without the ring around them.
    func frameOnly() -> InkCoverage {
        guard frame.width != width || frame.height != height else { return self }
        var cropped = [UInt8]()
        cropped.reserveCapacity(frame.area)
        for row in frame.y..<frame.maxY {
            cropped += values[(row * width + frame.x)..<(row * width + frame.maxX)]
        }
        return InkCoverage(width: frame.width, height: frame.height, values: cropped)
    }

    /// The same map without the shapes that are not text: ink touching three or more sides of the
    /// map (a border, a divider) or two sides that meet at a corner (what lies behind a rounded
    /// control, showing where its corner curves away). Shapes are traced 8-connected through every
    /// pixel with some coverage, from the edge pixels at least half ink.
    func removingFrameShapes() -> InkCoverage {
        var edgePixels: [Int] = []
        edgePixels.reserveCapacity(2 * (width + height))
        // One append a pixel: an array literal a pair cost an allocation each.
        for x in 0..<width {
            edgePixels.append(x)
            edgePixels.append((height - 1) * width + x)
        }
        for y in 0..<height {
            edgePixels.append(y * width)
            edgePixels.append(y * width + width - 1)
        }
        // Most text frames have no ink on their edges: nothing to trace, nothing to copy.
        guard edgePixels.contains(where: { self.values[$0] >= Self.inkLevel }) else { return self }
        var values = self.values
        var visited = [Bool](repeating: false, count: width * height)
        var queue: [Int] = []
        for seed in edgePixels where !visited[seed] && values[seed] >= Self.inkLevel {
            let sides = Self.traceShape(from: seed, width: width, height: height, visited: &visited, queue: &queue) { values[$0] > 32 }
            if isFrameShape(sides) {
                for pixel in queue { values[pixel] = 0 }
            }
        }
        return InkCoverage(width: width, height: height, values: values, frame: frame)
    }
}

/// Sides a shape reaches (top 1, right 2, bottom 4, left 8) that make it part of the frame, not
/// text: three or more (a border, an outline, a divider across the frame), or two that meet at a
/// corner (what lies behind a rounded control, showing where its corner curves away).
func isFrameShape(_ sides: UInt8) -> Bool {
    sides.nonzeroBitCount >= 3 || sides == 3 || sides == 6 || sides == 12 || sides == 9
}

extension InkCoverage {
    /// The shape 8-connected to `seed` in a `width` × `height` grid, through the pixels `belongs`
    /// accepts (by index): left in `queue`, each marked in `visited`. Returns the sides of the grid
    /// it touches as a mask: top 1, right 2, bottom 4, left 8.
    static func traceShape(from seed: Int, width: Int, height: Int, visited: inout [Bool], queue: inout [Int],
                           belongs: (Int) -> Bool) -> UInt8 {
        queue.removeAll(keepingCapacity: true)
        queue.append(seed)
        visited[seed] = true
        var sides: UInt8 = 0
        var head = 0
        while head < queue.count {
            let pixel = queue[head]
            head += 1
            let x = pixel % width, y = pixel / width
            if y == 0 { sides |= 1 }
            if x == width - 1 { sides |= 2 }
            if y == height - 1 { sides |= 4 }
            if x == 0 { sides |= 8 }
            for dy in -1...1 where y + dy >= 0 && y + dy < height {
                for dx in -1...1 where x + dx >= 0 && x + dx < width {
                    let next = pixel + dy * width + dx
                    if !visited[next], belongs(next) {
                        visited[next] = true
                        queue.append(next)
                    }
                }
            }
        }
        return sides
    }
}

enum InkCoverageOutcome: Sendable {
    case measured(InkCoverage)
    case notMeasurable(String)
}

/// The ink coverage of the pixels inside `rect` and, with `ring`, of the pixels just outside it
/// where the screenshot has them (the map's `frame` says where `rect` lies in it).
///
/// The ink colour and a background come from the frame's contrast measurement. Every pixel is
/// projected on the line from background to ink, so the glyph cores read 1 and anti-aliased edge
/// pixels read the fraction of them the glyph covers (blending is linear in code values, see
/// `Canvas`). The background is taken locally: in tiles about 1.5 text heights wide, the median
/// projection (text covers a minority of any tile that size) is that tile's background level, so
/// gradients and textures do not read as ink; ring pixels take the level of the tile beside them.
/// Two passes over the frame's runs of equal pixels (`runs`: every pixel of `rect`, in tiles about
/// 1.5 text heights wide), one byte of output per pixel.
func measureInkCoverage(in image: PixelBuffer, rect: PixelRect, runs: FrameRuns, contrast: TextContrastMeasurement,
                        ring: Bool) -> InkCoverageOutcome {
    precondition(runs.step == 1, "coverage is measured on every pixel")
    let ink = SIMD3<Int32>(Int32(contrast.foreground.red), Int32(contrast.foreground.green), Int32(contrast.foreground.blue))
    let background = SIMD3<Int32>(Int32(contrast.background.red), Int32(contrast.background.green),
                                  Int32(contrast.background.blue))
    let direction = ink &- background
    let lengthSquared = (direction &* direction).wrappedSum()
    // Fewer than about 20 code values between ink and background leave too few steps of coverage
    // to place an edge within a fraction of a pixel.
    guard lengthSquared >= 400 else {
        return .notMeasurable("the text barely differs from its background: its glyph edges cannot be located")
    }
    let outer = ring ? rect.outset(by: 1, clampedTo: image.width, image.height) : rect
    let values = image.pixels.withUnsafeBufferPointer { pixels in
        InkCoveragePasses(origin: pixels.baseAddress! + (rect.y * image.width + rect.x) * 4, rowBytes: image.width * 4,
                          runs: runs, background: background, direction: direction, lengthSquared: lengthSquared)
            .coverage(over: PixelRect(x: outer.x - rect.x, y: outer.y - rect.y, width: outer.width, height: outer.height))
    }
    return .measured(InkCoverage(width: outer.width, height: outer.height, values: values,
                                 frame: PixelRect(x: rect.x - outer.x, y: rect.y - outer.y, width: rect.width, height: rect.height)))
}

/// The two passes of `measureInkCoverage`, one function a pass. A pixel's projection is
/// `(p − background) · direction`, in units of `lengthSquared` (background 0, ink 1).
private struct InkCoveragePasses {
    /// The frame's top-left pixel: the ring around the frame is read from the pixels.
    let origin: UnsafePointer<UInt8>
    let rowBytes: Int
    let runs: FrameRuns
    let background: SIMD3<Int32>
    let direction: SIMD3<Int32>
    let lengthSquared: Int32

    var grid: TileGrid { runs.grid }

    /// Histogram bins of the projection in 64ths, from −2 to +2.
    static let bins = 256

    @inline(__always)
    func projection(_ r: Int32, _ g: Int32, _ b: Int32) -> Int32 {
        (r &- background.x) &* direction.x &+ (g &- background.y) &* direction.y &+ (b &- background.z) &* direction.z
    }

    /// Coverage of the pixels of `area`, in frame pixels (the frame, or the frame and a ring
    /// around it).
    func coverage(over area: PixelRect) -> [UInt8] {
        coverageValues(levels: backgroundLevels(), over: area)
    }

    /// Pass 1: each tile's background level, the mean projection of the median bin and its
    /// neighbours in a histogram of the tile's projections (64ths, with exact sums per bin). A tile
    /// whose median lies nearer the ink than the background is mostly glyph; it keeps the measured
    /// background (level 0).
    func backgroundLevels() -> [Double] {
        let tiles = grid.count
        let bins = Self.bins
        var counts = [Int32](repeating: 0, count: tiles * bins)
        var sums = [Int64](repeating: 0, count: tiles * bins)
        // The bin is `projection × 64 ÷ lengthSquared` cut toward zero. Multiplying by the
        // reciprocal, nudged away from zero by far less than the smallest step between distinct
        // quotients (1 ÷ lengthSquared ≥ 5·10⁻⁶), gives the same bins as the division.
        let reciprocal = 64 / Double(lengthSquared)
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                runs.forEachSegmentRuns { tile, colors, lengths in
                    let base = tile * bins + 128
                    for run in colors.indices {
                        let (r, g, b) = colors[run].runChannels
                        let value = projection(r, g, b)
                        let quotient = Double(value) * reciprocal
                        let slot = base + Int((quotient + (quotient < 0 ? -1e-9 : 1e-9)).clamped(to: -128...127))
                        let n = Int32(lengths[run])
                        counts[slot] &+= n
                        sums[slot] &+= Int64(value) &* Int64(n)
                    }
                }
            }
        }
        var levels = [Double](repeating: 0, count: tiles)
        for tile in 0..<tiles {
            let base = tile * bins
            var total: Int32 = 0
            for bin in 0..<bins { total &+= counts[base + bin] }
            guard total > 0 else { continue }
            var median = 0, below: Int32 = 0
            for bin in 0..<bins {
                below &+= counts[base + bin]
                if below &* 2 >= total { median = bin; break }
            }
            var n: Int64 = 0, sum: Int64 = 0
            for bin in max(0, median - 1)...min(bins - 1, median + 1) {
                n += Int64(counts[base + bin])
                sum += sums[base + bin]
            }
            let level = Double(sum) / Double(n) / Double(lengthSquared)
            levels[tile] = level < 0.5 ? level : 0
        }
        return levels
    }

    /// Pass 2: coverage = (projection − level) / (1 − level), in 255ths, for every pixel of
    /// `area` (frame pixels; a ring pixel takes the level of the tile it lies beside). Where the
    /// local background lies within a quarter of the way to the ink, no edge can be read: coverage 0.
    func coverageValues(levels: [Double], over area: PixelRect) -> [UInt8] {
        var values = [UInt8](repeating: 0, count: area.area)
        let frameWidth = grid.xBounds[grid.tilesX]
        let frameHeight = grid.yBounds[grid.tilesY]
        var tileRowOf = [Int](repeating: 0, count: frameHeight)
        for tileRow in 0..<grid.tilesY {
            for y in grid.yBounds[tileRow]..<grid.yBounds[tileRow + 1] { tileRowOf[y] = tileRow }
        }
        values.withUnsafeMutableBufferPointer { out in
            runs.colors.withUnsafeBufferPointer { colors in
                runs.lengths.withUnsafeBufferPointer { lengths in
                    for y in area.y..<area.maxY {
                        let tileRow = tileRowOf[min(max(y, 0), frameHeight - 1)]
                        let inFrame = y >= 0 && y < frameHeight
                        let rowStart = (y - area.y) * area.width - area.x
                        for column in 0..<grid.tilesX {
                            let level = levels[tileRow * grid.tilesX + column]
                            let span = 1 - level
                            guard span >= 0.25 else { continue }
                            let offset = level * Double(lengthSquared)
                            let factor = 255 / (span * Double(lengthSquared))
                            @inline(__always) func covered(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
                                let value = (Double(projection(r, g, b)) - offset) * factor
                                return value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value + 0.5)
                            }
                            // Ring pixels, read one by one: the row above or below the frame, and
                            // the pixels left and right of it beside the first and last columns.
                            func readPixels(_ xs: Range<Int>) {
                                for x in xs {
                                    let p = origin + y * rowBytes + x * 4
                                    out[rowStart + x] = covered(Int32(p[0]), Int32(p[1]), Int32(p[2]))
                                }
                            }
                            let first = column == 0 ? area.x : grid.xBounds[column]
                            let end = column == grid.tilesX - 1 ? area.maxX : grid.xBounds[column + 1]
                            guard inFrame else {
                                readPixels(first..<end)
                                continue
                            }
                            if first < 0 { readPixels(first..<0) }
                            var index = rowStart + grid.xBounds[column]
                            for run in runs.runs(row: y, column: column) {
                                let (r, g, b) = colors[run].runChannels
                                let value = covered(r, g, b)
                                let n = Int(lengths[run])
                                if value != 0 {
                                    // Short runs (glyph edges) byte by byte, long ones (cores) at once.
                                    let target = out.baseAddress! + index
                                    if n <= 8 {
                                        for offset in 0..<n { target[offset] = value }
                                    } else {
                                        target.update(repeating: value, count: n)
                                    }
                                }
                                index += n
                            }
                            if end > frameWidth { readPixels(frameWidth..<end) }
                        }
                    }
                }
            }
        }
        return values
    }
}

extension Comparable {
    @inline(__always)
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
