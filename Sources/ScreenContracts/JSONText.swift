import Foundation

/// JSON as this project writes every file: sorted keys, two-space indentation, slashes unescaped,
/// a final newline. Deterministic for the same value.
public enum JSONText {
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }
}
