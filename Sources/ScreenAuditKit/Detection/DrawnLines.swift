import Imaging

/// Rows of glyph-like pieces that their surroundings show to be parts of a drawing rather than
/// text: a logo's letters set beside a solid capsule of their own height (the TMDB mark), and short
/// rows (one or two pieces) interlocked with other shapes (a tab icon's stacked sheets, the
/// streaks of a light flare). A label stands on its own fill, with nothing of its height in line
/// with it but other words, and nothing overlapping it. Found on the shared corpus's real
/// screenshots, where these rows were the last shapes reported as text.
struct DrawnLines: Sendable {
    /// Whether each glyph-like piece belongs to one of the rows found.
    var inLines: [Bool]
    /// The pieces in no row, and for each cell of a 64-pixel grid the ones whose box reaches it.
    var loose: [InkComponent]
    var cells: [[Int32]]
    var cellColumns: Int
    static let cellSize = 64

    /// `pieces`: every glyph-like piece; `lines`: the rows the grouping found, as indices into
    /// `pieces`; `width`, `height`: the image's.
    init(pieces: [InkComponent], lines: [[Int]], width: Int, height: Int) {
        var inLines = [Bool](repeating: false, count: pieces.count)
        for index in lines.joined() { inLines[index] = true }
        self.inLines = inLines
        let loose = pieces.indices.filter { !inLines[$0] }.map { pieces[$0] }
        self.loose = loose
        let size = Self.cellSize
        cellColumns = max(1, (width + size - 1) / size)
        var cells = [[Int32]](repeating: [], count: cellColumns * max(1, (height + size - 1) / size))
        for (index, piece) in loose.enumerated() {
            for row in (piece.minY / size)...(piece.maxY / size) {
                for column in (piece.minX / size)...(piece.maxX / size) { cells[row * cellColumns + column].append(Int32(index)) }
            }
        }
        self.cells = cells
    }

    /// Whether the line of `pieces` pieces with glyphs' bounds `box` is part of a drawing.
    func isDrawn(_ box: PixelRect, pieces: Int, image: PixelBuffer, backgrounds: BackgroundTiles) -> Bool {
        if pieces <= 2 && isInterlocked(box) { return true }
        guard let background = backgrounds.background(around: box) ?? backgrounds.commonColor(around: box) else { return false }
        return Self.barInLine(with: box, image: image, background: background)
    }

    /// Whether a bar or capsule of the line's own height stands in line with its glyphs (inside
    /// its box or at most a word space, 1.2 heights, from it): at least twice as long as the line
    /// is tall, every column of it one colour (within 24 levels a channel) over the middle 60 % of
    /// the line's rows and far from the background there (24 levels or more), its colour changing
    /// slowly along it (a gradient, not a button's fill beside a letter's stem), and 0.75 to 1.33
    /// times the line's height. The letters are set into a graphic, as a logo's are.
    /// Inside a large filled shape the ink mask is hollow (its tiles take the shape's colour as
    /// their background), so the shape is read from the pixels. A word never makes such a run:
    /// its columns change colour from stroke to gap; a button or a badge holding text, a switch
    /// or a thumbnail beside a label is taller than the label's glyphs, a progress bar thinner.
    static func barInLine(with box: PixelRect, image: PixelBuffer, background: Int32) -> Bool {
        let height = box.height
        let band = (box.y + height / 5)...(box.maxY - 1 - height / 5)
        let reach = Int(TextLineGrouping.gapShare * Double(height)) + 1
        let first = max(0, box.x - reach - 2 * height), last = min(image.width - 1, box.maxX + reach + 2 * height)
        guard first < last, band.lowerBound <= band.upperBound else { return false }
        let bg = (Int(background >> 16 & 0xFF), Int(background >> 8 & 0xFF), Int(background & 0xFF))
        let limit = InkMask.threshold
        return image.pixels.withUnsafeBufferPointer { pixels in
            func far(_ offset: Int, from c: (Int, Int, Int)) -> Bool {
                max(abs(Int(pixels[offset]) - c.0), abs(Int(pixels[offset + 1]) - c.1), abs(Int(pixels[offset + 2]) - c.2)) >= limit
            }
            // The colour of column `x` when it is one colour over the band, far from the background.
            func solidColor(_ x: Int) -> (Int, Int, Int)? {
                let middle = ((band.lowerBound + band.upperBound) / 2 * image.width + x) * 4
                guard far(middle, from: bg) else { return nil }
                let own = (Int(pixels[middle]), Int(pixels[middle + 1]), Int(pixels[middle + 2]))
                let one = band.allSatisfy { y in
                    let offset = (y * image.width + x) * 4
                    return far(offset, from: bg) && !far(offset, from: own)
                }
                return one ? own : nil
            }
            // The bar's height at column `x`: the rows of the middle row's colour above and below it.
            func barHeight(at x: Int) -> Int {
                let middleRow = (band.lowerBound + band.upperBound) / 2
                let middle = (middleRow * image.width + x) * 4
                let own = (Int(pixels[middle]), Int(pixels[middle + 1]), Int(pixels[middle + 2]))
                func part(_ y: Int) -> Bool {
                    let offset = (y * image.width + x) * 4
                    return far(offset, from: bg) && !far(offset, from: own)
                }
                var top = middleRow, bottom = middleRow
                while top > 0, part(top - 1) { top -= 1 }
                while bottom < image.height - 1, part(bottom + 1) { bottom += 1 }
                return bottom - top + 1
            }
            // A run is a bar when it is long enough, within a word space of the glyphs or among
            // them, and of the letters' height.
            func isBar(_ run: ClosedRange<Int>) -> Bool {
                guard run.count >= 2 * height, run.lowerBound <= box.maxX + reach, run.upperBound >= box.x - reach else { return false }
                // The tallest of five columns along it: where a button's label interrupts its
                // fill, the fill beside the label still shows the button's full height.
                let bar = (0...4).map { barHeight(at: run.lowerBound + $0 * (run.count - 1) / 4) }.max()!
                return bar * 4 >= height * 3 && bar * 3 <= height * 4
            }
            // Runs of solid columns whose colour changes slowly (a gradient), not at once (a
            // button's fill, then a letter's stem).
            var runStart = -1
            var previous = (0, 0, 0)
            for x in first...last {
                let color = solidColor(x)
                if let color, runStart >= 0,
                   max(abs(color.0 - previous.0), abs(color.1 - previous.1), abs(color.2 - previous.2)) < limit / 2 {
                    previous = color
                    continue
                }
                if runStart >= 0, isBar(runStart...(x - 1)) { return true }
                runStart = color == nil ? -1 : x
                previous = color ?? previous
            }
            if runStart >= 0, isBar(runStart...last) { return true }
            return false
        }
    }

    /// A glyph-like piece in no row, at least half the line's height, whose box covers a quarter or
    /// more of the line's box or of its own: a short row caught inside a drawing. A short word
    /// stands clear of other shapes: a dot or an accent is too small to count, the line above
    /// (whose descenders may touch it) is a row, and an outline drawn round it (a rating badge's
    /// box) encloses it.
    func isInterlocked(_ box: PixelRect) -> Bool {
        let size = Self.cellSize
        for row in (box.y / size)...((box.maxY - 1) / size) {
            for column in (box.x / size)...((box.maxX - 1) / size) {
                for index in cells[row * cellColumns + column] {
                    let other = loose[Int(index)]
                    guard other.height * 2 >= box.height else { continue }
                    // A badge's or a field's outline drawn round the text is the text's frame, not a drawing.
                    let encloses = other.minX <= box.x && other.maxX >= box.maxX - 1 && other.minY <= box.y && other.maxY >= box.maxY - 1
                    if !encloses, TextDetector.overlap(box, other.rect) * 4 >= min(box.area, other.rect.area) { return true }
                }
            }
        }
        return false
    }
}
