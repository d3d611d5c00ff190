/// A 3×3 matrix acting on column vectors, row-major.
public struct Matrix3: Equatable, Sendable {
    public var rows: [[Double]]

    public init(_ rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "Matrix3 needs 3×3 values")
        self.rows = rows
    }

    public static let identity = Matrix3([[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    public func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        let r = rows
        return (r[0][0] * v.0 + r[0][1] * v.1 + r[0][2] * v.2,
                r[1][0] * v.0 + r[1][1] * v.1 + r[1][2] * v.2,
                r[2][0] * v.0 + r[2][1] * v.1 + r[2][2] * v.2)
    }

    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        var out = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                out[i][j] = (0..<3).reduce(0) { $0 + a.rows[i][$1] * b.rows[$1][j] }
            }
        }
        return Matrix3(out)
    }

    public var determinant: Double {
        let m = rows
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// The inverse, or nil for a singular matrix.
    public var inverse: Matrix3? {
        let det = determinant
        guard abs(det) > 1e-12 else { return nil }
        let m = rows
        func cofactor(_ r0: Int, _ r1: Int, _ c0: Int, _ c1: Int) -> Double {
            m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
        }
        let adjugate: [[Double]] = [
            [cofactor(1, 2, 1, 2), -cofactor(0, 2, 1, 2), cofactor(0, 1, 1, 2)],
            [-cofactor(1, 2, 0, 2), cofactor(0, 2, 0, 2), -cofactor(0, 1, 0, 2)],
            [cofactor(1, 2, 0, 1), -cofactor(0, 2, 0, 1), cofactor(0, 1, 0, 1)],
        ]
        return Matrix3(adjugate.map { $0.map { $0 / det } })
    }
}

/// Chromaticities of an RGB colour space: its three primaries and white point, CIE 1931 xy.
public struct RGBPrimaries: Equatable, Sendable {
    public var red: (x: Double, y: Double)
    public var green: (x: Double, y: Double)
    public var blue: (x: Double, y: Double)
    public var white: (x: Double, y: Double)

    public init(red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)) {
        self.red = (red.0, red.1)
        self.green = (green.0, green.1)
        self.blue = (blue.0, blue.1)
        self.white = (white.0, white.1)
    }

    public static func == (a: RGBPrimaries, b: RGBPrimaries) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.white == b.white
    }

    /// CIE D65 as Rec. 709 / sRGB round it.
    public static let d65 = (x: 0.3127, y: 0.3290)

    /// sRGB (IEC 61966-2-1, the Rec. 709 primaries).
    public static let sRGB = RGBPrimaries(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: d65)

    /// Display P3 (Apple): DCI-P3 primaries with a D65 white and the sRGB transfer function.
    public static let displayP3 = RGBPrimaries(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)

    /// Linear RGB → XYZ (Y of white = 1), derived from the chromaticities (the construction in
    /// SMPTE RP 177).
    public var toXYZ: Matrix3 {
        func xyz(_ p: (x: Double, y: Double)) -> [Double] { [p.x / p.y, 1, (1 - p.x - p.y) / p.y] }
        let r = xyz(red), g = xyz(green), b = xyz(blue), w = xyz(white)
        let primaries = Matrix3([[r[0], g[0], b[0]], [r[1], g[1], b[1]], [r[2], g[2], b[2]]])
        guard let inverse = primaries.inverse else { return .identity }
        let s = inverse.apply((w[0], w[1], w[2]))
        let scale = [s.0, s.1, s.2]
        return Matrix3(primaries.rows.map { row in (0..<3).map { row[$0] * scale[$0] } })
    }

    /// Linear RGB in `self` → linear RGB in `target` (same white point: no adaptation needed).
    public func conversion(to target: RGBPrimaries) -> Matrix3 {
        (target.toXYZ.inverse ?? .identity) * toXYZ
    }
}
