import CImagingShim
import ColorScience
import Foundation
@testable import Imaging
import Testing

struct FastPNGEncoderTests {
    /// A deterministic generator, so every image here is the same on every run.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
    }

    /// Images that exercise each path: runs longer than a match (flat fills), runs of a repeating
    /// pixel that differs from the row above (distance 3 or 4), every byte value as a literal
    /// (noise), rows shorter than a match, blocks cut mid-image, translucent pixels, and rows of
    /// every width up to 24.
    static func images() -> [(String, PixelBuffer)] {
        var numbers = Numbers(state: 42)
        var noise = PixelBuffer(width: 97, height: 61)
        for y in 0..<61 {
            for x in 0..<97 {
                noise[x, y] = RGBA(red: UInt8(numbers.next(256)), green: UInt8(numbers.next(256)), blue: UInt8(numbers.next(256)))
            }
        }
        var stripes = PixelBuffer(width: 300, height: 40)
        for y in 0..<40 {
            for x in 0..<300 { stripes[x, y] = RGBA(red: UInt8(y * 6), green: UInt8(255 - y * 5), blue: y % 3 == 0 ? 9 : 200) }
        }
        // A screen-like picture over several blocks: bars, text-like specks, a gradient.
        var screen = PixelBuffer(width: 420, height: 700, fill: RGBA(red: 242, green: 242, blue: 247))
        for y in 0..<700 {
            for x in 0..<420 {
                if y % 90 < 44 && x > 20 && x < 400 { screen[x, y] = RGBA(red: 255, green: 255, blue: 255) }
                if y % 90 > 10 && y % 90 < 30 && x > 40 && x < 300 && numbers.next(3) == 0 {
                    let grey = UInt8(numbers.next(200))
                    screen[x, y] = RGBA(red: grey, green: grey, blue: grey)
                }
                if y > 600 { screen[x, y] = RGBA(red: UInt8(x * 255 / 419), green: UInt8((y - 600) * 2), blue: 128) }
            }
        }
        // Noise of every width from 1 to 24: each path of the vectorised filter, and its tail.
        let narrow = (1...24).map { width -> (String, PixelBuffer) in
            var image = PixelBuffer(width: width, height: 3)
            for y in 0..<3 {
                for x in 0..<width {
                    image[x, y] = RGBA(red: UInt8(numbers.next(256)), green: UInt8(numbers.next(256)), blue: UInt8(numbers.next(256)))
                }
            }
            return ("noise \(width) wide", image)
        }
        var translucent = stripes
        for x in 0..<300 { translucent[x, 7] = RGBA(red: 1, green: 2, blue: 3, alpha: UInt8(x % 256)) }
        return [
            ("one pixel", PixelBuffer(width: 1, height: 1, fill: RGBA(red: 9, green: 8, blue: 7))),
            ("one column", PixelBuffer(width: 1, height: 300, fill: RGBA(red: 0, green: 0, blue: 0))),
            ("one row", PixelBuffer(width: 2000, height: 1, fill: RGBA(red: 255, green: 255, blue: 255))),
            ("noise", noise), ("stripes", stripes), ("screen", screen), ("translucent", translucent),
            ("transparent", PixelBuffer(width: 33, height: 5)),
        ] + narrow
    }

    @Test func testEveryImage_decodesToItsPixels_throughLibpngWithEveryCheck() throws {
        for (name, image) in Self.images() {
            let png = try FastPNGEncoder.encode(image)
            let decoded = try ImageDecoder().decode(Data(png), file: name + ".png")
            #expect(decoded.pixels == image, "\(name)")
            #expect(decoded.source.colorType == (image.isOpaque ? "RGB" : "RGBA"), "\(name)")
            // libpng's simplified API checks the zlib stream's Adler-32 as well.
            var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
            let status = png.withUnsafeBufferPointer { bytes in
                pixels.withUnsafeMutableBufferPointer { sak_png_simplified_decode_rgba(bytes.baseAddress!, bytes.count, $0.baseAddress!, image.width * 4) }
            }
            #expect(status == SAK_OK && pixels == image.pixels, "\(name)")
        }
    }

    /// The filter checks the alphas as it reads each row: one pixel short of opaque, at any place
    /// of a row of any width up to 24 (the vectorised steps and the tail), makes the image RGBA,
    /// in the first row (nothing above) as in a later one.
    @Test func testOneTranslucentPixel_anywhereInARow_makesTheImageRGBA() throws {
        var numbers = Numbers(state: 7)
        for width in 1...24 {
            var image = PixelBuffer(width: width, height: 3)
            for y in 0..<3 {
                for x in 0..<width {
                    image[x, y] = RGBA(red: UInt8(numbers.next(256)), green: UInt8(numbers.next(256)), blue: UInt8(numbers.next(256)))
                }
            }
            #expect(try ImageDecoder().decode(Data(try FastPNGEncoder.encode(image)), file: "opaque.png").source.colorType == "RGB")
            for y in [0, 2] {
                for x in 0..<width {
                    var translucent = image
                    let pixel = translucent[x, y]
                    // Alternately the lowest and the highest bit of the alpha cleared.
                    translucent[x, y] = RGBA(red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: (x + y) % 2 == 0 ? 254 : 127)
                    let decoded = try ImageDecoder().decode(Data(try FastPNGEncoder.encode(translucent)), file: "translucent.png")
                    #expect(decoded.source.colorType == "RGBA" && decoded.pixels == translucent, "width \(width), pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test func testSamePixels_giveTheSameBytes_andTheChunksOfPNGEncoder() throws {
        let image = Self.images()[5].1
        let first = try FastPNGEncoder.encode(image)
        #expect(try FastPNGEncoder.encode(image) == first)
        #expect(TestImages.chunks(first).map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"])
        // Runs make a flat screen small: well under a tenth of its 0.9 MB of pixels.
        #expect(first.count < image.width * image.height * 3 / 10, "\(first.count) bytes")
    }

    /// Parts stacked are written as the one image their rows make, RGBA as soon as one pixel of
    /// any part is not opaque; parts of different widths are refused.
    @Test func testStackedParts_areTheImageTheirRowsMake() throws {
        let stripes = Self.images()[4].1
        var legend = PixelBuffer(width: 300, height: 9, fill: RGBA(red: 255, green: 255, blue: 255))
        for parts in [[stripes, legend], [legend, stripes, legend], [stripes]] {
            let whole = PixelBuffer(width: 300, height: parts.reduce(0) { $0 + $1.height }, pixels: parts.flatMap(\.pixels))
            let decoded = try ImageDecoder().decode(Data(try FastPNGEncoder.encode(stacking: parts)), file: "stacked.png")
            #expect(decoded.pixels == whole && decoded.source.colorType == "RGB")
        }
        legend[299, 8] = RGBA(red: 0, green: 0, blue: 0, alpha: 254)
        let decoded = try ImageDecoder().decode(Data(try FastPNGEncoder.encode(stacking: [stripes, legend])), file: "rgba.png")
        #expect(decoded.source.colorType == "RGBA" && decoded.pixels.pixels == stripes.pixels + legend.pixels)
        #expect(throws: ImagingError.self) { try FastPNGEncoder.encode(stacking: [stripes, PixelBuffer(width: 299, height: 2)]) }
        #expect(throws: ImagingError.self) { try FastPNGEncoder.encode(stacking: []) }
    }

    @Test func testACorruptedByte_isCaughtByTheChecksums() throws {
        var png = try FastPNGEncoder.encode(Self.images()[4].1)
        png[png.count - 20] ^= 0x40
        #expect(throws: (any Error).self) { try ImageDecoder().decode(Data(png), file: "corrupt.png") }
    }

    /// Frequencies that would give a 29-bit code (Fibonacci numbers) are cut to the limit and
    /// still fill the code space exactly, rarer symbols never shorter than commoner ones.
    @Test func testHuffmanLengths_respectTheLimit_andMakeACompleteCode() {
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (frequencies, limit) in [(fibonacci, 15), (fibonacci, 7), ([5, 0, 0, 3, 9, 1], 15), ([0, 4, 0, 4], 7)] {
            let lengths = HuffmanCode.lengths(for: frequencies, limit: limit)
            let used = lengths.filter { $0 > 0 }
            #expect(used.count == frequencies.filter { $0 > 0 }.count)
            #expect(used.allSatisfy { Int($0) <= limit }, "\(lengths)")
            #expect(used.reduce(0) { $0 + (1 << (limit - Int($1))) } == 1 << limit, "\(lengths)")
            for a in frequencies.indices where frequencies[a] > 0 {
                for b in frequencies.indices where frequencies[b] > frequencies[a] { #expect(lengths[b] <= lengths[a]) }
            }
        }
        #expect(HuffmanCode.lengths(for: fibonacci, limit: 15).max() == 15)
    }

    @Test func testCanonicalCodes_areThoseOfRFC1951() {
        // RFC 1951, 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010 011 100 101 110 00 1110 1111.
        let codes = HuffmanCode.codes(for: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [(UInt16, Int)] = [(0b010, 3), (0b011, 3), (0b100, 3), (0b101, 3), (0b110, 3), (0b00, 2), (0b1110, 4), (0b1111, 4)]
        for (code, (value, length)) in zip(codes, expected) {
            var reversed: UInt16 = 0
            for bit in 0..<length where value >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
            #expect(code == reversed)
        }
    }

    @Test func testAdler32_ofKnownText() {
        // "Wikipedia" → 0x11E60398 (the worked example of RFC 1950's checksum).
        var adler = Adler32()
        Array("Wikipedia".utf8).withUnsafeBufferPointer { adler.add($0) }
        #expect(adler.value == 0x11E6_0398)
        // Runs added at once sum as their bytes one by one, across the points where sums are reduced.
        var byRuns = Adler32(), byBytes = Adler32()
        var numbers = Numbers(state: 7)
        for _ in 0..<300 {
            let byte = UInt8(numbers.next(256)), count = 1 + numbers.next(258)
            byRuns.add(byte, repeated: count)
            for _ in 0..<count { byBytes.add(byte) }
        }
        #expect(byRuns.value == byBytes.value)
    }
}
