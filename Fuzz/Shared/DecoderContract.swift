// Shared by the image targets (png, jpeg): scripts/fuzz.sh compiles Fuzz/Shared/*.swift into
// every harness.
import Foundation
import Imaging

/// What `ImageDecoder` promises for any bytes: an image whose buffer matches its header, or an
/// `ImagingError.decodeFailed` naming the file. Anything else stops the fuzzer.
func checkDecoderContract(_ bytes: [UInt8], file: String, limits: DecodeLimits) {
    do {
        let image = try ImageDecoder(limits: limits).decode(Data(bytes), file: file)
        precondition(image.pixels.width == image.source.width && image.pixels.height == image.source.height,
                     "decoded buffer \(image.pixels.width)×\(image.pixels.height) differs from the header")
        precondition(image.pixels.width > 0 && image.pixels.height > 0, "decoded an empty image")
    } catch let error as ImagingError {
        guard case let .decodeFailed(named, _, _) = error else { preconditionFailure("unexpected error \(error)") }
        precondition(named == file && error.description.hasPrefix(file + ": "), "the error does not name the file: \(error)")
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
}
