import ColorScience
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
        // Four pixels at a time: a candidate as R, G, B, 0 four times over, and the largest
        // difference each channel may have (the alpha channel may differ by anything).
        let limit = SIMD16<UInt8>.channelLimit(threshold)
        var candidateVectors = [SIMD16<UInt8>](repeating: .zero, count: 9)
        values.withUnsafeMutableBufferPointer { mask in
            image.pixels.withUnsafeBufferPointer { pixels in
                guard let maskBase = mask.baseAddress, let pixelBase = pixels.baseAddress else { return }
                let raw = UnsafeRawPointer(pixelBase)
                for row in 0..<backgrounds.rows {
                    for column in 0..<backgrounds.columns {
                        let tile = row * backgrounds.columns + column
                        if sampledTilesAreWhole && backgrounds.uniform[tile] && backgrounds.isBackground[tile] { continue }
                        let candidates = backgrounds.candidates(column: column, row: row, tolerance: threshold / 2)
                        guard !candidates.isEmpty else { continue }
                        let count = candidates.count
                        for (index, color) in candidates.enumerated() {
                            candidateVectors[index] = SIMD16(rgbRepeating: RGB8(red: UInt8(color >> 16 & 0xFF), green: UInt8(color >> 8 & 0xFF),
                                                                                blue: UInt8(color & 0xFF)))
                        }
                        let x0 = column * size, y0 = row * size
                        let x1 = min(width, x0 + size), y1 = min(height, y0 + size)
                        candidateVectors.withUnsafeBufferPointer { vectors in
                            for y in y0..<y1 {
                                var x = x0
                                while x + 4 <= x1 {
                                    let four = raw.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: SIMD16<UInt8>.self)
                                    // Per pixel, zero once some candidate lies within the limit on
                                    // every channel (the bytes by which the channels exceed it).
                                    var far = SIMD4<UInt32>(repeating: .max)
                                    var index = 0
                                    while index < count {
                                        far = far.smaller(four.excess(over: vectors[index], limit: limit))
                                        index += 1
                                    }
                                    let ink = SIMD4<UInt8>(truncatingIfNeeded: far.smaller(SIMD4(repeating: 1)))
                                    UnsafeMutableRawPointer(maskBase + y * width + x).storeBytes(of: ink, as: SIMD4<UInt8>.self)
                                    x += 4
                                }
                                while x < x1 {
                                    let offset = (y * width + x) * 4
                                    let r = Int(pixelBase[offset]), g = Int(pixelBase[offset + 1]), b = Int(pixelBase[offset + 2])
                                    var ink: UInt8 = 1
                                    for index in 0..<count where abs(r - Int(vectors[index][0])) <= threshold
                                        && abs(g - Int(vectors[index][1])) <= threshold && abs(b - Int(vectors[index][2])) <= threshold {
                                        ink = 0
                                        break
                                    }
                                    maskBase[y * width + x] = ink
                                    x += 1
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

// Four RGBA pixels at a time. The standard library's `pointwiseMin` and `pointwiseMax` are not
// inlined into the loops that use these and cost them six times the time; these compile to one
// vector instruction each.
extension SIMD16<UInt8> {
    /// A colour as R, G, B, 0 four times over.
    init(rgbRepeating color: RGB8) {
        let pixel = SIMD4<UInt8>(color.red, color.green, color.blue, 0)
        self.init(lowHalf: SIMD8(lowHalf: pixel, highHalf: pixel), highHalf: SIMD8(lowHalf: pixel, highHalf: pixel))
    }

    /// `limit` for each colour channel, any difference for alpha.
    static func channelLimit(_ limit: Int) -> Self {
        var vector = Self(repeating: UInt8(clamping: limit))
        for lane in stride(from: 3, to: 16, by: 4) { vector[lane] = 255 }
        return vector
    }

    /// Per pixel, zero when every channel lies within `limit` (`channelLimit`) of `color`
    /// (`rgbRepeating`); otherwise the bytes by which the channels exceed it.
    @inline(__always) func excess(over color: Self, limit: Self) -> SIMD4<UInt32> {
        let difference = larger(color) &- smaller(color)
        return unsafeBitCast(difference &- difference.smaller(limit), to: SIMD4<UInt32>.self)
    }

    @inline(__always) func smaller(_ other: Self) -> Self { replacing(with: other, where: other .< self) }
    @inline(__always) func larger(_ other: Self) -> Self { replacing(with: other, where: other .> self) }
}

extension SIMD4<UInt32> {
    @inline(__always) func smaller(_ other: Self) -> Self { replacing(with: other, where: other .< self) }
}
