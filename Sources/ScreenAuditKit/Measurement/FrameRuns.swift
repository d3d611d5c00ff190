import Imaging

/// A frame's pixels as runs of equal colours, read once and shared by every pass of the text
/// analysis. Every pass gathers statistics that depend on a pixel's colour and tile alone (sums,
/// counts, histograms), so a run of `n` equal pixels adds what `n` separate pixels would add, and a
/// pass costs a step per run instead of per pixel. Text frames are mostly flat background between
/// glyphs, so runs are several pixels long on average; on a photo they are about one pixel, and the
/// runs cost one extra read of the frame.
///
/// Runs are cut at tile boundaries and kept in the order `TileGrid.forEachRun` visits pixels:
/// tile row by tile row, row by row, tile column by tile column. Colours are red, green and blue
/// (alpha is not read by any pass).
struct FrameRuns {
    let grid: TileGrid
    /// 1: every pixel; 2: every second pixel of every second row of each tile (see `TileGrid`).
    let step: Int
    /// Red in the low byte, then green and blue.
    private(set) var colors: [UInt32] = []
    /// Pixels in each run: at most a tile column's width.
    private(set) var lengths: [UInt16] = []
    /// Where each segment (one row of one tile column) ends in `colors`, in visiting order.
    private(set) var segmentEnds: [Int32] = []

    /// Reads the pixels of `rect`, which lies inside `image`.
    init(image: PixelBuffer, rect: PixelRect, grid: TileGrid, step: Int = 1) {
        self = image.pixels.withUnsafeBufferPointer { pixels in
            FrameRuns(origin: pixels.baseAddress! + (rect.y * image.width + rect.x) * 4, rowBytes: image.width * 4,
                      grid: grid, step: step)
        }
    }

    /// Reads the frame at `origin` (its top-left pixel in an RGBA buffer of `rowBytes` per row).
    init(origin: UnsafePointer<UInt8>, rowBytes: Int, grid: TileGrid, step: Int = 1) {
        self.grid = grid
        self.step = step
        let pixelStride = 4 * step
        var segments = 0
        var pixels = 0
        grid.forEachRun(origin: origin, rowBytes: rowBytes, step: step) { _, _, length in
            segments += 1
            pixels += length
        }
        // At most one run per pixel; pages of the capacity never written are never touched.
        var runCount = 0
        var ends = [Int32](repeating: 0, count: segments)
        lengths = [UInt16](unsafeUninitializedCapacity: pixels) { lengths, lengthCount in
            colors = [UInt32](unsafeUninitializedCapacity: pixels) { colors, colorCount in
                var segment = 0
                // The rows two ahead are asked for before they are read: the frame was decoded
                // long before and has left the caches. In the suite benchmark this pass took 8 %
                // of the audit's CPU time without the hint, 6.4 % with it.
                let lastRow = origin + (grid.yBounds[grid.tilesY] - 1) * rowBytes
                grid.forEachRun(origin: origin, rowBytes: rowBytes, step: step) { _, start, length in
                    // A segment is at most a tile column wide: under 1.5 × 256 pixels (see `TileGrid`).
                    precondition(length <= Int(UInt16.max), "a tile column wider than a run can count")
                    // (Only rows of the frame: no pointer is formed outside it.)
                    if length > 0, lastRow - start >= 2 * step * rowBytes {
                        PixelBuffer.prefetch(start + 2 * step * rowBytes, bytes: ((length - 1) * step + 1) * 4)
                    }
                    // Without a branch per pixel: every pixel writes its colour and the end of its
                    // run at the current run's index, which a change of colour moves on (no colour
                    // is UInt32.max, so the first pixel starts a run).
                    var p = UnsafeRawPointer(start)
                    let first = runCount
                    var run = runCount - 1
                    var previous = UInt32.max
                    var offset = 0
                    while offset < length {
                        // Four adjacent pixels of the current run's colour (flat background, the
                        // commonest case) extend it with one store, and as many as follow with
                        // them, counted in the shim four at a time.
                        if step == 1, offset + 4 <= length {
                            let pair = UInt64(previous) | UInt64(previous) << 32
                            let low = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self)) & 0x00FF_FFFF_00FF_FFFF
                            let high = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & 0x00FF_FFFF_00FF_FFFF
                            if low == pair && high == pair {
                                let more = PixelBuffer.sameColorRun(p + 16, count: length &- offset &- 4, rgb: previous)
                                offset &+= 4 &+ more
                                lengths[run] = UInt16(truncatingIfNeeded: offset)
                                p += 16 &+ 4 &* more
                                continue
                            }
                        }
                        let color = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self)) & 0xFF_FFFF
                        run &+= color != previous ? 1 : 0
                        colors[run] = color
                        offset &+= 1
                        lengths[run] = UInt16(truncatingIfNeeded: offset)
                        previous = color
                        p += pixelStride
                    }
                    runCount = run + 1
                    var previousEnd: UInt16 = 0
                    for index in first..<runCount {
                        let end = lengths[index]
                        lengths[index] = end &- previousEnd
                        previousEnd = end
                    }
                    ends[segment] = Int32(runCount)
                    segment += 1
                }
                colorCount = runCount
            }
            lengthCount = runCount
        }
        segmentEnds = ends
    }

    /// The runs every second pixel of every second row of each tile would give (step 2), taken from
    /// these runs (step 1) without reading the pixels again.
    func sampledEverySecondPixel() -> FrameRuns {
        precondition(step == 1, "only full runs can be sampled")
        var sampled = FrameRuns(grid: grid, step: 2)
        var ends: [Int32] = []
        ends.reserveCapacity(segmentEnds.count / 2 + grid.count)
        var count = 0
        // At most as many runs as these: sampling never splits a run.
        sampled.lengths = [UInt16](unsafeUninitializedCapacity: colors.count) { sampledLengths, lengthCount in
            sampled.colors = [UInt32](unsafeUninitializedCapacity: colors.count) { sampledColors, colorCount in
                colors.withUnsafeBufferPointer { colors in
                    lengths.withUnsafeBufferPointer { lengths in
                        for tileRow in 0..<grid.tilesY {
                            for y in stride(from: grid.yBounds[tileRow], to: grid.yBounds[tileRow + 1], by: 2) {
                                for column in 0..<grid.tilesX {
                                    let segmentStart = count
                                    var offset = 0
                                    for run in runs(row: y, column: column) {
                                        let length = Int(lengths[run])
                                        // Even offsets in offset..<offset + length.
                                        let kept = (offset + length + 1) / 2 - (offset + 1) / 2
                                        offset += length
                                        guard kept > 0 else { continue }
                                        if count > segmentStart, sampledColors[count - 1] == colors[run] {
                                            sampledLengths[count - 1] += UInt16(kept)
                                        } else {
                                            sampledColors[count] = colors[run]
                                            sampledLengths[count] = UInt16(kept)
                                            count += 1
                                        }
                                    }
                                    ends.append(Int32(count))
                                }
                            }
                        }
                    }
                }
                colorCount = count
            }
            lengthCount = count
        }
        sampled.segmentEnds = ends
        return sampled
    }

    private init(grid: TileGrid, step: Int) {
        self.grid = grid
        self.step = step
    }

    /// Calls `body` once per segment, in visiting order: (tile, the segment's runs as indices).
    @inline(__always)
    func forEachSegment(_ body: (Int, Range<Int>) -> Void) {
        var segment = 0
        var start = 0
        for tileRow in 0..<grid.tilesY {
            for _ in stride(from: grid.yBounds[tileRow], to: grid.yBounds[tileRow + 1], by: step) {
                for column in 0..<grid.tilesX {
                    let end = Int(segmentEnds[segment])
                    body(tileRow * grid.tilesX + column, start..<end)
                    start = end
                    segment += 1
                }
            }
        }
    }

    /// Calls `body` once per segment, in visiting order: (tile, the segment's colours, their lengths).
    @inline(__always)
    func forEachSegmentRuns(_ body: (Int, UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt16>) -> Void) {
        colors.withUnsafeBufferPointer { colors in
            lengths.withUnsafeBufferPointer { lengths in
                forEachSegment { tile, segment in
                    body(tile, UnsafeBufferPointer(rebasing: colors[segment]), UnsafeBufferPointer(rebasing: lengths[segment]))
                }
            }
        }
    }

    /// The runs of one row (step 1 only) in one tile column.
    @inline(__always)
    func runs(row y: Int, column: Int) -> Range<Int> {
        let segment = y * grid.tilesX + column
        return (segment == 0 ? 0 : Int(segmentEnds[segment - 1]))..<Int(segmentEnds[segment])
    }
}

extension UInt32 {
    /// The red, green and blue of a `FrameRuns` colour.
    @inline(__always)
    var runChannels: (r: Int32, g: Int32, b: Int32) {
        (Int32(self & 0xFF), Int32((self >> 8) & 0xFF), Int32((self >> 16) & 0xFF))
    }
}
