extension Canvas {
    /// Fills `rect`; pixels it covers partly get that fraction of the colour.
    public mutating func fill(_ rect: RectF, color: RGBA) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let columns = Self.pixelRange(from: rect.x, to: rect.maxX, pixels: width)
        let rows = Self.pixelRange(from: rect.y, to: rect.maxY, pixels: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let columnCoverage = columns.map { Self.overlap($0, rect.x, rect.maxX) }
        let width = self.width
        withPixels { pixels in
            for row in rows {
                let rowCoverage = Self.overlap(row, rect.y, rect.maxY)
                for (index, column) in columns.enumerated() {
                    let alpha = Self.opacity(rowCoverage * columnCoverage[index], color)
                    if alpha > 0 { Self.blend(pixels, at: (row * width + column) * 4, color: color, alpha: alpha) }
                }
            }
        }
    }

    /// Fills `rect` with quarter-circle corners of `radius` (clamped to half the shorter side).
    public mutating func fillRoundedRect(_ rect: RectF, radius: Double, color: RGBA) {
        guard !rect.isEmpty, color.alpha > 0 else { return }
        let radius = radius.isFinite ? min(max(radius, 0), min(rect.width, rect.height) / 2) : 0
        let columns = Self.pixelRange(from: rect.x, to: rect.maxX, pixels: width)
        let rows = Self.pixelRange(from: rect.y, to: rect.maxY, pixels: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let left = rect.x + radius, right = rect.maxX - radius
        let top = rect.y + radius, bottom = rect.maxY - radius
        let width = self.width
        withPixels { pixels in
            for row in rows {
                let rowCoverage = Self.overlap(row, rect.y, rect.maxY)
                let centreY = Double(row) + 0.5
                let cornerY = centreY < top ? top : (centreY > bottom ? bottom : nil)
                for column in columns {
                    var coverage = rowCoverage * Self.overlap(column, rect.x, rect.maxX)
                    let centreX = Double(column) + 0.5
                    if let cornerY, let cornerX = centreX < left ? left : (centreX > right ? right : nil) {
                        let dx = centreX - cornerX, dy = centreY - cornerY
                        let distance = (dx * dx + dy * dy).squareRoot()
                        coverage = min(coverage, Self.clamp01(radius + 0.5 - distance))
                    }
                    let alpha = Self.opacity(coverage, color)
                    if alpha > 0 { Self.blend(pixels, at: (row * width + column) * 4, color: color, alpha: alpha) }
                }
            }
        }
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
