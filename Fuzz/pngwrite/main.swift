// Fuzz target `pngwrite`: `FastPNGEncoder` (what writes overlays and asset previews) on any pixels.
// The bytes are an image: width and height (one byte each, 1–256), the row where a second part
// starts (0: one part), a flag byte (bit 0: every pixel opaque), then RGBA pixels, repeated to
// fill the image (so short inputs make runs, long ones noise). Checks: libpng's simplified API,
// which verifies every chunk's CRC and the zlib stream's Adler-32, and `ImageDecoder` read back
// the same pixels; RGB exactly when every pixel is opaque; the parts written stacked give the
// bytes of the whole image; the same pixels give the same bytes.
// Run with `scripts/fuzz.sh pngwrite SECONDS`; seeds come from Fuzz/seeds/pngwrite.
import CImagingShim
import Foundation
import Imaging

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGWrite(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard bytes.count >= 5 else { return 0 }
    let width = Int(bytes[0]) + 1, height = Int(bytes[1]) + 1, split = Int(bytes[2]) % height, opaque = bytes[3] & 1 == 1
    let body = Array(bytes[4...])
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for index in pixels.indices { pixels[index] = opaque && index % 4 == 3 ? 255 : body[index % body.count] }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)

    let png: [UInt8]
    do {
        png = try FastPNGEncoder.encode(image)
    } catch {
        preconditionFailure("a \(width)×\(height) image was not encoded: \(error)")
    }
    precondition((try? FastPNGEncoder.encode(image)) == png, "the same pixels gave other bytes")
    if split > 0 {
        let parts = [PixelBuffer(width: width, height: split, pixels: Array(pixels[0..<(split * width * 4)])),
                     PixelBuffer(width: width, height: height - split, pixels: Array(pixels[(split * width * 4)...]))]
        precondition((try? FastPNGEncoder.encode(stacking: parts)) == png, "stacked parts gave other bytes than the whole image")
    }
    var decoded = [UInt8](repeating: 0, count: width * height * 4)
    let status = png.withUnsafeBufferPointer { source in
        decoded.withUnsafeMutableBufferPointer { sak_png_simplified_decode_rgba(source.baseAddress!, source.count, $0.baseAddress!, width * 4) }
    }
    precondition(status == SAK_OK, "libpng's simplified API refused the PNG (status \(status))")
    precondition(decoded == pixels, "libpng read back other pixels")
    guard let read = try? ImageDecoder().decode(Data(png), file: "fuzz.png") else { preconditionFailure("ImageDecoder refused the PNG") }
    precondition(read.pixels == image, "ImageDecoder read back other pixels")
    precondition(read.source.colorType == (image.isOpaque ? "RGB" : "RGBA"), "colour type \(read.source.colorType)")
    return 0
}
