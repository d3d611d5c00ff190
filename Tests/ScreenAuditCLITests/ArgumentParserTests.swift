import Foundation
@testable import ScreenAuditCLI
import Testing

struct ArgumentParserTests {
    static let options = [
        OptionSpec("--json", help: ""),
        OptionSpec("--out", value: "DIR", help: ""),
        OptionSpec("--tag", value: "T", repeatable: true, help: ""),
    ]

    @Test func testFlagsValuesAndPositionals() throws {
        let parsed = try parseArguments(["a.png", "--json", "--out", "dir", "--tag=x", "--tag", "y", "b.png"], options: Self.options)
        #expect(parsed.has("--json"))
        #expect(parsed.value("--out") == "dir")
        #expect(parsed.allValues("--tag") == ["x", "y"])
        #expect(parsed.positionals == ["a.png", "b.png"])
    }

    @Test func testDoubleDashEndsOptions() throws {
        let parsed = try parseArguments(["--", "--json", "-"], options: Self.options)
        #expect(!parsed.has("--json"))
        #expect(parsed.positionals == ["--json", "-"])
    }

    @Test func testErrors() {
        #expect(throws: UsageError("unknown option '--nope'")) { try parseArguments(["--nope"], options: Self.options) }
        #expect(throws: UsageError("option '--out' needs a value (DIR)")) { try parseArguments(["--out"], options: Self.options) }
        #expect(throws: UsageError("option '--out' is given more than once")) {
            try parseArguments(["--out", "a", "--out", "b"], options: Self.options)
        }
        #expect(throws: UsageError("option '--json' takes no value")) { try parseArguments(["--json=yes"], options: Self.options) }
    }

    @Test func testShortHelp() throws {
        let parsed = try parseArguments(["-h"], options: Self.options + [OptionSpec("--help", help: "")])
        #expect(parsed.has("--help"))
    }

    @Test func testInProcessRunCollectsStreams() async {
        let out = TextBox(), err = TextBox()
        let status = await ScreenAuditTool.run(["contrast", "#000", "#fff"], console: Console(out: out.append, err: err.append))
        #expect(status == .success)
        #expect(out.text.hasPrefix("#000000 and #FFFFFF: contrast 21.00:1\n"))
        #expect(err.text.isEmpty)
    }
}

/// Collects text written from any thread.
final class TextBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""

    var text: String { lock.withLock { storage } }

    @Sendable func append(_ more: String) { lock.withLock { storage += more } }
}
