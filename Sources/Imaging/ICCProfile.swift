/// The parts of an ICC profile (ICC.1:2010 / v2 ICC.1:2001-04) that decide how to read a
/// screenshot's colours: its data colour space, description and RGB colorants. Every offset is
/// bounds-checked; a damaged profile parses to what could be read.
public struct ICCProfile: Equatable, Sendable {
    /// Header bytes 16–19: "RGB ", "GRAY", "CMYK".
    public var dataColorSpace: String
    /// The `desc` tag (v2 textDescriptionType or v4 multiLocalizedUnicodeType), if readable.
    public var description: String?
    /// rXYZ, gXYZ, bXYZ: the D50-adapted colorants, when all three are present.
    public var colorants: [[Double]]?

    public init(dataColorSpace: String, description: String?, colorants: [[Double]]?) {
        self.dataColorSpace = dataColorSpace
        self.description = description
        self.colorants = colorants
    }

    /// Parses `bytes`; nil when they are not an ICC profile at all.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 132, Self.ascii(bytes, 36, 4) == "acsp" else { return nil }
        dataColorSpace = Self.ascii(bytes, 16, 4) ?? "????"
        var tags: [String: (offset: Int, size: Int)] = [:]
        let count = Int(Self.uint32(bytes, 128) ?? 0)
        for index in 0..<min(count, 256) {
            let entry = 132 + index * 12
            guard let signature = Self.ascii(bytes, entry, 4),
                  let offset = Self.uint32(bytes, entry + 4),
                  let size = Self.uint32(bytes, entry + 8) else { break }
            let start = Int(offset), length = Int(size)
            if start >= 0, length >= 0, start <= bytes.count, length <= bytes.count - start {
                tags[signature] = (start, length)
            }
        }
        func xyz(_ signature: String) -> [Double]? {
            guard let tag = tags[signature], tag.size >= 20,
                  Self.ascii(bytes, tag.offset, 4) == "XYZ " else { return nil }
            return (0..<3).compactMap { Self.s15Fixed16(bytes, tag.offset + 8 + $0 * 4) }
        }
        if let r = xyz("rXYZ"), let g = xyz("gXYZ"), let b = xyz("bXYZ"), r.count == 3, g.count == 3, b.count == 3 {
            colorants = [r, g, b]
        } else {
            colorants = nil
        }
        description = tags["desc"].flatMap { Self.readDescription(bytes, offset: $0.offset, size: $0.size) }
    }

    /// What the colorants say this profile is.
    public enum Identity: Equatable, Sendable {
        case sRGB
        case displayP3
        case unknown
    }

    /// Colorants of the common sRGB IEC 61966-2.1 profile (s15Fixed16: 0x6FA2 … as in skcms /
    /// Skia `SkNamedGamut::kSRGB`), rows rXYZ, gXYZ, bXYZ.
    static let sRGBColorants: [[Double]] = [
        [0.436065674, 0.222488403, 0.013916016],
        [0.385147095, 0.716873169, 0.097076416],
        [0.143066406, 0.060607910, 0.714096069],
    ]

    /// Colorants of Apple's Display P3 profile (D50-adapted, as iOS screenshots carry them).
    static let displayP3Colorants: [[Double]] = [
        [0.515121, 0.241196, -0.001053],
        [0.291977, 0.692245, 0.041885],
        [0.157104, 0.066574, 0.784073],
    ]

    /// Colorants within 0.002 of a known profile identify it: profile versions differ by a few
    /// 1/65536 steps, while sRGB and P3 differ by more than 0.07.
    public var identity: Identity {
        guard dataColorSpace == "RGB ", let colorants else { return .unknown }
        func matches(_ reference: [[Double]]) -> Bool {
            zip(colorants, reference).allSatisfy { zip($0, $1).allSatisfy { abs($0 - $1) <= 0.002 } }
        }
        if matches(Self.sRGBColorants) { return .sRGB }
        if matches(Self.displayP3Colorants) { return .displayP3 }
        return .unknown
    }

    // MARK: - Reading big-endian fields

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func s15Fixed16(_ bytes: [UInt8], _ offset: Int) -> Double? {
        uint32(bytes, offset).map { Double(Int32(bitPattern: $0)) / 65536 }
    }

    static func ascii(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> String? {
        guard offset >= 0, length >= 0, offset <= bytes.count - length else { return nil }
        let slice = bytes[offset..<(offset + length)]
        guard slice.allSatisfy({ (32...126).contains($0) }) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }

    static func readDescription(_ bytes: [UInt8], offset: Int, size: Int) -> String? {
        let end = offset + size
        switch ascii(bytes, offset, 4) {
        case "desc":
            // textDescriptionType: type, reserved, ASCII count (including the NUL), ASCII.
            guard let count = uint32(bytes, offset + 8) else { return nil }
            let start = offset + 12
            let length = min(Int(count), end - start, 1024)
            guard length > 0 else { return nil }
            let text = bytes[start..<(start + length)].prefix { $0 != 0 }
            return String(decoding: text.filter { (32...126).contains($0) }, as: UTF8.self)
        case "mluc":
            // multiLocalizedUnicodeType: the first record's UTF-16BE string.
            guard let records = uint32(bytes, offset + 8), records > 0,
                  let length = uint32(bytes, offset + 16 + 4),
                  let stringOffset = uint32(bytes, offset + 16 + 8) else { return nil }
            let start = offset + Int(stringOffset)
            let byteCount = min(Int(length), 2048)
            guard start >= offset, start + byteCount <= min(end, bytes.count), byteCount >= 2 else { return nil }
            var units: [UInt16] = []
            var index = start
            while index + 1 < start + byteCount {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            let text = String(decoding: units, as: UTF16.self)
            return text.isEmpty ? nil : String(text.prefix { $0 != "\0" })
        default:
            return nil
        }
    }
}
