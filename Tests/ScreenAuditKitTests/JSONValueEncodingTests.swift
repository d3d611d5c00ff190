@testable import ScreenAuditKit
import ScreenContracts
import Testing

/// A `JSONValue` through `JSONText`, as report.sarif is written: the text Foundation's
/// JSONSerialization wrote with sorted keys, pretty printing and unescaped slashes (the text below
/// is its output for this document), now the same on every platform.
struct JSONValueEncodingTests {
    @Test func testLayout_isJSONSerializationsSortedPrettyText() throws {
        let document: JSONValue = .members([
            "d": .array([.number(1), .string("s"), .members(["e": .array([])])]),
            "c": .members(["x": .string("q\"\\/\n\t\u{01}\u{08}\u{0C}\r\u{1F}é😀\u{7F}"), "neg": .number(-1), "n": .number(3)]),
            "b": .object([]),
            "a": .array([]),
            "$s": .bool(true),
            "z": .null,
        ])
        let expected = """
        {
          "$s" : true,
          "a" : [

          ],
          "b" : {

          },
          "c" : {
            "n" : 3,
            "neg" : -1,
            "x" : "q\\"\\\\/\\n\\t\\u0001\\b\\f\\r\\u001fé😀\u{7F}"
          },
          "d" : [
            1,
            "s",
            {
              "e" : [

              ]
            }
          ],
          "z" : null
        }
        """
        #expect(String(decoding: try JSONText.encode(document), as: UTF8.self) == expected + "\n")
        // Whole numbers as integers (negative zero too), fractions as Swift writes them, and what
        // is not a number as null.
        let numbers: JSONValue = .array([.number(-0.0), .number(2.5), .number(1e20), .number(.nan), .number(-.infinity)])
        #expect(String(decoding: try JSONText.encode(numbers), as: UTF8.self) == "[\n  0,\n  2.5,\n  1e+20,\n  null,\n  null\n]\n")
    }
}
