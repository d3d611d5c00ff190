import ScreenContracts

/// JSON text from a `JSONValue`, laid out as Foundation's `JSONSerialization` lays it out with
/// `.sortedKeys`, `.prettyPrinted` and `.withoutEscapingSlashes`: two spaces a level, `"key" : value`,
/// an empty array or object as its brackets on two lines with an empty line between, keys in
/// order of their Unicode scalars, and only `"`, `\` and control characters escaped. What
/// report.sarif is written with: the same text on every platform, without building a dictionary
/// of `Any` for every result.
extension JSONValue {
    /// An object from keys and values (the keys are sorted when written).
    static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { (key: $0.key, value: $0.value) })
    }

    /// The text, with no final newline. Numbers are written as integers when they are whole.
    public func prettyText() -> String {
        var text = ""
        write(to: &text, indent: 0)
        return text
    }

    private func write(to text: inout String, indent: Int) {
        switch self {
        case .null: text += "null"
        case let .bool(value): text += value ? "true" : "false"
        case let .number(value):
            if value == value.rounded(), abs(value) < 1e15 { text += String(Int(value)) } else { text += "\(value)" }
        case let .string(value): Self.writeString(value, to: &text)
        case let .array(values):
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                value.write(to: &text, indent: indent + 2)
                text += index + 1 < values.count ? ",\n" : "\n"
            }
            if values.isEmpty { text += "\n" }
            text += String(repeating: " ", count: indent) + "]"
        case let .object(members):
            text += "{\n"
            let sorted = members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            for (index, member) in sorted.enumerated() {
                text += String(repeating: " ", count: indent + 2)
                Self.writeString(member.key, to: &text)
                text += " : "
                member.value.write(to: &text, indent: indent + 2)
                text += index + 1 < sorted.count ? ",\n" : "\n"
            }
            if members.isEmpty { text += "\n" }
            text += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Escaped as every JSON file of the project is (`JSONText`).
    private static func writeString(_ value: String, to text: inout String) {
        text += JSONText.quoted(value)
    }
}
