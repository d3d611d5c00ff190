import CImagingShim
import ColorScience
import Foundation

/// Decodes PNG (through libpng) and JPEG (through libjpeg-turbo) into 8-bit sRGB RGBA.
///
/// The format comes from the file's first bytes. Header sizes are checked against `limits`
/// before any pixel memory is allocated. Pixels are written by the library straight into the
/// final buffer; only a Display P3 image takes one more pass, to convert it to sRGB.
/// Every failure throws `ImagingError.decodeFailed` naming the file and a `DecodeFailure`.
public struct ImageDecoder: Sendable {
    public var limits: DecodeLimits

    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// Reads and decodes the file at `path`; `path` is also the name errors carry.
    public func decodeFile(atPath path: String) throws -> DecodedImage {
        let data = try readFile(atPath: path)
        return try decode(data, file: path)
    }

    /// Decodes bytes already in memory; `file` names them in errors and notes.
    public func decode(_ data: Data, file: String) throws -> DecodedImage {
        guard let format = ImageFormat.detect(data) else {
            throw ImagingError.decodeFailed(file: file, category: .notAnImage,
                                            detail: ImageFormat.describeUnknown(data))
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> DecodedImage in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else {
                throw ImagingError.decodeFailed(file: file, category: .notAnImage, detail: "the file is empty (0 bytes)")
            }
            switch format {
            case .png: return try decodePNG(base, count: bytes.count, file: file)
            case .jpeg: return try decodeJPEG(base, count: bytes.count, file: file)
            }
        }
    }

    /// The pixel size the file's header declares, without decoding its pixels (errors as
    /// `decodeFile` reports them).
    public func pixelSize(ofFileAt path: String) throws -> (width: Int, height: Int) {
        let data = try readFile(atPath: path)
        guard let format = ImageFormat.detect(data) else {
            throw ImagingError.decodeFailed(file: path, category: .notAnImage, detail: ImageFormat.describeUnknown(data))
        }
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (width: Int, height: Int) in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else {
                throw ImagingError.decodeFailed(file: path, category: .notAnImage, detail: "the file is empty (0 bytes)")
            }
            return try withReader(format, base, count: bytes.count, file: path) { reader in
                var header = sak_image_header()
                let status = reader.readHeader(&header)
                guard status == SAK_OK else {
                    throw ImagingError.decodeFailed(file: path, category: Self.category(status), detail: "\(reader.library): \(reader.message())")
                }
                try checkLimits(width: Int(header.width), height: Int(header.height), file: path)
                return (Int(header.width), Int(header.height))
            }
        }
    }

    /// Reads only what a header needs to be judged: the whole file, bounded by `limits.maxFileBytes`.
    func readFile(atPath path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImagingError.decodeFailed(file: path, category: .unreadable, detail: "no such file")
        }
        if isDirectory.boolValue {
            throw ImagingError.decodeFailed(file: path, category: .unreadable, detail: "is a directory, not an image file")
        }
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           let size = (attributes[.size] as? NSNumber)?.intValue {
            if size > limits.maxFileBytes {
                throw ImagingError.decodeFailed(file: path, category: .tooLarge,
                                                detail: "the file is \(size) bytes, over the limit of \(limits.maxFileBytes) bytes")
            }
            // Foundation leaks a page when reading an empty file (seen with LeakSanitizer on
            // swift-corelibs 6.3); an empty file needs no reading.
            if size == 0 { return Data() }
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw ImagingError.decodeFailed(file: path, category: .unreadable, detail: reason)
        }
    }

    // MARK: - PNG

    private func decodePNG(_ base: UnsafePointer<UInt8>, count: Int, file: String) throws -> DecodedImage {
        // IHDR must come first (PNG 5.6): judge its size before libpng reads any further chunk.
        if count >= 24, Array(UnsafeBufferPointer(start: base + 12, count: 4)) == Array("IHDR".utf8) {
            func word(_ offset: Int) -> Int {
                (0..<4).reduce(0) { $0 << 8 | Int(base[offset + $1]) }
            }
            if let violation = limits.violation(width: word(16), height: word(20)) {
                throw ImagingError.decodeFailed(file: file, category: .tooLarge, detail: violation)
            }
        }
        return try withReader(.png, base, count: count, file: file) { try decode(file: file, with: $0) }
    }

    static func pngColorTypeName(_ type: Int32, hasTransparency: Bool) -> String {
        let base: String
        switch type {
        case 0: base = "grey"
        case 2: base = "RGB"
        case 3: base = "palette"
        case 4: base = "grey+alpha"
        case 6: base = "RGBA"
        default: base = "colour type \(type)"
        }
        return hasTransparency ? base + "+tRNS" : base
    }

    // MARK: - JPEG

    private func decodeJPEG(_ base: UnsafePointer<UInt8>, count: Int, file: String) throws -> DecodedImage {
        try withReader(.jpeg, base, count: count, file: file) { try decode(file: file, with: $0) }
    }

    /// Calls `body` with the shim's reader of `format` over the bytes at `base` (the JPEG reader
    /// held to `limits.maxWorkingBytes`), and releases it after.
    private func withReader<Result>(_ format: ImageFormat, _ base: UnsafePointer<UInt8>, count: Int, file: String,
                                    _ body: (ShimReader) throws -> Result) throws -> Result {
        switch format {
        case .png:
            guard let reader = sak_png_reader_create(base, count) else {
                throw ImagingError.decodeFailed(file: file, category: .resource, detail: "libpng could not allocate a reader")
            }
            defer { sak_png_reader_destroy(reader) }
            return try body(ShimReader(
                format: .png, library: "libpng",
                readHeader: { sak_png_read_header(reader, $0) },
                readRGBA: { sak_png_read_rgba(reader, $0, $1) },
                message: { String(cString: sak_png_reader_message(reader)) },
                warnings: { String(cString: sak_png_reader_warnings(reader)) },
                colorTypeName: { Self.pngColorTypeName($0.color_type, hasTransparency: $0.has_trns != 0) },
                refusal: { _ in nil },
                interpretColor: { ColorInterpretation(pngHeader: $0) }))
        case .jpeg:
            guard let reader = sak_jpeg_reader_create(base, count) else {
                throw ImagingError.decodeFailed(file: file, category: .resource, detail: "libjpeg could not allocate a reader")
            }
            defer { sak_jpeg_reader_destroy(reader) }
            sak_jpeg_reader_limit_memory(reader, limits.maxWorkingBytes)
            return try body(ShimReader(
                format: .jpeg, library: "libjpeg",
                readHeader: { sak_jpeg_read_header(reader, $0) },
                readRGBA: { sak_jpeg_read_rgba(reader, $0, $1) },
                message: { String(cString: sak_jpeg_reader_message(reader)) },
                warnings: { String(cString: sak_jpeg_reader_warnings(reader)) },
                colorTypeName: { Self.jpegColorSpaceName($0.color_type) },
                refusal: { header in
                    guard header.color_type == Int32(SAK_JPEG_CMYK) || header.color_type == Int32(SAK_JPEG_YCCK) else { return nil }
                    return "\(Self.jpegColorSpaceName(header.color_type)) JPEG: screenshots are RGB; export the image as sRGB JPEG or PNG"
                },
                interpretColor: { ColorInterpretation(jpegHeader: $0) }))
        }
    }

    // MARK: - Shared

    /// What one C reader of the shim offers, so a single routine drives PNG and JPEG alike.
    private struct ShimReader {
        var format: ImageFormat
        var library: String
        var readHeader: (UnsafeMutablePointer<sak_image_header>) -> sak_status
        var readRGBA: (UnsafeMutablePointer<UInt8>, Int) -> sak_status
        var message: () -> String
        var warnings: () -> String
        var colorTypeName: (sak_image_header) -> String
        /// Why a valid file is refused before its pixels are allocated (CMYK), or nil.
        var refusal: (sak_image_header) -> String?
        var interpretColor: (sak_image_header) -> ColorInterpretation
    }

    /// Header, limits, colour interpretation, then the pixels straight into their final buffer.
    private func decode(file: String, with reader: ShimReader) throws -> DecodedImage {
        func failure(_ status: sak_status) -> ImagingError {
            .decodeFailed(file: file, category: Self.category(status), detail: "\(reader.library): \(reader.message())")
        }
        var header = sak_image_header()
        let headerStatus = reader.readHeader(&header)
        guard headerStatus == SAK_OK else { throw failure(headerStatus) }
        let width = Int(header.width), height = Int(header.height)
        if let refusal = reader.refusal(header) {
            throw ImagingError.decodeFailed(file: file, category: .unsupported, detail: refusal)
        }
        try checkLimits(width: width, height: height, file: file)
        if reader.format == .jpeg, header.interlaced != 0,
           let violation = limits.progressiveViolation(width: width, height: height, components: header.color_type == Int32(SAK_JPEG_GRAY) ? 1 : 3) {
            throw ImagingError.decodeFailed(file: file, category: .tooLarge, detail: violation)
        }
        let colour = reader.interpretColor(header)

        var status = SAK_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            status = reader.readRGBA(buffer.baseAddress!, width * 4)
            initialized = status == SAK_OK ? width * height * 4 : 0
        }
        guard status == SAK_OK else { throw failure(status) }

        let source = SourceImageInfo(format: reader.format, width: width, height: height,
                                     colorType: reader.colorTypeName(header), bitDepth: Int(header.bit_depth),
                                     interlaced: header.interlaced != 0, colorTag: colour.tag)
        return finish(PixelBuffer(width: width, height: height, pixels: pixels), source: source,
                      colour: colour, decoderWarnings: reader.warnings(), library: reader.library)
    }

    static func jpegColorSpaceName(_ space: Int32) -> String {
        switch space {
        case Int32(SAK_JPEG_GRAY): "grey"
        case Int32(SAK_JPEG_RGB): "RGB"
        case Int32(SAK_JPEG_YCBCR): "YCbCr"
        case Int32(SAK_JPEG_CMYK): "CMYK"
        case Int32(SAK_JPEG_YCCK): "YCCK"
        default: "colour space \(space)"
        }
    }

    private func checkLimits(width: Int, height: Int, file: String) throws {
        guard width > 0, height > 0 else {
            throw ImagingError.decodeFailed(file: file, category: .corrupt, detail: "the header gives an empty image (\(width) × \(height) px)")
        }
        if let violation = limits.violation(width: width, height: height) {
            throw ImagingError.decodeFailed(file: file, category: .tooLarge, detail: violation)
        }
    }

    private func finish(_ buffer: PixelBuffer, source: SourceImageInfo, colour: ColorInterpretation,
                        decoderWarnings: String, library: String) -> DecodedImage {
        var buffer = buffer
        var notes = colour.notes
        if colour.space == .displayP3 {
            let clipped = ColorConversion.convertDisplayP3ToSRGB(&buffer)
            if clipped > 0 {
                notes.append("converted from Display P3 to sRGB; \(clipped) pixels outside the sRGB gamut were clipped")
            }
        }
        if !decoderWarnings.isEmpty {
            notes.append("\(library) warning: \(decoderWarnings)")
        }
        return DecodedImage(pixels: buffer, source: source, colorSpace: colour.space, notes: notes)
    }

    static func category(_ status: sak_status) -> DecodeFailure {
        switch status {
        case SAK_ERR_NOT_IMAGE: .notAnImage
        case SAK_ERR_TRUNCATED: .truncated
        case SAK_ERR_UNSUPPORTED: .unsupported
        case SAK_ERR_TOO_LARGE: .tooLarge
        case SAK_ERR_RESOURCE: .resource
        default: .corrupt
        }
    }
}
