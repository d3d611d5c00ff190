import Imaging

/// Which pixels of a screenshot are ink: farther than `threshold` (in the largest difference of one
/// channel) from every background of their tile and its neighbours. Pixels with no background near
/// them (photos, noise) are never ink, so textures do not turn into glyphs.
struct InkMask: Sendable {
    let width: Int
    let height: Int
    /// One byte a pixel, row by row: 1 for ink.
    let values: [UInt8]

    /// 24 of 255: light grey text (#C7C7CC on white differs by 56) stays ink, JPEG noise around a
    /// flat fill (a few levels) does not.
    static let threshold = 24

    /// `sampledTilesAreWhole`: a tile whose samples (every second pixel of every second row) all
    /// share its background colour holds no ink, as no stroke is narrower than two pixels (true
    /// from @2x on).
    init(image: PixelBuffer, backgrounds: BackgroundTiles, threshold: Int = InkMask.threshold, sampledTilesAreWhole: Bool = false) {
        width = image.width
        height = image.height
        let width = self.width, height = self.height, size = backgrounds.tileSize
        var values = [UInt8](repeating: 0, count: width * height)
        values.withUnsafeMutableBufferPointer { mask in
            image.pixels.withUnsafeBufferPointer { pixels in
                var reds = [Int](repeating: 0, count: 9), greens = reds, blues = reds
                for row in 0..<backgrounds.rows {
                    for column in 0..<backgrounds.columns {
                        let tile = row * backgrounds.columns + column
                        if sampledTilesAreWhole && backgrounds.uniform[tile] && backgrounds.isBackground[tile] { continue }
                        let candidates = backgrounds.candidates(column: column, row: row, tolerance: threshold / 2)
                        guard !candidates.isEmpty else { continue }
                        for (index, color) in candidates.enumerated() {
                            reds[index] = Int(color >> 16 & 0xFF)
                            greens[index] = Int(color >> 8 & 0xFF)
                            blues[index] = Int(color & 0xFF)
                        }
                        let count = candidates.count
                        let x0 = column * size, y0 = row * size
                        let x1 = min(width, x0 + size), y1 = min(height, y0 + size)
                        reds.withUnsafeBufferPointer { reds in
                            greens.withUnsafeBufferPointer { greens in
                                blues.withUnsafeBufferPointer { blues in
                                    for y in y0..<y1 {
                                        var offset = (y * width + x0) * 4
                                        var at = y * width + x0
                                        for _ in x0..<x1 {
                                            let r = Int(pixels[offset]), g = Int(pixels[offset + 1]), b = Int(pixels[offset + 2])
                                            var ink: UInt8 = 1
                                            var index = 0
                                            while index < count {
                                                if abs(r - reds[index]) <= threshold && abs(g - greens[index]) <= threshold
                                                    && abs(b - blues[index]) <= threshold {
                                                    ink = 0
                                                    break
                                                }
                                                index += 1
                                            }
                                            mask[at] = ink
                                            offset += 4
                                            at += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        self.values = values
    }
}
