import Foundation
import ScreenAuditKit
import TestSupport
import Testing

/// `audit --waivers` and `scan --waivers` end to end, with the built binary: a waivers file
/// written from one run's fingerprints waives exactly those findings in the next.
@Suite struct WaiversCommandTests {
    /// The real Android screens and their uiautomator dumps (Fixtures/appagent, MIT).
    static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScreenAuditKitTests/Fixtures/appagent").path

    static func audit(_ directory: TemporaryDirectory, _ extra: [String], out: String) throws -> ToolRun {
        try Binary.run(["audit", "--hierarchies", dumps, "--screenshots", dumps, "--density", "2.75", "--today", "2026-12-03",
                        "--format", "json,md,sarif,junit", "--out", out] + extra, in: directory.url)
    }

    static func findings(_ report: [String: Any]) -> [(screen: String, finding: [String: Any])] {
        (report["screens"] as? [[String: Any]] ?? []).flatMap { screen in
            (screen["findings"] as? [[String: Any]] ?? []).map { (screen["id"] as? String ?? "", $0) }
        }
    }

    static func entry(_ screen: String, _ finding: [String: Any], _ kind: WaiverKind, _ reason: String, expires: String? = nil) -> WaiverEntry {
        WaiverEntry(fingerprint: finding["fingerprint"] as? String ?? "", rule: finding["rule"] as? String ?? "", screen: screen,
                    element: finding["element"] as? String, kind: kind, reason: reason, expires: expires)
    }

    @Test func testAuditWaivers_waivesExactlyTheFindingsListed_andTheGateFollows() throws {
        let directory = try TemporaryDirectory()
        let first = try Self.audit(directory, [], out: "first")
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        let findings = Self.findings(try ScanCommandTests.report(directory, "first/report.json"))
        let microphone = try #require(findings.first { $0.finding["element"] as? String == "voice_search_button" })
        let tile = try #require(findings.first { $0.finding["element"] as? String == "text-home-youtube" })
        let file = WaiversFile(waivers: [
            Self.entry(microphone.screen, microphone.finding, .falsePositive, "the omnibox's microphone"),
            Self.entry(tile.screen, tile.finding, .accepted, "Chrome's own tile", expires: "2027-01-31"),
        ])
        try directory.write(Array(try file.render()), to: "waivers.json")

        let second = try Self.audit(directory, ["--waivers", "waivers.json"], out: "second")
        #expect(second.status == 1, "\(second.stdout)\(second.stderr)")
        #expect(second.stderr.isEmpty)
        #expect(second.stdout.contains("\nwaivers: 2 findings waived, 0 unused entries\n"), "\(second.stdout)")
        let report = try ScanCommandTests.report(directory, "second/report.json")
        let waived = Self.findings(report).filter { $0.finding["waived"] as? Bool == true }
        #expect(waived.count == 2)
        #expect(Set(waived.compactMap { $0.finding["fingerprint"] as? String }) == Set(file.waivers.map(\.fingerprint)))
        let waiver = try #require(waived.first { $0.finding["element"] as? String == "voice_search_button" }?.finding["waiver"] as? [String: Any])
        #expect(waiver["kind"] as? String == "false-positive" && waiver["reason"] as? String == "the omnibox's microphone")
        #expect(waiver["expired"] as? Bool == false)
        #expect((report["summary"] as? [String: Any])?["waived"] as? Int == 2)
        #expect((report["waivers"] as? [String: Any])?["waived"] as? Int == 2)
        let markdown = try String(contentsOf: directory.url.appendingPathComponent("second/report.md"), encoding: .utf8)
        #expect(markdown.contains("waived (false positive): the omnibox's microphone"))
        let sarif = try String(contentsOf: directory.url.appendingPathComponent("second/report.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"justification\" : \"the omnibox's microphone\""))
        let junit = try String(contentsOf: directory.url.appendingPathComponent("second/junit.xml"), encoding: .utf8)
        #expect(junit.contains("waived: Chrome&apos;s own tile") || junit.contains("waived: Chrome's own tile"))

        // Every error and warning waived, and an entry for a finding that is gone: the gate
        // passes, and the stale entry is a note, not an error.
        let all = Self.findings(try ScanCommandTests.report(directory, "first/report.json"))
            .filter { $0.finding["severity"] as? String != "info" }
            .map { Self.entry($0.screen, $0.finding, .accepted, "known") }
        let gone = WaiverEntry(fingerprint: "0123456789abcdef", rule: RuleID.textSize, screen: "gone", element: nil, kind: .falsePositive,
                               reason: "a screen since removed")
        try directory.write(Array(try WaiversFile(waivers: all + [gone]).render()), to: "all.json")
        let third = try Self.audit(directory, ["--waivers", "all.json"], out: "third")
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(third.stdout.contains("\nwaivers: 6 findings waived, 1 unused entry (listed in report.md)\n"), "\(third.stdout)")
        #expect(third.stdout.hasSuffix("gate: passed (--fail-on error)\n"))
        let thirdMarkdown = try String(contentsOf: directory.url.appendingPathComponent("third/report.md"), encoding: .utf8)
        #expect(thirdMarkdown.contains("- `text.size` on `gone` in `gone` (`0123456789abcdef`, false-positive)"))
    }

    /// Shards with one waivers file merge into the unsharded run's reports: each shard lists as
    /// unused only its own screens' entries, `merge` gathers them.
    @Test func testShardsWithWaivers_mergeIntoTheWholeRunsReports() throws {
        let directory = try TemporaryDirectory()
        let gone = WaiverEntry(fingerprint: "0123456789abcdef", rule: RuleID.textSize, screen: "gone", element: nil, kind: .falsePositive,
                               reason: "a screen since removed")
        let dropped = WaiverEntry(fingerprint: "fedcba9876543210", rule: RuleID.textSize, screen: "2024-05-20_19-52-52_2", element: "x",
                                  kind: .accepted, reason: "fixed since", expires: "2027-01-31")
        try directory.write(Array(try WaiversFile(waivers: [gone, dropped]).render()), to: "waivers.json")
        let whole = try Self.audit(directory, ["--waivers", "waivers.json"], out: "whole")
        #expect(whole.status == 1, "\(whole.stderr)")
        for shard in ["1/2", "2/2"] {
            let run = try Self.audit(directory, ["--waivers", "waivers.json", "--shard", shard],
                                     out: "part-\(shard.prefix(1))")
            #expect([0, 1].contains(run.status), "\(run.stderr)")
        }
        let merged = try Binary.run(["merge", "--out", "merged", "part-1", "part-2"], in: directory.url)
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stdout.contains("\nwaivers: 0 findings waived, 2 unused entries (listed in report.md)\n"), "\(merged.stdout)")
        func text(_ path: String) throws -> String { try String(contentsOf: directory.url.appendingPathComponent(path), encoding: .utf8) }
        #expect(try text("merged/report.md") == text("whole/report.md"))
        #expect(try text("merged/report.json").replacingOccurrences(of: "  \"shards\" : 2,\n", with: "") == text("whole/report.json"))
    }

    /// A bad waivers file stops the run before any screen is read: exit 3, every problem on
    /// standard error with the file and the JSON path, no report.
    @Test func testBadWaiversFile_exits3_listingEveryProblem() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
        { "schemaVersion": 1, "waivers": [
          { "fingerprint": "xyz", "rule": "target.size", "screen": "s", "kind": "accepted", "reason": "r", "expires": "soon" },
          { "fingerprint": "0123456789abcdef", "rule": "target.size", "screen": "s", "kind": "maybe" } ] }
        """, to: "bad.json")
        let run = try Self.audit(directory, ["--waivers", "bad.json"], out: "out")
        #expect(run.status == 3)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == """
        error: bad.json: waivers[0].fingerprint: 'xyz' is not a fingerprint (16 lower-case hexadecimal digits, as report.json gives each finding)
        error: bad.json: waivers[0].expires: 'soon' is not a date (use YYYY-MM-DD)
        error: bad.json: waivers[1].kind: unknown kind 'maybe' (kinds: false-positive, accepted)
        error: bad.json: waivers[1].reason: missing (a string is required)

        """)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("out/report.json").path))
        let missing = try Binary.run(["scan", "--scale", "2", "--waivers", "none.json", "shots"], in: directory.url)
        #expect(missing.status == 3 && missing.stderr == "error: none.json: no such waivers file\n", "\(missing.stderr)")
    }

    /// `scan --waivers`: a line's finding waived by its fingerprint, the screen that cannot be read
    /// too: the gate passes; once the accepted entry expires (`--today`), it fails again.
    @Test func testScanWaivers_andExpiry() throws {
        let directory = try TemporaryDirectory()
        try ScanCommandTests.makeShots(in: directory)
        let first = try Binary.run(["scan", "--scale", "2", "--format", "json", "--out", "first", "shots"], in: directory.url)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        let findings = Self.findings(try ScanCommandTests.report(directory, "first/report.json"))
        #expect(findings.count == 2, "\(findings.map(\.finding))")
        let entries = findings.map {
            Self.entry($0.screen, $0.finding, $0.finding["rule"] as? String == RuleID.contrastText ? .accepted : .falsePositive,
                       "reviewed", expires: $0.finding["rule"] as? String == RuleID.contrastText ? "2026-12-31" : nil)
        }
        try directory.write(Array(try WaiversFile(waivers: entries).render()), to: "waivers.json")
        let waived = try Binary.run(["scan", "--scale", "2", "--format", "json", "--out", "second", "--waivers", "waivers.json",
                                     "--today", "2026-12-31", "shots"], in: directory.url)
        #expect(waived.status == 0, "\(waived.stdout)\(waived.stderr)")
        #expect(waived.stdout.contains("\nwaivers: 2 findings waived, 0 unused entries\n"), "\(waived.stdout)")
        let expired = try Binary.run(["scan", "--scale", "2", "--format", "json", "--out", "third", "--waivers", "waivers.json",
                                      "--today", "2027-01-01", "shots"], in: directory.url)
        #expect(expired.status == 1, "\(expired.stdout)\(expired.stderr)")
        #expect(expired.stdout.contains("\nwaivers: 1 finding waived, 0 unused entries\n"), "\(expired.stdout)")
        let line = try #require(Self.findings(try ScanCommandTests.report(directory, "third/report.json"))
            .first { $0.finding["rule"] as? String == RuleID.contrastText })
        #expect(line.finding["waived"] as? Bool == false)
        #expect((line.finding["waiver"] as? [String: Any])?["expired"] as? Bool == true)
    }
}
