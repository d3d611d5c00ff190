extension Canvas {
    /// Outlines `rect` with a line `lineWidth` pixels wide centred on its edges (half inside, half
    /// outside, as Core Graphics strokes a path), with square outer corners. Dashes run clockwise
    /// from the top-left corner with butt ends; a corner square is drawn when the pattern is on at
    /// the corner. Dots are round, one line width across.
    public mutating func stroke(_ rect: RectF, lineWidth: Double, color: RGBA, style: StrokeStyle = .solid) {
        guard !rect.isEmpty, lineWidth.isFinite, lineWidth > 0, color.alpha > 0 else { return }
        switch style {
        case .solid:
            strokeBands(rect, halfWidth: lineWidth / 2, color: color, pattern: nil)
        case .dashed(let on, let off):
            guard on.isFinite, off.isFinite, (on + off).isFinite, on > 0 else { return }
            let pattern = off > 0 ? DashPattern(on: on, period: on + off) : nil
            strokeBands(rect, halfWidth: lineWidth / 2, color: color, pattern: pattern)
        case .dotted:
            strokeDots(rect, diameter: lineWidth, color: color)
        }
    }

    /// Draws a line `width` pixels wide from `start` to `end` with round caps.
    public mutating func drawLine(from start: (Double, Double), to end: (Double, Double), width: Double, color: RGBA) {
        guard start.0.isFinite, start.1.isFinite, end.0.isFinite, end.1.isFinite,
              width.isFinite, width > 0, color.alpha > 0 else { return }
        let canvasWidth = self.width
        let clip = (columns: 0..<canvasWidth, rows: 0..<height)
        withPixels { pixels in
            Self.forEachPixel(nearSegment: start, end, halfWidth: width / 2, clip: clip) { column, row, coverage in
                Self.blend(pixels, at: (row * canvasWidth + column) * 4, color: color, alpha: Self.opacity(coverage, color))
            }
        }
    }

    // MARK: - Outline helpers

    /// Dashes `on` long repeating every `period`, measured along the perimeter.
    private struct DashPattern {
        let on: Double
        let period: Double

        /// On-length in [0, s): whole periods plus the part of the last one.
        func onLength(upTo s: Double) -> Double {
            let periods = (s / period).rounded(.down)
            return periods * on + min(max(s - periods * period, 0), on)
        }

        func onLength(from start: Double, to end: Double) -> Double {
            max(0, onLength(upTo: end) - onLength(upTo: start))
        }

        func isOn(at s: Double) -> Bool {
            s - (s / period).rounded(.down) * period < on
        }
    }

    /// The outline as four bands along the edges (top and bottom own the corner squares). For each
    /// pixel the covered area is the sum over bands of (on-length along the band inside the pixel)
    /// × (band thickness inside the pixel). Perimeter positions run clockwise from the top-left
    /// corner; without a pattern the whole outline is on.
    private mutating func strokeBands(_ rect: RectF, halfWidth: Double, color: RGBA, pattern: DashPattern?) {
        let x0 = rect.x, x1 = rect.maxX, y0 = rect.y, y1 = rect.maxY
        let w = rect.width, h = rect.height
        let outerColumns = Self.pixelRange(from: x0 - halfWidth, to: x1 + halfWidth, pixels: width)
        let outerRows = Self.pixelRange(from: y0 - halfWidth, to: y1 + halfWidth, pixels: height)
        guard !outerColumns.isEmpty, !outerRows.isEmpty else { return }

        func onLength(_ a: Double, _ b: Double) -> Double {
            let start = min(a, b), end = max(a, b)
            return pattern?.onLength(from: start, to: end) ?? (end - start)
        }
        func isOn(_ s: Double) -> Bool { pattern?.isOn(at: s) ?? true }

        // Per column: on-length of a horizontal band inside the column, corners included.
        func horizontal(_ column: Int, cornerLeft: Bool, cornerRight: Bool, position: (Double) -> Double) -> Double {
            var length = 0.0
            if cornerLeft { length += Self.overlap(column, x0 - halfWidth, x0) }
            if cornerRight { length += Self.overlap(column, x1, x1 + halfWidth) }
            let start = max(Double(column), x0), end = min(Double(column) + 1, x1)
            if end > start { length += onLength(position(start), position(end)) }
            return length
        }
        let top = outerColumns.map { horizontal($0, cornerLeft: isOn(0), cornerRight: isOn(w)) { $0 - x0 } }
        let bottom = outerColumns.map {
            horizontal($0, cornerLeft: isOn(2 * w + h), cornerRight: isOn(w + h)) { w + h + (x1 - $0) }
        }
        // Per row: on-length of a vertical band inside the row, between the corner squares.
        let sideTop = y0 + halfWidth, sideBottom = y1 - halfWidth
        func vertical(_ row: Int, position: (Double) -> Double) -> Double {
            let start = max(Double(row), sideTop), end = min(Double(row) + 1, sideBottom)
            return end > start ? onLength(position(start), position(end)) : 0
        }
        let right = outerRows.map { vertical($0) { w + ($0 - y0) } }
        let left = outerRows.map { vertical($0) { 2 * w + h + (y1 - $0) } }

        // Rows between the horizontal bands have ink only in the columns near the left and right edges.
        let leftColumns = Self.pixelRange(from: x0 - halfWidth, to: x0 + halfWidth, pixels: width)
        let rightColumns = Self.pixelRange(from: x1 - halfWidth, to: x1 + halfWidth, pixels: width)
        let sideColumns: [Range<Int>] = leftColumns.overlaps(rightColumns) || leftColumns.upperBound == rightColumns.lowerBound
            ? [min(leftColumns.lowerBound, rightColumns.lowerBound)..<max(leftColumns.upperBound, rightColumns.upperBound)]
            : [leftColumns, rightColumns]
        let firstColumn = outerColumns.lowerBound
        let canvasWidth = width
        withPixels { pixels in
            for (rowIndex, row) in outerRows.enumerated() {
                let topThickness = Self.overlap(row, y0 - halfWidth, y0 + halfWidth)
                let bottomThickness = Self.overlap(row, y1 - halfWidth, y1 + halfWidth)
                let ranges = topThickness == 0 && bottomThickness == 0 ? sideColumns : [outerColumns]
                for range in ranges {
                    for column in range {
                        let columnIndex = column - firstColumn
                        var coverage = topThickness * top[columnIndex] + bottomThickness * bottom[columnIndex]
                        coverage += Self.overlap(column, x0 - halfWidth, x0 + halfWidth) * left[rowIndex]
                        coverage += Self.overlap(column, x1 - halfWidth, x1 + halfWidth) * right[rowIndex]
                        let alpha = Self.opacity(min(coverage, 1), color)
                        if alpha > 0 { Self.blend(pixels, at: (row * canvasWidth + column) * 4, color: color, alpha: alpha) }
                    }
                }
            }
        }
    }

    /// Round dots along the perimeter, about two diameters apart (at least one pixel of gap),
    /// spaced so a whole number of them closes the loop; the first sits on the top-left corner.
    private mutating func strokeDots(_ rect: RectF, diameter: Double, color: RGBA) {
        let w = rect.width, h = rect.height
        let perimeter = 2 * (w + h)
        let nominal = max(2 * diameter, diameter + 1)
        let count = max(1, (perimeter / nominal).rounded(.down))
        let spacing = perimeter / count
        guard spacing.isFinite, spacing > 0 else { return }
        let radius = diameter / 2
        // Edges clockwise from the top-left corner: perimeter position, length, start, direction.
        let edges: [(s: Double, length: Double, x: Double, y: Double, dx: Double, dy: Double)] = [
            (0, w, rect.x, rect.y, 1, 0),
            (w, h, rect.maxX, rect.y, 0, 1),
            (w + h, w, rect.maxX, rect.maxY, -1, 0),
            (2 * w + h, h, rect.x, rect.maxY, 0, -1),
        ]
        let canvasWidth = width
        let clip = (columns: 0..<width, rows: 0..<height)
        let margin = radius + 1
        let right = Double(width) + margin, bottom = Double(height) + margin
        withPixels { pixels in
            for edge in edges {
                // Only the stretch of the edge that can touch the canvas is visited, so a huge
                // rectangle costs what is seen of it.
                let across = edge.dy == 0 ? edge.y : edge.x
                guard across > -margin, across < (edge.dy == 0 ? bottom : right) else { continue }
                let a: Double, b: Double
                if edge.dy == 0 {
                    a = (-margin - edge.x) * edge.dx; b = (right - edge.x) * edge.dx
                } else {
                    a = (-margin - edge.y) * edge.dy; b = (bottom - edge.y) * edge.dy
                }
                let from = max(0, min(a, b)), to = min(edge.length, max(a, b))
                guard to >= from else { continue }
                let first = ((edge.s + from) / spacing).rounded(.up)
                let limit = Int(min((to - from) / spacing + 2, 1e7))
                for k in 0..<max(limit, 0) {
                    let index = first + Double(k)
                    guard index < count else { break }
                    let along = index * spacing - edge.s
                    guard along <= to, along < edge.length else { break }
                    let centre = (edge.x + edge.dx * along, edge.y + edge.dy * along)
                    Self.forEachPixel(nearSegment: centre, centre, halfWidth: radius, clip: clip) { column, row, coverage in
                        Self.blend(pixels, at: (row * canvasWidth + column) * 4, color: color, alpha: Self.opacity(coverage, color))
                    }
                }
            }
        }
    }

    // MARK: - Segment coverage

    /// Calls `body(column, row, coverage)` once for every pixel inside `clip` within reach of the
    /// segment from `a` to `b` drawn `2 × halfWidth` wide with round ends. Coverage is
    /// `clamp(halfWidth + 0.5 − distance, 0, 1)` from the pixel centre to the segment. Rows are
    /// scanned only across the columns the segment can reach in that row.
    @inline(__always)
    static func forEachPixel(nearSegment a: (Double, Double), _ b: (Double, Double), halfWidth: Double,
                             clip: (columns: Range<Int>, rows: Range<Int>),
                             _ body: (Int, Int, Double) -> Void) {
        let reach = halfWidth + 0.5
        let dx = b.0 - a.0, dy = b.1 - a.1
        let lengthSquared = dx * dx + dy * dy
        let inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
        let reachSquared = reach * reach
        let core = halfWidth - 0.5
        let coreSquared = core > 0 ? core * core : -1
        let rows = pixelRange(from: min(a.1, b.1) - reach + 0.5, to: max(a.1, b.1) + reach - 0.5, pixels: clip.rows.upperBound)
            .clamped(to: clip.rows)
        for row in rows {
            let centreY = Double(row) + 0.5
            // Parameters t at which the segment is within `reach` of this row vertically.
            var t0 = 0.0, t1 = 1.0
            if dy != 0 {
                let u = (centreY - reach - a.1) / dy, v = (centreY + reach - a.1) / dy
                t0 = max(0, min(u, v))
                t1 = min(1, max(u, v))
                if t0 > t1 { continue }
            }
            let xa = a.0 + t0 * dx, xb = a.0 + t1 * dx
            let columns = pixelRange(from: min(xa, xb) - reach + 0.5, to: max(xa, xb) + reach - 0.5,
                                     pixels: clip.columns.upperBound).clamped(to: clip.columns)
            for column in columns {
                let px = Double(column) + 0.5 - a.0, py = centreY - a.1
                let t = min(max((px * dx + py * dy) * inverseLengthSquared, 0), 1)
                let ex = px - t * dx, ey = py - t * dy
                let distanceSquared = ex * ex + ey * ey
                if distanceSquared >= reachSquared { continue }
                if distanceSquared <= coreSquared {
                    body(column, row, 1)
                } else {
                    let coverage = reach - distanceSquared.squareRoot()
                    if coverage > 0 { body(column, row, min(coverage, 1)) }
                }
            }
        }
    }
}
