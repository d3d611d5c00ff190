#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// CIE 1976 L*a*b* relative to D65 (the white of sRGB, so no chromatic adaptation is involved).
public struct CIELab: Equatable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// CIE 15:2004: ε = 216/24389 and κ = 24389/27, the exact forms of 0.008856 and 903.3.
    static let epsilon = 216.0 / 24389.0
    static let kappa = 24389.0 / 27.0

    static let srgbToXYZ = RGBPrimaries.sRGB.toXYZ
    /// D65 white in XYZ with Y = 1, from the same xy the sRGB matrix uses (0.3127, 0.3290).
    static let whiteXYZ = (0.3127 / 0.3290, 1.0, (1 - 0.3127 - 0.3290) / 0.3290)

    public init(_ color: RGB8) {
        let table = SRGBTransfer.linearTableDouble
        self.init(linearSRGB: (table[Int(color.red)], table[Int(color.green)], table[Int(color.blue)]))
    }

    public init(linearSRGB rgb: (Double, Double, Double)) {
        let xyz = CIELab.srgbToXYZ.apply(rgb)
        self.init(xyz: xyz)
    }

    /// From XYZ relative to D65, scaled so that white has Y = 1.
    public init(xyz: (Double, Double, Double)) {
        func f(_ t: Double) -> Double {
            t > CIELab.epsilon ? cbrt(t) : (CIELab.kappa * t + 16) / 116
        }
        let white = CIELab.whiteXYZ
        let fx = f(xyz.0 / white.0), fy = f(xyz.1 / white.1), fz = f(xyz.2 / white.2)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }
}

/// CIEDE2000 colour difference, implemented from G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000
/// Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
/// Observations", Color Research & Application 30(1), 2005 (equations 2–22), with kL = kC = kH = 1.
public func ciede2000(_ first: CIELab, _ second: CIELab) -> Double {
    let degrees = 180.0 / Double.pi
    let radians = Double.pi / 180.0
    let pow25to7 = 6103515625.0 // 25^7

    let c1 = (first.a * first.a + first.b * first.b).squareRoot()
    let c2 = (second.a * second.a + second.b * second.b).squareRoot()
    let cMean = (c1 + c2) / 2
    let cMean7 = pow(cMean, 7)
    let g = 0.5 * (1 - (cMean7 / (cMean7 + pow25to7)).squareRoot())
    let a1p = (1 + g) * first.a
    let a2p = (1 + g) * second.a
    let c1p = (a1p * a1p + first.b * first.b).squareRoot()
    let c2p = (a2p * a2p + second.b * second.b).squareRoot()

    func hue(_ b: Double, _ ap: Double) -> Double {
        if b == 0 && ap == 0 { return 0 }
        let h = atan2(b, ap) * degrees
        return h < 0 ? h + 360 : h
    }
    let h1p = hue(first.b, a1p)
    let h2p = hue(second.b, a2p)

    let deltaLp = second.l - first.l
    let deltaCp = c2p - c1p
    var deltahp = 0.0
    if c1p * c2p != 0 {
        deltahp = h2p - h1p
        if deltahp > 180 { deltahp -= 360 } else if deltahp < -180 { deltahp += 360 }
    }
    let deltaHp = 2 * (c1p * c2p).squareRoot() * sin(deltahp / 2 * radians)

    let lMean = (first.l + second.l) / 2
    let cpMean = (c1p + c2p) / 2
    var hpMean = h1p + h2p
    if c1p * c2p != 0 {
        if abs(h1p - h2p) <= 180 {
            hpMean = (h1p + h2p) / 2
        } else if h1p + h2p < 360 {
            hpMean = (h1p + h2p + 360) / 2
        } else {
            hpMean = (h1p + h2p - 360) / 2
        }
    }
    let t = 1 - 0.17 * cos((hpMean - 30) * radians) + 0.24 * cos(2 * hpMean * radians)
        + 0.32 * cos((3 * hpMean + 6) * radians) - 0.20 * cos((4 * hpMean - 63) * radians)
    let deltaTheta = 30 * exp(-pow((hpMean - 275) / 25, 2))
    let cpMean7 = pow(cpMean, 7)
    let rc = 2 * (cpMean7 / (cpMean7 + pow25to7)).squareRoot()
    let lOffset = (lMean - 50) * (lMean - 50)
    let sl = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
    let sc = 1 + 0.045 * cpMean
    let sh = 1 + 0.015 * cpMean * t
    let rt = -sin(2 * deltaTheta * radians) * rc

    let lTerm = deltaLp / sl
    let cTerm = deltaCp / sc
    let hTerm = deltaHp / sh
    return (lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rt * cTerm * hTerm).squareRoot()
}
