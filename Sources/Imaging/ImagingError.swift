/// Why an image could not be used. Categories are a public interface: reports and exit codes
/// depend on them.
public enum DecodeFailure: String, Sendable, CaseIterable {
    /// The file could not be read at all (missing, a directory, no permission).
    case unreadable
    /// The bytes are not a PNG or JPEG (an empty file, text, another format).
    case notAnImage = "not-an-image"
    /// The file ends before the image does.
    case truncated
    /// The bytes break the format (bad CRC, invalid header values, broken compressed data).
    case corrupt
    /// A valid image this tool does not read (CMYK JPEG, 12-bit JPEG).
    case unsupported
    /// The header claims more pixels than the configured limits allow.
    case tooLarge = "too-large"
    /// Memory ran out while decoding.
    case resource

    /// Words for a sentence: "truncated", "not an image".
    public var phrase: String {
        switch self {
        case .unreadable: "unreadable"
        case .notAnImage: "not an image"
        case .truncated: "truncated"
        case .corrupt: "corrupt"
        case .unsupported: "unsupported"
        case .tooLarge: "too large"
        case .resource: "out of memory"
        }
    }
}

/// The errors of the imaging module, each carrying what a person needs to fix the input.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `file` could not be decoded; `detail` is the library's own message where there is one.
    case decodeFailed(file: String, category: DecodeFailure, detail: String)
    /// Encoding failed (invalid dimensions or parameters, memory).
    case encodeFailed(detail: String)
    /// An output file could not be written.
    case writeFailed(file: String, detail: String)

    public var description: String {
        switch self {
        case let .decodeFailed(file, category, detail):
            "\(file): \(category.phrase): \(detail)"
        case let .encodeFailed(detail):
            "could not encode image: \(detail)"
        case let .writeFailed(file, detail):
            "\(file): could not write: \(detail)"
        }
    }

    /// The decode category, if this is a decode failure.
    public var decodeCategory: DecodeFailure? {
        if case let .decodeFailed(_, category, _) = self { return category }
        return nil
    }
}

/// The text of a NUL-terminated C message buffer.
func messageText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
