import ColorScience
import Foundation
import Imaging
import Testing

struct PNGEncoderTests {
    static func sample() -> PixelBuffer {
        var buffer = PixelBuffer(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                buffer[x, y] = RGBA(red: UInt8(x * 6), green: UInt8(y * 8), blue: UInt8((x + y) * 3), alpha: 255)
            }
        }
        return buffer
    }

    @Test func testEncode_roundTripsRGBAndRGBA() throws {
        var buffer = Self.sample()
        let opaque = try PNGEncoder.encode(buffer)
        let decoded = try ImageDecoder().decode(Data(opaque), file: "rgb.png")
        #expect(decoded.source.colorType == "RGB")
        #expect(decoded.pixels == buffer)

        buffer[3, 4] = RGBA(red: 1, green: 2, blue: 3, alpha: 77)
        let translucent = try PNGEncoder.encode(buffer)
        let decodedRGBA = try ImageDecoder().decode(Data(translucent), file: "rgba.png")
        #expect(decodedRGBA.source.colorType == "RGBA")
        #expect(decodedRGBA.pixels == buffer)
    }

    @Test func testEncode_isDeterministicAndHasNoTimeChunk() throws {
        let first = try PNGEncoder.encode(Self.sample())
        let second = try PNGEncoder.encode(Self.sample())
        #expect(first == second)
        let types = TestImages.chunks(first).map(\.type)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(!types.contains("tIME") && !types.contains("tEXt") && !types.contains("zTXt"))
        #expect(types.contains("sRGB"))
    }

    @Test func testEncode_rejectsInconsistentInput() {
        let wrongSize = PNGRawImage(width: 4, height: 4, colorType: .rgb, bitDepth: 8, rows: [0, 1, 2])
        #expect(throws: ImagingError.self) { try PNGEncoder.encode(wrongSize) }
        let wrongDepth = PNGRawImage(width: 1, height: 1, colorType: .rgb, bitDepth: 4, rows: [0, 0])
        #expect(throws: ImagingError.self) { try PNGEncoder.encode(wrongDepth) }
    }
}

struct SHA256Tests {
    static func hex(_ text: String) -> String { SHA256.hexDigest(Array(text.utf8)) }

    /// FIPS 180-4 examples (NIST CSRC "SHA256.pdf" example values).
    @Test func testKnownVectors() {
        #expect(Self.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest([UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func testIncrementalUpdateMatchesOneShot() {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        var hasher = SHA256()
        hasher.update(Array(bytes[0..<3]))
        hasher.update(Array(bytes[3..<200]))
        hasher.update(bytes[200...])
        #expect(hasher.finalize() == SHA256.hash(bytes))
    }
}
