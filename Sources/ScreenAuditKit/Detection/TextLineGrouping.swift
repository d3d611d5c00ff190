import Imaging

/// What makes pieces of ink a line of text, in pixels at a given scale: glyphs of a plausible
/// height, standing side by side on a shared band of rows, at gaps no wider than a word space
/// allows, and not a row of identical blobs.
struct TextLineGrouping: Sendable {
    /// Pixels per point.
    var scale: Double

    /// The smallest glyph counted: 3 pt, the x-height of 6 pt text (SF Pro's x-height is 0.53 em),
    /// and never under 4 pixels.
    var minimumGlyphHeight: Int { max(4, Int((3 * scale).rounded(.up))) }
    /// The tallest: 160 pt, well above the largest Dynamic Type style (Large Title at AX5, 60 pt),
    /// for the display text of games, balances and splash screens.
    var maximumGlyphHeight: Int { Int((160 * scale).rounded()) }
    /// Neighbours join when the gap between them is at most this share of the taller one's height:
    /// a word space is about 0.28 em, 0.53 of a lower-case letter's height; 1.2 leaves room for
    /// wide tracking and a full stop (too small to count as a glyph) between sentences, and keeps
    /// columns a layout separates apart.
    static let gapShare = 1.2
    static let displayGapShare = 0.35
    /// Glyphs of one line differ in height by at most this factor (x-height against a letter with
    /// an ascender and a descender: 0.95 ÷ 0.53 ≈ 1.8).
    static let heightRatio = 2.5

    /// Whether a piece of ink could be (part of) a glyph: its height, and no solid block or thin
    /// outline of a size no glyph has.
    func isGlyphLike(_ component: InkComponent, imageWidth: Int) -> Bool {
        let height = component.height, width = component.width
        guard height >= minimumGlyphHeight, height <= maximumGlyphHeight else { return false }
        guard width <= 15 * height, width < imageWidth * 9 / 10 else { return false }
        let density = component.density
        // A filled rectangle wider than a stem (a button, a swatch, a bar), or a sparse outline.
        if density >= 0.9 && width * 2 >= height && height >= 6 { return false }
        return density >= 0.06
    }

    /// The lines the glyph-like components form, each a list of indices into `components`,
    /// ordered by top edge then left edge.
    func lines(of components: [InkComponent], mask: InkMask) -> [[Int]] {
        let order = components.indices.sorted { (components[$0].minX, components[$0].minY) < (components[$1].minX, components[$1].minY) }
        var sets = UnionFind(count: components.count)
        for (position, i) in order.enumerated() {
            let a = components[i]
            // Partners start within the widest gap a glyph up to `heightRatio` times taller allows.
            let reach = a.maxX + Int(Self.gapShare * Self.heightRatio * Double(a.height)) + 1
            var next = position + 1
            while next < order.count, components[order[next]].minX <= reach {
                let j = order[next]
                next += 1
                let b = components[j]
                let tall = max(a.height, b.height), short = min(a.height, b.height)
                guard Double(tall) <= Self.heightRatio * Double(short) else { continue }
                let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY) + 1
                guard overlap * 2 >= short else { continue }
                // On one baseline (or, for a descender, one x-height): tops or bottoms level.
                let level = 0.3 * Double(tall)
                guard Double(abs(a.maxY - b.maxY)) <= level || Double(abs(a.minY - b.minY)) <= level else { continue }
                // Side by side, not one over the other (a highlight on an orb, a mark in a circle).
                let across = min(a.maxX, b.maxX) - max(a.minX, b.minX) + 1
                guard across * 2 < min(a.width, b.width) else { continue }
                // Display text past 40 pt sets its letters closer than its height; a grid of icons
                // that size stands farther apart.
                let share = Double(tall) > 40 * scale ? Self.displayGapShare : Self.gapShare
                guard Double(b.minX - a.maxX - 1) <= share * Double(tall) else { continue }
                sets.join(i, j)
            }
        }
        var members: [Int: [Int]] = [:]
        for index in components.indices { members[sets.root(index), default: []].append(index) }
        return members.values
            .map { $0.sorted { components[$0].minX < components[$1].minX } }
            .flatMap { textLines(in: $0, components: components, mask: mask) }
            .sorted { a, b in
                let ca = components[a[0]], cb = components[b[0]]
                let ta = a.map { components[$0].minY }.min()!, tb = b.map { components[$0].minY }.min()!
                return (ta, ca.minX) < (tb, cb.minX)
            }
    }

    /// The parts of a row of pieces (sorted left to right) that read as text: the whole row, or
    /// else the parts either side of its widest gap, each judged the same way (an orb's outline
    /// beside a name spoils the row, not the name). Parts are judged left to right from a stack,
    /// not by recursion: a row of thousands of specks is split thousands of times, deeper than a
    /// worker thread's stack allows.
    func textLines(in row: [Int], components: [InkComponent], mask: InkMask) -> [[Int]] {
        var lines: [[Int]] = []
        var pending = [row]
        while let part = pending.popLast() {
            let row = trimmingIcons(part, components: components)
            guard !row.isEmpty else { continue }
            if isTextLine(row.map { components[$0] }, mask: mask) {
                lines.append(row)
                continue
            }
            guard row.count >= 2 else { continue }
            // The gap before each piece is measured from the farthest right edge before it, kept
            // as the row is walked.
            var split = 1, widest = Int.min, rightmost = components[row[0]].maxX
            for index in 1..<row.count {
                let gap = components[row[index]].minX - rightmost
                if gap > widest { (split, widest) = (index, gap) }
                rightmost = max(rightmost, components[row[index]].maxX)
            }
            // The right part waits under the left, so lines come out left to right.
            pending.append(Array(row[split...]))
            pending.append(Array(row[..<split]))
        }
        return lines
    }

    /// The row without an icon at either end: a filled piece (half its box or more) at least 1.7
    /// times as tall as the row's median piece, as an orb or a symbol beside a label is and no
    /// letter is (capitals and ascenders stand about 1.4 x-heights tall; an `I`'s stem is filled
    /// but no taller), or any piece twice as tall (a lightning bolt's diagonal fills less than half
    /// its box). Its contrast is not the text's.
    ///
    /// A ring or box holding other pieces and at least as tall as every piece outside it (an ⓘ, a
    /// ✓ in a circle, a ©) is a symbol, not a letter: no letter holds another. It goes with what it
    /// holds. wBlock's section titles ("Privacy ⓘ", real screenshot) were measured with the
    /// circle's bottom as their baseline: 22.5 pt for 17.
    func trimmingIcons(_ row: [Int], components: [InkComponent]) -> [Int] {
        guard row.count >= 3 else { return row }
        var row = row
        func holds(_ outer: InkComponent, _ inner: InkComponent) -> Bool {
            inner.minX > outer.minX && inner.maxX < outer.maxX && inner.minY > outer.minY && inner.maxY < outer.maxY
        }
        func isIcon(_ index: Int) -> Bool {
            let piece = components[index]
            let others = row.filter { $0 != index && !holds(piece, components[$0]) }
            guard others.count >= 2 else { return false }
            let heights = others.map { components[$0].height }.sorted()
            let median = heights[heights.count / 2]
            if (piece.density >= 0.5 && piece.height * 10 >= median * 17) || piece.height >= median * 2 { return true }
            return others.count < row.count - 1 && piece.height >= heights[heights.count - 1]
        }
        // The end pieces: the first and last by their left and right edges (what a ring holds
        // starts after it and ends before it).
        func trim(last: Bool) -> Bool {
            guard row.count >= 3, let end = last ? row.max(by: { components[$0].maxX < components[$1].maxX })
                                                  : row.min(by: { components[$0].minX < components[$1].minX }),
                  isIcon(end) else { return false }
            let piece = components[end]
            row.removeAll { $0 == end || holds(piece, components[$0]) }
            return true
        }
        while trim(last: false) {}
        while trim(last: true) {}
        return row
    }

    /// Whether the pieces read as text: three or more glyphs; two side by side that make a line
    /// wider than tall (a circular arrow's two arcs make a square), not two narrow pieces more
    /// than a height apart, not a filled or boxed piece half again as wide as tall beside a
    /// narrow one; or one piece as wide as a
    /// word of touching letters, with a word's density and at least four strokes across its
    /// middle row (an arc has two). Never pieces as sparse as a circle's outline, mostly solid
    /// bars, a box far taller than its pieces, nor a short row
    /// of equal, filled blobs at least half as wide as tall (page dots, filled icons, the marks of a
    /// drawn form: digits are as square, but their counters leave them less filled, and a filled
    /// stem is far narrower), nor a few evenly spaced copies of one small mark (`isRepeatedMark`).
    func isTextLine(_ glyphs: [InkComponent], mask: InkMask) -> Bool {
        let box = glyphs.dropFirst().reduce(glyphs[0].rect) { $0.union($1.rect) }
        let width = box.width, height = box.height
        switch glyphs.count {
        case 1:
            let glyph = glyphs[0]
            return glyph.width >= glyph.height * 5 / 2 && glyph.density >= 0.15 && glyph.density <= 0.75
                && strokesAcross(glyph, mask: mask) >= 4
        case 2:
            guard width * 10 >= height * 13 else { return false }
            let wide = glyphs.map { $0.width * 2 >= $0.height * 3 }
            // Two narrow pieces more than a full height apart (a word space is 0.3 em, under half a
            // capital's height) are two icons in a toolbar (a bell and a compose button), not a
            // word; an icon and a timestamp with a dot between ("🌐 · 2h") stand closer.
            let gap = max(glyphs[0].minX, glyphs[1].minX) - min(glyphs[0].maxX, glyphs[1].maxX) - 1
            guard wide[0] || wide[1] || gap <= max(glyphs[0].height, glyphs[1].height) else { return false }
            // A filled or boxed piece half again as wide as tall beside a narrower one (a battery
            // beside the Wi-Fi fan): no letter is that wide and that full, nor ink all along its
            // top and bottom. (Two words of touching letters, "See more" at @2x, are both wide.)
            if wide[0] != wide[1], let piece = wide[0] ? glyphs.first : glyphs.last,
               piece.density >= 0.72 || isBox(piece, mask: mask) { return false }
        default:
            break
        }
        // Glyph strokes fill a good part of their boxes (every one of a short word's), the thin arcs
        // of a circle's outline do not.
        let densities = glyphs.map(\.density).sorted()
        guard densities[densities.count / 2] >= 0.12, glyphs.count > 3 || densities[0] >= 0.1 else { return false }
        // Solid bars (signal strength, a level meter) are not words, though a stem is solid.
        guard glyphs.filter({ $0.density >= 0.85 }).count * 2 < glyphs.count else { return false }
        // Pieces chained up and down the screen (icons beside labels) make a box much taller than
        // its glyphs; a line's box is at most its ascenders and descenders, about 1.8 x-heights.
        let heights = glyphs.map(\.height)
        guard height * 10 <= heights.sorted()[heights.count / 2] * 25 else { return false }
        let alike = heights.max()! * 100 <= heights.min()! * 115
        let blobs = glyphs.allSatisfy { glyph in
            glyph.width * 2 >= glyph.height && glyph.width * 3 <= glyph.height * 4 && glyph.density >= 0.72
        }
        guard !(alike && blobs && glyphs.count <= 6) else { return false }
        // Two to six copies of one small square mark, evenly spaced (a "more" button's dots,
        // too small and soft-edged to be filled blobs): no word repeats one letter so.
        return !(glyphs.count <= 6 && isRepeatedMark(glyphs))
    }

    /// Whether `glyphs` (left to right) are copies of one square mark at most 4 pt tall: widths,
    /// heights and ink within 20 % of each other, gaps within 2 pixels of each other.
    func isRepeatedMark(_ glyphs: [InkComponent]) -> Bool {
        guard glyphs.count >= 2, let first = glyphs.first, Double(first.height) <= 4 * scale,
              first.width * 4 >= first.height * 3, first.width * 3 <= first.height * 4 else { return false }
        func close(_ a: Int, _ b: Int) -> Bool { max(a, b) * 5 <= min(a, b) * 6 }
        guard glyphs.allSatisfy({ close($0.width, first.width) && close($0.height, first.height) && close($0.pixels, first.pixels) }) else {
            return false
        }
        let gaps = zip(glyphs, glyphs.dropFirst()).map { $1.minX - $0.maxX }
        return gaps.max()! - gaps.min()! <= 2
    }

    /// Whether ink runs along both the top and the bottom of the piece, across 80 % of its width or
    /// more (on a row within a sixth of its height from each edge): a box, a battery's outline.
    func isBox(_ piece: InkComponent, mask: InkMask) -> Bool {
        let edge = max(1, piece.height / 6)
        func spans(_ rows: ClosedRange<Int>) -> Bool {
            rows.contains { y in
                var longest = 0, run = 0
                for x in piece.minX...piece.maxX {
                    run = mask.values[y * mask.width + x] != 0 ? run + 1 : 0
                    longest = max(longest, run)
                }
                return longest * 5 >= piece.width * 4
            }
        }
        return spans(piece.minY...(piece.minY + edge - 1)) && spans((piece.maxY - edge + 1)...piece.maxY)
    }

    /// The runs of ink along the piece's middle row.
    func strokesAcross(_ piece: InkComponent, mask: InkMask) -> Int {
        let row = (piece.minY + piece.maxY) / 2 * mask.width
        var runs = 0, inRun = false
        for x in piece.minX...piece.maxX {
            let ink = mask.values[row + x] != 0
            if ink && !inRun { runs += 1 }
            inRun = ink
        }
        return runs
    }
}
