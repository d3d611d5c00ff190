/// A small deterministic drawing surface over a `PixelBuffer`: fills, outlines, lines and stroke
/// font text, anti-aliased by coverage. Coordinates are pixels, origin top-left, y down; pixel
/// (i, j) covers [i, i+1) × [j, j+1) and its centre is (i + 0.5, j + 0.5).
///
/// Compositing is in sRGB code values with straight alpha: for a pixel covered by a fraction `c`
/// of a shape in colour `src`, `a = c · src.alpha / 255` and every channel becomes
/// `round(src · a + dst · (1 − a))` (alpha: `round(255 · a + dst.alpha · (1 − a))`). A pixel fully
/// covered by an opaque colour therefore takes exactly that colour, which is what tests and text
/// checks rely on: glyph cores carry the true ink colour.
///
/// Drawing uses only `+ − × ÷` and `sqrt`, so results are byte-identical on every platform.
/// Everything is clipped to the canvas; rectangles, sizes and points that are NaN, infinite or
/// empty draw nothing.
public struct Canvas: Sendable {
    public var buffer: PixelBuffer

    /// A canvas of `width` × `height` pixels (negative sizes give an empty canvas) filled with
    /// `background`.
    public init(width: Int, height: Int, background: RGBA) {
        buffer = PixelBuffer(width: max(0, width), height: max(0, height), fill: background)
    }

    public init(buffer: PixelBuffer) {
        self.buffer = buffer
    }

    public var width: Int { buffer.width }
    public var height: Int { buffer.height }

    /// Blends everything outside `rect` toward black by `amount` (0 leaves it, 1 makes it black),
    /// with anti-aliased edges for fractional coordinates: what overlays use to point at an
    /// element. `nil` dims the whole canvas.
    public mutating func dim(outside rect: RectF?, by amount: Double) {
        guard amount.isFinite, amount > 0 else { return }
        guard let inside = rect.flatMap({ $0.isEmpty ? nil : $0 }) else {
            dim(by: amount, keeping: [])
            return
        }
        let strength = min(amount, 1)
        let width = self.width, height = self.height
        let columns = Self.axisCoverage(from: inside.x, to: inside.maxX, pixels: width)
        let rows = Self.axisCoverage(from: inside.y, to: inside.maxY, pixels: height)
        let black = RGBA(red: 0, green: 0, blue: 0)
        let table = BlendTable(dimmingBy: strength)
        withPixels { pixels in
            for row in 0..<height {
                for column in 0..<width {
                    let covered = rows[row] * columns[column]
                    let offset = (row * width + column) * 4
                    if covered == 0 {
                        table.apply(pixels, from: offset, to: offset + 4)
                    } else {
                        let alpha = strength * (1 - covered)
                        if alpha > 0 { Self.blend(pixels, at: offset, color: black, alpha: alpha) }
                    }
                }
            }
        }
    }

    /// Blends every pixel outside `kept` (whole pixels, clipped to the canvas) toward black by
    /// `amount`, as `dim(outside: nil, by:)` does, and leaves the pixels of `kept` as they are:
    /// what an overlay shows of the screenshot, dimmed but for its findings.
    public mutating func dim(by amount: Double, keeping kept: [PixelRect]) {
        guard amount.isFinite, amount > 0 else { return }
        let table = BlendTable(dimmingBy: min(amount, 1))
        let width = self.width, height = self.height
        let clipped = kept.map { rect in
            (x0: max(0, rect.x), x1: min(width, rect.maxX), y0: max(0, rect.y), y1: min(height, rect.maxY))
        }.filter { $0.x0 < $0.x1 && $0.y0 < $0.y1 }
        var spans: [(x0: Int, x1: Int)] = []
        withPixels { pixels in
            for row in 0..<height {
                // The kept spans of this row, in order, then the gaps between them dimmed.
                spans.removeAll(keepingCapacity: true)
                for rect in clipped where rect.y0 <= row && row < rect.y1 { spans.append((rect.x0, rect.x1)) }
                spans.sort { $0.x0 < $1.x0 }
                var x = 0
                for span in spans {
                    if span.x0 > x { table.apply(pixels, from: (row * width + x) * 4, to: (row * width + span.x0) * 4) }
                    x = max(x, span.x1)
                }
                if x < width { table.apply(pixels, from: (row * width + x) * 4, to: (row + 1) * width * 4) }
            }
        }
    }

    // MARK: - Compositing

    /// Runs `body` on the pixel bytes, in place.
    mutating func withPixels(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        buffer.pixels.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Blends `color` over the pixel whose bytes start at `offset`, with opacity `alpha` in 0...1
    /// (coverage already multiplied by the colour's own alpha).
    @inline(__always)
    static func blend(_ pixels: UnsafeMutableBufferPointer<UInt8>, at offset: Int, color: RGBA, alpha: Double) {
        if alpha >= 1 {
            pixels[offset] = color.red
            pixels[offset + 1] = color.green
            pixels[offset + 2] = color.blue
            pixels[offset + 3] = 255
            return
        }
        let keep = 1 - alpha
        pixels[offset] = channel(color.red, over: pixels[offset], alpha: alpha, keep: keep)
        pixels[offset + 1] = channel(color.green, over: pixels[offset + 1], alpha: alpha, keep: keep)
        pixels[offset + 2] = channel(color.blue, over: pixels[offset + 2], alpha: alpha, keep: keep)
        pixels[offset + 3] = channel(255, over: pixels[offset + 3], alpha: alpha, keep: keep)
    }

    /// One channel of `blend` below full opacity: `source` over `destination` at `alpha`, with
    /// `keep` = 1 − `alpha`.
    @inline(__always)
    static func channel(_ source: UInt8, over destination: UInt8, alpha: Double, keep: Double) -> UInt8 {
        round8(Double(source) * alpha + Double(destination) * keep)
    }

    /// `value.rounded()` (halves away from zero) for a value in 0...255, without the C library
    /// call `rounded()` becomes on x86-64 CPUs without SSE4.1: same result, half the blending time.
    @inline(__always)
    static func round8(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 255 else { return 255 }
        let whole = UInt8(value)  // truncates
        return value - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// The opacity a pixel gets from `coverage` of a shape in `color`.
    @inline(__always)
    static func opacity(_ coverage: Double, _ color: RGBA) -> Double {
        color.alpha == 255 ? coverage : coverage * Double(color.alpha) / 255
    }

    // MARK: - Clipping

    /// The whole pixels (clipped to `0..<pixels`) that the interval [from, to) touches.
    static func pixelRange(from start: Double, to end: Double, pixels: Int) -> Range<Int> {
        guard start.isFinite, end.isFinite, end > start, pixels > 0 else { return 0..<0 }
        let limit = Double(pixels)
        let first = Int(min(max(start.rounded(.down), 0), limit))
        let last = Int(min(max(end.rounded(.up), 0), limit))
        return first..<max(first, last)
    }

    /// For every pixel 0..<pixels, the length of [from, to) that lies inside it (0...1).
    static func axisCoverage(from start: Double, to end: Double, pixels: Int) -> [Double] {
        var coverage = [Double](repeating: 0, count: pixels)
        for index in pixelRange(from: start, to: end, pixels: pixels) {
            coverage[index] = overlap(index, start, end)
        }
        return coverage
    }

    /// Length of [start, end) inside the pixel [index, index + 1).
    @inline(__always)
    static func overlap(_ index: Int, _ start: Double, _ end: Double) -> Double {
        let low = Double(index)
        return max(0, min(low + 1, end) - max(low, start))
    }

    @inline(__always)
    static func clamp01(_ value: Double) -> Double { min(max(value, 0), 1) }
}

/// Blending one colour at one opacity over whole runs of pixels, through a table per channel
/// built by the same arithmetic as `Canvas.blend`, so a pixel looked up has the bytes `blend` would
/// give it: what dimming (black at a strength) and the inside of a filled shape (its colour at
/// full coverage) use, since their cost is a table lookup per channel instead of a blend.
struct BlendTable {
    private var red = [UInt8](repeating: 0, count: 256)
    private var green = [UInt8](repeating: 0, count: 256)
    private var blue = [UInt8](repeating: 0, count: 256)
    private var alpha = [UInt8](repeating: 0, count: 256)

    /// Each entry from `Canvas.channel`, as `blend` computes it for `color` at `opacity`. (Built
    /// through a four-byte pixel and `blend` itself, Swift 6.3.1's release builds read the alpha
    /// entries back unchanged, so transparent pixels were not dimmed: see docs/reliability.md.)
    init(color: RGBA, opacity: Double) {
        for value in 0..<256 {
            let byte = UInt8(value)
            if opacity >= 1 {
                (red[value], green[value], blue[value], alpha[value]) = (color.red, color.green, color.blue, 255)
            } else {
                let keep = 1 - opacity
                red[value] = Canvas.channel(color.red, over: byte, alpha: opacity, keep: keep)
                green[value] = Canvas.channel(color.green, over: byte, alpha: opacity, keep: keep)
                blue[value] = Canvas.channel(color.blue, over: byte, alpha: opacity, keep: keep)
                alpha[value] = Canvas.channel(255, over: byte, alpha: opacity, keep: keep)
            }
        }
    }

    /// Dimming toward black by `strength`.
    init(dimmingBy strength: Double) {
        self.init(color: RGBA(red: 0, green: 0, blue: 0), opacity: strength)
    }

    /// Blends the pixels whose bytes lie in `offset..<end`. A pixel like the one before it (most of
    /// a screenshot lies in runs of one colour) takes the value already worked out.
    @inline(__always)
    func apply(_ pixels: UnsafeMutableBufferPointer<UInt8>, from offset: Int, to end: Int) {
        guard offset < end else { return }
        red.withUnsafeBufferPointer { red in
            green.withUnsafeBufferPointer { green in
                blue.withUnsafeBufferPointer { blue in
                    alpha.withUnsafeBufferPointer { alpha in
                        let raw = UnsafeMutableRawPointer(pixels.baseAddress!)
                        @inline(__always) func blended(_ pixel: UInt32) -> UInt32 {
                            UInt32(red[Int(pixel & 0xFF)]) | UInt32(green[Int(pixel >> 8 & 0xFF)]) << 8
                                | UInt32(blue[Int(pixel >> 16 & 0xFF)]) << 16 | UInt32(alpha[Int(pixel >> 24)]) << 24
                        }
                        var previous = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                        var previousBlended = blended(previous)
                        var at = offset
                        while at < end {
                            let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                            if pixel != previous {
                                previous = pixel
                                previousBlended = blended(pixel)
                            }
                            raw.storeBytes(of: previousBlended.littleEndian, toByteOffset: at, as: UInt32.self)
                            at += 4
                        }
                    }
                }
            }
        }
    }
}
