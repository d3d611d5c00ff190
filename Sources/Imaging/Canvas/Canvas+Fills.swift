extension Canvas {
    /// Fills `rect`; pixels it covers partly get that fraction of the colour.
    public mutating func fill(_ rect: RectF, color: RGBA) {
        fill(rect, radius: 0, corners: false, color: color)
    }

    /// Fills `rect` with quarter-circle corners of `radius` (clamped to half the shorter side).
    /// The whole pixels of a row between its corners and edges all take the colour at full
    /// coverage, so they are blended as a run through one table; the pixels of the edges and
    /// corners are blended one by one. Both give the bytes `blend` gives.
    public mutating func fillRoundedRect(_ rect: RectF, radius: Double, color: RGBA) {
        fill(rect, radius: radius, corners: true, color: color)
    }

    /// `fillRoundedRect`, or with `corners` false `fill`: a rectangle's pixels at its corners get
    /// the product of their row's and column's coverage, not the distance to a corner of radius 0.
    private mutating func fill(_ rect: RectF, radius: Double, corners: Bool, color: RGBA) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let radius = radius.isFinite ? min(max(radius, 0), min(rect.width, rect.height) / 2) : 0
        let columns = Self.pixelRange(from: rect.x, to: rect.maxX, pixels: width)
        let rows = Self.pixelRange(from: rect.y, to: rect.maxY, pixels: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let left = rect.x + radius, right = rect.maxX - radius
        let top = rect.y + radius, bottom = rect.maxY - radius
        let width = self.width
        let columnCoverage = columns.map { Self.overlap($0, rect.x, rect.maxX) }
        // The columns wholly covered, and of those the ones whose centres lie between the corners.
        let whole = Self.wholeRange(columns, columnCoverage)
        let firstMiddle = Int(min(max((left - 0.5).rounded(.up), Double(whole.lowerBound)), Double(whole.upperBound)))
        let lastMiddle = Int(max(min((right - 0.5).rounded(.down) + 1, Double(whole.upperBound)), Double(firstMiddle)))
        let middle = firstMiddle..<lastMiddle
        let inside = BlendTable(color: color, opacity: Self.opacity(1, color))
        withPixels { pixels in
            for row in rows {
                let rowCoverage = Self.overlap(row, rect.y, rect.maxY)
                let centreY = Double(row) + 0.5
                let cornerY = !corners ? nil : (centreY < top ? top : (centreY > bottom ? bottom : nil))
                // A whole row runs its inside as one span: all of `whole` between the side
                // edges, or only `middle` in the rows of the corners.
                let span = rowCoverage < 1 ? 0..<0 : (cornerY == nil ? whole : middle)
                if !span.isEmpty {
                    inside.apply(pixels, from: (row * width + span.lowerBound) * 4, to: (row * width + span.upperBound) * 4)
                }
                var column = columns.lowerBound
                while column < columns.upperBound {
                    if column == span.lowerBound && !span.isEmpty {
                        column = span.upperBound
                        continue
                    }
                    var coverage = rowCoverage * columnCoverage[column - columns.lowerBound]
                    let centreX = Double(column) + 0.5
                    if let cornerY, let cornerX = centreX < left ? left : (centreX > right ? right : nil) {
                        let dx = centreX - cornerX, dy = centreY - cornerY
                        let distance = (dx * dx + dy * dy).squareRoot()
                        coverage = min(coverage, Self.clamp01(radius + 0.5 - distance))
                    }
                    let alpha = Self.opacity(coverage, color)
                    if alpha > 0 { Self.blend(pixels, at: (row * width + column) * 4, color: color, alpha: alpha) }
                    column += 1
                }
            }
        }
    }

    /// The columns (or rows) of `range` whose coverage is exactly 1: a run, since coverage is 1
    /// everywhere between a shape's two edges.
    static func wholeRange(_ range: Range<Int>, _ coverage: [Double]) -> Range<Int> {
        guard let first = coverage.firstIndex(of: 1), let last = coverage.lastIndex(of: 1) else { return 0..<0 }
        return (range.lowerBound + first)..<(range.lowerBound + last + 1)
    }

    /// Fills `rect` with colours interpolated channel by channel (alpha too) in sRGB code values:
    /// the first column (or row) of pixel centres gets `from`, the last gets `to`.
    public mutating func fillLinearGradient(_ rect: RectF, from start: RGBA, to end: RGBA, horizontal: Bool) {
        guard !rect.isEmpty, start.alpha > 0 || end.alpha > 0 else { return }
        let columns = Self.pixelRange(from: rect.x, to: rect.maxX, pixels: width)
        let rows = Self.pixelRange(from: rect.y, to: rect.maxY, pixels: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let origin = horizontal ? rect.x : rect.y
        let span = (horizontal ? rect.width : rect.height) - 1
        func color(at pixel: Int) -> RGBA {
            let t = span > 0 ? Self.clamp01((Double(pixel) - origin) / span) : 0
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                Self.round8(Double(a) + (Double(b) - Double(a)) * t)
            }
            return RGBA(red: mix(start.red, end.red), green: mix(start.green, end.green),
                        blue: mix(start.blue, end.blue), alpha: mix(start.alpha, end.alpha))
        }
        let columnColors = horizontal ? columns.map(color(at:)) : []
        let width = self.width
        withPixels { pixels in
            for row in rows {
                let rowCoverage = Self.overlap(row, rect.y, rect.maxY)
                let rowColor = horizontal ? nil : color(at: row)
                for (index, column) in columns.enumerated() {
                    let pixelColor = rowColor ?? columnColors[index]
                    let coverage = rowCoverage * Self.overlap(column, rect.x, rect.maxX)
                    let alpha = Self.opacity(coverage, pixelColor)
                    if alpha > 0 { Self.blend(pixels, at: (row * width + column) * 4, color: pixelColor, alpha: alpha) }
                }
            }
        }
    }

    /// Fills the ellipse inscribed in `rect`. Edge coverage comes from the distance to the ellipse,
    /// estimated to first order as `(f − 1) / |∇f|` with `f = (dx/a)² + (dy/b)²`.
    public mutating func fillEllipse(in rect: RectF, color: RGBA) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let columns = Self.pixelRange(from: rect.x, to: rect.maxX, pixels: width)
        let rows = Self.pixelRange(from: rect.y, to: rect.maxY, pixels: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let a = rect.width / 2, b = rect.height / 2
        let centreX = rect.x + a, centreY = rect.y + b
        let inverseA2 = 1 / (a * a), inverseB2 = 1 / (b * b)
        let width = self.width
        withPixels { pixels in
            for row in rows {
                let dy = Double(row) + 0.5 - centreY
                for column in columns {
                    let dx = Double(column) + 0.5 - centreX
                    let f = dx * dx * inverseA2 + dy * dy * inverseB2 - 1
                    let gx = 2 * dx * inverseA2, gy = 2 * dy * inverseB2
                    let gradient = (gx * gx + gy * gy).squareRoot()
                    let coverage = gradient > 0 ? Self.clamp01(0.5 - f / gradient) : (f <= 0 ? 1 : 0)
                    let alpha = Self.opacity(coverage, color)
                    if alpha > 0 { Self.blend(pixels, at: (row * width + column) * 4, color: color, alpha: alpha) }
                }
            }
        }
    }
}
