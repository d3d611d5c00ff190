import Foundation
@testable import ScreenAuditKit
import Testing

/// `audit --compare`: findings matched to an earlier report by fingerprint, and the marks in
/// report.json, report.md and index.html.
struct ComparisonTests {
    /// A text-contrast finding on `element` of `screen` measuring `ratio` (its fingerprint takes the
    /// ratio's whole part, so 2.1 and 2.9 are one problem).
    static func finding(_ screen: String, _ element: String, ratio: Double, severity: Severity = .error) -> Finding {
        var measured = TextContrastRule.Measured(largeText: false, requirement: "body text")
        measured.ratio = ratio
        measured.foreground = "#777777"
        measured.background = "#FFFFFF"
        return Finding(rule: "contrast.text", element: element, severity: severity, frame: nil, measured: .textContrast(measured),
                       threshold: 4.5, waived: false,
                       fingerprint: Fingerprint.make(rule: "contrast.text", screen: screen, element: element,
                                                     bucket: measured.fingerprintBucket))
    }

    static func screen(_ id: String, _ findings: [Finding]) -> ScreenReport {
        ScreenReport(id: id, screenshot: "\(id).png", contract: "c.json", status: .audited, notes: [], findings: findings, checked: [])
    }

    static func report(_ screens: [ScreenReport]) -> AuditReport {
        AuditReport(schemaVersion: 1, tool: .init(name: ScreenAuditKit.toolName, version: ScreenAuditKit.version),
                    settings: .init(level: "AA", largeTextRule: "wcag", failOn: "error"),
                    summary: AuditReport.Summary(screens: screens, failOn: .error), screens: screens, baseline: nil)
    }

    /// Earlier: home has a, b; settings has c; about has d. Now: home has a (same problem, other
    /// ratio: its message differs), e (new); settings has nothing; about is gone; help is new.
    static func pair() -> (previous: AuditReport, current: AuditReport) {
        let previous = report([screen("home", [finding("home", "a", ratio: 3.2), finding("home", "b", ratio: 2.0)]),
                               screen("settings", [finding("settings", "c", ratio: 4.1)]),
                               screen("about", [finding("about", "d", ratio: 1.5, severity: .warning)])])
        let current = report([screen("home", [finding("home", "a", ratio: 3.8), finding("home", "e", ratio: 2.0)]),
                              screen("settings", []),
                              screen("help", [finding("help", "f", ratio: 1.1)])])
        return (previous, current)
    }

    @Test func testMarksNewUnchangedAndFixed() {
        let (previous, current) = Self.pair()
        #expect(previous.screens[0].findings[0].message != current.screens[0].findings[0].message)
        let compared = current.comparing(with: previous)
        #expect(compared.screens[0].findings.map(\.change) == [.unchanged, .new])
        #expect(compared.screens[2].findings.map(\.change) == [.new])
        #expect(compared.screens[0].fixed?.map(\.element) == ["b"])
        #expect(compared.screens[1].fixed?.map(\.element) == ["c"])
        #expect(compared.screens[2].fixed == [])
        // The removed screen's findings are fixed too, listed at the top level with its message.
        #expect(compared.comparison?.removedScreens.map(\.screen) == ["about"])
        let gone = compared.comparison?.removedScreens.first?.fixed.first
        #expect(gone?.severity == .warning)
        #expect(gone?.message == previous.screens[2].findings[0].message)
        #expect((compared.summary.new, compared.summary.unchanged, compared.summary.fixed) == (2, 1, 3))
        // Marks only: the counts and the gate stay.
        #expect(compared.summary.errors == current.summary.errors)
        #expect(compared.summary.gateFailed == current.summary.gateFailed)
    }

    @Test func testAFingerprintTwiceAgainstOnceIsOneUnchangedAndOneNew() {
        let previous = Self.report([Self.screen("home", [Self.finding("home", "a", ratio: 3.1)])])
        let current = Self.report([Self.screen("home", [Self.finding("home", "a", ratio: 3.2), Self.finding("home", "a", ratio: 3.3)])])
        #expect(current.comparing(with: previous).screens[0].findings.map(\.change) == [.unchanged, .new])
        // And the other way round: one of the two is fixed.
        let back = previous.comparing(with: current)
        #expect(back.screens[0].findings.map(\.change) == [.unchanged])
        #expect(back.summary.fixed == 1)
    }

    @Test func testAShardListsOnlyTheRemovedScreensItWouldHold() throws {
        let (previous, current) = Self.pair()
        let owner = try #require((1...3).compactMap { Shard(index: $0, count: 3) }.first { $0.contains("about") })
        let other = try #require((1...3).compactMap { Shard(index: $0, count: 3) }.first { !$0.contains("about") })
        #expect(current.comparing(with: previous, shard: owner).comparison?.removedScreens.map(\.screen) == ["about"])
        #expect(current.comparing(with: previous, shard: other).comparison?.removedScreens == [])
    }

    @Test func testTheBaselineKeepsTheComparisonsCounts() {
        let (previous, current) = Self.pair()
        let compared = current.comparing(with: previous)
        let baselined = compared.applyingBaseline(Baseline(report: current), failOn: .error)
        #expect((baselined.summary.new, baselined.summary.unchanged, baselined.summary.fixed) == (2, 1, 3))
        #expect(baselined.summary.gateFailed == false)
    }

    @Test func testReportJSONCarriesTheMarksAndRoundTrips() throws {
        let (previous, current) = Self.pair()
        let compared = current.comparing(with: previous)
        let text = String(decoding: try JSONReporter.render(compared), as: UTF8.self)
        #expect(text.contains("\"change\" : \"new\""))
        #expect(text.contains("\"change\" : \"unchanged\""))
        #expect(text.contains("\"removedScreens\""))
        #expect(text.contains("\"new\" : 2"))
        // Read back (as `merge` and a later --compare read it), it writes the same bytes.
        let decoded = try JSONDecoder().decode(AuditReport.self, from: Data(text.utf8))
        #expect(try JSONReporter.render(decoded) == JSONReporter.render(compared))
        // Without --compare nothing of it is written.
        let plain = String(decoding: try JSONReporter.render(current), as: UTF8.self)
        for key in ["\"change\"", "\"fixed\"", "\"comparison\"", "\"unchanged\"", "\"new\""] { #expect(!plain.contains(key)) }
        // Same inputs, same bytes.
        #expect(try JSONReporter.render(current.comparing(with: previous)) == JSONReporter.render(compared))
    }

    @Test func testMarkdownOpensOnTheNewFindings() throws {
        let (previous, current) = Self.pair()
        let markdown = MarkdownReporter.render(current.comparing(with: previous))
        let lines = markdown.components(separatedBy: "\n")
        let section = try #require(lines.firstIndex(of: "## New since the compared run"))
        let firstScreen = try #require(lines.firstIndex(of: "## `home`"))
        #expect(section < firstScreen)
        #expect(markdown.contains("2 new findings, 1 unchanged, 3 fixed (gone since the compared run)."))
        #expect(markdown.contains("| 2 | `home` | error | `contrast.text` | `e` | text contrast"))
        #expect(markdown.contains("| 3 | `help` | error | `contrast.text` | `f` |"))
        #expect(markdown.contains("- `contrast.text` on `d` in `about`: text contrast 1.5"))
        #expect(markdown.contains("Screens of the compared run not in this one: `about`."))
        // The per-screen tables carry a Change column, only in a compared report.
        #expect(markdown.contains("| # | Severity | Rule | Element | Measured | Required | Note | Change |"))
        #expect(markdown.contains("| **new** |"))
        #expect(markdown.contains("| unchanged |"))
        let plain = MarkdownReporter.render(current)
        #expect(!plain.contains("New since"))
        #expect(!plain.contains("Change |"))
    }

    @Test func testReviewPageShowsTheMarksAndCounts() {
        let (previous, current) = Self.pair()
        let html = HTMLReporter.render(current.comparing(with: previous), overlays: [])
        #expect(html.contains("<p>Against the compared run: <strong>2 new</strong>, 1 unchanged, 3 fixed (report.md lists them).</p>"))
        #expect(html.contains("<td>error <strong>new</strong></td>"))
        #expect(html.contains("<td>error <small>unchanged</small></td>"))
        let plain = HTMLReporter.render(current, overlays: [])
        #expect(!plain.contains("compared run"))
        #expect(!plain.contains("<strong>new</strong>"))
    }

    @Test func testABadPreviousReportNamesTheFileAndTheProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func issue(_ text: String?, _ name: String = "previous.json") -> InputIssue? {
            let path = directory.appendingPathComponent(name).path
            if let text { try? Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
            do {
                _ = try AuditReport.loadPrevious(path: path)
                return nil
            } catch let AuditError.invalidInput(issues) {
                return issues.first
            } catch {
                return nil
            }
        }
        #expect(issue(nil, "missing.json")?.message == "no such previous report file")
        #expect(issue("{\"schemaVersion\": 1,")?.message.hasPrefix("not valid JSON") == true)
        // A baseline given by mistake: no tool.
        let baseline = issue(#"{"schemaVersion": 1, "entries": []}"#)
        #expect(baseline?.location == "tool")
        #expect(baseline?.message.hasPrefix("not a screenaudit report.json") == true)
        let newer = issue(#"{"schemaVersion": 2, "tool": {"name": "screenaudit", "version": "9"}}"#)
        #expect(newer?.location == "schemaVersion")
        #expect(newer?.message == "unsupported report schema version 2 (this tool reads version 1)")
        let cut = issue(#"{"schemaVersion": 1, "tool": {"name": "screenaudit", "version": "9"}}"#)
        #expect(cut?.message == "missing field 'settings'")
        // A good one reads, also given as its folder.
        let (previous, _) = Self.pair()
        try JSONReporter.render(previous).write(to: directory.appendingPathComponent("report.json"))
        #expect(try JSONReporter.render(AuditReport.loadPrevious(path: directory.path)) == JSONReporter.render(previous))
        var shard = previous
        shard.shard = ShardInfo(index: 1, count: 2, runScreens: 3, runDigest: "x", options: [:], screens: [])
        try JSONReporter.render(shard).write(to: directory.appendingPathComponent("shard.json"))
        #expect(issue(nil, "shard.json")?.location == "shard")
    }
}
