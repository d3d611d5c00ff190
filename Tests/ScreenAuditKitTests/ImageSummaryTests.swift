import Foundation
import Imaging
import ScreenAuditKit
import Testing

struct ImageSummaryTests {
    @Test func testSummaryDescribesTheDecodedImage() throws {
        var buffer = PixelBuffer(width: 3, height: 2, fill: RGBA(red: 1, green: 2, blue: 3))
        buffer[2, 1] = RGBA(red: 9, green: 9, blue: 9, alpha: 10)
        let image = try ImageDecoder().decode(Data(try PNGEncoder.encode(buffer)), file: "x.png")
        let summary = ImageSummary(file: "x.png", image: image)
        #expect(summary.format == "PNG")
        #expect(summary.width == 3 && summary.height == 2)
        #expect(summary.colorType == "RGBA")
        #expect(summary.colorSpace == "sRGB")
        #expect(summary.pixelSHA256 == SHA256.hexDigest(buffer.pixels))
    }

    @Test func testFailureCarriesTheCategory() {
        let failure = ImageFailure(file: "y.png", error: ImagingError.decodeFailed(file: "y.png", category: .truncated, detail: "cut"))
        #expect(failure.category == "truncated")
        #expect(failure.message == "cut")
    }
}
