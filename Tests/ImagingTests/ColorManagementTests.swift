import ColorScience
import Foundation
import Imaging
import Testing

/// How colour chunks and embedded profiles decide the pixels the checks see.
struct ColorManagementTests {
    static let p3Colors = [
        RGB8(red: 255, green: 0, blue: 0), RGB8(red: 0, green: 255, blue: 0),
        RGB8(red: 128, green: 128, blue: 128), RGB8(red: 255, green: 255, blue: 255),
        RGB8(red: 200, green: 150, blue: 100),
    ]

    static func png(_ colors: [RGB8], configure: (inout PNGRawImage) -> Void) throws -> Data {
        let rows = colors.flatMap { [$0.red, $0.green, $0.blue] }
        var raw = PNGRawImage(width: colors.count, height: 1, colorType: .rgb, bitDepth: 8, rows: rows)
        configure(&raw)
        return Data(try PNGEncoder.encode(raw))
    }

    @Test func testDisplayP3Profile_isConvertedToSRGB() throws {
        let profile = TestImages.iccProfile(description: "Display P3", colorants: TestImages.displayP3Colorants)
        let data = try Self.png(Self.p3Colors) { $0.iccProfile = ("Display P3", profile) }
        let image = try ImageDecoder().decode(data, file: "device.png")
        #expect(image.colorSpace == .displayP3)
        #expect(image.source.colorTag == "ICC profile 'Display P3'")
        for (index, color) in Self.p3Colors.enumerated() {
            let expected = DisplayP3.convertToSRGB(color).color
            let actual = image.pixels[index, 0].rgb
            #expect(abs(Int(actual.red) - Int(expected.red)) <= 1)
            #expect(abs(Int(actual.green) - Int(expected.green)) <= 1)
            #expect(abs(Int(actual.blue) - Int(expected.blue)) <= 1)
        }
        // Greys and white are the same in both spaces; saturated P3 red is outside sRGB.
        #expect(image.pixels[2, 0].rgb == RGB8(red: 128, green: 128, blue: 128))
        #expect(image.pixels[3, 0].rgb == RGB8(red: 255, green: 255, blue: 255))
        #expect(image.pixels[0, 0].rgb == RGB8(red: 255, green: 0, blue: 0))
        #expect(image.notes.contains { $0.contains("2 pixels outside the sRGB gamut were clipped") })
    }

    @Test func testDisplayP3_midToneChangesAsPublished() {
        // P3 (200, 150, 100) is inside sRGB; in sRGB it is more saturated: red up, blue down.
        let converted = DisplayP3.convertToSRGB(RGB8(red: 200, green: 150, blue: 100))
        #expect(!converted.clipped)
        #expect(converted.color.red > 200 && converted.color.blue < 100)
    }

    @Test func testDisplayP3ProfileInJPEG_isConverted() throws {
        let profile = TestImages.iccProfile(description: "Display P3", colorants: TestImages.displayP3Colorants)
        let card = TestImages.bands(width: 32, height: 16, colors: [RGB8(red: 128, green: 128, blue: 128), RGB8(red: 0, green: 200, blue: 0)])
        let jpeg = try JPEGEncoder.encode(width: 32, height: 16, components: .rgb, samples: TestImages.rgbSamples(card),
                                          quality: 95, iccProfile: profile)
        let image = try ImageDecoder().decode(Data(jpeg), file: "device.jpg")
        #expect(image.colorSpace == .displayP3)
        let green = image.pixels[24, 8].rgb
        let expected = DisplayP3.convertToSRGB(RGB8(red: 0, green: 200, blue: 0)).color
        // P3 (0, 200, 0) is more saturated than any sRGB green: red is clipped to 0.
        #expect(expected.red == 0)
        #expect(green.red <= 2)
        #expect(abs(Int(green.green) - Int(expected.green)) <= 4)
        #expect(green.green != 200) // unconverted pixels would keep the P3 value
    }

    @Test func testSRGBProfile_passesThrough() throws {
        let profile = TestImages.iccProfile(description: "sRGB IEC61966-2.1", colorants: TestImages.sRGBColorants)
        let data = try Self.png(Self.p3Colors) { $0.iccProfile = ("sRGB", profile) }
        let image = try ImageDecoder().decode(data, file: "srgb.png")
        #expect(image.colorSpace == .sRGB)
        #expect(image.pixels[4, 0].rgb == RGB8(red: 200, green: 150, blue: 100))
        #expect(image.notes.isEmpty)
    }

    @Test func testUnknownProfile_isUsedAsSRGBWithANote() throws {
        let profile = TestImages.iccProfile(description: "Adobe RGB (1998)", colorants: TestImages.adobeRGBColorants)
        let data = try Self.png(Self.p3Colors) { $0.iccProfile = ("Adobe RGB", profile) }
        let image = try ImageDecoder().decode(data, file: "adobe.png")
        #expect(image.colorSpace == .other("ICC profile 'Adobe RGB (1998)'"))
        #expect(image.pixels[4, 0].rgb == RGB8(red: 200, green: 150, blue: 100))
        #expect(image.notes.contains { $0.contains("unrecognised ICC profile 'Adobe RGB (1998)'") })
    }

    @Test func testSRGBChunk_andUntagged() throws {
        let tagged = try ImageDecoder().decode(try Self.png(Self.p3Colors) { $0.srgbIntent = 0 }, file: "a.png")
        #expect(tagged.colorSpace == .sRGB)
        #expect(tagged.source.colorTag == "sRGB chunk")
        let untagged = try ImageDecoder().decode(try Self.png(Self.p3Colors) { _ in }, file: "b.png")
        #expect(untagged.colorSpace == .untagged)
        #expect(untagged.pixels == tagged.pixels)
    }

    @Test func testGammaAndChromaticities() throws {
        let srgbLike = try ImageDecoder().decode(try Self.png(Self.p3Colors) {
            $0.gamma = 0.45455
            $0.chromaticities = [0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06]
        }, file: "chrm.png")
        #expect(srgbLike.colorSpace == .sRGB)

        let linear = try ImageDecoder().decode(try Self.png(Self.p3Colors) { $0.gamma = 1.0 }, file: "linear.png")
        #expect(linear.colorSpace == .other("gAMA 1.0"))
        #expect(linear.notes.contains { $0.contains("do not describe sRGB") })
        #expect(linear.pixels[4, 0].rgb == RGB8(red: 200, green: 150, blue: 100))
    }

    @Test func testICCProfileParser_readsDescriptionAndColorants() throws {
        let bytes = TestImages.iccProfile(description: "Display P3", colorants: TestImages.displayP3Colorants)
        let profile = try #require(ICCProfile(bytes))
        #expect(profile.description == "Display P3")
        #expect(profile.dataColorSpace == "RGB ")
        #expect(profile.identity == .displayP3)
        #expect(abs((profile.colorants?[0][0] ?? 0) - 0.515121) < 1.0 / 65536)
        // Every truncation of a profile parses without crashing.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            _ = ICCProfile(Array(bytes.prefix(length)))
        }
        #expect(ICCProfile(Array("not a profile".utf8)) == nil)
    }
}
