import Foundation
@testable import ScreenAuditKit
import ScreenContracts
import Testing

enum FoundationKeyOrder {
    /// Whether Foundation's `JSONEncoder` sorts keys by their UTF-8 bytes.
    static var isUTF8: Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = (try? encoder.encode(["a10": 0, "a9": 0, "B": 0, "a": 0])).map { String(decoding: $0, as: UTF8.self) }
        return text == #"{"B":0,"a":0,"a10":0,"a9":0}"#
    }
}

/// `JSONText.encode` writes what Foundation's `JSONEncoder` writes with sorted keys, pretty
/// printing and unescaped slashes (plus a final newline), byte for byte, with an encoder of its own.
/// Compared where Foundation's encoder is swift-foundation's, which sorts keys by their UTF-8 bytes
/// (Linux, macOS 14 and later); macOS 13's sorts them as numbers and without case, by locale.
@Suite(.enabled(if: FoundationKeyOrder.isUTF8, "Foundation's JSONEncoder sorts keys by locale here"))
struct JSONTextTests {
    static func foundationText<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data([0x0A])
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case label(String, Int)
        case none
    }

    struct Inner: Codable {
        var name: String
        var value: Double?
        var flags: [Bool]
    }

    /// Containers a synthesized conformance never makes: a key encoded twice, nested containers
    /// asked for twice, super encoders, nil, and a type that encodes nothing.
    struct Handmade: Encodable {
        enum Keys: String, CodingKey { case twice, nested, list, empty, nothing }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .twice)
            try container.encode("second", forKey: .twice)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try nested.encodeNil(forKey: .empty)
            var again = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try again.encode(Float(0.1), forKey: .list)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(UInt8(7))
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(Int16(-3), forKey: .twice)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encode(Int64.min)
            try Int32(5).encode(to: list.superEncoder())
            try "from super".encode(to: container.superEncoder())
            try [1, 2].encode(to: container.superEncoder(forKey: .empty))
            try container.encode(Nothing(), forKey: .nothing)
            // The same container again from the encoder: its members are kept.
            var same = encoder.container(keyedBy: Keys.self)
            try same.encode(true, forKey: .list)
        }
    }

    struct Everything: Encodable {
        var text = "q\"\\/\n\t\u{01}\u{08}\u{0C}\r\u{1F}é😀\u{7F} ~"
        var doubles: [Double] = [0, -0.0, 0.1, 1, 1.5, -2, 1e15, 1e16, 1e-7, 123_456_789.125, .greatestFiniteMagnitude,
                                 .leastNonzeroMagnitude, 4.496, 1 / 3]
        var floats: [Float] = [0.1, 3, -1e20]
        var integers: [Int64] = [.min, -1, 0, .max]
        var unsigned: [UInt64] = [0, .max]
        var small: [Int8] = [-128, 127]
        var flags = [true, false]
        var keyed: [String: Int] = ["b": 1, "a": 2, "B": 3, "item10": 4, "item9": 5, "é": 6, "z": 7, "Z": 8, "😀": 9, "": 10, "a b": 11]
        var byInteger: [Int: String] = [3: "c", 10: "j", 1: "a"]
        var nested: [[String: [Int]]] = [[:], ["x": []], ["y": [1, 2]]]
        var optional: Inner? = Inner(name: "n", value: nil, flags: [])
        var missing: Inner?
        var inners = [Inner(name: "a", value: 2.5, flags: [true]), Inner(name: "b", value: -0.25, flags: [false, true])]
        var shapes: [Shape] = [.circle(radius: 2), .label("x", 3), .none]
        var handmade = Handmade()
        var data = Data([0, 1, 2, 250, 255])
        var url = URL(string: "https://example.com/a/b?c=d&e=f")!
        var decimal = Decimal(string: "12.340")!
        var emptyArray: [Int] = []
        var emptyObject: [String: Int] = [:]
    }

    @Test func testText_isJSONEncodersText_forEveryShape() throws {
        let ours = try JSONText.encode(Everything())
        let foundation = try Self.foundationText(Everything())
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
        #expect(ours == foundation)
    }

    @Test func testTopLevelFragments_areJSONEncodersText() throws {
        #expect(try JSONText.encode("a/b\"") == Self.foundationText("a/b\""))
        #expect(try JSONText.encode(42.0) == Self.foundationText(42.0))
        #expect(try JSONText.encode([Int]()) == Self.foundationText([Int]()))
        #expect(try JSONText.encode(Optional<Int>.none) == Self.foundationText(Optional<Int>.none))
    }

    @Test func testNonConformingNumbers_throw() {
        #expect(throws: EncodingError.self) { try JSONText.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONText.encode(["x": Double.infinity]) }
        #expect(throws: EncodingError.self) { try JSONText.encode(Float.infinity) }
        #expect(throws: EncodingError.self) { try JSONText.encode(Handmade.Nothing()) }
    }

    /// The error names where the number is: as `JSONEncoder`'s does through synthesized
    /// conformances, and with the key of a nested container too (which Foundation's leaves out).
    @Test func testANonConformingNumber_isNamedByItsCodingPath() {
        struct Point: Encodable { let x: Double }
        struct Line: Encodable { let points: [Point] }
        struct Handwritten: Encodable {
            let value: Double
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: Handmade.Keys.self)
                var nested = outer.nestedUnkeyedContainer(forKey: .nested)
                try nested.encode(1.0)
                try nested.encode(value)
            }
        }
        func path(_ body: () throws -> Void) -> [String] {
            do {
                try body()
            } catch let EncodingError.invalidValue(_, context) {
                return context.codingPath.map(\.stringValue)
            } catch {}
            return []
        }
        let line = ["lines": [Line(points: [Point(x: 1), Point(x: -.infinity)])]]
        let ours = path { _ = try JSONText.encode(line) }
        #expect(ours == ["lines", "Index 0", "points", "Index 1", "x"])
        #expect(ours == path { _ = try Self.foundationText(line) })
        #expect(path { _ = try JSONText.encode([Handwritten(value: 2), Handwritten(value: .nan)]) } == ["Index 1", "nested", "Index 1"])
    }

    /// A report with a finding of every rule, waivers and notes.
    @Test func testReport_isJSONEncodersText() throws {
        let report = MeasurementCodingTests.report()
        let ours = try JSONText.encode(report)
        #expect(ours == (try Self.foundationText(report)))
        #expect(ours.count > 10_000)
    }

    /// Items encoded apart and spliced in give the bytes of the whole encoded at once: every
    /// shape, empty arrays and objects (whose empty line has no indentation) included.
    @Test func testSplicedItems_areTheWholeDocumentsText() throws {
        struct Holder: Encodable {
            var before = 1
            var items: [Everything]
            var after: [String: [Int]] = ["e": [], "f": [2]]
        }
        let items = [Everything(), Everything(text: "second", emptyArray: [3])]
        let whole = try JSONText.encode(Holder(items: items))
        let spliced = try JSONText.encode(Holder(items: []), splicing: "items", items: items.map { try JSONText.fragment($0) })
        #expect(String(decoding: spliced, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
        #expect(try JSONText.encode(Holder(items: []), splicing: "items", items: []) == JSONText.encode(Holder(items: [])))
        #expect(throws: EncodingError.self) { try JSONText.encode(Holder(items: []), splicing: "nowhere", items: []) }
    }

    /// report.json rendered with its screens encoded side by side is the report encoded at once.
    @Test func testReportRenderedSideBySide_isTheSameBytes() async throws {
        var report = MeasurementCodingTests.report()
        report.screens += report.screens
        #expect(report.screens.count > 1)
        let whole = try JSONReporter.render(report)
        #expect(try await JSONReporter.render(report, width: 2) == whole)
        #expect(try await JSONReporter.render(report, width: 3) == whole)
    }
}
