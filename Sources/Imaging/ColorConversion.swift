import ColorScience

/// Whole-image colour conversions, by lookup table (no `pow` per pixel).
public enum ColorConversion {
    /// Converts Display P3 pixels to sRGB in place; returns how many pixels were clipped to the
    /// sRGB gamut. Alpha is untouched.
    @discardableResult
    public static func convertDisplayP3ToSRGB(_ buffer: inout PixelBuffer) -> Int {
        let m = DisplayP3.toLinearSRGB.rows.map { $0.map { Float($0) } }
        let (m00, m01, m02) = (m[0][0], m[0][1], m[0][2])
        let (m10, m11, m12) = (m[1][0], m[1][1], m[1][2])
        let (m20, m21, m22) = (m[2][0], m[2][1], m[2][2])
        let decode = SRGBTransfer.linearTable
        let tolerance: Float = 1e-5
        var clipped = 0
        decode.withUnsafeBufferPointer { linear in
            buffer.pixels.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i < p.count {
                    let r = linear[Int(p[i])], g = linear[Int(p[i + 1])], b = linear[Int(p[i + 2])]
                    let sr = m00 * r + m01 * g + m02 * b
                    let sg = m10 * r + m11 * g + m12 * b
                    let sb = m20 * r + m21 * g + m22 * b
                    if sr < -tolerance || sg < -tolerance || sb < -tolerance
                        || sr > 1 + tolerance || sg > 1 + tolerance || sb > 1 + tolerance {
                        clipped += 1
                    }
                    p[i] = SRGBTransfer.encode8(sr)
                    p[i + 1] = SRGBTransfer.encode8(sg)
                    p[i + 2] = SRGBTransfer.encode8(sb)
                    i += 4
                }
            }
        }
        return clipped
    }
}
