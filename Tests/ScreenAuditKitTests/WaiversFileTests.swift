import Foundation
@testable import ScreenAuditKit
import ScreenContracts
import TestSupport
import Testing

/// The standalone waivers file (`--waivers`): its loader's messages, its canonical bytes, and
/// what it does to a real run (Fixtures/appagent, the Android dumps at density 2.75).
@Suite struct WaiversFileTests {
    static let day = CalendarDay(year: 2026, month: 12, day: 3)

    static func parse(_ text: String, file: String = "w.json") -> (file: WaiversFile?, issues: [String]) {
        let (parsed, issues) = WaiversLoader().parse(Array(text.utf8), file: file)
        return (parsed, issues.map(\.description))
    }

    /// Every problem of the file is reported at once, each with the file's name and JSON path.
    @Test func testLoaderReportsEveryProblem_withFileAndPath() {
        let (file, issues) = Self.parse("""
        { "schemaVersion": 2, "extra": 1, "waivers": [
          { "fingerprint": "ACB5096EA2755F1A", "rule": "target.sise", "screen": "", "kind": "fp", "reason": " ",
            "expires": "2027-13-01", "note": "x" },
          { "fingerprint": "acb5096ea2755f1a", "rule": "target.size", "screen": "s", "kind": "false-positive", "reason": "r",
            "expires": "2027-01-01" },
          { "fingerprint": "acb5096ea2755f1a", "rule": "target.size", "screen": "s", "kind": "accepted", "reason": "r" },
          { "rule": "target.size", "screen": "s", "kind": "accepted", "element": "" },
          3 ] }
        """)
        #expect(file == nil)
        #expect(issues == [
            "w.json: extra: unknown field (fields: schemaVersion, waivers)",
            "w.json: schemaVersion: unsupported schema version 2 (this tool reads version 1)",
            "w.json: waivers[0].note: unknown field (fields: fingerprint, rule, screen, element, kind, reason, expires)",
            "w.json: waivers[0].fingerprint: 'ACB5096EA2755F1A' is not a fingerprint (16 lower-case hexadecimal digits, as report.json gives each finding)",
            "w.json: waivers[0].rule: unknown rule 'target.sise' (rules: \(RuleID.all.joined(separator: ", ")))",
            "w.json: waivers[0].screen: must not be empty",
            "w.json: waivers[0].kind: unknown kind 'fp' (kinds: false-positive, accepted)",
            "w.json: waivers[0].reason: must not be empty",
            "w.json: waivers[0].expires: '2027-13-01' is not a date (use YYYY-MM-DD)",
            "w.json: waivers[1].expires: a false positive does not expire: only an accepted finding takes expires",
            "w.json: waivers[2].fingerprint: fingerprint acb5096ea2755f1a is waived already at waivers[1]",
            "w.json: waivers[3].fingerprint: missing (a string is required)",
            "w.json: waivers[3].element: must not be empty (leave it out for a finding on the whole screen)",
            "w.json: waivers[3].reason: missing (a string is required)",
            "w.json: waivers[4]: expected an object, got a number",
        ])
        #expect(Self.parse("{ \"schemaVersion\": 1, \"waivers\": [ }").issues == ["w.json: line 1, column 36: not valid JSON: unexpected character '}'"])
        #expect(Self.parse("{ \"schemaVersion\": 1 }").issues == ["w.json: waivers: missing (an array is required)"])
    }

    /// `load` names the file: a missing one, a folder, a bad one (the issues as `parse` gives them).
    @Test func testLoad_namesTheFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{ \"schemaVersion\": 1, \"waivers\": [ { \"rule\": \"text.size\" } ] }\n", to: "bad.json")
        let path = directory.url.appendingPathComponent("bad.json").path
        #expect(throws: AuditError.invalidInput([
            InputIssue(file: path, location: "waivers[0].fingerprint", message: "missing (a string is required)"),
            InputIssue(file: path, location: "waivers[0].screen", message: "missing (a string is required)"),
            InputIssue(file: path, location: "waivers[0].kind", message: "missing (a string is required)"),
            InputIssue(file: path, location: "waivers[0].reason", message: "missing (a string is required)"),
        ])) { try WaiversLoader().load(path: path) }
        let missing = directory.url.appendingPathComponent("none.json").path
        #expect(throws: AuditError.invalidInput([InputIssue(file: missing, location: "", message: "no such waivers file")])) {
            try WaiversLoader().load(path: missing)
        }
        #expect(throws: AuditError.invalidInput([InputIssue(file: directory.url.path, location: "",
                                                            message: "a folder: --waivers takes one waivers file")])) {
            try WaiversLoader().load(path: directory.url.path)
        }
    }

    static let entries = [
        WaiverEntry(fingerprint: "467f639ca8d36d58", rule: "text.truncated", screen: "b", element: "text-home-youtube", kind: .accepted,
                    reason: "Chrome's tile: \"Home - YouTube\"", expires: "2027-01-31"),
        WaiverEntry(fingerprint: "981d63ec929e962c", rule: "hierarchy.unreadable", screen: "c", element: nil, kind: .falsePositive,
                    reason: "captured while the list moved"),
        WaiverEntry(fingerprint: "acb5096ea2755f1a", rule: "target.size", screen: "a", element: "location_bar_status", kind: .falsePositive,
                    reason: "the system's status icon"),
    ]

    /// The canonical bytes, as docs/formats/waivers.md shows them: sorted by screen, element,
    /// rule, fingerprint; keys sorted; two-space indentation; a final newline. The same entries in
    /// any order give them; loading and rendering again gives them back.
    @Test func testRender_isCanonical_andRoundTrips() throws {
        let expected = """
        {
          "schemaVersion" : 1,
          "waivers" : [
            {
              "element" : "location_bar_status",
              "fingerprint" : "acb5096ea2755f1a",
              "kind" : "false-positive",
              "reason" : "the system's status icon",
              "rule" : "target.size",
              "screen" : "a"
            },
            {
              "element" : "text-home-youtube",
              "expires" : "2027-01-31",
              "fingerprint" : "467f639ca8d36d58",
              "kind" : "accepted",
              "reason" : "Chrome's tile: \\"Home - YouTube\\"",
              "rule" : "text.truncated",
              "screen" : "b"
            },
            {
              "fingerprint" : "981d63ec929e962c",
              "kind" : "false-positive",
              "reason" : "captured while the list moved",
              "rule" : "hierarchy.unreadable",
              "screen" : "c"
            }
          ]
        }

        """
        let rendered = try WaiversFile(waivers: Self.entries).render()
        #expect(String(decoding: rendered, as: UTF8.self) == expected)
        #expect(try WaiversFile(waivers: Self.entries.reversed()).render() == rendered)
        let (loaded, issues) = WaiversLoader().parse(Array(rendered), file: "w.json")
        #expect(issues.isEmpty)
        let reloaded = try #require(loaded)
        #expect(reloaded.waivers == WaiversFile(waivers: Self.entries).waivers)
        #expect(try reloaded.render() == rendered)
        // A file written by hand in another order loads to the same entries, and renders canonically.
        let (shuffled, _) = WaiversLoader().parse(Array("""
        {"waivers":[{"screen":"c","rule":"hierarchy.unreadable","reason":"captured while the list moved","kind":"false-positive","fingerprint":"981d63ec929e962c"},
        {"screen":"b","element":"text-home-youtube","rule":"text.truncated","kind":"accepted","reason":"Chrome's tile: \\"Home - YouTube\\"","expires":"2027-01-31","fingerprint":"467f639ca8d36d58"},
        {"screen":"a","element":"location_bar_status","rule":"target.size","kind":"false-positive","reason":"the system's status icon","fingerprint":"acb5096ea2755f1a"}],"schemaVersion":1}
        """.utf8), file: "w.json")
        #expect(try shuffled?.render() == rendered)
        #expect(try WaiversFile(waivers: []).render() == Data("{\n  \"schemaVersion\" : 1,\n  \"waivers\" : [\n\n  ]\n}\n".utf8))
    }

    static func audit(_ waivers: WaiversFile?, today: CalendarDay = day) async throws -> AuditReport {
        let folder = RealDumpTests.folder
        let screens = try HierarchyScreenLoader(importer: HierarchyImporter(density: 2.75)).load(screenshots: folder, hierarchies: folder)
        var options = AuditOptions(today: today)
        options.waivers = waivers
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let report = await runner.audit(screens, screenshotsRoot: folder, provenance: nil)
        return waivers.map { report.summarizingWaivers($0) } ?? report
    }

    static func entry(_ report: AuditReport, _ rule: String, _ element: String?, kind: WaiverKind, reason: String,
                      expires: String? = nil) throws -> WaiverEntry {
        let (screen, finding) = try #require(report.screens.lazy.flatMap { screen in screen.findings.map { (screen.id, $0) } }
            .first { $0.1.rule == rule && $0.1.element == element }, "\(rule) on \(element ?? "-")")
        return WaiverEntry(fingerprint: finding.fingerprint, rule: rule, screen: screen, element: element, kind: kind, reason: reason,
                           expires: expires)
    }

    static func waived(_ report: AuditReport) -> [String] {
        report.screens.flatMap { $0.findings.filter(\.waived).map { "\($0.rule) \($0.element ?? "-")" } }.sorted()
    }

    /// Two findings of a real run waived by fingerprint: the next run shows exactly those two
    /// waived, with kind and reason, and still fails on the others; waiving every error and
    /// warning passes the gate. An entry no finding has is listed as unused.
    @Test func testApply_onARealRun_waivesExactlyThoseFindings() async throws {
        let first = try await Self.audit(nil)
        #expect(first.summary.waived == 0 && first.summary.gateFailed)
        let two = [
            try Self.entry(first, RuleID.targetSize, "voice_search_button", kind: .falsePositive, reason: "the omnibox's microphone"),
            try Self.entry(first, RuleID.textTruncated, "text-home-youtube", kind: .accepted, reason: "Chrome's own tile", expires: "2027-01-31"),
        ]
        let gone = WaiverEntry(fingerprint: "0123456789abcdef", rule: RuleID.textSize, screen: "gone", element: "title", kind: .accepted,
                               reason: "a screen since removed")
        let second = try await Self.audit(WaiversFile(waivers: two + [gone]))
        #expect(Self.waived(second) == ["target.size voice_search_button", "text.truncated text-home-youtube"])
        #expect(second.summary.waived == 2 && second.summary.errors == first.summary.errors - 1)
        #expect(second.summary.warnings == first.summary.warnings - 1 && second.summary.gateFailed)
        #expect(second.waivers == WaiversSummary(waived: 2, unused: [gone]))
        let microphone = try #require(second.screens.flatMap(\.findings).first { $0.element == "voice_search_button" })
        #expect(microphone.waiver == WaiverStatus(reason: "the omnibox's microphone", expires: nil, expired: false, kind: .falsePositive))
        // Everything else is as the first run had it.
        var unwaived = second
        for s in unwaived.screens.indices {
            for f in unwaived.screens[s].findings.indices {
                unwaived.screens[s].findings[f].waived = false
                unwaived.screens[s].findings[f].waiver = nil
            }
        }
        #expect(unwaived.screens == first.screens)
        let markdown = MarkdownReporter.render(second)
        #expect(markdown.contains("waived (false positive): the omnibox's microphone"))
        #expect(markdown.contains("waived until 2027-01-31 (accepted): Chrome's own tile"))
        #expect(markdown.contains("Waivers file: 2 findings waived; 1 entry matches no finding and can be removed:\n"
            + "- `text.size` on `title` in `gone` (`0123456789abcdef`, accepted)"))

        // Every error and warning waived: the gate passes.
        let all = first.screens.flatMap { screen in
            screen.findings.filter { $0.severity != .info }.map {
                WaiverEntry(fingerprint: $0.fingerprint, rule: $0.rule, screen: screen.id, element: $0.element, kind: .accepted, reason: "known")
            }
        }
        #expect(all.count == 6)
        let third = try await Self.audit(WaiversFile(waivers: all))
        #expect(!third.summary.gateFailed && third.summary.errors == 0 && third.summary.waived == 6)
        #expect(third.waivers?.unused == [])
    }

    /// An accepted entry waives up to and including its `expires` day; after it, the finding gates
    /// again and the reports say the waiver expired.
    @Test func testExpiry_isJudgedOnToday() async throws {
        let first = try await Self.audit(nil)
        let entry = try Self.entry(first, RuleID.labelMissing, "location_bar_status", kind: .accepted, reason: "fix in 4.2",
                                   expires: "2026-12-03")
        let onTheDay = try await Self.audit(WaiversFile(waivers: [entry]))
        #expect(Self.waived(onTheDay) == ["label.missing location_bar_status"])
        let after = try await Self.audit(WaiversFile(waivers: [entry]), today: CalendarDay(year: 2026, month: 12, day: 4))
        #expect(Self.waived(after).isEmpty && after.summary.errors == first.summary.errors)
        let finding = try #require(after.screens.flatMap(\.findings).first { $0.rule == RuleID.labelMissing })
        #expect(finding.waiver == WaiverStatus(reason: "fix in 4.2", expires: "2026-12-03", expired: true, kind: .accepted))
        // Matched, though expired: not unused, and not counted as waived.
        #expect(after.waivers == WaiversSummary(waived: 0, unused: []))
        #expect(MarkdownReporter.render(after).contains("waiver expired 2026-12-03 (accepted): fix in 4.2"))
    }

    /// The file's entry names one finding, so it wins over a contract's waiver unless it has
    /// expired and the contract's has not.
    @Test func testFileEntryAndContractWaiver_theCurrentOneWins() {
        let policy = Policy(today: Self.day, provenance: nil)
        let contract = WaiverStatus(reason: "contract", expires: nil, expired: false)
        let oldContract = WaiverStatus(reason: "contract", expires: "2026-01-01", expired: true)
        let file = WaiverStatus(reason: "file", expires: nil, expired: false, kind: .falsePositive)
        let oldFile = WaiverStatus(reason: "file", expires: "2026-01-01", expired: true, kind: .accepted)
        #expect(policy.chosenWaiver(contract: contract, file: file) == file)
        #expect(policy.chosenWaiver(contract: contract, file: oldFile) == contract)
        #expect(policy.chosenWaiver(contract: oldContract, file: oldFile) == oldFile)
        #expect(policy.chosenWaiver(contract: oldContract, file: nil) == oldContract)
        #expect(policy.chosenWaiver(contract: nil, file: nil) == nil)
    }
}
