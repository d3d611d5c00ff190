import CImagingShim
import ColorScience
import Foundation
import Imaging
import TestSupport
import Testing

/// Every PNG colour type × bit depth × interlace, written by libpng from samples made here and
/// read back: the decoded RGBA must equal the samples scaled to 8 bits (16-bit rounded).
struct PNGDecodingTests {
    struct Layout: CustomTestStringConvertible, Sendable {
        var colorType: PNGColorType
        var bitDepth: Int
        var interlaced: Bool
        var testDescription: String { "\(colorType) \(bitDepth)-bit\(interlaced ? " Adam7" : "")" }
    }

    static let layouts: [Layout] = PNGColorType.allCases.flatMap { type in
        type.allowedBitDepths.flatMap { depth in [false, true].map { Layout(colorType: type, bitDepth: depth, interlaced: $0) } }
    }

    // 13 × 11: odd sizes leave partial Adam7 passes and padding bits at the end of packed rows.
    static let width = 13
    static let height = 11

    @Test(arguments: layouts)
    func testDecode_everyLayout(_ layout: Layout) throws {
        let maximum = (1 << layout.bitDepth) - 1
        let channels = layout.colorType.channels
        var samples: [Int] = []
        var expected: [UInt8] = []
        var palette: [RGB8] = []
        if layout.colorType == .palette {
            for index in 0...maximum {
                let red = UInt8(index * 37 % 256), green = UInt8(index * 91 % 256)
                let blue = UInt8(255 - index * 13 % 256)
                palette.append(RGB8(red: red, green: green, blue: blue))
            }
        }
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let values = (0..<channels).map { TestImages.sample(x: x, y: y, channel: $0, maximum: maximum) }
                samples += values
                switch layout.colorType {
                case .grey:
                    let v = TestImages.to8Bit(values[0], bitDepth: layout.bitDepth)
                    expected += [v, v, v, 255]
                case .greyAlpha:
                    let v = TestImages.to8Bit(values[0], bitDepth: layout.bitDepth)
                    expected += [v, v, v, TestImages.to8Bit(values[1], bitDepth: layout.bitDepth)]
                case .rgb:
                    expected += values.map { TestImages.to8Bit($0, bitDepth: layout.bitDepth) } + [255]
                case .rgba:
                    expected += values.map { TestImages.to8Bit($0, bitDepth: layout.bitDepth) }
                case .palette:
                    let color = palette[values[0]]
                    expected += [color.red, color.green, color.blue, 255]
                }
            }
        }
        var raw = PNGRawImage(width: Self.width, height: Self.height, colorType: layout.colorType, bitDepth: layout.bitDepth,
                              rows: TestImages.pack(samples, samplesPerRow: Self.width * channels, bitDepth: layout.bitDepth))
        raw.interlaced = layout.interlaced
        raw.palette = palette
        let png = try PNGEncoder.encode(raw)

        let image = try ImageDecoder().decode(Data(png), file: "layout.png")
        #expect(image.source.format == .png)
        #expect(image.source.bitDepth == layout.bitDepth)
        #expect(image.source.interlaced == layout.interlaced)
        #expect(image.pixels.width == Self.width && image.pixels.height == Self.height)
        #expect(image.pixels.pixels == expected)
    }

    @Test func testDecode_paletteWithTransparency() throws {
        let palette = [RGB8(red: 255, green: 0, blue: 0), RGB8(red: 0, green: 255, blue: 0), RGB8(red: 0, green: 0, blue: 255)]
        let indices = [0, 1, 2, 2, 1, 0]
        var raw = PNGRawImage(width: 3, height: 2, colorType: .palette, bitDepth: 8,
                              rows: TestImages.pack(indices, samplesPerRow: 3, bitDepth: 8))
        raw.palette = palette
        raw.paletteAlpha = [0, 128] // the third entry is opaque by omission
        let image = try ImageDecoder().decode(Data(try PNGEncoder.encode(raw)), file: "trns.png")
        #expect(image.source.colorType == "palette+tRNS")
        #expect(image.pixels[0, 0] == RGBA(red: 255, green: 0, blue: 0, alpha: 0))
        #expect(image.pixels[1, 0] == RGBA(red: 0, green: 255, blue: 0, alpha: 128))
        #expect(image.pixels[2, 0] == RGBA(red: 0, green: 0, blue: 255, alpha: 255))
    }

    /// 8-bit RGB and 8-bit palette rows are widened to RGBA by the shim, four pixels a step on
    /// x86-64 and sixteen on arm64, then a pixel at a time: every width from 1 to 40 takes each
    /// path and tail. The palette's tRNS is shorter than its PLTE (the rest opaque).
    @Test(arguments: [PNGColorType.rgb, .palette])
    func testDecode_widenedRows_everyWidthAndTail(_ colorType: PNGColorType) throws {
        let palette = (0..<200).map { (index: Int) -> RGB8 in
            RGB8(red: UInt8(index), green: UInt8(255 - index), blue: UInt8(index * 7 % 256))
        }
        let alpha = (0..<50).map { (index: Int) -> UInt8 in UInt8(index * 5) }
        for width in 1...40 {
            let height = 3
            var samples: [Int] = []
            var expected: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    if colorType == .rgb {
                        let values = (0..<3).map { (channel: Int) -> Int in (x * 53 + y * 17 + channel * 101) % 256 }
                        samples += values
                        expected += values.map(UInt8.init) + [255]
                    } else {
                        let index = (x + y * 40 + 30) % palette.count  // across the end of the tRNS at 50
                        samples.append(index)
                        let color = palette[index]
                        expected += [color.red, color.green, color.blue, index < alpha.count ? alpha[index] : 255]
                    }
                }
            }
            var raw = PNGRawImage(width: width, height: height, colorType: colorType, bitDepth: 8,
                                  rows: TestImages.pack(samples, samplesPerRow: width * colorType.channels, bitDepth: 8))
            if colorType == .palette {
                raw.palette = palette
                raw.paletteAlpha = alpha
            }
            let image = try ImageDecoder().decode(Data(try PNGEncoder.encode(raw)), file: "wide.png")
            #expect(image.pixels.pixels == expected, "width \(width)")
        }
    }

    /// Indices past the PLTE and past the tRNS, which libpng's writer refuses to make, in a PNG
    /// written by hand: the shim's palette table gives what libpng's own expansion gives (the
    /// simplified API's pixels): black past the PLTE, opaque past the tRNS.
    @Test func testDecode_paletteIndicesPastPLTEAndTRNS_areLibpngsPixels() throws {
        let indices: [UInt8] = [0, 1, 2, 3, 255]
        let row: [UInt8] = [0] + indices // filter type None
        // One stored deflate block (RFC 1951, 3.2.4) in a zlib stream, with its Adler-32.
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in row { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(row.count)
        let idat: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + row + TestImages.bigEndian(b << 16 | a)
        let png = TestImages.pngSignature
            + TestImages.chunk("IHDR", TestImages.bigEndian(UInt32(indices.count)) + TestImages.bigEndian(1) + [8, 3, 0, 0, 0])
            + TestImages.chunk("PLTE", [200, 10, 20, 30, 220, 40])
            + TestImages.chunk("tRNS", [128])
            + TestImages.chunk("IDAT", idat) + TestImages.chunk("IEND", [])
        let image = try ImageDecoder().decode(Data(png), file: "past.png")
        #expect(image.pixels.pixels == [200, 10, 20, 128, 30, 220, 40, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255])
        var simplified = [UInt8](repeating: 1, count: indices.count * 4)
        let status = png.withUnsafeBufferPointer { bytes in
            simplified.withUnsafeMutableBufferPointer { sak_png_simplified_decode_rgba(bytes.baseAddress!, bytes.count, $0.baseAddress!, indices.count * 4) }
        }
        #expect(status == SAK_OK && simplified == image.pixels.pixels)
    }

    @Test func testDecode_greyAndRGBWithTransparentColour() throws {
        var grey = PNGRawImage(width: 4, height: 1, colorType: .grey, bitDepth: 4,
                               rows: TestImages.pack([0, 5, 15, 5], samplesPerRow: 4, bitDepth: 4))
        grey.transparentColor = (5, 0, 0)
        let greyImage = try ImageDecoder().decode(Data(try PNGEncoder.encode(grey)), file: "grey.png")
        #expect(greyImage.pixels.pixels == [0, 0, 0, 255, 85, 85, 85, 0, 255, 255, 255, 255, 85, 85, 85, 0])

        var rgb = PNGRawImage(width: 2, height: 1, colorType: .rgb, bitDepth: 16,
                              rows: TestImages.pack([65535, 0, 0, 1000, 2000, 3000], samplesPerRow: 6, bitDepth: 16))
        rgb.transparentColor = (1000, 2000, 3000)
        let rgbImage = try ImageDecoder().decode(Data(try PNGEncoder.encode(rgb)), file: "rgb16.png")
        #expect(rgbImage.pixels[0, 0] == RGBA(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(rgbImage.pixels[1, 0] == RGBA(red: 4, green: 8, blue: 12, alpha: 0))
    }

    @Test func testDecode_sixteenBitRoundsInsteadOfTruncating() throws {
        // 0x00FF / 257 = 0.99 and 0x01FE / 257 = 1.98: rounding gives 1 and 2, truncation to the
        // high byte would give 0 and 1.
        let raw = PNGRawImage(width: 2, height: 1, colorType: .grey, bitDepth: 16,
                              rows: TestImages.pack([0x00FF, 0x01FE], samplesPerRow: 2, bitDepth: 16))
        let image = try ImageDecoder().decode(Data(try PNGEncoder.encode(raw)), file: "g16.png")
        #expect(image.pixels[0, 0] == RGBA(red: 1, green: 1, blue: 1, alpha: 255))
        #expect(image.pixels[1, 0] == RGBA(red: 2, green: 2, blue: 2, alpha: 255))
    }

    @Test func testDecode_unknownAncillaryChunkIsIgnored() throws {
        let buffer = TestImages.bands(width: 8, height: 4, colors: [RGB8(red: 10, green: 20, blue: 30)])
        let png = try PNGEncoder.encode(buffer)
        // Insert Apple's private iDOT chunk (as in every simulator screenshot) after IHDR.
        let ihdrEnd = 8 + 12 + 13
        let idot = TestImages.chunk("iDOT", [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 40])
        let withIDOT = Array(png[..<ihdrEnd]) + idot + Array(png[ihdrEnd...])
        let image = try ImageDecoder().decode(Data(withIDOT), file: "idot.png")
        #expect(image.pixels == buffer)
    }

    @Test func testDecode_formatComesFromBytesNotName() throws {
        let buffer = TestImages.bands(width: 16, height: 16, colors: [RGB8(red: 200, green: 40, blue: 40)])
        let jpeg = try JPEGEncoder.encode(width: 16, height: 16, components: .rgb, samples: TestImages.rgbSamples(buffer))
        let directory = try TemporaryDirectory()
        let path = directory.path("screenshot.png")
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        let image = try ImageDecoder().decodeFile(atPath: path)
        #expect(image.source.format == .jpeg)
    }
}
