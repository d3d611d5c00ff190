/// The container formats the decoders read, decided by a file's first bytes, never its name.
public enum ImageFormat: String, Sendable {
    case png = "PNG"
    case jpeg = "JPEG"

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format of `bytes`, or nil when they are neither PNG nor JPEG.
    public static func detect<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(8))
        if head == pngSignature { return .png }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        return nil
    }

    /// What the bytes look like instead, for an error message ("a GIF image", "text").
    /// The name of an image format the decoders do not read, recognised by its signature (WebP,
    /// GIF, HEIC/HEIF, BMP, TIFF, PDF); nil for anything else.
    public static func otherFormatName<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
        }
        let ascii: (String) -> [UInt8] = { Array($0.utf8) }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "WebP" }
        if starts(ascii("GIF8")) { return "GIF" }
        if starts(ascii("ftyp"), at: 4) { return "HEIC/HEIF" }
        if starts(ascii("BM")) { return "BMP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(ascii("%PDF")) { return "PDF" }
        return nil
    }

    static func describeUnknown<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(16))
        if head.isEmpty { return "the file is empty (0 bytes)" }
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
        }
        let ascii: (String) -> [UInt8] = { Array($0.utf8) }
        if head.count < 8 && Array(pngSignature.prefix(head.count)) == head {
            return "the file is \(head.count) bytes long, shorter than a PNG signature"
        }
        if starts(ascii("GIF8")) { return "this is a GIF image; export the screenshot as PNG or JPEG" }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return "this is a WebP image; export the screenshot as PNG or JPEG" }
        if starts(ascii("ftyp"), at: 4) { return "this is an ISO media file (HEIC/HEIF or video); export the screenshot as PNG or JPEG" }
        if starts(ascii("BM")) { return "this is a BMP image; export the screenshot as PNG or JPEG" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "this is a TIFF image; export the screenshot as PNG or JPEG" }
        if starts(ascii("%PDF")) { return "this is a PDF document" }
        if starts([0x89]) && starts(ascii("PNG"), at: 1) { return "the PNG signature is damaged (line endings converted in transfer?)" }
        let printable = head.allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) }
        if printable { return "the file holds text, not image data" }
        return "no PNG or JPEG signature in the first bytes"
    }
}
