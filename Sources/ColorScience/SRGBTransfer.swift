#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sRGB transfer function (IEC 61966-2-1), in the form WCAG 2.2 quotes with the 0.04045
/// threshold (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance; the older 0.03928 has no
/// practical effect on 8-bit values).
public enum SRGBTransfer {
    /// Encoded sRGB component (0...1) to linear light (0...1).
    public static func linear(fromEncoded value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// Linear light (0...1) to encoded sRGB (0...1).
    public static func encoded(fromLinear value: Double) -> Double {
        value <= 0.0031308 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
    }

    /// Linear light for each 8-bit code value: per-pixel work reads this table instead of calling `pow`.
    public static let linearTable: [Float] = (0...255).map { Float(linear(fromEncoded: Double($0) / 255)) }

    /// Same as `linearTable`, in double precision, for luminance and contrast.
    public static let linearTableDouble: [Double] = (0...255).map { linear(fromEncoded: Double($0) / 255) }

    /// Resolution of the inverse table: 65536 steps keep the worst case (the steep segment near
    /// black, slope 12.92) under 0.06 of an 8-bit code value.
    static let encodeSteps = 65535

    /// 8-bit sRGB code for each of `encodeSteps + 1` evenly spaced linear values.
    public static let encodeTable: [UInt8] = (0...encodeSteps).map {
        UInt8((encoded(fromLinear: Double($0) / Double(encodeSteps)) * 255).rounded())
    }

    /// Linear light (clamped to 0...1) to the nearest 8-bit code value, by table.
    @inline(__always)
    public static func encode8(_ linear: Float) -> UInt8 {
        let clamped = min(max(linear, 0), 1)
        return encodeTable[Int(clamped * Float(encodeSteps) + 0.5)]
    }

    /// Linear light to the nearest 8-bit code value, computed exactly (for tests and single colours).
    public static func encode8Exact(_ linear: Double) -> UInt8 {
        UInt8((encoded(fromLinear: min(max(linear, 0), 1)) * 255).rounded())
    }
}
