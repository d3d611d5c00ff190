import Imaging

/// Rows of glyph-like pieces that their surroundings show to be parts of a drawing rather than
/// text: a logo's letters set beside a solid capsule of their own height (the TMDB mark), and short
/// rows (one or two pieces) interlocked with other shapes (a tab icon's stacked sheets, the
/// streaks of a light flare). A label stands on its own fill, with nothing of its height in line
/// with it but other words, and nothing overlapping it. Found on the shared corpus's real
/// screenshots, where these rows were the last shapes reported as text.
struct DrawnLines: Sendable {
    var grouping: TextLineGrouping
    /// Every glyph-like piece, ordered by top edge (as `findInkComponents` returns them).
    var pieces: [InkComponent]
    /// Whether each piece belongs to one of the rows found.
    var inLines: [Bool]

    /// `lines`: the rows the grouping found, as indices into `pieces`.
    init(grouping: TextLineGrouping, pieces: [InkComponent], lines: [[Int]]) {
        self.grouping = grouping
        self.pieces = pieces
        inLines = [Bool](repeating: false, count: pieces.count)
        for index in lines.joined() { inLines[index] = true }
    }

    /// Whether the line made of `members` (indices into `pieces`) is part of a drawing.
    func isDrawn(_ members: [Int], image: PixelBuffer, backgrounds: BackgroundTiles) -> Bool {
        let box = members.dropFirst().reduce(pieces[members[0]].rect) { $0.union(pieces[$1].rect) }
        if members.count <= 2 && isInterlocked(box) { return true }
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
        // Pieces are at most `maximumGlyphHeight` tall, so only those starting that far above the
        // line can reach it.
        var index = firstPiece(startingAtOrBelow: box.y - grouping.maximumGlyphHeight)
        while index < pieces.count, pieces[index].minY < box.maxY {
            defer { index += 1 }
            let other = pieces[index]
            guard !inLines[index], other.height * 2 >= box.height else { continue }
            // A badge's or a field's outline drawn round the text is the text's frame, not a drawing.
            let encloses = other.minX <= box.x && other.maxX >= box.maxX - 1 && other.minY <= box.y && other.maxY >= box.maxY - 1
            if !encloses, TextDetector.overlap(box, other.rect) * 4 >= min(box.area, other.rect.area) { return true }
        }
        return false
    }

    /// The index of the first piece whose top edge is at or below `y` (binary search).
    func firstPiece(startingAtOrBelow y: Int) -> Int {
        var low = 0, high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].minY < y { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension BackgroundTiles {
    /// The colour most of the tiles just around `rect` hold (colours within 12 levels a channel
    /// counted as one), whether or not they are backgrounds: the fill beside a logo whose own
    /// shapes and a textured backdrop leave no ring of background tiles. nil when no tile has one.
    func commonColor(around rect: PixelRect) -> Int32? {
        let c0 = max(0, rect.x / tileSize - 1), c1 = min(columns - 1, (rect.maxX - 1) / tileSize + 1)
        let r0 = max(0, rect.y / tileSize - 1), r1 = min(rows - 1, (rect.maxY - 1) / tileSize + 1)
        var colors: [(color: Int32, tiles: Int)] = []
        for row in r0...r1 {
            for column in c0...c1 where row == r0 || row == r1 || column == c0 || column == c1 {
                let mode = modes[row * columns + column]
                guard mode >= 0 else { continue }
                if let slot = colors.firstIndex(where: { Self.distance($0.color, mode) <= InkMask.threshold / 2 }) {
                    colors[slot].tiles += 1
                } else {
                    colors.append((mode, 1))
                }
            }
        }
        return colors.max { $0.tiles < $1.tiles }?.color
    }
}
