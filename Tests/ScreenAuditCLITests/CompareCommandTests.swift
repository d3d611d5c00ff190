import ColorScience
import Foundation
import Imaging
import ScreenAuditKit
import TestSupport
import Testing

/// `audit --compare` end to end with the built binary: two runs on generated screens, one screen
/// changed and one removed between them, the second marked against the first's report.json.
@Suite struct CompareCommandTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static func grey(_ value: UInt8) -> RGB8 { RGB8(red: value, green: value, blue: value) }

    /// Writes the screens of a run. `changed`: the settings screen's faint label is fixed and a
    /// new faint one appears; the about screen is gone.
    static func writeScreens(in directory: TemporaryDirectory, changed: Bool) throws {
        var home = ScreenBuilder(id: "home", width: 320, height: 480, scale: 2, background: white, screenshot: "home.png")
        home.label("title", "Dragon Scale", x: 16, y: 10, pointSize: 17, color: grey(0x30))
        home.label("faint", "Shadow Stone", x: 16, y: 60, pointSize: 17, color: grey(0xB0))

        var settings = ScreenBuilder(id: "settings", width: 320, height: 480, scale: 2, background: white, screenshot: "settings.png")
        settings.label("sound", "Sound", x: 16, y: 10, pointSize: 17, color: changed ? grey(0x30) : grey(0xB8))
        settings.label("music", "Music", x: 16, y: 60, pointSize: 17, color: changed ? grey(0xB8) : grey(0x30))

        var about = ScreenBuilder(id: "about", width: 320, height: 480, scale: 2, background: white, screenshot: "about.png")
        about.label("version", "Version 1", x: 16, y: 10, pointSize: 17, color: grey(0xC0))

        try? FileManager.default.removeItem(atPath: directory.path("shots"))
        try directory.write(try home.png(), to: "shots/home.png")
        try directory.write(try settings.png(), to: "shots/settings.png")
        var screens = [home.contract, settings.contract]
        if !changed {
            try directory.write(try about.png(), to: "shots/about.png")
            screens.append(about.contract)
        }
        try directory.write(try ContractDocument(screens: screens).jsonText(), to: "contracts.json")
    }

    static func audit(_ directory: TemporaryDirectory, out: String, _ extra: [String] = []) throws -> ToolRun {
        try Binary.run(["audit", "--contracts", "contracts.json", "--screenshots", "shots", "--today", "2026-12-01", "--out", out] + extra,
                       in: directory.url)
    }

    static func json(_ directory: TemporaryDirectory, _ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.url.appendingPathComponent(file))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func findings(_ report: [String: Any], _ screen: String) -> [[String: Any]] {
        let screens = report["screens"] as? [[String: Any]] ?? []
        return screens.first { $0["id"] as? String == screen }?["findings"] as? [[String: Any]] ?? []
    }

    static func text(_ directory: TemporaryDirectory, _ file: String) throws -> String {
        try String(contentsOf: directory.url.appendingPathComponent(file), encoding: .utf8)
    }

    @Test func testCompare_marksTheSecondRunAgainstTheFirst() throws {
        let directory = try TemporaryDirectory()
        try Self.writeScreens(in: directory, changed: false)
        let before = try Self.audit(directory, out: "before")
        #expect(before.status == 1, "\(before.stdout)\(before.stderr)")
        try Self.writeScreens(in: directory, changed: true)
        let plain = try Self.audit(directory, out: "plain")
        let run = try Self.audit(directory, out: "after", ["--compare", "before/report.json"])
        // The marks do not move the gate.
        #expect(run.status == plain.status, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("compare: 1 new, 1 unchanged, 2 fixed against before/report.json (new ones first in report.md)\n"), "\(run.stdout)")

        let report = try Self.json(directory, "after/report.json")
        let home = Self.findings(report, "home")
        #expect(home.map { $0["element"] as? String } == ["faint"])
        #expect(home.map { $0["change"] as? String } == ["unchanged"])
        let settings = Self.findings(report, "settings")
        #expect(settings.map { $0["element"] as? String } == ["music"])
        #expect(settings.map { $0["change"] as? String } == ["new"])
        let screens = try #require(report["screens"] as? [[String: Any]])
        let fixed = screens.first { $0["id"] as? String == "settings" }?["fixed"] as? [[String: Any]]
        #expect(fixed?.map { $0["element"] as? String } == ["sound"])
        #expect(fixed?.first?["message"] as? String == Self.findings(try Self.json(directory, "before/report.json"), "settings").first?["message"] as? String)
        let removed = (report["comparison"] as? [String: Any])?["removedScreens"] as? [[String: Any]]
        #expect(removed?.map { $0["screen"] as? String } == ["about"])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect((summary["new"] as? Int, summary["unchanged"] as? Int, summary["fixed"] as? Int) == (1, 1, 2))
        // The other fields as without --compare.
        let plainSummary = try #require(try Self.json(directory, "plain/report.json")["summary"] as? [String: Any])
        for key in ["errors", "warnings", "infos", "waived", "baselined", "passed", "notRun", "gateFailed"] {
            #expect("\(summary[key] ?? "")" == "\(plainSummary[key] ?? "")", "\(key)")
        }
        let plainJSON = try Self.text(directory, "plain/report.json")
        #expect(!plainJSON.contains("\"change\"") && !plainJSON.contains("\"comparison\""))

        // report.md opens on the new one; the page shows the badge and the counts.
        let markdown = try Self.text(directory, "after/report.md")
        let section = try #require(markdown.range(of: "## New since the compared run"))
        #expect(markdown[section.upperBound...].hasPrefix("\n\n1 new finding, 1 unchanged, 2 fixed (gone since the compared run).\n"))
        #expect(markdown.contains("| `settings` | error | `contrast.text` | `music` | text contrast"))
        #expect(markdown.contains("- `contrast.text` on `version` in `about`: "))
        #expect(markdown.range(of: "## New since")!.lowerBound < markdown.range(of: "## `home`")!.lowerBound)
        let html = try Self.text(directory, "after/index.html")
        #expect(html.contains("<strong>1 new</strong>, 1 unchanged, 2 fixed"))
        #expect(html.contains("<td>error <strong>new</strong></td>"))

        // Same inputs, the same bytes.
        let again = try Self.audit(directory, out: "again", ["--compare", "before"])
        #expect(again.status == run.status)
        for file in ["report.json", "report.md", "index.html", "junit.xml", "report.sarif"] {
            #expect(try Self.text(directory, "again/\(file)") == Self.text(directory, "after/\(file)"), "\(file)")
        }
    }

    @Test func testCompare_aBadPreviousReportIsAnInputError() throws {
        let directory = try TemporaryDirectory()
        try Self.writeScreens(in: directory, changed: false)
        let missing = try Self.audit(directory, out: "x", ["--compare", "nope/report.json"])
        #expect(missing.status == 3)
        #expect(missing.stderr == "error: nope/report.json: no such previous report file\n")
        try directory.write("{\"schemaVersion\": 1,\n  \"screens\": [,]}", to: "broken.json")
        let broken = try Self.audit(directory, out: "x", ["--compare", "broken.json"])
        #expect(broken.status == 3)
        #expect(broken.stderr.hasPrefix("error: broken.json: line 2, column 15: not valid JSON"), "\(broken.stderr)")
        // A baseline is not a report.
        try directory.write(#"{"schemaVersion": 1, "entries": []}"#, to: "baseline.json")
        let baseline = try Self.audit(directory, out: "x", ["--compare", "baseline.json"])
        #expect(baseline.status == 3)
        #expect(baseline.stderr.hasPrefix("error: baseline.json: tool: not a screenaudit report.json"), "\(baseline.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("x/report.json")))
    }

    /// Sharded with --compare, merged: the marks, the fixed ones and the removed screens are the
    /// unsharded run's, byte for byte apart from "shards".
    @Test func testCompare_shardsMergeIntoTheUnshardedMarks() throws {
        let directory = try TemporaryDirectory()
        try Self.writeScreens(in: directory, changed: false)
        #expect(try Self.audit(directory, out: "before").status == 1)
        try Self.writeScreens(in: directory, changed: true)
        let compare = ["--compare", "before/report.json"]
        let whole = try Self.audit(directory, out: "whole", compare)
        for index in 1...2 {
            let shard = try Self.audit(directory, out: "s\(index)", compare + ["--shard", "\(index)/2"])
            #expect(shard.status <= 1, "\(shard.stdout)\(shard.stderr)")
        }
        let merged = try Binary.run(["merge", "--out", "merged", "s2", "s1"], in: directory.url)
        #expect(merged.status == whole.status, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("compare: 1 new, 1 unchanged, 2 fixed (new ones first in report.md)\n"), "\(merged.stdout)")
        for file in ["report.md", "index.html", "junit.xml", "report.sarif"] {
            #expect(try Self.text(directory, "merged/\(file)") == Self.text(directory, "whole/\(file)"), "\(file)")
        }
        #expect(try Self.text(directory, "merged/report.json").replacingOccurrences(of: "  \"shards\" : 2,\n", with: "")
            == Self.text(directory, "whole/report.json"))
        // Shards marked against different reports do not merge.
        #expect(try Self.audit(directory, out: "other", ["--compare", "whole/report.json", "--shard", "2/2"]).status <= 1)
        let mixed = try Binary.run(["merge", "--out", "m", "s1", "other"], in: directory.url)
        #expect(mixed.status == 3 && mixed.stderr.contains("--compare is"), "\(mixed.stderr)")
        // Nor shards with and without --compare.
        #expect(try Self.audit(directory, out: "without", ["--shard", "2/2"]).status <= 1)
        let without = try Binary.run(["merge", "--out", "m", "s1", "without"], in: directory.url)
        #expect(without.status == 3 && without.stderr.contains("--compare"), "\(without.stderr)")
    }
}
