import ColorScience
import Foundation
import Imaging
import TestSupport
import Testing

/// Files a CI run may hand the decoder: each must give the right category, name the file, and
/// never crash or return a partly filled image.
struct HostileInputTests {
    static func validPNG(interlaced: Bool = false) throws -> [UInt8] {
        var samples: [UInt8] = []
        for y in 0..<32 { for x in 0..<32 { samples += [UInt8(x * 8), UInt8(y * 8), UInt8((x ^ y) * 8), 255] } }
        var raw = PNGRawImage(width: 32, height: 32, colorType: .rgba, bitDepth: 8, rows: samples)
        raw.interlaced = interlaced
        return try PNGEncoder.encode(raw)
    }

    static func validJPEG(progressive: Bool = false) throws -> [UInt8] {
        let card = TestImages.bands(width: 48, height: 32, colors: [RGB8(red: 250, green: 10, blue: 10), RGB8(red: 10, green: 10, blue: 250)])
        return try JPEGEncoder.encode(width: 48, height: 32, components: .rgb, samples: TestImages.rgbSamples(card), progressive: progressive)
    }

    static func category(of bytes: [UInt8], file: String = "input.png", limits: DecodeLimits = .default) -> DecodeFailure? {
        do {
            _ = try ImageDecoder(limits: limits).decode(Data(bytes), file: file)
            return nil
        } catch let error as ImagingError {
            #expect(error.description.hasPrefix(file + ": "), "the error names the file")
            return error.decodeCategory
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    @Test func testZeroBytes_isNotAnImage() {
        #expect(Self.category(of: []) == .notAnImage)
    }

    @Test func testTextNamedPNG_isNotAnImage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.png")
        try Data("This is a README, not a screenshot.\n".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decodeFile(atPath: path) }
        #expect(error?.decodeCategory == .notAnImage)
        #expect(error?.description == "\(path): not an image: the file holds text, not image data")
    }

    @Test func testMissingFileAndDirectory_areUnreadable() throws {
        let directory = try TemporaryDirectory()
        let missing = #expect(throws: ImagingError.self) { try ImageDecoder().decodeFile(atPath: directory.path("absent.png")) }
        #expect(missing?.decodeCategory == .unreadable)
        let folder = #expect(throws: ImagingError.self) { try ImageDecoder().decodeFile(atPath: directory.url.path) }
        #expect(folder?.decodeCategory == .unreadable)
    }

    @Test func testPNGTruncatedInsideIHDR() throws {
        let png = try Self.validPNG()
        #expect(Self.category(of: Array(png.prefix(8 + 8 + 6))) == .truncated)
    }

    @Test(arguments: [false, true])
    func testPNGTruncatedInsideIDAT(interlaced: Bool) throws {
        let png = try Self.validPNG(interlaced: interlaced)
        let idat = try #require(TestImages.chunks(png).first { $0.type == "IDAT" })
        #expect(Self.category(of: Array(png.prefix(idat.offset + 8 + idat.length / 2))) == .truncated)
    }

    @Test func testPNGTruncatedBeforeIEND() throws {
        let png = try Self.validPNG()
        let iend = try #require(TestImages.chunks(png).first { $0.type == "IEND" })
        #expect(Self.category(of: Array(png.prefix(iend.offset))) == .truncated)
    }

    @Test func testPNGBadCRC_isCorrupt() throws {
        var png = try Self.validPNG()
        png[8 + 8 + 3] ^= 0x01 // a byte of IHDR's width; its CRC no longer matches
        #expect(Self.category(of: png) == .corrupt)
        var idatDamaged = try Self.validPNG()
        let idat = try #require(TestImages.chunks(idatDamaged).first { $0.type == "IDAT" })
        idatDamaged[idat.offset + 8 + 4] ^= 0xFF
        #expect(Self.category(of: idatDamaged) == .corrupt)
    }

    /// The IDAT chunks' CRC-32 covers every byte of the zlib stream, so the decoder skips zlib's
    /// Adler-32 of the inflated rows (`PNG_IGNORE_ADLER32`, where libpng has it): a stream whose
    /// Adler-32 alone is wrong, with every chunk CRC valid, decodes to the same pixels.
    @Test func testPNGWrongAdler32WithValidCRCs_decodesTheSamePixels() throws {
        let png = try Self.validPNG()
        let original = try ImageDecoder().decode(Data(png), file: "card.png").pixels
        let idats = TestImages.chunks(png).filter { $0.type == "IDAT" }
        let last = try #require(idats.last)
        // The Adler-32 is the zlib stream's last four bytes: the end of the last IDAT's data.
        var data = Array(png[(last.offset + 8)..<(last.offset + 8 + last.length)])
        data[data.count - 1] ^= 0x5A
        let damaged = Array(png[..<last.offset]) + TestImages.chunk("IDAT", data) + Array(png[(last.offset + 12 + last.length)...])
        #expect(damaged.count == png.count && damaged != png)
        let decoded = try ImageDecoder().decode(Data(damaged), file: "card.png")
        #expect(decoded.pixels == original)
    }

    /// The offset of the first byte after the start-of-scan segment: where entropy-coded data begins.
    static func scanData(in jpeg: [UInt8]) throws -> Int {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if marker == 0xDA { return offset + 2 + length }
            offset += 2 + length
        }
        throw ImagingError.encodeFailed(detail: "no scan found")
    }

    /// Damaged scan data would decode with grey or garbled blocks where it was bad: refused as
    /// corrupt, never measured.
    @Test(arguments: [false, true])
    func testJPEGWithCorruptScanData_isCorrupt(progressive: Bool) throws {
        let jpeg = try Self.validJPEG(progressive: progressive)
        #expect(Self.category(of: jpeg) == nil)
        let start = try Self.scanData(in: jpeg)
        // A marker in the middle of the first scan's entropy-coded data.
        var damaged = jpeg
        damaged[start + 8] = 0xFF
        damaged[start + 9] = 0xD3
        #expect(Self.category(of: damaged) == .corrupt)
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(damaged), file: "shot.jpg") }
        #expect(error?.description.contains("Corrupt JPEG data") == true)
    }

    /// A progressive JPEG keeps every coefficient until its last scan: one whose header claims
    /// more than the decoder's working memory allows is refused before anything is allocated.
    @Test func testProgressiveJPEG_workingMemoryBoundedFromTheHeader() throws {
        var jpeg = try Self.validJPEG(progressive: true)
        // SOF2: FF C2, length (2), precision (1), height (2), width (2).
        let sof = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC2 })
        for (index, byte) in [UInt8(0x1F), 0x40, 0x1F, 0x40].enumerated() { jpeg[sof + 5 + index] = byte }   // 8000 × 8000
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(jpeg), file: "shot.jpg") }
        #expect(error?.decodeCategory == .tooLarge)
        #expect(error?.description == "shot.jpg: too large: a progressive JPEG of 8000 × 8000 px needs about 366 MB of decoder memory, over the limit of 256 MB")
        // The same image within a larger budget gets past the header (and then fails on its short data).
        var roomy = DecodeLimits.default
        roomy.maxWorkingBytes = 512 * 1024 * 1024
        #expect(Self.category(of: jpeg, limits: roomy) != .tooLarge)
    }

    @Test func testHugeHeader_failsFastAsTooLarge() throws {
        let bomb = TestImages.pngHeaderOnly(width: 100_000, height: 100_000)
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(bomb), file: "bomb.png") }
        #expect(error?.decodeCategory == .tooLarge)
        #expect(error?.description == "bomb.png: too large: width 100000 px exceeds the limit of 32768 px")
        // Within the side limits but over the pixel budget: a decompression bomb.
        let wide = TestImages.pngHeaderOnly(width: 30_000, height: 30_000)
        #expect(Self.category(of: wide) == .tooLarge)
        // No IDAT at all: the size is judged from IHDR before libpng reads another chunk.
        let headerOnly = TestImages.pngSignature + TestImages.chunk("IHDR", TestImages.bigEndian(100_000) + TestImages.bigEndian(100_000) + [8, 2, 0, 0, 0])
            + TestImages.chunk("IEND", [])
        #expect(Self.category(of: headerOnly) == .tooLarge)
        // The largest header PNG allows.
        #expect(Self.category(of: TestImages.pngHeaderOnly(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF)) == .tooLarge)
    }

    @Test func testLimitsAreConfigurable() throws {
        let png = try Self.validPNG()
        #expect(Self.category(of: png, limits: DecodeLimits(maxWidth: 31)) == .tooLarge)
        #expect(Self.category(of: png, limits: DecodeLimits(maxPixels: 1000)) == .tooLarge)
        #expect(Self.category(of: png, limits: DecodeLimits(maxWidth: 32, maxHeight: 32, maxPixels: 1024)) == nil)
        let jpeg = try Self.validJPEG()
        #expect(Self.category(of: jpeg, file: "a.jpg", limits: DecodeLimits(maxHeight: 16)) == .tooLarge)
    }

    @Test func testZeroWidthHeader_isCorrupt() {
        #expect(Self.category(of: TestImages.pngHeaderOnly(width: 0, height: 10)) == .corrupt)
    }

    @Test(arguments: [false, true])
    func testJPEGTruncated(progressive: Bool) throws {
        let jpeg = try Self.validJPEG(progressive: progressive)
        #expect(Self.category(of: Array(jpeg.prefix(jpeg.count * 2 / 3)), file: "cut.jpg") == .truncated)
        #expect(Self.category(of: Array(jpeg.prefix(4)), file: "cut.jpg") == .truncated)
    }

    @Test func testJPEGGarbageAfterSOI_isCorrupt() throws {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0x00] + [UInt8](repeating: 0x41, count: 64)
        let category = Self.category(of: bytes, file: "junk.jpg")
        #expect(category == .corrupt || category == .truncated)
    }

    @Test func testOtherFormats_areNamed() {
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0]
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(gif), file: "x.png") }
        #expect(error?.description.contains("GIF") == true)
    }

    /// Deterministic mutations of valid files: flipped bytes, cut tails, overwritten runs.
    /// Every outcome must be a decoded image of the right size or a typed error.
    @Test(arguments: ["png", "png-adam7", "jpeg", "jpeg-progressive"])
    func testMutatedFiles_neverCrash(kind: String) throws {
        let original: [UInt8]
        switch kind {
        case "png": original = try Self.validPNG()
        case "png-adam7": original = try Self.validPNG(interlaced: true)
        case "jpeg": original = try Self.validJPEG()
        default: original = try Self.validJPEG(progressive: true)
        }
        var random = SplitMix64(state: 0x5EED)
        let decoder = ImageDecoder(limits: DecodeLimits(maxWidth: 4096, maxHeight: 4096, maxPixels: 4_000_000))
        var decoded = 0, failed = 0
        for round in 0..<300 {
            var bytes = original
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + random.next(below: 4)) {
                    bytes[random.next(below: bytes.count)] ^= UInt8(1 + random.next(below: 255))
                }
            case 1:
                bytes = Array(bytes.prefix(random.next(below: bytes.count)))
            default:
                let start = random.next(below: bytes.count)
                for index in start..<min(bytes.count, start + 16) { bytes[index] = UInt8(random.next(below: 256)) }
            }
            do {
                let image = try decoder.decode(Data(bytes), file: "mutant")
                #expect(image.pixels.pixels.count == image.pixels.width * image.pixels.height * 4)
                decoded += 1
            } catch is ImagingError {
                failed += 1
            }
        }
        #expect(decoded + failed == 300)
        #expect(failed > 0)
    }
}
