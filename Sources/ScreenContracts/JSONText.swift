import ColorScience
import Foundation

/// JSON as this project writes every file: sorted keys, two-space indentation, slashes unescaped,
/// a final newline. Deterministic for the same value.
///
/// The text is the text Foundation's `JSONEncoder` writes with `.sortedKeys`, `.prettyPrinted` and
/// `.withoutEscapingSlashes` (its default strategies), byte for byte, where that encoder is
/// swift-foundation's (Linux, macOS 14 and later; macOS 13's sorted keys by locale, so this one
/// also makes the files the same on every platform); `JSONTextTests` holds the two side by side.
/// It is written by an encoder of its own, which keeps an object's members in an array until they
/// are written instead of a dictionary of boxed values: report.json, the largest file an audit
/// writes, in about two thirds of the time, the same on every platform.
public enum JSONText {
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        document(try tree(of: value))
    }

    /// `value` as `encode` writes it where it stands at the top, without the final newline: a
    /// piece that `encode(_:splicing:items:)` places in a larger document, indented to fit.
    public static func fragment<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        var writer = JSONTextWriter()
        writer.write(try tree(of: value), indent: 0)
        return writer.bytes
    }

    /// `encode(value)` with the array under its top-level key `key` made of `items`, each a
    /// `fragment`: the same bytes as encoding a value whose array holds the items' values, when
    /// `value` holds an empty array there. The items can be encoded side by side (a large
    /// report's screens) and joined here.
    public static func encode<Value: Encodable>(_ value: Value, splicing key: String, items: [[UInt8]]) throws -> Data {
        guard case let .object(box) = try tree(of: value), let index = box.members.lastIndex(where: { $0.key == key }) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(Value.self) has no top-level member '\(key)' to splice"))
        }
        let array = JSONArrayBox()
        array.items = items.map { .raw($0) }
        box.members[index].value = .array(array)
        return document(.object(box))
    }

    private static func tree<Value: Encodable>(of value: Value) throws -> JSONNode {
        guard let tree = try JSONTreeEncoder(path: nil).node(for: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return tree
    }

    /// The file's bytes: the tree written from the top, and a final newline.
    private static func document(_ tree: JSONNode) -> Data {
        var writer = JSONTextWriter()
        writer.write(tree, indent: 0)
        writer.bytes.append(0x0A)
        return Data(writer.bytes)
    }
}

// MARK: - The tree

/// A value as the encoder collects it. Containers are shared by reference: a type may ask its
/// encoder for the same container twice, or fill a nested container after handing it out.
private enum JSONNode {
    /// A number, `true`, `false` or `null`, as written.
    case literal(String)
    case string(String)
    case array(JSONArrayBox)
    case object(JSONObjectBox)
    /// What a `superEncoder` was given, read when the tree is written (an empty object if nothing).
    case deferred(JSONTreeEncoder)
    /// A value written already at indentation 0 (`JSONText.fragment`), indented where it lands.
    case raw([UInt8])
}

private final class JSONArrayBox {
    var items: [JSONNode] = []
}

private final class JSONObjectBox {
    /// In the order encoded; sorted when written, where a key encoded twice keeps its last value
    /// (as a dictionary would).
    var members: [(key: String, value: JSONNode)] = []
}

// MARK: - The encoder

/// A coding path as a chain of keys from the innermost out: a nested value's path is one small
/// object, not a copy of its parent's array, and the array is made only when asked for (an error,
/// or a type that reads its `codingPath`).
private final class JSONPath {
    let parent: JSONPath?
    let key: any CodingKey

    init(_ parent: JSONPath?, _ key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func keys(_ path: JSONPath?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = path
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

private final class JSONTreeEncoder: Encoder {
    let path: JSONPath?
    var codingPath: [any CodingKey] { JSONPath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var value: JSONNode?

    init(path: JSONPath?) {
        self.path = path
    }

    /// The node `value` encodes to, with `JSONEncoder`'s default handling of the types it treats
    /// specially (Data as Base64, URL as its absolute string, Decimal as a number); nil when the
    /// value encoded nothing.
    func node<Value: Encodable>(for value: Value, key: (any CodingKey)? = nil) throws -> JSONNode? {
        switch value {
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        case let decimal as Decimal: return .literal(decimal.description)
        default: break
        }
        let child = JSONTreeEncoder(path: key.map { JSONPath(path, $0) } ?? path)
        try value.encode(to: child)
        return child.value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONObjectBox
        if case let .object(existing) = value {
            box = existing
        } else {
            box = JSONObjectBox()
            value = .object(box)
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(encoder: self, box: box, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONArrayBox
        if case let .array(existing) = value {
            box = existing
        } else {
            box = JSONArrayBox()
            value = .array(box)
        }
        return JSONUnkeyedContainer(encoder: self, box: box, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValueContainer(encoder: self) }

    static func number<Value: BinaryFloatingPoint & CustomStringConvertible>(_ value: Value, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(), debugDescription: "Unable to encode \(Value.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder
    let box: JSONObjectBox
    let path: JSONPath?
    var codingPath: [any CodingKey] { JSONPath.keys(path) }

    private func set(_ node: JSONNode, for key: Key) { box.members.append((key.stringValue, node)) }

    mutating func encodeNil(forKey key: Key) throws { set(.literal("null"), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.literal(value ? "true" : "false"), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath + [key]), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath + [key]), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.literal(String(value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.literal(String(value)), for: key) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        set(try encoder.node(for: value, key: key) ?? .object(JSONObjectBox()), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested: JSONObjectBox
        if let existing = box.members.last(where: { $0.key == key.stringValue }), case let .object(object) = existing.value {
            nested = object
        } else {
            nested = JSONObjectBox()
            set(.object(nested), for: key)
        }
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: encoder, box: nested, path: JSONPath(path, key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested: JSONArrayBox
        if let existing = box.members.last(where: { $0.key == key.stringValue }), case let .array(array) = existing.value {
            nested = array
        } else {
            nested = JSONArrayBox()
            set(.array(nested), for: key)
        }
        return JSONUnkeyedContainer(encoder: encoder, box: nested, path: JSONPath(path, key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONSuperKey()) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let child = JSONTreeEncoder(path: JSONPath(path, key))
        box.members.append((key.stringValue, .deferred(child)))
        return child
    }
}

private struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONTreeEncoder
    let box: JSONArrayBox
    let path: JSONPath?
    var codingPath: [any CodingKey] { JSONPath.keys(path) }
    var count: Int { box.items.count }

    private func append(_ node: JSONNode) { box.items.append(node) }
    private var nextKey: JSONIndexKey { JSONIndexKey(box.items.count) }

    mutating func encodeNil() throws { append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try JSONTreeEncoder.number(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { append(try JSONTreeEncoder.number(value, codingPath: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { append(.literal(String(value))) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        append(try encoder.node(for: value, key: nextKey) ?? .object(JSONObjectBox()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        let key = nextKey
        append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: encoder, box: nested, path: JSONPath(path, key)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        let key = nextKey
        append(.array(nested))
        return JSONUnkeyedContainer(encoder: encoder, box: nested, path: JSONPath(path, key))
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONTreeEncoder(path: JSONPath(path, nextKey))
        append(.deferred(child))
        return child
    }
}

private struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: JSONNode) { encoder.value = node }

    mutating func encodeNil() throws { set(.literal("null")) }
    mutating func encode(_ value: Bool) throws { set(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { set(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { set(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { set(.literal(String(value))) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        set(try encoder.node(for: value) ?? .object(JSONObjectBox()))
    }
}

// MARK: - The text

/// The layout of `JSONEncoder`'s pretty printing: `[` or `{` and a line break, each element on
/// its own line two spaces deeper, `"key" : value`, `,` at line ends, the closing bracket on its
/// own line (an empty container is its brackets around an empty line). Keys in the order of
/// their UTF-8 bytes.
private struct JSONTextWriter {
    var bytes: [UInt8] = []

    mutating func write(_ node: JSONNode, indent: Int) {
        switch node {
        case let .literal(text): bytes.append(contentsOf: text.utf8)
        case let .string(text): writeString(text)
        case let .deferred(encoder): write(encoder.value ?? .object(JSONObjectBox()), indent: indent)
        case let .raw(fragment):
            // A string's line breaks are escaped, so every line feed in a fragment starts a line
            // of its structure: each takes this level's indentation, but for the empty line
            // between an empty array's brackets, which has none.
            var start = 0
            while let newline = fragment[start...].firstIndex(of: 0x0A) {
                bytes.append(contentsOf: fragment[start...newline])
                if newline + 1 < fragment.count, fragment[newline + 1] != 0x0A { writeIndent(indent) }
                start = newline + 1
            }
            bytes.append(contentsOf: fragment[start...])
        case let .array(box):
            bytes.append(UInt8(ascii: "["))
            bytes.append(0x0A)
            for (index, item) in box.items.enumerated() {
                if index > 0 { append(UInt8(ascii: ","), 0x0A) }
                writeIndent(indent + 1)
                write(item, indent: indent + 1)
            }
            bytes.append(0x0A)
            writeIndent(indent)
            bytes.append(UInt8(ascii: "]"))
        case let .object(box):
            bytes.append(UInt8(ascii: "{"))
            bytes.append(0x0A)
            let members = box.members.enumerated().sorted { a, b in
                a.element.key == b.element.key ? a.offset < b.offset : a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
            }
            var first = true
            for (index, member) in members.enumerated() {
                // A key encoded twice keeps its last value.
                if index + 1 < members.count, members[index + 1].element.key == member.element.key { continue }
                if !first { append(UInt8(ascii: ","), 0x0A) }
                first = false
                writeIndent(indent + 1)
                writeString(member.element.key)
                append(0x20, UInt8(ascii: ":"))
                bytes.append(0x20)
                write(member.element.value, indent: indent + 1)
            }
            bytes.append(0x0A)
            writeIndent(indent)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeIndent(_ level: Int) {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }

    @inline(__always)
    private mutating func append(_ first: UInt8, _ second: UInt8) {
        bytes.append(first)
        bytes.append(second)
    }

    /// Quotes, backslashes and control characters escaped; everything else as its UTF-8 bytes.
    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (keys, ids, rule names) need no escape: their bytes go in at once.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case 0x08: append(UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "\\"), UInt8(ascii: "f"))
            case 0x0A: append(UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0x00..<0x20:
                bytes.append(contentsOf: "\\u00\(Hex.digits(CollectionOfOne(byte), uppercase: false))".utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
