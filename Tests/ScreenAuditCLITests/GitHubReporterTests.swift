import Foundation
import ScreenAuditKit
import TestSupport
import Testing

/// `--format github`: the annotations checked against GitHub's workflow-command grammar
/// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions), the cap and
/// the summary line, and the job summary appended to `$GITHUB_STEP_SUMMARY`, from the built binary.
@Suite struct GitHubReporterTests {
    /// `::command key=value,key=value::message`: a property value holds no raw `,` `:` CR or LF
    /// (they are %-escaped), the message no raw CR or LF.
    static let grammarPattern = #"::(error|warning|notice)( (file|line|endLine|col|endColumn|title)=[^,:\r\n]*(,(file|line|endLine|col|endColumn|title)=[^,:\r\n]*)*)?::[^\r\n]*"#

    static func matchesGrammar(_ line: String) -> Bool {
        (try? Regex(grammarPattern)).flatMap { line.wholeMatch(of: $0) } != nil
    }

    /// Every `%` the reporter writes starts one of the escapes GitHub decodes.
    static func escapesAreWellFormed(_ line: String) -> Bool {
        var rest = Substring(line)
        while let percent = rest.firstIndex(of: "%") {
            let code = rest[rest.index(after: percent)...].prefix(2)
            guard ["25", "0D", "0A", "3A", "2C"].contains(String(code)) else { return false }
            rest = rest[rest.index(after: percent)...]
        }
        return true
    }

    /// The audit of AuditCommandTests' project with `--format github`, in a clean GitHub-ish environment.
    static func audit(_ directory: TemporaryDirectory, _ extra: [String] = [], summary: String = "", out: String = "out") throws -> ToolRun {
        try Binary.run(["audit", "--contracts", "contracts", "--screenshots", "shots", "--provenance", "provenance.json",
                        "--out", out, "--today", "2026-11-29", "--format", "github"] + extra,
                       in: directory.url, environment: ["GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": ""])
    }

    static func annotations(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("::") }
    }

    @Test func testAnnotations_followTheGrammar_onTheContractLine() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        let run = try Self.audit(directory)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = Self.annotations(run.stdout)
        let report = try AuditCommandTests.report(directory)
        let summary = try #require(report["summary"] as? [String: Any])
        let active = (summary["errors"] as? Int ?? 0) + (summary["warnings"] as? Int ?? 0) + (summary["infos"] as? Int ?? 0)
        // One per finding that gates or could (waived ones are not annotated), then the summary line.
        #expect(lines.count == active + 1, "\(lines)")
        for line in lines {
            #expect(Self.matchesGrammar(line), "\(line)")
            #expect(Self.escapesAreWellFormed(line), "\(line)")
        }
        // Errors first, then warnings, then infos.
        let kinds = lines.dropLast().map { $0.prefix { $0 != " " } }
        #expect(kinds == kinds.sorted { ["::error", "::warning", "::notice"].firstIndex(of: String($0))! < ["::error", "::warning", "::notice"].firstIndex(of: String($1))! })
        // The faint label's finding is on its contract, at the line of the element's id.
        let below = try #require(lines.first { $0.contains("light / just-below") && $0.hasPrefix("::error ") }, "\(lines)")
        let properties = below.dropFirst("::error ".count).prefix { $0 != ":" }
        let pairs = Dictionary(uniqueKeysWithValues: properties.split(separator: ",").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
        let file = try #require(pairs["file"])
        #expect(file.hasPrefix("contracts/") && file.hasSuffix(".json"), "\(file)")
        let line = try #require(pairs["line"].flatMap { Int($0) })
        let contract = try String(contentsOf: directory.url.appendingPathComponent(file), encoding: .utf8)
        let text = contract.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        #expect(text.contains("\"just-below\""), "line \(line): \(text)")
        #expect(pairs["title"] == "contrast.text%3A light / just-below")
        // The last line says how many were annotated and where the full report is.
        #expect(lines.last!.hasPrefix("::notice title=Screen audit::"))
        #expect(lines.last!.contains("\(active) annotated; full report: out/report.md"), "\(lines.last!)")
        // The closing lines stay last.
        #expect(run.stdout.hasSuffix("gate: failed (--fail-on error)\n"))
    }

    @Test func testEscaping_ofPropertiesAndMessages() throws {
        #expect(GitHubReporter.escapeProperty("50% a:b,c\r\nd") == "50%25 a%3Ab%2Cc%0D%0Ad")
        #expect(GitHubReporter.escapeData("50% a:b,c\r\nd") == "50%25 a:b,c%0D%0Ad")
        // The grammar itself: a raw comma or colon in a value, or an unknown property, does not match.
        #expect(Self.matchesGrammar("::notice::x") && Self.matchesGrammar("::error file=a.json,line=3,title=t::m: n, o"))
        #expect(!Self.matchesGrammar("::error file=a,b.json::x") && !Self.matchesGrammar("::error file=a:b::x")
            && !Self.matchesGrammar("::error name=a::x") && !Self.matchesGrammar("::error::a\nb"))

        // A screen id and an element with every character that needs escaping.
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        _ = try Self.audit(directory)
        var report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: directory.url.appendingPathComponent("out/report.json")))
        let index = try #require(report.screens.firstIndex { $0.id == "light" })
        report.screens[index].id = "home,50%:\nsecond"
        let entries = GitHubReporter.entries(report)
        let lines = GitHubReporter.annotations(report, entries: entries, fullReport: "out/report.md") { entry in
            GitHubReporter.Location(file: "contracts/a,b:c.json", line: entry.number)
        }
        for line in lines {
            #expect(Self.matchesGrammar(line), "\(line)")
            #expect(Self.escapesAreWellFormed(line), "\(line)")
        }
        let escaped = try #require(lines.first { $0.contains("home%2C50%25%3A%0Asecond") })
        #expect(escaped.contains("file=contracts/a%2Cb%3Ac.json,line="))
        // In the message only %, CR and LF are escaped.
        #expect(escaped.contains("::#") && escaped.contains(" home,50%25:%0Asecond"), "\(escaped)")
    }

    @Test func testCap_andTheSummaryLine() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        _ = try Self.audit(directory)
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: directory.url.appendingPathComponent("out/report.json")))
        let entries = GitHubReporter.entries(report)
        #expect(entries.count > 3)
        let lines = GitHubReporter.annotations(report, entries: entries, cap: 3, fullReport: "out/report.md") { _ in nil }
        #expect(lines.count == 4)
        #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("::error ") }, "\(lines)")
        #expect(lines.last!.contains("3 annotated, \(entries.count - 3) not annotated (at most 3 per run); full report: out/report.md."), "\(lines.last!)")
        #expect(GitHubReporter.annotationCap == 50)

        // New findings (when a compare mark tells) come first within their severity.
        let last = try #require(entries.last { $0.finding.severity == .error })
        let marked = GitHubReporter.entries(report) { $0 == last.finding ? true : false }
        #expect(marked.first?.number == last.number)
        let summary = GitHubReporter.jobSummary(report, entries: marked, reports: [])
        #expect(summary.contains("### Findings (1 new first)") && summary.contains("| \(last.number) | new | error |"), "\(summary)")
    }

    @Test func testJobSummary_isAppended_andDeterministic() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        let first = directory.path("summary-1.md"), second = directory.path("summary-2.md")
        try "Earlier step\n".write(toFile: first, atomically: true, encoding: .utf8)
        let runs = [try Self.audit(directory, summary: first), try Self.audit(directory, summary: second)]
        #expect(runs[0].stdout == runs[1].stdout)
        let one = try String(contentsOfFile: first, encoding: .utf8), two = try String(contentsOfFile: second, encoding: .utf8)
        #expect(one == "Earlier step\n" + two)
        let report = try AuditCommandTests.report(directory)
        let s = try #require(report["summary"] as? [String: Any])
        #expect(two.hasPrefix("## Screen audit\n"))
        #expect(two.contains("— gate failed (`--fail-on error`)."), "\(two)")
        let counts = [s["screens"], s["errors"], s["warnings"], s["infos"], s["waived"], s["baselined"], s["passed"], s["notRun"]]
            .map { "\($0 as? Int ?? -1)" }
        #expect(two.contains("| " + counts.joined(separator: " | ") + " |"), "\(two)")
        #expect(two.contains("| `contrast.text` | `light` | `just-below` |"), "\(two)")
        #expect(two.contains("Full report: `out/report.json`, `out/report.md`"))

        // Never "passed" above findings that were only not gated.
        let never = directory.path("summary-never.md")
        let ungated = try Self.audit(directory, ["--fail-on", "never"], summary: never, out: "never")
        #expect(ungated.status == 0)
        #expect(try String(contentsOfFile: never, encoding: .utf8).contains("— not gated (`--fail-on never`)."))
        #expect(Self.annotations(ungated.stdout).last!.contains("; not gated (--fail-on never)."))
    }

    @Test func testJobSummary_staysUnderItsBudget() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        _ = try Self.audit(directory)
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(contentsOf: directory.url.appendingPathComponent("out/report.json")))
        let entries = GitHubReporter.entries(report)
        let full = GitHubReporter.jobSummary(report, entries: entries, reports: ["out/report.md"])
        let budget = full.utf8.count - 1
        let cut = GitHubReporter.jobSummary(report, entries: entries, reports: ["out/report.md"], budget: budget)
        #expect(cut.utf8.count <= budget)
        #expect(cut.contains("not listed: the summary stays under GitHub's 1 MiB limit"), "\(cut)")
        #expect(GitHubReporter.summaryLimit == 1_048_576)
    }

    @Test func testScan_annotatesTheScreenshot_andFormatsAreChecked() throws {
        let directory = try TemporaryDirectory()
        try ScanCommandTests.makeShots(in: directory)
        let run = try Binary.run(["scan", "--scale", "2", "--out", "out", "--format", "json,github", "shots"], in: directory.url,
                                 environment: ["GITHUB_STEP_SUMMARY": "", "GITHUB_WORKSPACE": directory.url.resolvingSymlinksInPath().path])
        #expect(run.status == 1)
        let lines = Self.annotations(run.stdout)
        #expect(lines.contains { $0.hasPrefix("::error file=shots/a.png,title=contrast.text%3A a / ") }, "\(lines)")
        #expect(lines.last!.contains("full report: out/report.json."), "\(lines.last!)")
        // github with the others: only the files named are written.
        #expect(!FileManager.default.fileExists(atPath: directory.path("out/report.md")))

        let bad = try Binary.run(["scan", "--scale", "2", "--format", "github,pdf", "shots"], in: directory.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown format 'pdf' for --format (formats: json, md, junit, sarif, html, overlays, github)"), "\(bad.stderr)")
    }

    @Test func testHierarchyScreens_areAnnotatedOnTheirDump() throws {
        let directory = try HierarchyAuditTests.project(HierarchyWriter.xcuitest, ext: "txt")
        let run = try Binary.run(["audit", "--screenshots", "shots", "--hierarchies", "dumps", "--out", "out", "--today", "2026-11-30",
                                  "--format", "github"], in: directory.url, environment: ["GITHUB_STEP_SUMMARY": "", "GITHUB_WORKSPACE": ""])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = Self.annotations(run.stdout).dropLast()
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(Self.matchesGrammar(line), "\(line)")
            #expect(line.contains(" file=dumps/signin.txt,title=") || line.contains(" file=dumps/settings/dark.txt,title="), "\(line)")
        }
    }

    /// action.yml's structure, as scripts/check-action.sh checks it in CI (where PyYAML is).
    @Test(.enabled(if: Self.pythonHasYAML, "python3 with PyYAML is not installed"))
    func testActionYAML_hasTheStructureGitHubNeeds() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let check = try Binary.run(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                   ["python3", "scripts/action/check_action.py", "--self-test", "action.yml"], in: root)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    static var pythonHasYAML: Bool {
        (try? Binary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import yaml"]))?.status == 0
    }
}
