import Foundation
import Imaging
import Testing

/// The drawing canvas and its stroke font: exact compositing, clipping, hostile input, and the
/// font metrics that synthetic screenshots depend on.
struct CanvasTests {
    static let white = RGBA(red: 255, green: 255, blue: 255)
    static let black = RGBA(red: 0, green: 0, blue: 0)
    static let ink = RGBA(red: 200, green: 30, blue: 90)

    /// Pixels that differ from `background`, with how far they went toward the ink (0...1, from the
    /// red channel of black-on-white drawing).
    static func inked(_ canvas: Canvas, background: RGBA = white) -> [(x: Int, y: Int, coverage: Double)] {
        var result: [(x: Int, y: Int, coverage: Double)] = []
        canvas.buffer.pixels.withUnsafeBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4)
            where pixels[index] != background.red || pixels[index + 1] != background.green
                || pixels[index + 2] != background.blue || pixels[index + 3] != background.alpha {
                let pixel = index / 4
                result.append((pixel % canvas.width, pixel / canvas.width, 1 - Double(pixels[index]) / 255))
            }
        }
        return result
    }

    static var printableASCII: [Character] { (32...126).map { Character(UnicodeScalar(UInt8($0))) } }
    static let extras: [Character] = ["é", "è", "ê", "à", "â", "ä", "ö", "ü", "ñ", "ç", "Å",
                                      "\u{2019}", "\u{2018}", "\u{201C}", "\u{201D}", "\u{2013}", "\u{2014}",
                                      "\u{2026}", "\u{2022}", "\u{00D7}"]

    // MARK: - Fills

    /// Dimming all but some frames leaves exactly their pixels and dims every other one as a
    /// whole-canvas dim does: frames that overlap, touch, reach past the edges or lie outside.
    @Test func testDimKeeping_isTheWholeDimWithTheFramesLeft() {
        var source = Canvas(width: 40, height: 30, background: RGBA(red: 200, green: 120, blue: 40, alpha: 180))
        source.fill(RectF(x: 3, y: 3, width: 20, height: 9), color: RGBA(red: 10, green: 240, blue: 99))
        let kept = [PixelRect(x: 2, y: 1, width: 10, height: 8), PixelRect(x: 8, y: 5, width: 10, height: 10),
                    PixelRect(x: 18, y: 5, width: 4, height: 2), PixelRect(x: 35, y: 25, width: 20, height: 20),
                    PixelRect(x: -5, y: -5, width: 8, height: 8), PixelRect(x: 50, y: 2, width: 3, height: 3),
                    PixelRect(x: 9, y: 6, width: 2, height: 2)]
        var kept1 = source, whole = source
        kept1.dim(by: 0.45, keeping: kept)
        whole.dim(outside: nil, by: 0.45)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = kept.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
                #expect(kept1.buffer[x, y] == (inside ? source.buffer[x, y] : whole.buffer[x, y]), "(\(x), \(y))")
            }
        }
        var none = source
        none.dim(by: 0, keeping: [])
        #expect(none.buffer == source.buffer)
    }

    /// Dimming blends black in with its alpha: a transparent pixel (a screenshot's rounded corner,
    /// a window with a clear background) becomes 45 % opaque black, as the compositing rule says
    /// (alpha: round(255 · 0.45 + a · 0.55)). Both dims, and in release builds too: Swift 6.3.1 once
    /// compiled the dim table so that alphas came back unchanged (`swift test -c release`).
    @Test func testDim_blendsTheAlphaOfTranslucentPixels() {
        let alphas: [UInt8] = [0, 2, 6, 251, 255]
        var pixels: [UInt8] = alphas.flatMap { alpha -> [UInt8] in [0, 0, 0, alpha] } + [10, 20, 30, 0]
        let source = Canvas(buffer: PixelBuffer(width: 6, height: 1, pixels: pixels))
        pixels = [0, 0, 0, 115, 0, 0, 0, 116, 0, 0, 0, 118, 0, 0, 0, 253, 0, 0, 0, 255, 6, 11, 17, 115]
        var kept = source, whole = source
        kept.dim(by: 0.45, keeping: [])
        whole.dim(outside: nil, by: 0.45)
        #expect(kept.buffer.pixels == pixels)
        #expect(whole.buffer.pixels == pixels)
    }

    @Test func testFill_wholePixelsTakeExactColour() {
        var canvas = Canvas(width: 10, height: 10, background: Self.white)
        canvas.fill(RectF(x: 2, y: 3, width: 4, height: 5), color: Self.ink)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(canvas.buffer[x, y] == (inside ? Self.ink : Self.white), "(\(x), \(y))")
            }
        }
    }

    @Test func testFill_antialiasedEdges() {
        var canvas = Canvas(width: 10, height: 10, background: Self.white)
        canvas.fill(RectF(x: 2.5, y: 2, width: 5, height: 4.25), color: Self.black)
        // Half of column 2 and of column 7 are covered: round(255 × 0.5) = 128.
        #expect(canvas.buffer[2, 3] == RGBA(red: 128, green: 128, blue: 128))
        #expect(canvas.buffer[7, 3] == RGBA(red: 128, green: 128, blue: 128))
        #expect(canvas.buffer[4, 3] == Self.black)
        // A quarter of row 6: round(255 × 0.75) = 191; the corner pixel gets 0.5 × 0.25.
        #expect(canvas.buffer[4, 6] == RGBA(red: 191, green: 191, blue: 191))
        #expect(canvas.buffer[2, 6] == RGBA(red: 223, green: 223, blue: 223))
        #expect(canvas.buffer[1, 3] == Self.white)
        #expect(canvas.buffer[4, 7] == Self.white)
    }

    @Test func testFill_blendsWithColourAlpha() {
        var canvas = Canvas(width: 4, height: 4, background: RGBA(red: 100, green: 200, blue: 50))
        canvas.fill(RectF(x: 0, y: 0, width: 4, height: 4), color: RGBA(red: 255, green: 0, blue: 0, alpha: 51))
        // a = 51 / 255 = 0.2: 255 × 0.2 + 100 × 0.8 = 131, 200 × 0.8 = 160, 50 × 0.8 = 40.
        #expect(canvas.buffer[1, 1] == RGBA(red: 131, green: 160, blue: 40, alpha: 255))
    }

    @Test func testFill_onTransparentCanvasMaxCombinesAlpha() {
        var canvas = Canvas(width: 4, height: 1, background: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        canvas.fill(RectF(x: 0, y: 0, width: 1.5, height: 1), color: RGBA(red: 255, green: 255, blue: 255))
        #expect(canvas.buffer[0, 0] == RGBA(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(canvas.buffer[1, 0] == RGBA(red: 128, green: 128, blue: 128, alpha: 128))
        #expect(canvas.buffer[2, 0] == RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func testLinearGradient_endpointsAreExact() {
        let from = RGBA(red: 255, green: 0, blue: 10)
        let to = RGBA(red: 5, green: 100, blue: 250)
        var canvas = Canvas(width: 120, height: 60, background: Self.white)
        canvas.fillLinearGradient(RectF(x: 10, y: 5, width: 101, height: 20), from: from, to: to, horizontal: true)
        #expect(canvas.buffer[10, 5] == from)
        #expect(canvas.buffer[110, 24] == to)
        #expect(canvas.buffer[60, 10] == RGBA(red: 130, green: 50, blue: 130))
        #expect(canvas.buffer[9, 10] == Self.white)
        #expect(canvas.buffer[111, 10] == Self.white)

        canvas.fillLinearGradient(RectF(x: 0, y: 30, width: 120, height: 30), from: from, to: to, horizontal: false)
        #expect(canvas.buffer[0, 30] == from)
        #expect(canvas.buffer[119, 30] == from)
        #expect(canvas.buffer[50, 59] == to)
    }

    @Test func testRoundedRect_cornersAreCutAndEdgesFilled() {
        var canvas = Canvas(width: 50, height: 50, background: Self.white)
        canvas.fillRoundedRect(RectF(x: 5, y: 5, width: 40, height: 30), radius: 10, color: Self.ink)
        #expect(canvas.buffer[5, 5] == Self.white)
        #expect(canvas.buffer[44, 34] == Self.white)
        #expect(canvas.buffer[6, 33] == Self.white)
        #expect(canvas.buffer[25, 5] == Self.ink)
        #expect(canvas.buffer[5, 20] == Self.ink)
        #expect(canvas.buffer[25, 20] == Self.ink)
        // The corner arc (centre (15, 15), radius 10) passes 0.08 px outside the centre of pixel (7, 8).
        let arcPixel = canvas.buffer[7, 8]
        #expect(arcPixel != Self.white && arcPixel != Self.ink)

        var square = Canvas(width: 20, height: 20, background: Self.white)
        square.fillRoundedRect(RectF(x: 2.5, y: 3, width: 10, height: 7.5), radius: 0, color: Self.ink)
        var plain = Canvas(width: 20, height: 20, background: Self.white)
        plain.fill(RectF(x: 2.5, y: 3, width: 10, height: 7.5), color: Self.ink)
        #expect(square.buffer == plain.buffer)
    }

    @Test func testFillEllipse_coversInsideButNotCorners() {
        var canvas = Canvas(width: 40, height: 30, background: Self.white)
        canvas.fillEllipse(in: RectF(x: 0, y: 0, width: 40, height: 30), color: Self.ink)
        #expect(canvas.buffer[20, 15] == Self.ink)
        #expect(canvas.buffer[0, 15] != Self.white)
        #expect(canvas.buffer[20, 0] != Self.white)
        #expect(canvas.buffer[0, 0] == Self.white)
        #expect(canvas.buffer[39, 29] == Self.white)
        #expect(canvas.buffer[3, 3] == Self.white)
    }

    @Test func testDim_darkensOnlyOutsideRect() {
        var canvas = Canvas(width: 10, height: 10, background: RGBA(red: 200, green: 100, blue: 50))
        canvas.dim(outside: RectF(x: 2, y: 2, width: 4, height: 4), by: 0.5)
        #expect(canvas.buffer[3, 3] == RGBA(red: 200, green: 100, blue: 50))
        #expect(canvas.buffer[0, 0] == RGBA(red: 100, green: 50, blue: 25))
        #expect(canvas.buffer[9, 3] == RGBA(red: 100, green: 50, blue: 25))
        canvas.dim(outside: nil, by: 1)
        #expect(canvas.buffer[3, 3] == RGBA(red: 0, green: 0, blue: 0))
    }

    // MARK: - Outlines and lines

    @Test func testStroke_solidOutlineCentredOnEdges() {
        var canvas = Canvas(width: 40, height: 40, background: Self.white)
        canvas.stroke(RectF(x: 10, y: 10, width: 20, height: 15), lineWidth: 2, color: Self.ink)
        for (x, y) in [(9, 9), (30, 9), (9, 25), (30, 25), (20, 9), (20, 10), (9, 17), (30, 17), (20, 25)] {
            #expect(canvas.buffer[x, y] == Self.ink, "(\(x), \(y))")
        }
        for (x, y) in [(8, 8), (31, 26), (20, 11), (20, 17), (11, 17), (20, 8), (20, 27)] {
            #expect(canvas.buffer[x, y] == Self.white, "(\(x), \(y))")
        }
    }

    @Test func testStroke_dashedDiffersFromSolid() {
        let rect = RectF(x: 10, y: 10, width: 40, height: 20)
        var solid = Canvas(width: 60, height: 40, background: Self.white)
        solid.stroke(rect, lineWidth: 2, color: Self.black)
        var dashed = Canvas(width: 60, height: 40, background: Self.white)
        dashed.stroke(rect, lineWidth: 2, color: Self.black, style: .dashed(on: 4, off: 4))
        #expect(solid.buffer != dashed.buffer)
        #expect(Self.inked(dashed).count < Self.inked(solid).count)
        // Along the top edge: the corner square, then 4 on, 4 off, starting at the corner.
        #expect(dashed.buffer[9, 9] == Self.black)
        #expect(dashed.buffer[10, 10] == Self.black)
        #expect(dashed.buffer[13, 10] == Self.black)
        #expect(dashed.buffer[14, 10] == Self.white)
        #expect(dashed.buffer[17, 10] == Self.white)
        #expect(dashed.buffer[18, 10] == Self.black)
        // Every inked pixel of the dashes is also inked by the solid outline.
        for pixel in Self.inked(dashed) { #expect(solid.buffer[pixel.x, pixel.y] == Self.black) }
    }

    @Test func testStroke_dottedIsRoundDotsWithGaps() {
        let rect = RectF(x: 10, y: 10, width: 40, height: 20)
        var dotted = Canvas(width: 60, height: 40, background: Self.white)
        dotted.stroke(rect, lineWidth: 3, color: Self.black, style: .dotted)
        var solid = Canvas(width: 60, height: 40, background: Self.white)
        solid.stroke(rect, lineWidth: 3, color: Self.black)
        #expect(dotted.buffer != solid.buffer)
        // 120 px of perimeter at a nominal 6 px spacing: 20 dots, the first on the top-left corner.
        #expect(dotted.buffer[10, 10] == Self.black)
        #expect(dotted.buffer[16, 10] == Self.black)
        #expect(dotted.buffer[13, 10] == Self.white)
        let row = (0..<60).map { dotted.buffer[$0, 10] == Self.black }
        let runs = zip(row, row.dropFirst()).filter { !$0 && $1 }.count + (row[0] ? 1 : 0)
        #expect(runs == 7)
    }

    @Test func testDrawLine_roundCapsAndExactCore() {
        var canvas = Canvas(width: 40, height: 20, background: Self.white)
        canvas.drawLine(from: (5, 10), to: (35, 10), width: 4, color: Self.ink)
        #expect(canvas.buffer[20, 9] == Self.ink)
        #expect(canvas.buffer[20, 10] == Self.ink)
        #expect(canvas.buffer[20, 7] == Self.white)
        // Round caps reach 2 px past the ends along the line, but not at the corners of a square cap.
        #expect(canvas.buffer[3, 9] != Self.white)
        #expect(canvas.buffer[3, 7] == Self.white)
        #expect(canvas.buffer[1, 10] == Self.white)
    }

    // MARK: - Text

    @Test func testDrawText_coresOfCapitalIAreExactTextColour() {
        var canvas = Canvas(width: 40, height: 60, background: Self.white)
        canvas.drawText("I", x: 10.3, baseline: 45.6, size: 40, color: Self.ink)
        let stroke = StrokeFont.strokeWidth(size: 40, weight: .regular)
        // 'I' is one stem centred in its advance.
        let centre = 10.3 + StrokeFont.advance(of: "I", size: 40, weight: .regular) / 2
        let column = Int(centre)
        var cores = 0
        for y in 0..<60 where canvas.buffer[column, y] == Self.ink { cores += 1 }
        // The stem is 0.705 × 40 = 28.2 px of ink, less its round ends.
        #expect(cores >= Int(0.705 * 40 - stroke) - 1)
        #expect(canvas.buffer[column, Int(45.6 - 14)] == Self.ink)
        for y in 0..<60 {
            for x in 0..<40 where canvas.buffer[x, y] != Self.white {
                let pixel = canvas.buffer[x, y]
                // Edge pixels are blends of exactly the ink and the background.
                #expect(pixel.red >= Self.ink.red && pixel.green >= Self.ink.green && pixel.blue >= Self.ink.blue)
            }
        }
    }

    @Test func testDrawText_inkStaysWithinAscenderDescenderAndAdvance() {
        let accented = Set("éèêàâäöüñÅáãëíìîïóòôõúùû")
        for weight in FontWeight.allCases {
            for size in [17.0, 40.0] {
                for character in StrokeFont.supportedCharacters {
                    let text = String(character)
                    let x = 5.25, baseline = 60.5
                    var canvas = Canvas(width: 80, height: 80, background: Self.white)
                    canvas.drawText(text, x: x, baseline: baseline, size: size, weight: weight, color: Self.black)
                    let advance = StrokeFont.advance(of: text, size: size, weight: weight)
                    let top = baseline - (accented.contains(character) ? StrokeFont.accentTopRatio : StrokeFont.ascenderRatio) * size
                    let bottom = baseline + StrokeFont.descenderRatio * size
                    for pixel in Self.inked(canvas) {
                        let centreX = Double(pixel.x) + 0.5, centreY = Double(pixel.y) + 0.5
                        let label = "'\(character)' \(weight) \(size) at (\(pixel.x), \(pixel.y))"
                        // Pixels at least half covered have their centre inside the ink; the faint
                        // anti-aliased fringe may reach one pixel further.
                        let slack = pixel.coverage >= 0.5 ? 0 : 1.0
                        #expect(centreY >= top - slack && centreY <= bottom + slack, "\(label)")
                        #expect(centreX >= x - slack && centreX <= x + advance + slack, "\(label)")
                    }
                }
            }
        }
    }

    @Test func testDrawText_capHeightOfHMatchesRatio() {
        for size in 20...60 {
            // From regular up: lighter strokes, about a pixel wide, have no pixel centre within
            // their ink at the round ends of a stem unless the stem happens to sit on a pixel centre.
            for weight in [FontWeight.regular, .medium, .semibold, .bold, .black] {
                var canvas = Canvas(width: 80, height: 90, background: Self.white)
                let baseline = 70.0 + Double(size % 4) * 0.25
                canvas.drawText("H", x: 4, baseline: baseline, size: Double(size), weight: weight, color: Self.black)
                let rows = Self.inked(canvas).filter { $0.coverage >= 0.5 }.map(\.y)
                let height = Double(rows.max()! - rows.min()! + 1)
                #expect(abs(height - StrokeFont.capHeightRatio * Double(size)) <= 1, "size \(size) \(weight): \(height)")
            }
        }
    }

    @Test func testFontMetrics_matchTheDocumentedRatios() {
        #expect(StrokeFont.capHeightRatio == 0.705)
        #expect(abs(StrokeFont.xHeightRatio - 0.53) < 0.02)
        #expect(StrokeFont.ascenderRatio >= StrokeFont.capHeightRatio)
        #expect(abs(StrokeFont.descenderRatio - 0.21) < 0.02)
        // The ink of 'x' at regular weight is about the x-height tall.
        var canvas = Canvas(width: 100, height: 120, background: Self.white)
        canvas.drawText("x", x: 4, baseline: 100, size: 100, color: Self.black)
        let rows = Self.inked(canvas).filter { $0.coverage >= 0.5 }.map(\.y)
        #expect(abs(Double(rows.max()! - rows.min()! + 1) - 53) <= 1.5)
    }

    @Test func testStrokeWidth_followsWeightAndKeepsCoresAtSmallSizes() {
        #expect(StrokeFont.strokeWidth(size: 22, weight: .regular) >= 1.8)
        #expect(abs(StrokeFont.strokeWidth(size: 100, weight: .regular) - 8.5) < 0.01)
        #expect(abs(StrokeFont.strokeWidth(size: 100, weight: .semibold) - 11) < 0.01)
        #expect(abs(StrokeFont.strokeWidth(size: 100, weight: .bold) - 13) < 0.01)
        #expect(abs(StrokeFont.strokeWidth(size: 100, weight: .black) - 16) < 0.01)
        let widths = FontWeight.allCases.map { StrokeFont.strokeWidth(size: 100, weight: $0) }
        #expect(widths == widths.sorted() && Set(widths).count == widths.count)
        #expect(FontWeight.allCases.filter(\.isBold) == [.bold, .heavy, .black])
        #expect(StrokeFont.strokeWidth(size: .nan, weight: .regular) == 0)

        // A regular 'l' at 22 px has pixels of exactly the ink colour.
        var canvas = Canvas(width: 20, height: 30, background: Self.white)
        canvas.drawText("l", x: 3.37, baseline: 24.2, size: 22, color: Self.ink)
        #expect(Self.inked(canvas).contains { canvas.buffer[$0.x, $0.y] == Self.ink })
    }

    @Test func testAdvance_isProportionalAndAdditive() {
        func advance(_ text: String) -> Double { StrokeFont.advance(of: text, size: 30, weight: .regular) }
        #expect(advance("i") < advance("n"))
        #expect(advance("l") < advance("m"))
        #expect(advance("n") < advance("m"))
        #expect(advance("I") < advance("H"))
        #expect(advance("H") < advance("M") && advance("H") < advance("W"))
        #expect(advance("w") > advance("v"))
        #expect(abs(advance("mil") - (advance("m") + advance("i") + advance("l"))) < 1e-9)
        #expect(advance("") == 0)
        #expect(StrokeFont.advance(of: "m", size: 30, weight: .bold) > advance("m"))
        #expect(StrokeFont.advance(of: "m", size: -3, weight: .bold) == 0)
    }

    @Test func testDrawText_advanceMatchesWhereThePenEnds() {
        // Drawing "ab" equals drawing "a" and then "b" at the pen position the advance predicts,
        // except where the two glyphs' fringes share a pixel.
        var together = Canvas(width: 200, height: 60, background: Self.white)
        together.drawText("Hm", x: 10, baseline: 45, size: 40, color: Self.black)
        var apart = Canvas(width: 200, height: 60, background: Self.white)
        apart.drawText("H", x: 10, baseline: 45, size: 40, color: Self.black)
        apart.drawText("m", x: 10 + StrokeFont.advance(of: "H", size: 40, weight: .regular), baseline: 45, size: 40, color: Self.black)
        #expect(together.buffer == apart.buffer)
    }

    @Test func testDrawText_isDeterministic() {
        func render() -> Canvas {
            var canvas = Canvas(width: 300, height: 80, background: RGBA(red: 30, green: 40, blue: 50))
            canvas.drawText("Quest 7 · Café “Zoë” …", x: 3.3, baseline: 50.7, size: 31.5, weight: .semibold,
                            color: RGBA(red: 250, green: 200, blue: 20, alpha: 230))
            return canvas
        }
        #expect(render().buffer == render().buffer)
    }

    /// The bytes of a fixed drawing, the same on every platform: drawing uses only + − × ÷ and
    /// square roots, all correctly rounded by IEEE 754, and curves come from a table of constants.
    @Test func testDrawing_bytesMatchGoldenDigest() {
        var canvas = Canvas(width: 160, height: 64, background: RGBA(red: 240, green: 240, blue: 235))
        canvas.fillLinearGradient(RectF(x: 0, y: 0, width: 160, height: 14), from: Self.ink, to: Self.white, horizontal: true)
        canvas.fillRoundedRect(RectF(x: 4.5, y: 18.25, width: 60, height: 20), radius: 7.5, color: RGBA(red: 0, green: 122, blue: 255))
        canvas.fillEllipse(in: RectF(x: 70.2, y: 18.7, width: 21, height: 13), color: RGBA(red: 52, green: 199, blue: 89, alpha: 200))
        canvas.stroke(RectF(x: 100.5, y: 18.5, width: 50, height: 20), lineWidth: 1.5, color: Self.black, style: .dashed(on: 3, off: 2))
        canvas.stroke(RectF(x: 102, y: 42, width: 50, height: 18), lineWidth: 2, color: Self.ink, style: .dotted)
        canvas.drawLine(from: (4.2, 60.1), to: (95.7, 44.3), width: 1.7, color: Self.black)
        canvas.drawText("Go! Ragé 42", x: 6.4, baseline: 33.6, size: 13.5, weight: .bold, color: Self.white)
        canvas.drawText("Settings", x: 30.1, baseline: 58.9, size: 17, weight: .light, color: Self.black)
        canvas.dim(outside: RectF(x: 100, y: 40, width: 55, height: 22), by: 0.25)
        #expect(canvas.buffer.pixelDigest == "6a8e829cf449139561096a6b140b48651866fa4ef00889faaf1d548d0ef21048", "rendering changed or is not deterministic across platforms")
    }

    @Test func testDrawText_unknownCharacterDrawsHollowBox() {
        let unknown: Character = "\u{4E2D}"
        #expect(!StrokeFont.supports(unknown))
        var canvas = Canvas(width: 60, height: 60, background: Self.white)
        canvas.drawText(String(unknown), x: 10, baseline: 50, size: 40, color: Self.black)
        let solid = Self.inked(canvas).filter { $0.coverage >= 0.5 }
        let rows = solid.map(\.y), columns = solid.map(\.x)
        #expect(abs(Double(rows.max()! - rows.min()! + 1) - 0.705 * 40) <= 1)
        #expect(columns.max()! - columns.min()! > 10)
        // Hollow: the middle of the box is background, its four sides are ink.
        let midX = (columns.min()! + columns.max()!) / 2, midY = (rows.min()! + rows.max()!) / 2
        #expect(canvas.buffer[midX, midY] == Self.white)
        #expect(canvas.buffer[midX, rows.min()! + 1] == Self.black)
        #expect(canvas.buffer[midX, rows.max()! - 1] == Self.black)
        #expect(canvas.buffer[columns.min()! + 1, midY] == Self.black)
        #expect(canvas.buffer[columns.max()! - 1, midY] == Self.black)
    }

    @Test func testSupports_printableASCIIAndExtras() {
        for character in Self.printableASCII + Self.extras {
            #expect(StrokeFont.supports(character), "'\(character)'")
        }
        #expect(!StrokeFont.supports("\n"))
        #expect(!StrokeFont.supports("😀"))
        // Every glyph but the space leaves ink.
        for character in Self.printableASCII + Self.extras where character != " " {
            var canvas = Canvas(width: 60, height: 60, background: Self.white)
            canvas.drawText(String(character), x: 5, baseline: 40, size: 30, color: Self.black)
            #expect(!Self.inked(canvas).isEmpty, "'\(character)'")
        }
        var space = Canvas(width: 60, height: 60, background: Self.white)
        space.drawText("   ", x: 5, baseline: 40, size: 30, color: Self.black)
        #expect(Self.inked(space).isEmpty)
        #expect(StrokeFont.advance(of: " ", size: 30, weight: .regular) > 5)
    }

    @Test func testAccents_sitAboveTheBaseLetter() {
        var plain = Canvas(width: 60, height: 60, background: Self.white)
        plain.drawText("e", x: 5, baseline: 45, size: 40, color: Self.black)
        var accented = Canvas(width: 60, height: 60, background: Self.white)
        accented.drawText("é", x: 5, baseline: 45, size: 40, color: Self.black)
        let plainTop = Self.inked(plain).map(\.y).min()!
        let extra = Self.inked(accented).filter { plain.buffer[$0.x, $0.y] == Self.white }
        #expect(!extra.isEmpty)
        #expect(extra.allSatisfy { $0.y < plainTop })
        #expect(StrokeFont.advance(of: "é", size: 40, weight: .regular) == StrokeFont.advance(of: "e", size: 40, weight: .regular))
    }

    /// Writes every glyph at three weights and a paragraph at 11–28 px to
    /// `$CANVAS_SPECIMEN_DIR/stroke-font-specimen.png`, for a person reviewing a change to the
    /// glyphs; skipped unless the variable is set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CANVAS_SPECIMEN_DIR"] != nil, "CANVAS_SPECIMEN_DIR is not set"))
    func testSpecimen_writesPNGForReview() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["CANVAS_SPECIMEN_DIR"])
        var canvas = Canvas(width: 1200, height: 640, background: Self.white)
        let characters = StrokeFont.supportedCharacters
        var baseline = 40.0
        for weight in [FontWeight.thin, .regular, .black] {
            for start in stride(from: 0, to: characters.count, by: 45) {
                let line = String(characters[start..<min(start + 45, characters.count)])
                canvas.drawText(line, x: 10, baseline: baseline, size: 36, weight: weight, color: Self.black)
                baseline += 48
            }
        }
        for size in [11.0, 14, 17, 22, 28] {
            canvas.drawText("Settings · Level 12 · Score: 4,820 — “Café” Wi-Fi (Bluetooth) ×2 …",
                            x: 10, baseline: baseline + size, size: size, color: Self.black)
            baseline += size * 1.4
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent("stroke-font-specimen.png")
        try Data(PNGEncoder.encode(canvas.buffer)).write(to: path)
    }

    // MARK: - Hostile input

    @Test func testHostileInput_neverCrashesAndDrawsNothingInvalid() {
        var canvas = Canvas(width: 30, height: 20, background: Self.white)
        let rects = [
            RectF(x: .nan, y: 0, width: 10, height: 10), RectF(x: 0, y: 0, width: .infinity, height: 10),
            RectF(x: 5, y: 5, width: -10, height: 10), RectF(x: 0, y: 0, width: 0, height: 0),
            RectF(x: -1e300, y: -1e300, width: 1e299, height: 1e299), RectF(x: 40, y: 40, width: 5, height: 5),
        ]
        for rect in rects {
            canvas.fill(rect, color: Self.black)
            canvas.fillRoundedRect(rect, radius: .nan, color: Self.black)
            canvas.fillEllipse(in: rect, color: Self.black)
            canvas.fillLinearGradient(rect, from: Self.black, to: Self.ink, horizontal: false)
            for style in [StrokeStyle.solid, .dashed(on: 2, off: 2), .dotted] {
                canvas.stroke(rect, lineWidth: 2, color: Self.black, style: style)
            }
        }
        for style in [StrokeStyle.dashed(on: .nan, off: 1), .dashed(on: -1, off: 2), .dashed(on: 0, off: 2)] {
            canvas.stroke(RectF(x: 2, y: 2, width: 5, height: 5), lineWidth: 1, color: Self.black, style: style)
        }
        canvas.stroke(RectF(x: 2, y: 2, width: 5, height: 5), lineWidth: .nan, color: Self.black)
        canvas.drawLine(from: (.nan, 0), to: (10, 10), width: 2, color: Self.black)
        canvas.drawLine(from: (0, 0), to: (10, 10), width: -2, color: Self.black)
        canvas.drawText("", x: 0, baseline: 10, size: 12, color: Self.black)
        canvas.drawText("Hi", x: .nan, baseline: 10, size: 12, color: Self.black)
        canvas.drawText("Hi", x: 0, baseline: 10, size: .infinity, color: Self.black)
        canvas.drawText("Hi", x: 0, baseline: 10, size: -12, color: Self.black)
        canvas.drawText("Hi", x: 0, baseline: 10, size: 0, color: Self.black)
        canvas.drawText("Hi", x: 1e300, baseline: 10, size: 12, color: Self.black)
        canvas.dim(outside: nil, by: .nan)
        let extreme = Double.greatestFiniteMagnitude
        canvas.fill(RectF(x: extreme, y: 0, width: extreme, height: 10), color: Self.black)
        canvas.stroke(RectF(x: -extreme, y: -extreme, width: extreme, height: extreme), lineWidth: 2, color: Self.black, style: .dotted)
        canvas.stroke(RectF(x: 2, y: 2, width: 5, height: 5), lineWidth: 1, color: Self.black, style: .dashed(on: extreme, off: extreme))
        canvas.drawText("Hi", x: 0, baseline: 10, size: extreme, color: Self.black)
        canvas.drawLine(from: (-extreme, -extreme), to: (extreme, extreme), width: extreme, color: Self.black)
        #expect(Self.inked(canvas).isEmpty)

        // Huge and off-canvas input is clipped, and costs what is visible.
        canvas.fill(RectF(x: -1e12, y: -1e12, width: 3e12, height: 3e12), color: Self.ink)
        #expect(canvas.buffer[0, 0] == Self.ink && canvas.buffer[29, 19] == Self.ink)
        canvas.stroke(RectF(x: -1e9, y: 5, width: 2e9, height: 1e9), lineWidth: 2, color: Self.black, style: .dotted)
        canvas.stroke(RectF(x: -1e9, y: 5, width: 2e9, height: 1e9), lineWidth: 2, color: Self.black, style: .dashed(on: 3, off: 3))
        canvas.drawText("W", x: -5000, baseline: 5000, size: 8000, color: Self.white)
        canvas.drawText(String(repeating: "m", count: 100_000), x: -10, baseline: 15, size: 12, color: Self.black)
        canvas.drawLine(from: (-1e15, -1e15), to: (1e15, 1e15), width: 3, color: Self.white)
        canvas.stroke(RectF(x: 2, y: 2, width: 5, height: 5), lineWidth: 1, color: Self.black, style: .dashed(on: 1e-300, off: 1e-300))
        canvas.dim(outside: RectF(x: .nan, y: 0, width: 1, height: 1), by: 7)

        var empty = Canvas(width: -5, height: 0, background: Self.white)
        empty.fill(RectF(x: 0, y: 0, width: 10, height: 10), color: Self.black)
        empty.drawText("Hello", x: 0, baseline: 10, size: 12, color: Self.black)
        empty.stroke(RectF(x: 0, y: 0, width: 10, height: 10), lineWidth: 1, color: Self.black, style: .dotted)
        empty.dim(outside: nil, by: 0.5)
        #expect(empty.buffer.width == 0)
    }
}
