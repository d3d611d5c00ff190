/// An 8-bit sRGB colour, the unit every pixel check reasons in.
public struct RGB8: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB`, upper case: the form every report prints.
    public var hex: String { "#" + Self.hexByte(red) + Self.hexByte(green) + Self.hexByte(blue) }

    /// A byte as two upper-case hex digits ("0A", "E8"), as colours print them (`Hex`).
    public static func hexByte(_ value: UInt8) -> String { Hex.digits(CollectionOfOne(value), uppercase: true) }

    public var description: String { hex }

    /// Parses `#RGB`, `#RRGGBB` (the `#` optional) or `r,g,b` with components 0...255.
    /// Returns nil for anything else, so callers can name the bad argument themselves.
    public init?(parsing text: String) {
        let trimmed = trimmingBlanks(Substring(text))
        if trimmed.contains(",") {
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
                .map(trimmingBlanks)
            guard parts.count == 3 else { return nil }
            var values: [UInt8] = []
            for part in parts {
                guard !part.isEmpty, part.allSatisfy(\.isASCII), let value = UInt8(part) else { return nil }
                values.append(value)
            }
            self.init(red: values[0], green: values[1], blue: values[2])
            return
        }
        var digits = trimmed
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else { return nil }
        let nibbles = digits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch nibbles.count {
        case 3:
            self.init(red: nibbles[0] * 17, green: nibbles[1] * 17, blue: nibbles[2] * 17)
        case 6:
            self.init(red: nibbles[0] << 4 | nibbles[1],
                      green: nibbles[2] << 4 | nibbles[3],
                      blue: nibbles[4] << 4 | nibbles[5])
        default:
            return nil
        }
    }
}

private func trimmingBlanks(_ text: Substring) -> Substring {
    var result = text
    while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
}
