@testable import ScreenAuditKit
import Testing

/// report.sarif's layout: what Foundation's JSONSerialization wrote with sorted keys, pretty
/// printing and unescaped slashes (the text below is its output for this document), now the same
/// on every platform.
struct JSONWriterTests {
    @Test func testLayout_isJSONSerializationsSortedPrettyText() {
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
        #expect(document.prettyText() == expected)
    }
}
