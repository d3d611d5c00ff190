import ColorScience
import Foundation
import Imaging
import ScreenAuditKit
import TestSupport
import Testing

/// `screenaudit audit` end to end: screenshots generated with known colours, the built binary,
/// report.json checked field by field.
@Suite struct AuditCommandTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static func grey(_ value: UInt8) -> RGB8 { RGB8(red: value, green: value, blue: value) }

    /// A project on disk: contracts, screenshots and provenance.
    static func makeProject(in directory: TemporaryDirectory) throws {
        var light = ScreenBuilder(id: "light", width: 320, height: 480, scale: 2, background: white, screenshot: "en-US/light.png")
        light.label("ok", "Dragon Scale", x: 16, y: 10, pointSize: 17, color: grey(0x59))
        light.label("just-above", "Dragon Claw", x: 16, y: 45, pointSize: 17, color: grey(0x76))
        light.label("just-below", "Shadow Stone", x: 16, y: 80, pointSize: 17, color: grey(0x77), asset: "relic-shadow-stone")
        light.label("large", "Sunstone", x: 16, y: 115, pointSize: 28, color: grey(0x94))
        light.label("large-faint", "Moonstone", x: 16, y: 165, pointSize: 28, color: grey(0xA8))
        light.label("bold-small", "Ember", x: 16, y: 215, pointSize: 17, weight: .bold, color: grey(0x94))
        light.label("bold-large", "Ember Large", x: 16, y: 250, pointSize: 19, weight: .bold, color: grey(0x94))
        light.label("waived", "Faint Rune", x: 16, y: 290, pointSize: 17, color: grey(0xB0))
        light.label("expired", "Old Rune", x: 16, y: 325, pointSize: 17, color: grey(0xB0))
        light.element(ElementContract(id: "blank", role: .text, frame: Frame(x: 16, y: 400, width: 100, height: 30),
                                      text: TextSpec(content: "Not drawn", pointSize: 17)))
        light.waive(Waiver(rule: "contrast.text", element: "waived", reason: "Rune art repaint (ticket 7)", expires: "2027-03-01"))
        light.waive(Waiver(rule: "contrast.text", element: "expired", reason: "Old waiver", expires: "2026-01-01"))

        var dark = ScreenBuilder(id: "dark", width: 320, height: 480, scale: 3, background: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                                 screenshot: "en-US/dark.png")
        dark.label("title", "Lights Off", x: 16, y: 20, pointSize: 22, weight: .semibold, color: white)
        dark.label("dim", "Listen for the chime", x: 16, y: 70, pointSize: 15, color: RGB8(red: 0x63, green: 0x63, blue: 0x66))

        var art = ScreenBuilder(id: "art", width: 320, height: 480, scale: 2, background: white, screenshot: "en-US/art.png")
        // White to mid grey across the first half of the label, then mid grey: the worst end fails.
        art.gradient(Frame(x: 10, y: 20, width: 120, height: 40), from: white, to: grey(0x60))
        art.fill(Frame(x: 130, y: 20, width: 180, height: 40), grey(0x60))
        art.label("across-gradient", "Crystal Resonance", x: 10, y: 22, pointSize: 17, color: grey(0x40), frameWidth: 300)
        art.texture(Frame(x: 10, y: 100, width: 300, height: 44), base: RGB8(red: 40, green: 60, blue: 50), amplitude: 25)
        art.label("on-texture", "The Banishment", x: 10, y: 104, pointSize: 22, weight: .bold, color: white, frameWidth: 300)

        let broken = ScreenContract(id: "broken", screenshot: "en-US/broken.png",
                                    device: DeviceSpec(scale: 2, width: 320, height: 480), elements: [])
        let wrongSize = ScreenContract(id: "wrong-size", screenshot: "en-US/wrong-size.png",
                                       device: DeviceSpec(scale: 3, width: 320, height: 480), elements: [])

        try directory.write(try light.png(), to: "shots/en-US/light.png")
        try directory.write(try dark.png(), to: "shots/en-US/dark.png")
        try directory.write(try art.png(), to: "shots/en-US/art.png")
        try directory.write("this is not a screenshot\n", to: "shots/en-US/broken.png")
        try directory.write(try light.png(), to: "shots/en-US/wrong-size.png")
        try directory.write(try ContractDocument(screens: [light.contract, broken]).jsonText(), to: "contracts/a.json")
        try directory.write(try ContractDocument(screens: [dark.contract, art.contract, wrongSize]).jsonText(), to: "contracts/b.json")
        try directory.write("""
        { "schemaVersion": 1, "assets": { "relic-shadow-stone": {
          "source": "painted", "authoringStatus": "placeholder", "sourceQuality": "upscaled",
          "knownRisks": ["text over a busy area"], "evidence": ["art review"] } } }
        """, to: "provenance.json")
    }

    static func run(_ directory: TemporaryDirectory, _ extra: [String] = [], out: String = "out") throws -> ToolRun {
        try Binary.run(["audit", "--contracts", "contracts", "--screenshots", "shots", "--provenance", "provenance.json",
                        "--out", out, "--today", "2026-11-29"] + extra, in: directory.url)
    }

    static func report(_ directory: TemporaryDirectory, out: String = "out") throws -> [String: Any] {
        let data = try Data(contentsOf: directory.url.appendingPathComponent("\(out)/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func screen(_ report: [String: Any], _ id: String) throws -> [String: Any] {
        let screens = try #require(report["screens"] as? [[String: Any]])
        return try #require(screens.first { $0["id"] as? String == id })
    }

    static func finding(_ screen: [String: Any], _ element: String) -> [String: Any]? {
        (screen["findings"] as? [[String: Any]])?.first { $0["element"] as? String == element }
    }

    static func checked(_ screen: [String: Any], _ element: String) -> [String: Any]? {
        (screen["checked"] as? [[String: Any]])?.first { $0["element"] as? String == element }
    }

    @Test func testAudit_endToEnd() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        let run = try Self.run(directory)
        #expect(run.status == 1, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines.first { $0.hasPrefix("broken") }?.contains("unreadable") == true)
        #expect(lines.first { $0.hasPrefix("wrong-size") }?.contains("size-mismatch") == true)
        #expect(lines.contains("reports: out/report.json, out/report.md, out/junit.xml, out/report.sarif, out/index.html"))
        #expect(lines.last == "gate: failed (--fail-on error)")

        let report = try Self.report(directory)
        #expect(report["schemaVersion"] as? Int == 1)
        #expect((report["tool"] as? [String: String])?["name"] == "screenaudit")
        let screens = try #require(report["screens"] as? [[String: Any]])
        // Contract order: a.json (light, broken), then b.json (dark, art, wrong-size).
        #expect(screens.map { $0["id"] as? String } == ["light", "broken", "dark", "art", "wrong-size"])
        #expect(screens.map { $0["status"] as? String } == ["audited", "unreadable", "audited", "audited", "size-mismatch"])

        let light = try Self.screen(report, "light")
        #expect(light["screenshot"] as? String == "en-US/light.png")
        #expect(light["contract"] as? String == "a.json")
        // Passes are reported with their measurements.
        let ok = try #require(Self.checked(light, "ok"))
        #expect(ok["status"] as? String == "pass")
        #expect(ok["rule"] as? String == "contrast.text")
        let okMeasured = try #require(ok["measured"] as? [String: Any])
        #expect(okMeasured["foreground"] as? String == "#595959")
        #expect(okMeasured["background"] as? String == "#FFFFFF")
        #expect(Self.checked(light, "just-above")?["status"] as? String == "pass")
        #expect(Self.checked(light, "large")?["status"] as? String == "pass")
        #expect(Self.checked(light, "bold-large")?["status"] as? String == "pass")
        #expect(Self.checked(light, "blank")?["status"] as? String == "not-run")
        #expect(Self.checked(light, "blank")?["reason"] as? String == "the frame is one colour: no text pixels to measure")

        // Just below 4.5:1: an error, field by field.
        let below = try #require(Self.finding(light, "just-below"))
        #expect(below["rule"] as? String == "contrast.text")
        #expect(below["severity"] as? String == "error")
        #expect(below["waived"] as? Bool == false)
        #expect(below["threshold"] as? Double == 4.5)
        let measured = try #require(below["measured"] as? [String: Any])
        #expect(measured["foreground"] as? String == "#777777")
        #expect(measured["background"] as? String == "#FFFFFF")
        let ratio = try #require(measured["ratio"] as? Double)
        #expect(ratio >= 4.4 && ratio < 4.5)
        #expect((below["message"] as? String)?.hasPrefix("text contrast 4.4") == true)
        let frame = try #require(below["frame"] as? [String: Int])
        // The label's frame: its text's advance plus 8 pt, rounded up (ScreenBuilder.label), at @2x.
        let width = Int((StrokeFont.advance(of: "Shadow Stone", size: 17, weight: .regular) + 8).rounded(.up) * 2)
        #expect(frame == ["x": 32, "y": 160, "width": width, "height": 48])
        let provenance = try #require(below["provenance"] as? [String: Any])
        #expect(provenance["summary"] as? String == "placeholder, upscaled; known risk: text over a busy area")
        #expect((below["fingerprint"] as? String)?.count == 16)

        #expect(Self.finding(light, "large-faint")?["threshold"] as? Double == 3)
        #expect(Self.finding(light, "bold-small") != nil, "17 pt bold is not large under the wcag rule")
        let waived = try #require(Self.finding(light, "waived"))
        #expect(waived["waived"] as? Bool == true)
        #expect((waived["waiver"] as? [String: Any])?["reason"] as? String == "Rune art repaint (ticket 7)")
        let expired = try #require(Self.finding(light, "expired"))
        #expect(expired["waived"] as? Bool == false)
        #expect((expired["waiver"] as? [String: Any])?["expired"] as? Bool == true)

        let dark = try Self.screen(report, "dark")
        #expect(Self.checked(dark, "title")?["status"] as? String == "pass")
        #expect(Self.finding(dark, "dim") != nil)

        let art = try Self.screen(report, "art")
        let gradient = try #require(Self.finding(art, "across-gradient"))
        let gradientMeasured = try #require(gradient["measured"] as? [String: Any])
        #expect(gradientMeasured["ratioMin"] != nil && gradientMeasured["ratioMax"] != nil)
        #expect((gradientMeasured["ratioMax"] as? Double ?? 0) >= 4.5)
        #expect(Self.checked(art, "on-texture")?["status"] as? String == "pass")

        let broken = try Self.screen(report, "broken")
        let unreadable = try #require((broken["findings"] as? [[String: Any]])?.first)
        #expect(unreadable["rule"] as? String == "screenshot.unreadable")
        #expect((unreadable["message"] as? String)?.contains("not-an-image") == true)
        let mismatch = try #require((try Self.screen(report, "wrong-size")["findings"] as? [[String: Any]])?.first)
        #expect(mismatch["rule"] as? String == "screenshot.size-mismatch")
        #expect((mismatch["measured"] as? [String: String])?["expectedSize"] == "960×1440")

        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["screens"] as? Int == 5)
        #expect(summary["waived"] as? Int == 1)
        // The undrawn "blank" label: contrast.text, text.size, text.clipped and text.truncated
        // cannot judge it.
        #expect(summary["notRun"] as? Int == 4)
        #expect(summary["gateFailed"] as? Bool == true)
        // just-below, large-faint, bold-small, expired, dim, across-gradient, broken, wrong-size
        #expect(summary["errors"] as? Int == 8)

        // Overlays for audited screens with findings only.
        for name in ["light", "dark", "art"] {
            #expect(FileManager.default.fileExists(atPath: directory.path("out/overlays/\(name).png")), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("out/overlays/broken.png")))
        let overlay = try ImageDecoder().decodeFile(atPath: directory.path("out/overlays/light.png"))
        #expect(overlay.pixels.width == 640 && overlay.pixels.height > 960)

        let junit = try String(contentsOf: directory.url.appendingPathComponent("out/junit.xml"), encoding: .utf8)
        #expect(junit.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"screenaudit\""))
        #expect(junit.contains("<testsuite name=\"light\""))
        #expect(junit.contains("<testcase classname=\"light\" name=\"contrast.text just-below\"><failure type=\"error\""))
        #expect(junit.contains("<testcase classname=\"light\" name=\"contrast.text waived\"><skipped message=\"waived: Rune art repaint (ticket 7)\"/>"))
        #expect(junit.contains("<testcase classname=\"light\" name=\"contrast.text blank\"><skipped message=\"not run: the frame is one colour: no text pixels to measure\"/>"))
        #expect(junit.contains("<testcase classname=\"light\" name=\"contrast.text ok\"/>"))
        #expect(junit.contains("<property name=\"attachment\" value=\"overlays/light.png\"/>"))
        #expect(junit.contains("<testcase classname=\"broken\" name=\"screenshot.unreadable broken\"><failure"))

        let markdown = try String(contentsOf: directory.url.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# Screen audit\n\n**Failed**"))
        #expect(markdown.contains("| `light` | audited |"))
        #expect(markdown.contains("asset `relic-shadow-stone`: placeholder, upscaled; known risk: text over a busy area"))
    }

    @Test func testAudit_twoRunsGiveIdenticalBytes() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        _ = try Self.run(directory, ["--jobs", "1"], out: "first")
        _ = try Self.run(directory, ["--jobs", "4"], out: "second")
        for name in ["report.json", "report.md", "junit.xml", "report.sarif", "index.html", "overlays/light.png", "overlays/art.png"] {
            let first = try Data(contentsOf: directory.url.appendingPathComponent("first/\(name)"))
            let second = try Data(contentsOf: directory.url.appendingPathComponent("second/\(name)"))
            #expect(first == second, "\(name) differs between runs")
            #expect(!String(decoding: first, as: UTF8.self).contains(directory.path), "\(name) holds an absolute path")
        }
    }

    @Test func testAudit_failOnAndLevelAndLargeTextRule() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        #expect(try Self.run(directory, ["--fail-on", "never"]).status == 0)
        _ = try Self.run(directory, ["--large-text", "hig"], out: "hig")
        let hig = try Self.screen(try Self.report(directory, out: "hig"), "light")
        #expect(Self.checked(hig, "bold-small")?["status"] as? String == "pass", "bold text is large under the HIG rule")
        _ = try Self.run(directory, ["--level", "AAA"], out: "aaa")
        let aaa = try Self.screen(try Self.report(directory, out: "aaa"), "light")
        #expect(Self.finding(aaa, "just-above")?["threshold"] as? Double == 7)
    }

    @Test func testAudit_invalidContractsExitThreeWithEveryProblem() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        let text = try String(contentsOf: directory.url.appendingPathComponent("contracts/a.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"role\" : \"text\"", with: "\"role\" : \"label\"")
        try directory.write(text, to: "contracts/a.json")
        let run = try Self.run(directory)
        #expect(run.status == 3)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "error: contracts/a.json: screens[0].elements[0].role: unknown role 'label' (roles: button, link, toggle, slider, tab, text, heading, image, indicator, container, textField)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("out/report.json")))
    }

    @Test func testAudit_formatChoosesOutputs() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        let run = try Self.run(directory, ["--format", "junit"], out: "only-junit")
        #expect(run.status == 1)
        #expect(FileManager.default.fileExists(atPath: directory.path("only-junit/junit.xml")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("only-junit/report.json")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("only-junit/overlays")))
        let bad = try Self.run(directory, ["--format", "json,pdf"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: unknown format 'pdf' for --format (formats: json, md, junit, sarif, html, overlays)\n"))
    }

    @Test func testBaseline_acceptsTodaysFindingsAndListsStaleOnes() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        let record = try Binary.run(["baseline", "--contracts", "contracts", "--screenshots", "shots", "--today", "2026-11-29",
                                     "--out", "baseline.json"], in: directory.url)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout == "baseline: 8 findings written to baseline.json\n")
        // An entry for a finding that no longer occurs.
        var text = try String(contentsOf: directory.url.appendingPathComponent("baseline.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"entries\" : [", with: "\"entries\" : [ { \"fingerprint\" : \"0000000000000000\", \"rule\" : \"contrast.text\", \"screen\" : \"gone\", \"element\" : \"old\" },")
        try directory.write(text, to: "baseline.json")
        let run = try Self.run(directory, ["--baseline", "baseline.json"], out: "with-baseline")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("baseline: 8 findings accepted, 1 stale entry (listed in report.md)\n"))
        let report = try Self.report(directory, out: "with-baseline")
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["baselined"] as? Int == 8)
        #expect(summary["gateFailed"] as? Bool == false)
        let stale = try #require((report["baseline"] as? [String: Any])?["stale"] as? [[String: Any]])
        #expect(stale.first?["screen"] as? String == "gone")
        let markdown = try String(contentsOf: directory.url.appendingPathComponent("with-baseline/report.md"), encoding: .utf8)
        #expect(markdown.contains("| baselined (error) | `contrast.text` | `just-below` |"))
        let missing = try Self.run(directory, ["--baseline", "nope.json"], out: "x")
        #expect(missing.status == 3)
        #expect(missing.stderr == "error: nope.json: no such baseline file\n")
        // A broken baseline names the place: line and column for syntax, the JSON path for shape.
        try directory.write("{\"schemaVersion\": 1,\n  \"entries\": [,]}", to: "broken.json")
        let broken = try Self.run(directory, ["--baseline", "broken.json"], out: "x")
        #expect(broken.status == 3)
        #expect(broken.stderr.hasPrefix("error: broken.json: line 2, column 15: not valid JSON"), "\(broken.stderr)")
        try directory.write(#"{"schemaVersion": 1, "entries": [{"fingerprint": "abc", "rule": 7, "screen": "s"}]}"#, to: "typed.json")
        let typed = try Self.run(directory, ["--baseline", "typed.json"], out: "x")
        #expect(typed.stderr == "error: typed.json: entries[0].rule: expected a string\n")
    }

    /// `baseline` takes the audit's check options: a baseline recorded at AAA covers an AAA
    /// audit, while one recorded at AA leaves the findings only AAA makes gating.
    @Test func testBaseline_takesTheAuditsCheckOptions() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        for (level, file) in [("AAA", "aaa.json"), ("AA", "aa.json")] {
            let record = try Binary.run(["baseline", "--contracts", "contracts", "--screenshots", "shots", "--today", "2026-11-29",
                                         "--level", level, "--large-text", "hig", "--out", file], in: directory.url)
            #expect(record.status == 0, "\(record.stderr)")
        }
        let aaa = try String(contentsOf: directory.url.appendingPathComponent("aaa.json"), encoding: .utf8)
        let aa = try String(contentsOf: directory.url.appendingPathComponent("aa.json"), encoding: .utf8)
        #expect(aaa.components(separatedBy: "fingerprint").count > aa.components(separatedBy: "fingerprint").count)
        let covered = try Self.run(directory, ["--level", "AAA", "--large-text", "hig", "--baseline", "aaa.json"], out: "covered")
        #expect(covered.status == 0, "\(covered.stdout)")
        let uncovered = try Self.run(directory, ["--level", "AAA", "--large-text", "hig", "--baseline", "aa.json"], out: "uncovered")
        #expect(uncovered.status == 1)
    }

    /// Record, add a defect, audit (only the new one gates), fix an old one (its entry is stale).
    @Test func testBaseline_roundTrip() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        #expect(try Binary.run(["baseline", "--contracts", "contracts", "--screenshots", "shots", "--today", "2026-11-29",
                                "--out", "baseline.json"], in: directory.url).status == 0)
        // A new defect on the dark screen: a second dim label.
        var dark = ScreenBuilder(id: "dark", width: 320, height: 480, scale: 3, background: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                                 screenshot: "en-US/dark.png")
        dark.label("title", "Lights Off", x: 16, y: 20, pointSize: 22, weight: .semibold, color: Self.white)
        dark.label("dim", "Listen for the chime", x: 16, y: 70, pointSize: 15, color: RGB8(red: 0x63, green: 0x63, blue: 0x66))
        dark.label("dimmer", "A new faint hint", x: 16, y: 120, pointSize: 15, color: RGB8(red: 0x50, green: 0x50, blue: 0x53))
        try directory.write(try dark.png(), to: "shots/en-US/dark.png")
        var text = try String(contentsOf: directory.url.appendingPathComponent("contracts/b.json"), encoding: .utf8)
        let document = try JSONDecoder().decode(ContractDocument.self, from: Data(text.utf8))
        var screens = document.screens
        screens[0] = dark.contract
        text = try ContractDocument(screens: screens).jsonText()
        try directory.write(text, to: "contracts/b.json")
        let added = try Self.run(directory, ["--baseline", "baseline.json"], out: "added")
        #expect(added.status == 1, "the new finding gates")
        let addedSummary = try #require(try Self.report(directory, out: "added")["summary"] as? [String: Any])
        #expect(addedSummary["errors"] as? Int == 1)
        #expect(addedSummary["baselined"] as? Int == 8)
        // Fix an old one: the dim label made readable.
        dark = ScreenBuilder(id: "dark", width: 320, height: 480, scale: 3, background: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                             screenshot: "en-US/dark.png")
        dark.label("title", "Lights Off", x: 16, y: 20, pointSize: 22, weight: .semibold, color: Self.white)
        dark.label("dim", "Listen for the chime", x: 16, y: 70, pointSize: 15, color: RGB8(red: 0xC8, green: 0xC8, blue: 0xCC))
        dark.label("dimmer", "A new faint hint", x: 16, y: 120, pointSize: 15, color: RGB8(red: 0x50, green: 0x50, blue: 0x53))
        try directory.write(try dark.png(), to: "shots/en-US/dark.png")
        let fixed = try Self.run(directory, ["--baseline", "baseline.json"], out: "fixed")
        #expect(fixed.stdout.contains("baseline: 7 findings accepted, 1 stale entry (listed in report.md)"))
        let stale = try #require((try Self.report(directory, out: "fixed")["baseline"] as? [String: Any])?["stale"] as? [[String: Any]])
        #expect(stale.map { $0["element"] as? String } == ["dim"])
    }

    @Test func testAudit_usageErrors() throws {
        let missing = try Binary.run(["audit", "--screenshots", "."])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: --contracts or --hierarchies is required\nUSAGE: screenaudit audit [options]\n")
        let badLevel = try Binary.run(["audit", "--contracts", "c", "--screenshots", ".", "--level", "AAAA"])
        #expect(badLevel.status == 2)
        #expect(badLevel.stderr.hasPrefix("error: option '--level' must be one of AA, AAA, got 'AAAA'\n"))
    }

    @Test func testAudit_outputInTheWay() throws {
        let directory = try TemporaryDirectory()
        try Self.makeProject(in: directory)
        try directory.write("a file", to: "blocked")
        let run = try Self.run(directory, out: "blocked")
        #expect(run.status == 3)
        #expect(run.stderr == "error: blocked: cannot write: a file is in the way of the output directory\n")
    }
}
