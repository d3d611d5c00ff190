import Imaging

/// The dots of an ellipsis ending a line ("…", "..."): each is far shorter than the line's
/// glyphs, so the grouping (`TextLineGrouping`, which pairs pieces at most 2.5 times apart in
/// height, each at least 3 pt tall) leaves them out, and the line's box ended before them. A line
/// found in the pixels takes in three such dots after its end, so `text.truncated` can see them:
/// small, about equal, their bottoms level in the lower part of the line, a letter's gap or less
/// apart. Only three: a lone period or a dotted leader leaves the line as it was found.
struct TrailingDots {
    /// Pieces small enough to be a dot, ordered by top edge: at most 64 pixels (a 40 pt period
    /// at @3x is 16), neither more than twice as wide as tall nor the reverse.
    let candidates: [InkComponent]

    init(components: [InkComponent]) {
        candidates = components.filter { $0.height <= 64 && $0.width <= 64 && $0.width <= 2 * $0.height + 1 && $0.height <= 2 * $0.width + 1 }
    }

    /// `glyphs` grown to take in three dots right after its end, or `glyphs` as it is.
    func extending(_ glyphs: PixelRect) -> (glyphs: PixelRect, dots: Int) {
        let height = Double(glyphs.height)
        let topLimit = glyphs.y + Int((0.4 * height).rounded(.down))
        // The first piece whose top is at or below the limit (candidates are ordered by top).
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle].minY < topLimit { low = middle + 1 } else { high = middle }
        }
        var near: [InkComponent] = []
        var index = low
        while index < candidates.count, candidates[index].minY < glyphs.maxY {
            let piece = candidates[index]
            index += 1
            guard piece.minX >= glyphs.maxX, Double(piece.minX - glyphs.maxX) <= 2.5 * height,
                  Double(piece.maxY - glyphs.maxY) <= max(1, 0.1 * height),
                  Double(piece.maxY - glyphs.y) >= 0.5 * height, Double(max(piece.width, piece.height)) <= 0.35 * height else { continue }
            near.append(piece)
        }
        near.sort { $0.minX < $1.minX }
        // A chain from the line's end: each piece a gap of at most 0.6 (the first) or 0.5 of the
        // line's height after the one before.
        var chain: [InkComponent] = []
        var end = glyphs.maxX - 1
        for piece in near {
            let gap = Double(piece.minX - end - 1)
            if gap > (chain.isEmpty ? 0.6 : 0.5) * height { break }
            guard piece.minX > end else { continue }
            chain.append(piece)
            end = piece.maxX
        }
        guard chain.count == 3 else { return (glyphs, 0) }
        let heights = chain.map(\.height), bottoms = chain.map(\.maxY)
        let tolerance = max(1, Int((0.1 * height).rounded()))
        guard heights.max()! - heights.min()! <= max(1, heights.max()! * 3 / 10), bottoms.max()! - bottoms.min()! <= tolerance else {
            return (glyphs, 0)
        }
        var grown = glyphs
        for piece in chain {
            grown = grown.union(PixelRect(x: piece.minX, y: piece.minY, width: piece.width, height: piece.height))
        }
        return (grown, 3)
    }
}
