import Foundation
import Imaging
import ColorScience
import TestSupport
import Testing

/// The CLI through the built binary: help text word for word, exit codes, stdout and stderr.
@Suite struct CLITests {
    @Test func testVersion() throws {
        let run = try Binary.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "screenaudit 0.1.0\n")
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: [(["--help"], "help.txt"), (["info", "--help"], "help-info.txt"),
                      (["contrast", "--help"], "help-contrast.txt"), (["help", "info"], "help-info.txt"),
                      (["audit", "--help"], "help-audit.txt"), (["render", "--help"], "help-render.txt"),
                      (["demo", "--help"], "help-demo.txt"), (["evaluate", "--help"], "help-evaluate.txt"),
                      (["baseline", "--help"], "help-baseline.txt"), (["assets", "--help"], "help-assets.txt"),
                      (["import", "--help"], "help-import.txt"), (["scan", "--help"], "help-scan.txt"),
                      (["merge", "--help"], "help-merge.txt")])
    func testHelpText(arguments: [String], golden: String) throws {
        let run = try Binary.run(arguments)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        try Golden.check(run.stdout, named: golden)
    }

    /// The helper reads both pipes at once: a child writing far more than a pipe holds to each
    /// of them finishes, and nothing is lost.
    @Test func testHelper_drainsStdoutAndStderrTogether() throws {
        let run = try Binary.run(executable: URL(fileURLWithPath: "/bin/sh"),
                                 ["-c", "i=0; while [ $i -lt 4000 ]; do echo 'a line of forty characters on stderr....' >&2; i=$((i+1)); done; echo done"])
        #expect(run.status == 0)
        #expect(run.stdout == "done\n")
        #expect(run.stderr.count == 4000 * 41)
    }

    @Test func testNoArguments_isAUsageError() throws {
        let run = try Binary.run([])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("USAGE: screenaudit <subcommand> [options]"))
    }

    @Test func testUnknownSubcommandAndOption() throws {
        let unknown = try Binary.run(["audits"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown subcommand 'audits'\n"))
        let option = try Binary.run(["info", "--colour", "a.png"])
        #expect(option.status == 2)
        #expect(option.stderr == "error: unknown option '--colour'\nUSAGE: screenaudit info [options] FILE...\n")
        let missing = try Binary.run(["info"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no FILE given\nUSAGE: screenaudit info [options] FILE...\n")
        let badLimit = try Binary.run(["info", "--max-width", "wide", "a.png"])
        #expect(badLimit.status == 2)
        #expect(badLimit.stderr.hasPrefix("error: option '--max-width' needs a positive whole number, got 'wide'\n"))
    }

    // MARK: - contrast

    @Test func testContrast_textReport() throws {
        let run = try Binary.run(["contrast", "#777", "#FFFFFF"])
        #expect(run.status == 0)
        #expect(run.stdout == """
        #777777 and #FFFFFF: contrast 4.47:1
          AA normal text (4.5:1, WCAG 2.2 SC 1.4.3): fail
          AA large text (3:1, WCAG 2.2 SC 1.4.3): pass
          AAA normal text (7:1, WCAG 2.2 SC 1.4.6): fail
          AAA large text (4.5:1, WCAG 2.2 SC 1.4.6): fail
          AA non-text (3:1, WCAG 2.2 SC 1.4.11): pass

        """)
    }

    @Test func testContrast_requireGatesTheExitCode() throws {
        #expect(try Binary.run(["contrast", "--require", "aa-normal", "#777777", "#fff"]).status == 1)
        #expect(try Binary.run(["contrast", "--require", "aa-normal", "#767676", "#fff"]).status == 0)
        #expect(try Binary.run(["contrast", "--require=non-text", "0,0,0", "255,255,255"]).status == 0)
        let bad = try Binary.run(["contrast", "--require", "gold", "#000", "#fff"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown level 'gold'"))
    }

    @Test func testContrast_badColourIsAUsageError() throws {
        let run = try Binary.run(["contrast", "#12", "#fff"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: '#12' is not a colour (use #RGB, #RRGGBB or r,g,b with 0-255)\nUSAGE: screenaudit contrast [options] COLOR COLOR\n")
    }

    @Test func testContrast_json() throws {
        let run = try Binary.run(["contrast", "--json", "#000", "#fff"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["ratio"] as? Double == 21)
        #expect((object["levels"] as? [String: Bool])?["aaa-normal"] == true)
    }

    // MARK: - info

    static func samplePNG() throws -> [UInt8] {
        var buffer = PixelBuffer(width: 6, height: 4, fill: RGBA(red: 30, green: 60, blue: 90))
        buffer[0, 0] = RGBA(red: 255, green: 255, blue: 255)
        return try PNGEncoder.encode(buffer)
    }

    @Test func testInfo_linePerFileAndErrorsOnStderr() throws {
        let directory = try TemporaryDirectory()
        let png = try directory.write(try Self.samplePNG(), to: "good.png")
        var samples = [UInt8](repeating: 128, count: 16 * 8 * 3)
        samples[0] = 0
        let jpeg = try directory.write(try JPEGEncoder.encode(width: 16, height: 8, components: .rgb, samples: samples, progressive: true),
                                       to: "fastlane.png")
        let text = try directory.write(Array("hello\n".utf8), to: "text.png")
        let truncated = try directory.write(Array(try Self.samplePNG().prefix(40)), to: "cut.png")

        let run = try Binary.run(["info", png, jpeg, text, truncated])
        #expect(run.status == 3)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let pixelDigest = try ImageDecoder().decodeFile(atPath: png).pixels.pixelDigest
        #expect(lines[0] == "\(png): PNG 6×4 px, RGB 8-bit, colour sRGB [sRGB chunk], pixels sha256:\(pixelDigest)")
        #expect(lines[1].hasPrefix("\(jpeg): JPEG 16×8 px, YCbCr 8-bit, progressive, colour untagged (used as sRGB) [none], pixels sha256:"))
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors == [
            "\(text): error: not-an-image: the file holds text, not image data",
            "\(truncated): error: truncated: libpng: the file ends before the PNG stream does (truncated)",
        ])
    }

    @Test func testInfo_jsonIncludesFailures() throws {
        let directory = try TemporaryDirectory()
        let png = try directory.write(try Self.samplePNG(), to: "good.png")
        let empty = try directory.write([], to: "empty.png")
        let run = try Binary.run(["info", "--json", png, empty])
        #expect(run.status == 3)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["width"] as? Int == 6)
        #expect(array[0]["colorSpace"] as? String == "sRGB")
        #expect(array[0]["pixelSHA256"] as? String == (try ImageDecoder().decodeFile(atPath: png).pixels.pixelDigest))
        let error = try #require(array[1]["error"] as? [String: String])
        #expect(error["category"] == "not-an-image")
        #expect(run.stderr == "\(empty): error: not-an-image: the file is empty (0 bytes)\n")
    }

    @Test func testInfo_limitsAreConfigurable() throws {
        let directory = try TemporaryDirectory()
        let png = try directory.write(try Self.samplePNG(), to: "good.png")
        let run = try Binary.run(["info", "--max-pixels", "10", png])
        #expect(run.status == 3)
        #expect(run.stderr == "\(png): error: too-large: 6 × 4 px exceeds the limit of 10 pixels\n")
    }

    @Test func testInfo_outputIsDeterministic() throws {
        let directory = try TemporaryDirectory()
        let png = try directory.write(try Self.samplePNG(), to: "good.png")
        let first = try Binary.run(["info", "--json", png])
        let second = try Binary.run(["info", "--json", png])
        #expect(first.stdout == second.stdout)
    }
}
