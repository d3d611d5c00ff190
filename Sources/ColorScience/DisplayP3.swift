/// Display P3 → sRGB. Both share the D65 white and the sRGB transfer function, so the conversion
/// is: decode, one 3×3 matrix in linear light, clip to the sRGB gamut, encode.
public enum DisplayP3 {
    /// Linear Display P3 → linear sRGB, derived from the primaries. Published for comparison:
    /// three.js `LINEAR_DISPLAY_P3_TO_LINEAR_SRGB` (1.2249401, -0.2249404, 0; -0.0420569, 1.0420571, 0;
    /// -0.0196376, -0.0786361, 1.0982735).
    public static let toLinearSRGB: Matrix3 = RGBPrimaries.displayP3.conversion(to: .sRGB)

    /// One colour, exactly (no tables). `clipped` is true when it lies outside the sRGB gamut.
    public static func convertToSRGB(_ color: RGB8) -> (color: RGB8, clipped: Bool) {
        let table = SRGBTransfer.linearTableDouble
        let linear = toLinearSRGB.apply((table[Int(color.red)], table[Int(color.green)], table[Int(color.blue)]))
        let tolerance = 1e-9
        let clipped = [linear.0, linear.1, linear.2].contains { $0 < -tolerance || $0 > 1 + tolerance }
        return (RGB8(red: SRGBTransfer.encode8Exact(linear.0),
                     green: SRGBTransfer.encode8Exact(linear.1),
                     blue: SRGBTransfer.encode8Exact(linear.2)), clipped)
    }
}
