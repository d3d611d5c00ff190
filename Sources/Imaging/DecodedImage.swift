/// How the colours of a decoded image were interpreted.
public enum ImageColorSpace: Equatable, Sendable {
    /// Tagged sRGB (an `sRGB` chunk, an sRGB ICC profile, or gAMA/cHRM equal to sRGB's).
    case sRGB
    /// No colour information: used as sRGB, as browsers and iOS do.
    case untagged
    /// Display P3 (iOS device screenshots): converted to sRGB before any check.
    case displayP3
    /// Some other profile or gamma: the pixels are used as sRGB unchanged, with a note.
    case other(String)

    /// A short name for reports: "sRGB", "Display P3 (converted to sRGB)".
    public var summary: String {
        switch self {
        case .sRGB: "sRGB"
        case .untagged: "untagged (used as sRGB)"
        case .displayP3: "Display P3 (converted to sRGB)"
        case let .other(name): "\(name) (used as sRGB)"
        }
    }
}

/// What the file itself said, before conversion to 8-bit RGBA.
public struct SourceImageInfo: Equatable, Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// "RGB", "RGBA", "grey", "grey+alpha", "palette", "palette+tRNS" for PNG;
    /// "YCbCr", "grey", "RGB" for JPEG.
    public var colorType: String
    public var bitDepth: Int
    /// PNG Adam7 interlacing or progressive JPEG.
    public var interlaced: Bool
    /// Where the colour interpretation came from: "sRGB chunk", "ICC profile 'Display P3'",
    /// "gAMA/cHRM", "none".
    public var colorTag: String

    public init(format: ImageFormat, width: Int, height: Int, colorType: String, bitDepth: Int,
                interlaced: Bool, colorTag: String) {
        self.format = format
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.interlaced = interlaced
        self.colorTag = colorTag
    }
}

/// A decoded screenshot: sRGB pixels plus what is known about where they came from.
public struct DecodedImage: Equatable, Sendable {
    public var pixels: PixelBuffer
    public var source: SourceImageInfo
    public var colorSpace: ImageColorSpace
    /// Things a reviewer should know: an unknown profile used as sRGB, pixels clipped by gamut
    /// conversion, warnings from the decoder.
    public var notes: [String]

    public init(pixels: PixelBuffer, source: SourceImageInfo, colorSpace: ImageColorSpace, notes: [String]) {
        self.pixels = pixels
        self.source = source
        self.colorSpace = colorSpace
        self.notes = notes
    }
}
