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

    init(image: PixelBuffer, backgrounds: BackgroundTiles, threshold: Int = InkMask.threshold) {
        width = image.width
        height = image.height
        let width = self.width, height = self.height, size = backgrounds.tileSize
        var values = [UInt8](repeating: 0, count: width * height)
        values.withUnsafeMutableBufferPointer { mask in
            image.pixels.withUnsafeBufferPointer { pixels in
                for row in 0..<backgrounds.rows {
                    for column in 0..<backgrounds.columns {
                        let candidates = backgrounds.candidates(column: column, row: row, tolerance: threshold / 2)
                        guard !candidates.isEmpty else { continue }
                        let reds = candidates.map { Int($0 >> 16 & 0xFF) }
                        let greens = candidates.map { Int($0 >> 8 & 0xFF) }
                        let blues = candidates.map { Int($0 & 0xFF) }
                        let x0 = column * size, y0 = row * size
                        let x1 = min(width, x0 + size), y1 = min(height, y0 + size)
                        for y in y0..<y1 {
                            for x in x0..<x1 {
                                let offset = (y * width + x) * 4
                                let r = Int(pixels[offset]), g = Int(pixels[offset + 1]), b = Int(pixels[offset + 2])
                                var ink = true
                                for index in 0..<reds.count
                                where abs(r - reds[index]) <= threshold && abs(g - greens[index]) <= threshold
                                    && abs(b - blues[index]) <= threshold {
                                    ink = false
                                    break
                                }
                                if ink { mask[y * width + x] = 1 }
                            }
                        }
                    }
                }
            }
        }
        self.values = values
    }
}
