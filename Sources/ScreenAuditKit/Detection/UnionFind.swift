import Imaging

/// Disjoint sets over 0..<count (union–find with path halving): the pieces of ink, the tiles of a
/// colour and the glyphs of a line are each grouped with it. The lowest index of a set is its
/// root, so a set's root is the first of its members met in index order.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) {
        parent = Array(0..<count)
    }

    /// Adds one more element, in a set of its own; returns its index.
    mutating func append() -> Int {
        parent.append(parent.count)
        return parent.count - 1
    }

    mutating func root(_ index: Int) -> Int {
        var node = index
        while parent[node] != node {
            parent[node] = parent[parent[node]]
            node = parent[node]
        }
        return node
    }

    mutating func join(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

extension InkComponent {
    /// The piece's bounds as a rectangle.
    var rect: PixelRect { PixelRect(x: minX, y: minY, width: width, height: height) }
}
