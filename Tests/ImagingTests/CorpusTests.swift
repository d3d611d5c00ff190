import Foundation
import Imaging
import Testing

/// The real screenshots in ../shared/corpus/real-screens (outside this repository; the suite is
/// skipped where they are absent). Expected digests are of the decoded RGBA bytes as an
/// independent decoder (Pillow 11, `Image.convert("RGBA").tobytes()`) produced them.
struct CorpusTests {
    static let corpus: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/real-screens")

    static var available: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path) }

    static let expected: [(file: String, format: ImageFormat, colorType: String, digest: String)] = [
        ("fityit_iphoneX_1.png", .png, "RGBA", "c76466202a526e744f16e024897be9531894373ae53df951a48fa513034fbf8d"),
        ("wblock_filters_ipados_dark.png", .png, "palette", "06fe46db9323e5491847d86f0ce38fa060ec97e3be94f72124010e3b4c74e351"),
        ("kkid_iphone11pm_ChoresScreen.png", .png, "RGB", "0693de34c38aadf9ab2d07454d0fd65768d9c0d6fe9eac13652d00944161d30e"),
        ("swd_iphone65_1.png", .jpeg, "YCbCr", "12c458f25a7e99a02f8c94a0c92580f2ac9d61c9711a92c57d85dbda974c9e07"),
    ]

    @Test(.enabled(if: CorpusTests.available, "the shared corpus is not present"))
    func testCorpus_decodesLikeAnIndependentDecoder() throws {
        for entry in Self.expected {
            let image = try ImageDecoder().decodeFile(atPath: Self.corpus.appendingPathComponent(entry.file).path)
            #expect(image.source.format == entry.format, "\(entry.file)")
            #expect(image.source.colorType == entry.colorType, "\(entry.file)")
            #expect(image.pixels.pixelDigest == entry.digest, "\(entry.file)")
        }
    }

    @Test(.enabled(if: CorpusTests.available, "the shared corpus is not present"))
    func testCorpus_everyFileDecodesAsSRGB() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(files.count >= 20)
        for file in files {
            let image = try ImageDecoder().decodeFile(atPath: Self.corpus.appendingPathComponent(file).path)
            // Every file here is tagged sRGB (chunk or gAMA/cHRM) or untagged JPEG.
            #expect(image.colorSpace == .sRGB || image.colorSpace == .untagged, "\(file)")
            #expect(image.pixels.width > 1000)
        }
    }
}
