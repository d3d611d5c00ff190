import Imaging

/// What `screenaudit info` says about one decoded image.
public struct ImageSummary: Codable, Equatable, Sendable {
    public var file: String
    public var format: String
    public var width: Int
    public var height: Int
    public var colorType: String
    public var bitDepth: Int
    public var interlaced: Bool
    /// How the pixels were interpreted: "sRGB", "Display P3 (converted to sRGB)", …
    public var colorSpace: String
    /// Where that came from: "sRGB chunk", "ICC profile 'Display P3'", "gAMA/cHRM …", "none".
    public var colorTag: String
    /// SHA-256 of the decoded 8-bit RGBA bytes (after any conversion to sRGB).
    public var pixelSHA256: String
    public var notes: [String]

    public init(file: String, image: DecodedImage) {
        self.file = file
        format = image.source.format.rawValue
        width = image.pixels.width
        height = image.pixels.height
        colorType = image.source.colorType
        bitDepth = image.source.bitDepth
        interlaced = image.source.interlaced
        colorSpace = image.colorSpace.summary
        colorTag = image.source.colorTag
        pixelSHA256 = image.pixels.pixelDigest
        notes = image.notes
    }
}

/// A file `info` could not decode, with the category users and scripts can act on.
public struct ImageFailure: Codable, Equatable, Sendable {
    public var file: String
    public var category: String
    public var message: String

    public init(file: String, error: Error) {
        self.file = file
        if let imaging = error as? ImagingError, case let .decodeFailed(_, category, detail) = imaging {
            self.category = category.rawValue
            message = detail
        } else {
            category = DecodeFailure.unreadable.rawValue
            message = "\(error)"
        }
    }
}
