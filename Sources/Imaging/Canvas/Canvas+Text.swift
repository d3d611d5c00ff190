extension Canvas {
    /// Draws `text` in the stroke font with the pen starting at `x` on `baseline`; `size` is the em
    /// in pixels (cap height = 0.705 × size). The text's coverage is gathered first (the maximum
    /// over all strokes, so joins and touching glyphs never darken) and composited once per pixel.
    /// Characters the font lacks are drawn as a hollow box; see `StrokeFont`.
    public mutating func drawText(_ text: String, x: Double, baseline: Double, size: Double,
                                  weight: FontWeight = .regular, color: RGBA) {
        guard !text.isEmpty, x.isFinite, baseline.isFinite, color.alpha > 0, width > 0, height > 0,
              let placement = StrokeFont.Placement(size: size, weight: weight) else { return }
        let halfWidth = placement.strokeWidth / 2
        let reach = halfWidth + 1

        // Lay out the glyphs that can reach the canvas, in pixels, and the region they can touch.
        var polylines: [[(Double, Double)]] = []
        var left = Double.infinity, right = -Double.infinity
        var top = Double.infinity, bottom = -Double.infinity
        var pen = x
        for character in text {
            if pen > Double(width) + reach { break }
            let glyph = StrokeFont.glyph(for: character)
            if pen + (glyph.maxX * placement.size + placement.strokeWidth) + reach > 0 {
                for line in placement.polylines(glyph, pen: pen, baseline: baseline) {
                    for (px, py) in line {
                        left = min(left, px); right = max(right, px)
                        top = min(top, py); bottom = max(bottom, py)
                    }
                    polylines.append(line)
                }
            }
            pen += placement.advance(glyph)
        }
        let columns = Self.pixelRange(from: left - reach, to: right + reach, pixels: width)
        let rows = Self.pixelRange(from: top - reach, to: bottom + reach, pixels: height)
        guard !columns.isEmpty, !rows.isEmpty else { return }

        // Coverage of the region: the maximum over every segment.
        let regionWidth = columns.count
        var coverage = [Double](repeating: 0, count: regionWidth * rows.count)
        let clip = (columns: columns, rows: rows)
        coverage.withUnsafeMutableBufferPointer { coverage in
            for line in polylines {
                var previous = line[0]
                for index in line.indices where index > 0 || line.count == 1 {
                    let point = line[index]
                    Self.forEachPixel(nearSegment: previous, point, halfWidth: halfWidth, clip: clip) { column, row, value in
                        let offset = (row - rows.lowerBound) * regionWidth + (column - columns.lowerBound)
                        if value > coverage[offset] { coverage[offset] = value }
                    }
                    previous = point
                }
            }
        }

        let canvasWidth = width
        withPixels { pixels in
            coverage.withUnsafeBufferPointer { coverage in
                var index = 0
                for row in rows {
                    var offset = (row * canvasWidth + columns.lowerBound) * 4
                    for _ in 0..<regionWidth {
                        let value = coverage[index]
                        if value > 0 { Self.blend(pixels, at: offset, color: color, alpha: Self.opacity(value, color)) }
                        index += 1
                        offset += 4
                    }
                }
            }
        }
    }
}
