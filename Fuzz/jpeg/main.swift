// Fuzz target `jpeg`: `ImageDecoder.decode(_:file:)` on JPEG-shaped bytes. The decoder picks the
// format from the first bytes; this target differs from `png` by its seeds (Fuzz/seeds/jpeg) and
// dictionary. An ICC profile in APP2 markers is stored uncompressed, so this target is also the one
// that reaches `ICCProfile` with arbitrary profile bytes.
// Run with `scripts/fuzz.sh jpeg SECONDS`.
import Foundation
import Imaging

/// One megapixel (a 4 MB buffer). Unlike libpng, which stops at the first corrupt byte, libjpeg
/// fills the rest of a damaged scan with grey and finishes the image, so a tiny input claiming
/// 8 MP cost a full 8 MP decode on every run: 600 runs/s against 17,000 at 1 MP. The real
/// screenshots among the seeds are then refused as too large after their header is read; the
/// small seeds reach every decoding path, and the default limits are tested in HostileInputTests.
let limits = DecodeLimits(maxPixels: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkDecoderContract(bytes, file: "fuzz.jpg", limits: limits)
    return 0
}
