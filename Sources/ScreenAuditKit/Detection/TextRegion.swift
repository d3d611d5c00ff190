import Imaging

/// Where in an element's frame its text is, when the frame holds more than text: a status dot, an
/// SF Symbol beside the label, a chevron, a badge. The detector's grouping finds the lines of
/// glyphs in the frame; the other pieces of ink are set aside, so `contrast.text` judges the
/// text's glyphs rather than whatever in the frame has the most contrast.
public struct TextRegion: Equatable, Sendable {
    /// The lines' glyphs with their margin, within the frame.
    public var text: PixelRect
    /// Pieces of ink in the frame outside the lines (at least 2 points each way).
    public var setAside: [PixelRect]

    /// The region of `frame` that holds its text; nil when the frame holds nothing but its text
    /// (or no line of text can be told apart in it), so the whole frame is what is measured.
    public static func find(in image: PixelBuffer, frame: PixelRect, scale: Double) -> TextRegion? {
        guard !frame.isEmpty, frame.maxX <= image.width, frame.maxY <= image.height else { return nil }
        // From @2x on, every second pixel each way is enough to tell glyphs from other shapes,
        // at a quarter of the work; positions are mapped back.
        let step = scale >= 2 ? 2 : 1
        guard let found = find(in: image.cropped(to: frame, step: step), scale: scale / Double(step)) else { return nil }
        func back(_ rect: PixelRect) -> PixelRect {
            let x0 = frame.x + rect.x * step, y0 = frame.y + rect.y * step
            return PixelRect(x: x0, y: y0, width: min(frame.maxX, frame.x + rect.maxX * step) - x0,
                             height: min(frame.maxY, frame.y + rect.maxY * step) - y0)
        }
        return TextRegion(text: back(found.text), setAside: found.setAside.map(back))
    }

    /// The region of the text in `crop`, in its own pixels.
    static func find(in crop: PixelBuffer, scale: Double) -> TextRegion? {
        let detector = TextDetector(scale: scale)
        let grouping = TextLineGrouping(scale: scale)
        guard crop.width >= grouping.minimumGlyphHeight * 2, crop.height >= grouping.minimumGlyphHeight else { return nil }
        let backgrounds = BackgroundTiles(image: crop, tileSize: detector.tileSize)
        guard backgrounds.modes.contains(where: { $0 >= 0 }) else { return nil }
        let mask = InkMask(image: crop, backgrounds: backgrounds, sampledTilesAreWhole: scale >= 2)
        let pieces = findInkComponents(in: mask)
        let glyphs = pieces.filter { grouping.isGlyphLike($0, imageWidth: crop.width) }
        guard glyphs.count <= TextDetector.maximumPieces else { return nil }
        let lines = grouping.lines(of: glyphs, mask: mask).map { members -> PixelRect in
            let line = members.map { glyphs[$0] }
            let x0 = line.map(\.minX).min()!, y0 = line.map(\.minY).min()!
            return PixelRect(x: x0, y: y0, width: line.map(\.maxX).max()! - x0 + 1, height: line.map(\.maxY).max()! - y0 + 1)
        }
        guard let first = lines.first else { return nil }
        let union = lines.dropFirst().reduce(first) { a, b in
            let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
            return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
        }
        let least = max(3, Int((2 * scale).rounded()))
        let aside = pieces.filter { piece in
            piece.width >= least && piece.height >= least
                && (piece.maxX < union.x || piece.minX >= union.maxX || piece.maxY < union.y || piece.minY >= union.maxY)
        }
        guard !aside.isEmpty else { return nil }
        // The margin the checks measure a line's background in; it stops short of the pieces set aside.
        var text = union.outset(by: max(2, union.height / 3), clampedTo: crop.width, crop.height)
        for piece in aside {
            if piece.maxX < union.x { text = text.trimmingLeft(to: piece.maxX + 1) }
            if piece.minX >= union.maxX { text = text.trimmingRight(to: piece.minX) }
        }
        return TextRegion(text: text, setAside: aside.map { PixelRect(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) })
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
