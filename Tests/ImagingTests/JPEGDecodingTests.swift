import ColorScience
import Foundation
import Imaging
import Testing

/// JPEGs written by libjpeg-turbo from known colours, read back within a small tolerance (JPEG
/// is lossy; flat 16 × 16 blocks of one colour come back within a few code values).
struct JPEGDecodingTests {
    static let colors = [
        RGB8(red: 255, green: 255, blue: 255), RGB8(red: 0, green: 0, blue: 0),
        RGB8(red: 200, green: 30, blue: 40), RGB8(red: 20, green: 120, blue: 220),
    ]

    /// 64 × 16: four 16-pixel bands, each aligned with the 16 × 16 MCUs of 4:2:0 subsampling.
    static func card() -> PixelBuffer { TestImages.bands(width: 64, height: 16, colors: colors) }

    static func centre(of band: Int) -> (Int, Int) { (band * 16 + 8, 8) }

    @Test(arguments: [false, true])
    func testDecode_colourBaselineAndProgressive(progressive: Bool) throws {
        let jpeg = try JPEGEncoder.encode(width: 64, height: 16, components: .rgb,
                                          samples: TestImages.rgbSamples(Self.card()), quality: 95, progressive: progressive)
        let image = try ImageDecoder().decode(Data(jpeg), file: "card.jpg")
        #expect(image.source.format == .jpeg)
        #expect(image.source.colorType == "YCbCr")
        #expect(image.source.interlaced == progressive)
        #expect(image.colorSpace == .untagged)
        for (band, color) in Self.colors.enumerated() {
            let (x, y) = Self.centre(of: band)
            let pixel = image.pixels[x, y]
            #expect(abs(Int(pixel.red) - Int(color.red)) <= 3, "band \(band) red")
            #expect(abs(Int(pixel.green) - Int(color.green)) <= 3, "band \(band) green")
            #expect(abs(Int(pixel.blue) - Int(color.blue)) <= 3, "band \(band) blue")
            #expect(pixel.alpha == 255)
        }
    }

    @Test(arguments: [false, true])
    func testDecode_grey(progressive: Bool) throws {
        let levels: [UInt8] = [0, 85, 170, 255]
        var samples: [UInt8] = []
        for _ in 0..<16 { for x in 0..<64 { samples.append(levels[x / 16]) } }
        let jpeg = try JPEGEncoder.encode(width: 64, height: 16, components: .grey, samples: samples, quality: 95, progressive: progressive)
        let image = try ImageDecoder().decode(Data(jpeg), file: "grey.jpg")
        #expect(image.source.colorType == "grey")
        for (band, level) in levels.enumerated() {
            let pixel = image.pixels[band * 16 + 8, 8]
            #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
            #expect(abs(Int(pixel.red) - Int(level)) <= 2)
        }
    }

    @Test func testDecode_cmykIsRefusedClearly() throws {
        let samples = [UInt8](repeating: 100, count: 16 * 16 * 4)
        let jpeg = try JPEGEncoder.encode(width: 16, height: 16, components: .cmyk, samples: samples)
        let error = #expect(throws: ImagingError.self) { try ImageDecoder().decode(Data(jpeg), file: "print.jpg") }
        #expect(error?.decodeCategory == .unsupported)
        #expect(error?.description.contains("print.jpg") == true)
        #expect(error?.description.contains("CMYK") == true || error?.description.contains("YCCK") == true)
    }
}
