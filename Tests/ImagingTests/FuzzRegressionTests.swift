import CImagingShim
import Foundation
import Imaging
import Testing

/// Inputs the fuzz targets (Fuzz/, run by scripts/fuzz.sh) found, minimised and built here, so that
/// a fix cannot quietly come undone. Each test names the target and what it found.
struct FuzzRegressionTests {
    /// A 4×4 RGB PNG cut off after the header of a chunk that claims `claimedLength` bytes.
    static func pngWithOverlongChunk(_ type: String, claimedLength: UInt32) -> [UInt8] {
        let ihdr = TestImages.bigEndian(4) + TestImages.bigEndian(4) + [8, 2, 0, 0, 0]
        return TestImages.pngSignature + TestImages.chunk("IHDR", ihdr)
            + TestImages.bigEndian(claimedLength) + Array(type.utf8) + Array("Comment\0\0".utf8)
    }

    /// Fuzz/png found a 270-byte file whose zTXt chunk claimed 1,766,015,824 bytes. libpng
    /// allocates a chunk's declared length and clears it before reading the data (over its chunk
    /// limit it only warns on read), so decoding that file took 1.7 GB of resident memory. The shim
    /// now stops at the chunk header, since the data cannot be in the file: libpng never reaches
    /// the chunk, so it never warns "chunk data is too large" (the warning came before the
    /// allocation).
    @Test(arguments: ["zTXt", "tEXt", "iTXt", "eXIf", "sPLT", "iCCP", "iDOT", "IDAT"])
    func testChunkLongerThanTheFile_isTruncatedBeforeLibpngReadsIt(type: String) throws {
        let png = Self.pngWithOverlongChunk(type, claimedLength: 1_766_015_824)
        let (status, message, warnings) = png.withUnsafeBufferPointer { bytes in
            let reader = sak_png_reader_create(bytes.baseAddress, bytes.count)!
            defer { sak_png_reader_destroy(reader) }
            var header = sak_image_header()
            let status = sak_png_read_header(reader, &header)
            return (status, String(cString: sak_png_reader_message(reader)), String(cString: sak_png_reader_warnings(reader)))
        }
        #expect(status == SAK_ERR_TRUNCATED)
        #expect(message == "the file ends before the PNG stream does (truncated)")
        #expect(warnings == "", "libpng judged the chunk's length, so it got as far as allocating it")

        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(png), file: "long.png") }
        #expect(error?.description == "long.png: truncated: libpng: the file ends before the PNG stream does (truncated)")
    }

    /// The check is against what is left of the file: a chunk that fits still decodes, and a length
    /// over 2^31 - 1 is still libpng's to reject (it does so before allocating).
    @Test func testChunkLengthCheck_leavesValidAndOutOfRangeLengthsAlone() throws {
        var raw = PNGRawImage(width: 2, height: 2, colorType: .rgb, bitDepth: 8, rows: [UInt8](repeating: 90, count: 12))
        raw.gamma = 0.45455
        #expect(try ImageDecoder().decode(Data(try PNGEncoder.encode(raw)), file: "ok.png").pixels.width == 2)

        let outOfRange = Self.pngWithOverlongChunk("tEXt", claimedLength: 0x8000_0000)
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(outOfRange), file: "range.png") }
        #expect(error?.decodeCategory == .corrupt)
    }
}
