import ColorScience
import Testing

struct SRGBTransferTests {
    @Test func testLinearisation_usesThe004045Threshold() {
        #expect(SRGBTransfer.linear(fromEncoded: 0) == 0)
        #expect(abs(SRGBTransfer.linear(fromEncoded: 1) - 1) < 1e-12)
        #expect(SRGBTransfer.linear(fromEncoded: 0.04045) == 0.04045 / 12.92)
        #expect(abs(SRGBTransfer.linear(fromEncoded: 0.5) - 0.214041140) < 1e-9)
    }

    @Test func testTables_matchTheExactFunctionForEveryCodeValue() {
        for code in 0...255 {
            let linear = SRGBTransfer.linearTableDouble[code]
            #expect(SRGBTransfer.encode8Exact(linear) == UInt8(code))
            #expect(SRGBTransfer.encode8(Float(linear)) == UInt8(code))
        }
    }
}

struct WCAGContrastTests {
    static func ratio(_ a: String, _ b: String) -> Double {
        WCAG.contrastRatio(RGB8(parsing: a)!, RGB8(parsing: b)!)
    }

    @Test func testExtremes() {
        #expect(Self.ratio("#000", "#fff") == 21)
        #expect(Self.ratio("#fff", "#fff") == 1)
        #expect(Self.ratio("#000", "#fff") == Self.ratio("#fff", "#000"))
    }

    /// Grey on white as accessibility guides publish it: #777777 4.48:1 (fails AA, the W3C
    /// working group's no-rounding example), #767676 4.54:1 (the lightest grey that passes).
    @Test func testPublishedGreysOnWhite() {
        #expect(abs(Self.ratio("#777777", "#ffffff") - 4.478) < 0.001)
        #expect(abs(Self.ratio("#767676", "#ffffff") - 4.542) < 0.001)
        #expect(abs(Self.ratio("#595959", "#ffffff") - 7.004) < 0.001)
        #expect(abs(Self.ratio("#999999", "#ffffff") - 2.849) < 0.001)
        #expect(!ContrastRequirement.normalTextAA.isMet(by: Self.ratio("#777777", "#ffffff")))
        #expect(ContrastRequirement.normalTextAA.isMet(by: Self.ratio("#767676", "#ffffff")))
    }

    @Test func testThresholdsAreNeverRounded() {
        #expect(!ContrastRequirement.normalTextAA.isMet(by: 4.499))
        #expect(!ContrastRequirement.normalTextAA.isMet(by: 4.4999999))
        #expect(ContrastRequirement.normalTextAA.isMet(by: 4.5))
        #expect(!ContrastRequirement.nonTextAA.isMet(by: 2.9999))
        #expect(ContrastRequirement.normalTextAAA.minimumRatio == 7)
        #expect(ContrastRequirement.largeTextAA.minimumRatio == 3)
    }

    @Test func testRelativeLuminanceOfPrimaries() {
        #expect(abs(WCAG.relativeLuminance(RGB8(red: 255, green: 0, blue: 0)) - 0.2126) < 1e-12)
        #expect(abs(WCAG.relativeLuminance(RGB8(red: 0, green: 255, blue: 0)) - 0.7152) < 1e-12)
        #expect(abs(WCAG.relativeLuminance(RGB8(red: 0, green: 0, blue: 255)) - 0.0722) < 1e-12)
    }
}

struct RGB8ParsingTests {
    @Test func testAcceptedForms() {
        #expect(RGB8(parsing: "#fff") == RGB8(red: 255, green: 255, blue: 255))
        #expect(RGB8(parsing: "#1A2b3C") == RGB8(red: 0x1A, green: 0x2B, blue: 0x3C))
        #expect(RGB8(parsing: "1a2b3c") == RGB8(red: 0x1A, green: 0x2B, blue: 0x3C))
        #expect(RGB8(parsing: "12, 34,56") == RGB8(red: 12, green: 34, blue: 56))
        #expect(RGB8(red: 10, green: 171, blue: 255).hex == "#0AABFF")
    }

    @Test(arguments: ["", "#ff", "#fffff", "#ggg", "1,2", "1,2,3,4", "256,0,0", "-1,0,0", "1,,3", "#١٢٣"])
    func testRejectedForms(_ text: String) {
        #expect(RGB8(parsing: text) == nil)
    }
}

struct CIELabTests {
    /// sRGB primaries in CIELAB (D65). Published values (53.2408, 80.0925, 67.2032 for red)
    /// use Lindbloom's rounded sRGB matrix; ours is derived from the primaries, which moves them
    /// by about 0.004, hence the tolerance.
    @Test func testPrimariesMatchPublishedLab() {
        let cases: [(RGB8, CIELab)] = [
            (RGB8(red: 255, green: 0, blue: 0), CIELab(l: 53.2408, a: 80.0925, b: 67.2032)),
            (RGB8(red: 0, green: 255, blue: 0), CIELab(l: 87.7347, a: -86.1827, b: 83.1793)),
            (RGB8(red: 0, green: 0, blue: 255), CIELab(l: 32.2970, a: 79.1875, b: -107.8602)),
        ]
        for (color, expected) in cases {
            let lab = CIELab(color)
            #expect(abs(lab.l - expected.l) < 0.01 && abs(lab.a - expected.a) < 0.01 && abs(lab.b - expected.b) < 0.01, "\(color)")
        }
        let white = CIELab(RGB8(red: 255, green: 255, blue: 255))
        #expect(abs(white.l - 100) < 1e-9 && abs(white.a) < 1e-9 && abs(white.b) < 1e-9)
    }
}

struct CIEDE2000Tests {
    /// All 34 pairs of Sharma, Wu & Dalal (2005), table 1 (as published in colour-science's tests).
    static let pairs: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
        (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
        (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
        (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
        (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
        (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
        (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
    ]

    @Test func testSharmaPairs() {
        for (index, p) in Self.pairs.enumerated() {
            let first = CIELab(l: p.0, a: p.1, b: p.2)
            let second = CIELab(l: p.3, a: p.4, b: p.5)
            let forward = ciede2000(first, second)
            #expect(abs(forward - p.6) < 0.00005, "pair \(index + 1): \(forward) vs \(p.6)")
            #expect(abs(ciede2000(second, first) - forward) < 1e-12, "pair \(index + 1) is symmetric")
        }
    }

    @Test func testIdenticalColoursHaveNoDifference() {
        let lab = CIELab(l: 40, a: 12, b: -30)
        #expect(ciede2000(lab, lab) == 0)
    }
}

struct DisplayP3Tests {
    /// three.js `LINEAR_DISPLAY_P3_TO_LINEAR_SRGB`, to its seven published decimals.
    @Test func testMatrixMatchesPublished() {
        let published: [[Double]] = [
            [1.2249401, -0.2249404, 0.0],
            [-0.0420569, 1.0420571, 0.0],
            [-0.0196376, -0.0786361, 1.0982735],
        ]
        for row in 0..<3 {
            for column in 0..<3 {
                #expect(abs(DisplayP3.toLinearSRGB.rows[row][column] - published[row][column]) < 1e-6)
            }
        }
    }

    @Test func testNeutralsAreUnchangedAndSaturatedColoursClip() {
        for level: UInt8 in [0, 1, 64, 128, 200, 255] {
            let grey = RGB8(red: level, green: level, blue: level)
            #expect(DisplayP3.convertToSRGB(grey).color == grey)
            #expect(!DisplayP3.convertToSRGB(grey).clipped)
        }
        let red = DisplayP3.convertToSRGB(RGB8(red: 255, green: 0, blue: 0))
        #expect(red.clipped)
        #expect(red.color == RGB8(red: 255, green: 0, blue: 0))
    }

    @Test func testPrimariesMatrixReproducesSRGBToXYZ() {
        // IEC 61966-2-1's sRGB → XYZ matrix (0.4124, 0.3576, 0.1805 / 0.2126, 0.7152, 0.0722 / …).
        let m = RGBPrimaries.sRGB.toXYZ.rows
        #expect(abs(m[0][0] - 0.4124) < 1e-4 && abs(m[0][1] - 0.3576) < 1e-4 && abs(m[0][2] - 0.1805) < 1e-4)
        #expect(abs(m[1][0] - 0.2126) < 1e-4 && abs(m[1][1] - 0.7152) < 1e-4 && abs(m[1][2] - 0.0722) < 1e-4)
        #expect(abs(m[2][0] - 0.0193) < 1e-4 && abs(m[2][1] - 0.1192) < 1e-4 && abs(m[2][2] - 0.9505) < 1e-4)
    }
}

struct ColorVisionDeficiencyTests {
    static func difference(_ a: RGB8, _ b: RGB8) -> Double { ciede2000(CIELab(a), CIELab(b)) }

    @Test(arguments: ColorVisionDeficiency.allCases)
    func testNeutralsStayNeutral(_ deficiency: ColorVisionDeficiency) {
        for level: UInt8 in [0, 128, 255] {
            let grey = RGB8(red: level, green: level, blue: level)
            let seen = deficiency.simulate(grey)
            #expect(abs(Int(seen.red) - Int(level)) <= 1 && abs(Int(seen.green) - Int(level)) <= 1 && abs(Int(seen.blue) - Int(level)) <= 1)
        }
    }

    /// Machado et al. (2009), table for severity 1.0: each row sums to 1 (white is preserved).
    @Test func testMachadoRowsSumToOne() {
        for matrix in [ColorVisionDeficiency.machadoProtanopia, ColorVisionDeficiency.machadoDeuteranopia] {
            for row in matrix.rows { #expect(abs(row.reduce(0, +) - 1) < 1e-5) }
        }
        #expect(ColorVisionDeficiency.machadoProtanopia.rows[0] == [0.152286, 1.052583, -0.204868])
        #expect(ColorVisionDeficiency.machadoDeuteranopia.rows[1] == [0.280085, 0.672501, 0.047413])
    }

    /// A red / green pair that differs clearly for typical vision collapses for protans and
    /// deutans but not for tritans; a blue / green pair collapses for tritans.
    @Test func testConfusionPairs() {
        let red = RGB8(red: 200, green: 80, blue: 60)
        let green = RGB8(red: 110, green: 130, blue: 60)
        #expect(Self.difference(red, green) > 20)
        let protan = Self.difference(ColorVisionDeficiency.protanopia.simulate(red), ColorVisionDeficiency.protanopia.simulate(green))
        let deutan = Self.difference(ColorVisionDeficiency.deuteranopia.simulate(red), ColorVisionDeficiency.deuteranopia.simulate(green))
        let tritan = Self.difference(ColorVisionDeficiency.tritanopia.simulate(red), ColorVisionDeficiency.tritanopia.simulate(green))
        #expect(protan < 10)
        #expect(deutan < 10)
        #expect(tritan > 15)

        let blue = RGB8(red: 60, green: 120, blue: 200)
        let teal = RGB8(red: 60, green: 150, blue: 130)
        #expect(Self.difference(blue, teal) > 15)
        let tritanBlue = Self.difference(ColorVisionDeficiency.tritanopia.simulate(blue), ColorVisionDeficiency.tritanopia.simulate(teal))
        #expect(tritanBlue < Self.difference(blue, teal) / 2)
    }

    @Test func testBrettelPicksTheHalfPlaneByTheSeparationNormal() {
        // Pure blue lies on the negative side of the tritan separation plane, pure red on the positive.
        let blue = ColorVisionDeficiency.tritanopia.simulate(linear: (0, 0, 1))
        #expect(blue == ColorVisionDeficiency.brettelTritanopiaNegative.apply((0, 0, 1)))
        let red = ColorVisionDeficiency.tritanopia.simulate(linear: (1, 0, 0))
        #expect(red == ColorVisionDeficiency.brettelTritanopiaPositive.apply((1, 0, 0)))
    }
}

struct RatioDisplayTests {
    @Test func testRatiosAreCutNeverRounded() {
        #expect(RatioDisplay.text(4.496) == "4.49")
        #expect(RatioDisplay.text(4.4999) == "4.49")
        #expect(RatioDisplay.text(4.5) == "4.50")
        #expect(RatioDisplay.text(2.999) == "2.99")
        #expect(RatioDisplay.text(21) == "21.00")
        #expect(RatioDisplay.text(1.05 / 0.05) == "21.00")
        #expect(RatioDisplay.hundredths(4.496) == 4.49)
        #expect(RatioDisplay.hundredths(6.999) == 6.99)
        #expect(RatioDisplay.minimum(4.5) == "4.5" && RatioDisplay.minimum(3) == "3")
    }

    @Test func testCuttingTwiceChangesNothing() {
        // 0.29 × 100 is 28.999… in binary: a plain floor would cut a stored 0.29 to 0.28.
        for hundredths in 0...2100 {
            let stored = Double(hundredths) / 100
            #expect(RatioDisplay.hundredths(stored) == stored)
            #expect(RatioDisplay.text(stored) == "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)")
        }
    }
}

struct HexTests {
    @Test func testDigits_twoPerByteInEitherCase() {
        #expect(Hex.digits([0x00, 0x0A, 0xE8, 0xFF], uppercase: true) == "000AE8FF")
        #expect(Hex.digits([0x00, 0x0A, 0xE8, 0xFF], uppercase: false) == "000ae8ff")
        #expect(Hex.digits([UInt8](), uppercase: true) == "")
        #expect(RGB8.hexByte(0x7F) == "7F")
    }

    @Test func testDigits_everyByteParsesBack() {
        for value in 0...255 {
            let text = Hex.digits([UInt8(value)], uppercase: value % 2 == 0)
            #expect(text.count == 2)
            #expect(UInt8(text, radix: 16) == UInt8(value))
        }
    }
}
