import Imaging

/// Single glyphs that the line grouping cannot tell from icons on their own (a lone piece of ink is
/// as likely a chevron as a letter), accepted where the layout says they are text:
///
/// - **a value under or over its label**: the piece starts where a line of text above or below it
///   starts (within 1.5 pt), lies within a line's height of it, at 0.8 to 2.5 times its height and
///   at most half its width, and stands on the same fill all round ("Safari Rules" over "0"; not a
///   tab's icon centred over its name, a tab bar's icon that happens to start under a list's last
///   row, nor the corner of a thumbnail under a caption);
/// - **an index column**: three or more pieces start at one x (within 1.5 pt), of one height
///   (within 15 %), each a row apart from the next, no taller than 24 pt, each alone on its row
///   (no ink within 20 heights either side), and not all of one shape (a list's section letters
///   A, C, E; a column of chevrons or radio buttons is one shape, a menu's icons stand beside
///   their labels, placeholder avatars beside their bars).
///
/// Either way the piece must be shaped like a glyph: 0.25 to 1.3 times as wide as tall, filling
/// 15 % to 75 % of its box (not a dot, not a filled blob), one to three strokes across its middle.
struct LoneGlyphs: Sendable {
    /// Pixels per point.
    var scale: Double

    var alignment: Int { max(2, Int((1.5 * scale).rounded())) }
    var tallestInColumn: Int { Int((24 * scale).rounded()) }

    func isGlyphShaped(_ piece: InkComponent, mask: InkMask, grouping: TextLineGrouping) -> Bool {
        guard piece.width * 4 >= piece.height, piece.width * 10 <= piece.height * 13 else { return false }
        guard piece.density >= 0.15, piece.density <= 0.75 else { return false }
        return (1...3).contains(grouping.strokesAcross(piece, mask: mask))
    }

    /// The candidates (glyph-like pieces in no line) that are text by their place beside `lines`.
    func accepted(_ candidates: [InkComponent], lines: [(glyphs: PixelRect, pieces: Int)], mask: InkMask,
                  backgrounds: BackgroundTiles, grouping: TextLineGrouping) -> [InkComponent] {
        let shaped = candidates.filter { piece in
            isGlyphShaped(piece, mask: mask, grouping: grouping)
                && !lines.contains { TextDetector.overlap($0.glyphs, piece.rect) > 0 }
        }
        var accepted = Set<Int>()
        for (index, piece) in shaped.enumerated() where isStacked(piece, on: lines, backgrounds: backgrounds) { accepted.insert(index) }
        // Columns first (cheap), then each member's row looked at, then the column judged again
        // on the members alone on their rows.
        for column in indexColumns(shaped) {
            let alone = column.filter { isAlone(shaped[$0], mask: mask) }
            for kept in indexColumns(alone.map { shaped[$0] }) { accepted.formUnion(kept.map { alone[$0] }) }
        }
        return accepted.sorted().map { shaped[$0] }
    }

    /// Under or over a line of two or more pieces, sharing its left edge.
    func isStacked(_ piece: InkComponent, on lines: [(glyphs: PixelRect, pieces: Int)], backgrounds: BackgroundTiles) -> Bool {
        lazy var ground = backgrounds.background(around: piece.rect)
        return lines.contains { line in
            let box = line.glyphs
            guard line.pieces >= 2, abs(box.x - piece.minX) <= alignment else { return false }
            guard piece.height * 10 >= box.height * 8, piece.height * 10 <= box.height * 25, piece.width * 2 <= box.width else { return false }
            let gap: Int
            if piece.minY >= box.maxY {
                gap = piece.minY - box.maxY
            } else if piece.maxY < box.y {
                gap = box.y - piece.maxY - 1
            } else {
                return false
            }
            guard gap <= max(piece.height, box.height), let ground, let lineGround = backgrounds.background(around: box) else { return false }
            return BackgroundTiles.distance(ground, lineGround) <= InkMask.threshold
        }
    }

    /// No ink in the piece's rows within 20 of its heights to its left or right (a few stray pixels
    /// aside).
    func isAlone(_ piece: InkComponent, mask: InkMask) -> Bool {
        let reach = 20 * piece.height
        let x0 = max(0, piece.minX - reach), x1 = min(mask.width - 1, piece.maxX + reach)
        var ink = 0
        for y in piece.minY...piece.maxY {
            let row = y * mask.width
            for x in x0...x1 where (x < piece.minX || x > piece.maxX) && mask.values[row + x] != 0 { ink += 1 }
        }
        return ink * 20 <= piece.pixels
    }

    /// Groups of three or more pieces in one left-aligned column of one height, a row apart, not
    /// all alike: indices into `pieces`.
    func indexColumns(_ pieces: [InkComponent]) -> [[Int]] {
        let order = pieces.indices.filter { pieces[$0].height <= tallestInColumn }.sorted { (pieces[$0].minX, pieces[$0].minY) < (pieces[$1].minX, pieces[$1].minY) }
        var columns: [[Int]] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, pieces[order[end]].minX - pieces[order[start]].minX <= alignment { end += 1 }
            let group = Array(order[start..<end])
            start = end
            let heights = group.map { pieces[$0].height }.sorted()
            let median = heights[heights.count / 2]
            let alike = group.filter { abs(pieces[$0].height - median) * 100 <= median * 15 }
                .sorted { pieces[$0].minY < pieces[$1].minY }
            guard alike.count >= 3 else { continue }
            let spaced = zip(alike, alike.dropFirst()).allSatisfy { pieces[$1].minY - pieces[$0].maxY >= median }
            guard spaced else { continue }
            let first = pieces[alike[0]]
            let oneShape = alike.allSatisfy { index in
                let piece = pieces[index]
                return abs(piece.width - first.width) * 10 <= first.width && abs(piece.density - first.density) <= 0.05
            }
            if !oneShape { columns.append(alike) }
        }
        return columns
    }
}
