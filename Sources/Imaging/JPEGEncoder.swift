import CImagingShim

/// Writes baseline or progressive JPEGs through libjpeg-turbo (test images and benchmarks).
public enum JPEGEncoder {
    public enum Components: Int32, Sendable {
        case grey = 1
        case rgb = 3
        case cmyk = 4
    }

    /// `samples`: `height` rows of `width × components` bytes.
    public static func encode(width: Int, height: Int, components: Components, samples: [UInt8],
                              quality: Int = 90, progressive: Bool = false, iccProfile: [UInt8]? = nil) throws -> [UInt8] {
        let rowBytes = width * Int(components.rawValue)
        guard width > 0, height > 0, samples.count == rowBytes * height else {
            throw ImagingError.encodeFailed(detail: "expected \(rowBytes * height) bytes of samples, got \(samples.count)")
        }
        var params = sak_jpeg_write_params()
        params.width = UInt32(width)
        params.height = UInt32(height)
        params.components = components.rawValue
        params.quality = Int32(max(1, min(100, quality)))
        params.progressive = progressive ? 1 : 0
        let icc = iccProfile ?? []
        params.icc_length = UInt32(icc.count)
        var output = sak_buffer()
        var message = [CChar](repeating: 0, count: 512)
        let status = icc.withUnsafeBufferPointer { profile in
            samples.withUnsafeBufferPointer { pixels in
                var p = params
                p.icc = profile.isEmpty ? nil : profile.baseAddress
                return sak_jpeg_write(&p, pixels.baseAddress, rowBytes, &output, &message, message.count)
            }
        }
        defer { sak_buffer_free(&output) }
        guard status == SAK_OK, let data = output.data else {
            throw ImagingError.encodeFailed(detail: "libjpeg: " + messageText(message))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.length))
    }
}
