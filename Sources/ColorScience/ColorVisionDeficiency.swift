/// Simulated dichromatic colour vision, in linear sRGB.
///
/// Protanopia and deuteranopia: G. M. Machado, M. M. Oliveira, L. A. F. Fernandes, "A
/// Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009,
/// severity 1.0 (values as published in the colour-science dataset `CVD_MATRICES_MACHADO2010`).
/// Tritanopia: H. Brettel, F. Viénot, J. D. Mollon, "Computerized simulation of color appearance for
/// dichromats", JOSA A 14(10), 1997, in the sRGB form of libDaltonLens (two half-planes split by a
/// plane through the neutral axis), since Machado's model is not reliable for tritans.
public enum ColorVisionDeficiency: String, CaseIterable, Sendable {
    case protanopia
    case deuteranopia
    case tritanopia

    public static let machadoProtanopia = Matrix3([
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ])

    public static let machadoDeuteranopia = Matrix3([
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ])

    /// libDaltonLens `brettel_tritan_params`: the matrix for the half-space where the separation
    /// plane's normal has a non-negative dot product with the colour, and the one for the other.
    public static let brettelTritanopiaPositive = Matrix3([
        [1.01277, 0.13548, -0.14826],
        [-0.01243, 0.86812, 0.14431],
        [0.07589, 0.80500, 0.11911],
    ])
    public static let brettelTritanopiaNegative = Matrix3([
        [0.93678, 0.18979, -0.12657],
        [0.06154, 0.81526, 0.12320],
        [-0.37562, 1.12767, 0.24796],
    ])
    public static let brettelTritanopiaSeparationNormal = (0.03901, -0.02788, -0.01113)

    /// Linear sRGB in, linear sRGB out (not clipped).
    public func simulate(linear rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        switch self {
        case .protanopia:
            return Self.machadoProtanopia.apply(rgb)
        case .deuteranopia:
            return Self.machadoDeuteranopia.apply(rgb)
        case .tritanopia:
            let n = Self.brettelTritanopiaSeparationNormal
            let side = rgb.0 * n.0 + rgb.1 * n.1 + rgb.2 * n.2
            return (side >= 0 ? Self.brettelTritanopiaPositive : Self.brettelTritanopiaNegative).apply(rgb)
        }
    }

    /// An 8-bit colour as a viewer with this deficiency would see it, clipped to sRGB.
    public func simulate(_ color: RGB8) -> RGB8 {
        let table = SRGBTransfer.linearTableDouble
        let out = simulate(linear: (table[Int(color.red)], table[Int(color.green)], table[Int(color.blue)]))
        return RGB8(red: SRGBTransfer.encode8Exact(out.0),
                    green: SRGBTransfer.encode8Exact(out.1),
                    blue: SRGBTransfer.encode8Exact(out.2))
    }
}
