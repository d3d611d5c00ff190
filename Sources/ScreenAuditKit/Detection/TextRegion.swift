import ColorScience
import Imaging

/// Where in an element's frame its text is, when the frame holds more than text: a status dot, an
/// SF Symbol beside the label, a chevron, a badge. The detector's grouping finds the lines of
/// glyphs in the frame; the other pieces of ink are set aside, so `contrast.text` judges the
/// text's glyphs rather than whatever in the frame has the most contrast.
public struct TextRegion: Equatable, Sendable {
    /// The lines' glyphs with their margin, within the frame.
    public var text: PixelRect
    /// Pieces of ink in the frame outside the lines (at least 3 points each way).
    public var setAside: [PixelRect]

    /// Whether `frame` holds a third colour besides `foreground`, `background` and their blends:
    /// pixels off the line between the two (at least 1 % of those sampled), or a solid colour on
    /// it (light grey text beside a black dot lies on the line from black to white), told from the
    /// blends of anti-aliased edges by holding at least 30 % of the pixels between the two in one
    /// bin of 16 levels a channel (edges spread over all of them). Every second pixel of every
    /// second row is read: a cheap test before `find`, which a frame of text alone does not need.
    public static func holdsOtherColors(in image: PixelBuffer, frame: PixelRect, foreground: RGB8, background: RGB8) -> Bool {
        guard !frame.isEmpty, frame.maxX <= image.width, frame.maxY <= image.height else { return false }
        var tally = OtherColorTally(foreground: foreground, background: background)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: frame.y, to: frame.maxY, by: 2) {
                var offset = (y * image.width + frame.x) * 4
                for _ in stride(from: frame.x, to: frame.maxX, by: 2) {
                    tally.add(Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]), count: 1)
                    offset += 8
                }
            }
        }
        return tally.holdsOtherColors
    }

    /// The same test on the frame's runs of equal colours (`FrameRuns`, every pixel): each run
    /// counts for the pixels of it the test samples, so the pixels are not read again.
    static func holdsOtherColors(runs: FrameRuns, frameHeight: Int, foreground: RGB8, background: RGB8) -> Bool {
        precondition(runs.step == 1, "the test counts the sampled pixels of full runs")
        var tally = OtherColorTally(foreground: foreground, background: background)
        runs.colors.withUnsafeBufferPointer { colors in
            runs.lengths.withUnsafeBufferPointer { lengths in
                for y in stride(from: 0, to: frameHeight, by: 2) {
                    for column in 0..<runs.grid.tilesX {
                        var x = runs.grid.xBounds[column]
                        for run in runs.runs(row: y, column: column) {
                            let length = Int(lengths[run])
                            // The pixels at even offsets from the frame's left edge.
                            let sampled = (x + length + 1) / 2 - (x + 1) / 2
                            x += length
                            guard sampled > 0 else { continue }
                            let (r, g, b) = colors[run].runChannels
                            tally.add(Int(r), Int(g), Int(b), count: sampled)
                        }
                    }
                }
            }
        }
        return tally.holdsOtherColors
    }

    /// The region of `frame` that holds its text; nil when the frame holds nothing but its text
    /// (or no line of text can be told apart in it), so the whole frame is what is measured.
    ///
    /// `evenAlone`: the lines' region also when nothing else is found in the frame as ink (a shape
    /// so large and solid that its inside reads as a background, like a filled icon beside a
    /// label, is no piece of ink), so that what is measured is the lines and their margin.
    public static func find(in image: PixelBuffer, frame: PixelRect, scale: Double, evenAlone: Bool = false) -> TextRegion? {
        guard !frame.isEmpty, frame.maxX <= image.width, frame.maxY <= image.height else { return nil }
        // From @2x on, every second pixel each way is enough to tell glyphs from other shapes,
        // at a quarter of the work; positions are mapped back.
        let step = scale >= 2 ? 2 : 1
        guard let found = find(in: image.cropped(to: frame, step: step), scale: scale / Double(step), evenAlone: evenAlone) else { return nil }
        func back(_ rect: PixelRect) -> PixelRect {
            let x0 = frame.x + rect.x * step, y0 = frame.y + rect.y * step
            return PixelRect(x: x0, y: y0, width: min(frame.maxX, frame.x + rect.maxX * step) - x0,
                             height: min(frame.maxY, frame.y + rect.maxY * step) - y0)
        }
        return TextRegion(text: back(found.text), setAside: found.setAside.map(back))
    }

    /// The region of the text in `crop`, in its own pixels.
    static func find(in crop: PixelBuffer, scale: Double, evenAlone: Bool = false) -> TextRegion? {
        let detector = TextDetector(scale: scale)
        let grouping = TextLineGrouping(scale: scale)
        guard crop.width >= grouping.minimumGlyphHeight * 2, crop.height >= grouping.minimumGlyphHeight else { return nil }
        let backgrounds = BackgroundTiles(image: crop, tileSize: detector.tileSize)
        guard backgrounds.modes.contains(where: { $0 >= 0 }) else { return nil }
        let mask = InkMask(image: crop, backgrounds: backgrounds, sampledTilesAreWhole: scale >= 2)
        let pieces = findInkComponents(in: mask)
        let glyphs = pieces.filter { grouping.isGlyphLike($0, imageWidth: crop.width) }
        guard glyphs.count <= TextDetector.maximumPieces else { return nil }
        let linePieces = grouping.lines(of: glyphs, mask: mask).flatMap { $0 }.map { glyphs[$0] }
        // A glyph-sized shape of another colour in the line (a red ✕ beside a black name, a black
        // dot beside grey text) is not the text: the text's colour is the one most of the line's
        // ink has, and pieces far from it are set aside with the other shapes.
        let (textPieces, otherColoured) = Self.splitByColour(linePieces, crop: crop, mask: mask)
        let lines = textPieces.map(\.rect)
        guard let first = lines.first else { return nil }
        let union = lines.dropFirst().reduce(first) { $0.union($1) }
        // A shape set aside is at least 3 points each way (a status dot, a chevron's arm span):
        // slivers of a photo cut by the frame's edge are not shapes beside the text.
        let least = max(3, Int((3 * scale).rounded()))
        let aside = pieces.filter { piece in
            piece.width >= least && piece.height >= least
                && (piece.maxX < union.x || piece.minX >= union.maxX || piece.maxY < union.y || piece.minY >= union.maxY)
        } + otherColoured.filter { piece in
            piece.maxX < union.x || piece.minX >= union.maxX || piece.maxY < union.y || piece.minY >= union.maxY
        }
        guard !aside.isEmpty || evenAlone else { return nil }
        // The margin the checks measure a line's background in; it stops short of the pieces set aside.
        var text = union.outset(by: max(2, union.height / 3), clampedTo: crop.width, crop.height)
        for piece in aside {
            if piece.maxX < union.x { text = text.trimmingLeft(to: piece.maxX + 1) }
            if piece.minX >= union.maxX { text = text.trimmingRight(to: piece.minX) }
        }
        return TextRegion(text: text, setAside: aside.map(\.rect))
    }
}

extension TextRegion {
    /// The line's pieces in the text's colour, and those of another colour: each piece's core
    /// colour (of its pixels the mask marks, the one farthest from the crop's commonest colour: the
    /// full ink of a stroke, not its anti-aliased edge, which a thin stroke has as much of), the
    /// text's the one with most ink within 90 levels (summed over the channels), a piece farther
    /// than that from it another colour. Without two pieces in the text's colour, or where no
    /// colour fills half the crop, nothing is set aside.
    static func splitByColour(_ pieces: [InkComponent], crop: PixelBuffer, mask: InkMask) -> (text: [InkComponent], other: [InkComponent]) {
        guard pieces.count >= 3 else { return (pieces, []) }
        var counts: [UInt32: Int] = [:]
        var sampled = 0
        for y in stride(from: 0, to: crop.height, by: 2) {
            for x in stride(from: 0, to: crop.width, by: 2) {
                let p = crop[x, y]
                counts[UInt32(p.red >> 3) << 10 | UInt32(p.green >> 3) << 5 | UInt32(p.blue >> 3), default: 0] += 1
                sampled += 1
            }
        }
        guard let top = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              // Only on a flat fill: over a gradient or a photo the edges of one colour of text
              // blend into many, and its pieces' cores would differ.
              top.value * 2 >= sampled else { return (pieces, []) }
        let commonest = top.key
        let background = (Int((commonest >> 10) & 31) * 8 + 4, Int((commonest >> 5) & 31) * 8 + 4, Int(commonest & 31) * 8 + 4)
        let colours: [(r: Int, g: Int, b: Int, ink: Int)] = pieces.map { piece in
            var best = (r: 0, g: 0, b: 0), farthest = -1, n = 0
            for y in piece.minY...piece.maxY {
                for x in piece.minX...piece.maxX where mask.values[y * mask.width + x] != 0 {
                    let p = crop[x, y]
                    let d = abs(Int(p.red) - background.0) + abs(Int(p.green) - background.1) + abs(Int(p.blue) - background.2)
                    if d > farthest { (farthest, best) = (d, (Int(p.red), Int(p.green), Int(p.blue))) }
                    n += 1
                }
            }
            return (best.r, best.g, best.b, n)
        }
        // Greys of one text blend into a gradient at many levels; a shape of another colour
        // differs in hue: two colours are one unless they differ by 90 levels and one is
        // coloured where the other is grey (chroma, the channels' spread, apart by 60). A filled
        // blob (a status dot, a filled icon: most of its box inked, which no letter is but a
        // period) has its full colour at its core whatever the fill around it: a black dot beside
        // grey text is another colour.
        func chroma(_ i: Int) -> Int { max(colours[i].r, colours[i].g, colours[i].b) - min(colours[i].r, colours[i].g, colours[i].b) }
        func isBlob(_ i: Int) -> Bool {
            let piece = pieces[i]
            return piece.density >= 0.6 && piece.width >= 3 && piece.height >= 3
                && piece.width * 2 >= piece.height && piece.height * 2 >= piece.width
        }
        func distance(_ a: Int, _ b: Int) -> Int {
            let d = abs(colours[a].r - colours[b].r) + abs(colours[a].g - colours[b].g) + abs(colours[a].b - colours[b].b)
            return abs(chroma(a) - chroma(b)) > 60 || isBlob(a) != isBlob(b) ? d : min(d, 90)
        }
        let limit = 90
        // The colour with the most ink near it.
        let text = pieces.indices.max { a, b in
            let inkA = pieces.indices.filter { distance(a, $0) <= limit }.reduce(0) { $0 + colours[$1].ink }
            let inkB = pieces.indices.filter { distance(b, $0) <= limit }.reduce(0) { $0 + colours[$1].ink }
            return inkA < inkB || (inkA == inkB && a > b)
        }!
        let near = pieces.indices.filter { distance(text, $0) <= limit }
        guard near.count >= 2, near.count < pieces.count else { return (pieces, []) }
        return (near.map { pieces[$0] }, pieces.indices.filter { distance(text, $0) > limit }.map { pieces[$0] })
    }
}

extension PixelRect {
    /// The rectangle starting no further left than `x`.
    func trimmingLeft(to x: Int) -> PixelRect {
        guard x > self.x else { return self }
        return PixelRect(x: x, y: y, width: max(0, maxX - x), height: height)
    }

    /// The rectangle ending no further right than `x`.
    func trimmingRight(to x: Int) -> PixelRect {
        guard x < maxX else { return self }
        return PixelRect(x: self.x, y: y, width: max(0, x - self.x), height: height)
    }
}

extension PixelBuffer {
    /// A copy of every `step`-th pixel of every `step`-th row in `rect` (which lies within the image).
    func cropped(to rect: PixelRect, step: Int = 1) -> PixelBuffer {
        let columns = (rect.width + step - 1) / step, rows = (rect.height + step - 1) / step
        var pixels = [UInt8](repeating: 0, count: columns * rows * 4)
        self.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                var at = 0
                for y in stride(from: rect.y, to: rect.maxY, by: step) {
                    var offset = (y * width + rect.x) * 4
                    for _ in 0..<columns {
                        target[at] = source[offset]
                        target[at + 1] = source[offset + 1]
                        target[at + 2] = source[offset + 2]
                        target[at + 3] = source[offset + 3]
                        at += 4
                        offset += step * 4
                    }
                }
            }
        }
        return PixelBuffer(width: columns, height: rows, pixels: pixels)
    }
}

/// What `TextRegion.holdsOtherColors` counts of the sampled pixels: those near neither colour,
/// those off the line between them, and those in each bin of 16 levels a channel.
private struct OtherColorTally {
    let f: (Int, Int, Int)
    let b: (Int, Int, Int)
    let d: (Double, Double, Double)
    let length: Double
    var offLine = 0, sampled = 0, between = 0
    var bins = [Int32](repeating: 0, count: 4096)

    init(foreground: RGB8, background: RGB8) {
        f = (Int(foreground.red), Int(foreground.green), Int(foreground.blue))
        b = (Int(background.red), Int(background.green), Int(background.blue))
        d = (Double(b.0 - f.0), Double(b.1 - f.1), Double(b.2 - f.2))
        length = d.0 * d.0 + d.1 * d.1 + d.2 * d.2
    }

    /// `count` sampled pixels of colour (r, g, bl).
    @inline(__always) mutating func add(_ r: Int, _ g: Int, _ bl: Int, count: Int) {
        sampled += count
        let nearForeground = abs(r - f.0) <= 24 && abs(g - f.1) <= 24 && abs(bl - f.2) <= 24
        let nearBackground = abs(r - b.0) <= 24 && abs(g - b.1) <= 24 && abs(bl - b.2) <= 24
        guard !nearForeground && !nearBackground else { return }
        // The nearest blend of the two colours, and how far the pixel is from it.
        let p = (Double(r - f.0), Double(g - f.1), Double(bl - f.2))
        let t = length > 0 ? min(1, max(0, (p.0 * d.0 + p.1 * d.1 + p.2 * d.2) / length)) : 0
        let e = (p.0 - t * d.0, p.1 - t * d.1, p.2 - t * d.2)
        if e.0 * e.0 + e.1 * e.1 + e.2 * e.2 > 40 * 40 { offLine += count }
        between += count
        bins[(r >> 4) << 8 | (g >> 4) << 4 | bl >> 4] += Int32(count)
    }

    var holdsOtherColors: Bool {
        if offLine >= max(4, sampled / 100) { return true }
        let solid = Int(bins.max() ?? 0)
        return solid >= max(4, sampled / 200) && solid * 10 >= between * 3
    }
}
