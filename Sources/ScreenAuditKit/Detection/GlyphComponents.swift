/// One connected piece of ink (eight-connected): a glyph, part of one, a few touching glyphs, or
/// something that is not text at all. Bounds are inclusive pixel positions.
struct InkComponent: Equatable, Sendable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    /// Ink pixels in the component.
    var pixels: Int

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    /// How much of its bounding box the ink fills.
    var density: Double { Double(pixels) / Double(width * height) }
}

/// The connected pieces of ink in `mask`, labelled run by run (each row's runs of ink joined to the
/// runs they touch in the row above, through a union–find), ordered by top edge, then left edge.
func findInkComponents(in mask: InkMask) -> [InkComponent] {
    let width = mask.width, height = mask.height
    var starts: [Int32] = [], ends: [Int32] = [], runRows: [Int32] = []
    var sets = UnionFind(count: 0)
    mask.values.withUnsafeBufferPointer { values in
        var previousFirst = 0, previousEnd = 0
        for y in 0..<height {
            let rowFirst = starts.count
            var x = 0
            let base = y * width
            while x < width {
                // Eight pixels without ink at a time: most of a screen is background.
                if x + 8 <= width, UnsafeRawPointer(values.baseAddress! + base + x).loadUnaligned(as: UInt64.self) == 0 {
                    x += 8
                    continue
                }
                guard values[base + x] != 0 else { x += 1; continue }
                let start = x
                while x < width, values[base + x] != 0 { x += 1 }
                starts.append(Int32(start))
                ends.append(Int32(x - 1))
                runRows.append(Int32(y))
                _ = sets.append()
            }
            // Join with the runs of the row above that touch this row's runs, diagonals included.
            var above = previousFirst
            for current in rowFirst..<starts.count {
                while above < previousEnd, ends[above] + 1 < starts[current] { above += 1 }
                var probe = above
                while probe < previousEnd, starts[probe] <= ends[current] + 1 {
                    sets.join(probe, current)
                    probe += 1
                }
            }
            previousFirst = rowFirst
            previousEnd = starts.count
        }
    }
    var componentOf = [Int](repeating: -1, count: starts.count)
    var components: [InkComponent] = []
    for index in 0..<starts.count {
        let top = sets.root(index)
        let x0 = Int(starts[index]), x1 = Int(ends[index]), y = Int(runRows[index])
        let existing = componentOf[top]
        if existing >= 0 {
            components[existing].minX = min(components[existing].minX, x0)
            components[existing].maxX = max(components[existing].maxX, x1)
            components[existing].maxY = max(components[existing].maxY, y)
            components[existing].pixels += x1 - x0 + 1
        } else {
            // Roots are the lowest run index of their component, met first: the top row.
            componentOf[top] = components.count
            components.append(InkComponent(minX: x0, minY: y, maxX: x1, maxY: y, pixels: x1 - x0 + 1))
        }
    }
    return components.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
}
