import CImagingShim
import ColorScience

/// PNG colour types (PNG specification, table 11.1).
public enum PNGColorType: Int32, CaseIterable, Sendable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    /// Bit depths the PNG specification allows for this colour type.
    public var allowedBitDepths: [Int] {
        switch self {
        case .grey: [1, 2, 4, 8, 16]
        case .palette: [1, 2, 4, 8]
        case .rgb, .greyAlpha, .rgba: [8, 16]
        }
    }

    public var channels: Int {
        switch self {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }
}

/// A PNG described sample by sample, for writing any colour type, bit depth and colour chunk
/// (test images, fixtures). `rows` holds `height` rows of `bytesPerRow` bytes, packed as PNG
/// stores them: 16-bit samples big-endian, sub-byte samples high bits first.
public struct PNGRawImage: Sendable {
    public var width: Int
    public var height: Int
    public var colorType: PNGColorType
    public var bitDepth: Int
    public var interlaced = false
    public var rows: [UInt8]
    public var palette: [RGB8] = []
    /// Alpha per palette entry (a `tRNS` chunk for palette images).
    public var paletteAlpha: [UInt8] = []
    /// The single transparent colour of a grey (first value) or RGB image (a `tRNS` chunk).
    public var transparentColor: (UInt16, UInt16, UInt16)?
    public var srgbIntent: Int?
    public var gamma: Double?
    /// White x,y then red, green, blue x,y (a `cHRM` chunk).
    public var chromaticities: [Double]?
    public var iccProfile: (name: String, bytes: [UInt8])?

    public init(width: Int, height: Int, colorType: PNGColorType, bitDepth: Int, rows: [UInt8]) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.rows = rows
    }

    /// 8-bit RGB rows that carry a fourth byte per pixel (RGBA pixels whose alpha is not written).
    var rowsHaveFiller = false

    public var bytesPerRow: Int { (width * colorType.channels * bitDepth + 7) / 8 }

    /// Bytes per row of `rows`: `bytesPerRow`, or four per pixel with a filler byte.
    var rowStride: Int { rowsHaveFiller ? width * 4 : bytesPerRow }
}

/// Writes PNGs with fixed settings (zlib level 6 unless the caller fixes another, libpng's default
/// filter choice, no time or text chunks), so the same pixels always give the same bytes with the
/// same libpng and zlib.
public enum PNGEncoder {
    public static let compressionLevel: Int32 = 6

    /// How hard the encoder works: `standard` (zlib level 6, libpng's adaptive filter per row)
    /// for files people keep, `fast` for review images written by the hundred (overlays): zlib
    /// level 1 and the Up filter on every row, about 2.3 times faster than level 2 with adaptive
    /// filters on a dimmed iPhone screenshot, for a file about 5 % larger. Either way the same
    /// pixels give the same bytes.
    public struct Effort: Equatable, Sendable {
        public var compressionLevel: Int32
        /// A `PNG_FILTER_*` mask (`PNG_FILTER_UP` is 0x20); 0 lets libpng choose per row.
        public var filters: Int32

        public init(compressionLevel: Int32, filters: Int32 = 0) {
            self.compressionLevel = compressionLevel
            self.filters = filters
        }

        public static let standard = Effort(compressionLevel: PNGEncoder.compressionLevel)
        public static let fast = Effort(compressionLevel: 1, filters: 0x20)
    }

    public enum Layout: Sendable {
        case rgb
        case rgba
        /// RGB when every pixel is opaque, RGBA otherwise.
        case automatic
    }

    /// Encodes an RGBA buffer as 8-bit RGB or RGBA.
    public static func encode(_ buffer: PixelBuffer, layout: Layout = .automatic, compressionLevel: Int32 = compressionLevel) throws -> [UInt8] {
        try encode(buffer, layout: layout, effort: Effort(compressionLevel: compressionLevel))
    }

    /// Encodes an RGBA buffer as 8-bit RGB or RGBA with the given effort.
    public static func encode(_ buffer: PixelBuffer, layout: Layout = .automatic, effort: Effort) throws -> [UInt8] {
        let keepAlpha: Bool
        switch layout {
        case .rgb: keepAlpha = false
        case .rgba: keepAlpha = true
        case .automatic: keepAlpha = !buffer.isOpaque
        }
        if keepAlpha {
            var raw = PNGRawImage(width: buffer.width, height: buffer.height, colorType: .rgba, bitDepth: 8, rows: buffer.pixels)
            raw.srgbIntent = 0
            return try encode(raw, effort: effort)
        }
        // RGB from the RGBA rows as they are: libpng leaves out every fourth byte as it writes.
        var raw = PNGRawImage(width: buffer.width, height: buffer.height, colorType: .rgb, bitDepth: 8, rows: buffer.pixels)
        raw.rowsHaveFiller = true
        raw.srgbIntent = 0
        return try encode(raw, effort: effort)
    }

    /// Encodes any PNG layout; throws `ImagingError.encodeFailed` for inconsistent input.
    public static func encode(_ image: PNGRawImage, compressionLevel: Int32 = compressionLevel) throws -> [UInt8] {
        try encode(image, effort: Effort(compressionLevel: compressionLevel))
    }

    /// Encodes any PNG layout with the given effort.
    public static func encode(_ image: PNGRawImage, effort: Effort) throws -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw ImagingError.encodeFailed(detail: "image size \(image.width) × \(image.height) is not encodable")
        }
        guard image.colorType.allowedBitDepths.contains(image.bitDepth) else {
            throw ImagingError.encodeFailed(detail: "bit depth \(image.bitDepth) is not allowed for colour type \(image.colorType)")
        }
        guard image.rows.count == image.rowStride * image.height else {
            throw ImagingError.encodeFailed(detail: "expected \(image.rowStride * image.height) bytes of rows, got \(image.rows.count)")
        }
        let paletteBytes = image.palette.flatMap { [$0.red, $0.green, $0.blue] }
        var params = sak_png_write_params()
        params.width = UInt32(image.width)
        params.height = UInt32(image.height)
        params.color_type = image.colorType.rawValue
        params.bit_depth = Int32(image.bitDepth)
        params.interlaced = image.interlaced ? 1 : 0
        params.compression_level = max(0, min(9, effort.compressionLevel))
        params.filters = effort.filters
        params.strip_filler = image.rowsHaveFiller && image.colorType == .rgb && image.bitDepth == 8 ? 1 : 0
        params.palette_count = Int32(image.palette.count)
        params.trns_count = Int32(image.paletteAlpha.count)
        if let color = image.transparentColor {
            params.has_trns_color = 1
            params.trns_gray = color.0
            params.trns_red = color.0
            params.trns_green = color.1
            params.trns_blue = color.2
        }
        params.srgb_intent = Int32(image.srgbIntent ?? -1)
        params.gamma = image.gamma ?? 0
        if let c = image.chromaticities, c.count == 8 {
            params.has_chrm = 1
            params.chrm = (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7])
        }
        let iccBytes = image.iccProfile?.bytes ?? []
        let iccName = image.iccProfile?.name ?? ""
        params.icc_length = UInt32(iccBytes.count)

        var output = sak_buffer()
        var message = [CChar](repeating: 0, count: 512)
        let status = paletteBytes.withUnsafeBufferPointer { palette in
            image.paletteAlpha.withUnsafeBufferPointer { alpha in
                iccBytes.withUnsafeBufferPointer { icc in
                    iccName.withCString { name in
                        image.rows.withUnsafeBufferPointer { rows in
                            var p = params
                            p.palette = palette.isEmpty ? nil : palette.baseAddress
                            p.trns = alpha.isEmpty ? nil : alpha.baseAddress
                            p.icc = icc.isEmpty ? nil : icc.baseAddress
                            p.icc_name = name
                            return sak_png_write(&p, rows.baseAddress, image.rowStride, &output, &message, message.count)
                        }
                    }
                }
            }
        }
        defer { sak_buffer_free(&output) }
        guard status == SAK_OK, let data = output.data else {
            let detail = messageText(message)
            throw ImagingError.encodeFailed(detail: "libpng: " + (detail.isEmpty ? "encoding failed" : detail))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.length))
    }
}
