/// Bytes as hexadecimal digits, two a byte: the one hex formatter, for colours (`#RRGGBB`, upper
/// case, as every report prints them) and digests (lower case, as `shasum` prints them).
public enum Hex {
    private static let upper = Array("0123456789ABCDEF".utf8)
    private static let lower = Array("0123456789abcdef".utf8)

    /// `bytes` as `2 × count` digits, upper or lower case.
    public static func digits<Bytes: Sequence<UInt8>>(_ bytes: Bytes, uppercase: Bool) -> String {
        let table = uppercase ? upper : lower
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(table[Int(byte >> 4)])
            text.append(table[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
