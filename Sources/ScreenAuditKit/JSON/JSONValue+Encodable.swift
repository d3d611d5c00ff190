import ScreenContracts

/// A `JSONValue` is written as every JSON file of the project is (`JSONText`): keys sorted by their
/// UTF-8 bytes, two spaces a level, `"key" : value`, only `"`, `\` and control characters escaped.
/// What report.sarif is written with: the same text on every platform, without building a
/// dictionary of `Any` for every result.
extension JSONValue: Encodable {
    /// An object from keys and values (the keys are sorted when written).
    static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { (key: $0.key, value: $0.value) })
    }

    /// Numbers are written as integers when they are whole (below 10^15), a number that is not
    /// finite as `null`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case let .bool(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .number(value):
            var container = encoder.singleValueContainer()
            if !value.isFinite {
                try container.encodeNil()
            } else if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int(value))
            } else {
                try container.encode(value)
            }
        case let .string(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .array(values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case let .object(members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members { try container.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
