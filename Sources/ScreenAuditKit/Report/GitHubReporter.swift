import Foundation

/// What `--format github` gives on GitHub Actions: workflow-command annotations on standard output
/// (one per finding, on the contract or the dump or screenshot that holds the screen, capped, then
/// one summary line) and a Markdown job summary for `$GITHUB_STEP_SUMMARY`.
///
/// The syntax is GitHub's "workflow commands"
/// (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions):
/// `::error file={name},line={line},title={title}::{message}`, with `::warning` and `::notice` alike.
/// Values are escaped as the Actions toolkit does (actions/toolkit, packages/core/src/command.ts):
/// in the message `%`, `\r`, `\n`; in a property value those and `:` and `,`.
public enum GitHubReporter {
    /// Annotations printed per run. GitHub shows at most 10 error and 10 warning annotations per
    /// step (and 50 per job) in the pull request's checks; 50 keeps the log short while every
    /// finding a reviewer can see inline is among them. Errors come first, so the cap drops infos
    /// and warnings before errors.
    public static let annotationCap = 50

    /// GitHub's limit on one step's job summary: 1 MiB
    /// (https://docs.github.com/en/actions/using-workflows/workflow-commands-for-github-actions#step-isolation-and-limits).
    /// The summary is kept below it with room for the closing lines.
    public static let summaryLimit = 1024 * 1024

    /// Where a finding is annotated: a file relative to the repository root, and the line of the
    /// screen's or element's entry when it is known.
    public struct Location: Equatable, Sendable {
        public var file: String
        public var line: Int?

        public init(file: String, line: Int? = nil) {
            self.file = file
            self.line = line
        }
    }

    /// A finding to report, with its place in the report.
    public struct Entry: Sendable {
        public var screen: ScreenReport
        public var finding: Finding
        /// Its number in report.md, the review page and the overlays.
        public var number: Int
        /// Whether `--compare` marked it new; nil when the run was not compared.
        public var isNew: Bool?
    }

    /// The findings that count toward the gate (neither waived nor baselined), errors first, then
    /// warnings, then infos; within a severity the new ones first (when `isNew` tells), then in the
    /// report's order. `isNew` reads the compare mark a finding carries, if any.
    public static func entries(_ report: AuditReport, isNew: ((Finding) -> Bool?)? = nil) -> [Entry] {
        var entries: [Entry] = []
        for (screen, first) in zip(report.screens, report.firstFindingNumbers) {
            for (offset, finding) in screen.findings.enumerated() where finding.isActive {
                entries.append(Entry(screen: screen, finding: finding, number: first + offset, isNew: isNew?(finding)))
            }
        }
        // Sorted on the severity, the new mark and the number: a total order, so the output is the
        // same for the same report.
        return entries.sorted {
            let a = ($0.finding.severity.rank, $0.isNew == true ? 0 : 1, $0.number)
            let b = ($1.finding.severity.rank, $1.isNew == true ? 0 : 1, $1.number)
            return a < b
        }
    }

    // MARK: - Annotations

    /// The workflow-command lines: one per entry up to `cap`, then one `::notice::` saying how many
    /// were annotated, how many not, and where the full report is (`fullReport`, a path; nil when
    /// no report file was written).
    public static func annotations(_ report: AuditReport, entries: [Entry], cap: Int = annotationCap, fullReport: String?,
                                   locate: (Entry) -> Location?) -> [String] {
        var lines: [String] = []
        for entry in entries.prefix(max(0, cap)) {
            lines.append(annotation(entry, location: locate(entry)))
        }
        let s = report.summary
        var summary = "Screen audit: \(count(s.errors, "error")), \(count(s.warnings, "warning")), \(count(s.infos, "info"))"
        if s.waived > 0 { summary += ", \(s.waived) waived" }
        if s.baselined > 0 { summary += ", \(s.baselined) baselined" }
        summary += "; \(gateWords(report)). "
        let left = entries.count - lines.count
        summary += left > 0 ? "\(lines.count) annotated, \(left) not annotated (at most \(cap) per run)"
            : "\(lines.count) annotated"
        if let fullReport { summary += "; full report: \(fullReport)" }
        lines.append("::notice title=\(escapeProperty("Screen audit"))::\(escapeData(summary + "."))")
        return lines
    }

    /// `::error file=…,line=…,title=…::message` for one finding.
    static func annotation(_ entry: Entry, location: Location?) -> String {
        let command: String
        switch entry.finding.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .info: command = "notice"
        }
        var properties: [String] = []
        if let location {
            properties.append("file=" + escapeProperty(location.file))
            if let line = location.line { properties.append("line=\(line)") }
        }
        let place = entry.screen.id + (entry.finding.element.map { " / " + $0 } ?? "")
        properties.append("title=" + escapeProperty("\(entry.finding.rule): \(place)"))
        let message = "#\(entry.number) \(place): \(entry.finding.message)"
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// A message (the data after `::`): `%`, CR and LF, as the toolkit's `escapeData`.
    public static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which end a value otherwise (the toolkit's `escapeProperty`).
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    /// The line (from 1) of the screen's entry in a contract's text (its `"id": "<screen>"`), or of
    /// the element's (an `"id": "<element>"` inside the screen's object) when it is there.
    /// Contracts are read without positions, so the line is found again in the text; nil when the
    /// screen's id is not there as written (escaped differently, say).
    public static func contractLine(in text: String, screen: String, element: String?) -> Int? {
        let bytes = Array(text.utf8)
        let ids = idEntries(bytes)
        guard let screenEntry = ids.first(where: { $0.value == jsonEscaped(screen) }) else { return nil }
        var offset = screenEntry.key
        if let element, let elementEntry = ids.first(where: {
            $0.value == jsonEscaped(element) && $0.depth > screenEntry.depth && screenEntry.object.contains($0.key)
        }) {
            offset = elementEntry.key
        }
        return bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// Every `"id": "<value>"` member of the JSON text: the value as written (escapes kept), where
    /// its key starts, how deep its object is, and the object's byte range. Strings are skipped
    /// whole, so braces inside them do not count.
    private static func idEntries(_ bytes: [UInt8]) -> [(value: String, key: Int, depth: Int, object: Range<Int>)] {
        var found: [(value: String, key: Int, depth: Int, objectStart: Int)] = []
        var objectEnds: [Int: Int] = [:]
        var open: [Int] = []
        var strings: [(start: Int, end: Int)] = []  // the last few string tokens, contents' range
        var sawColonAfterKey = false
        var index = 0
        func string(_ token: (start: Int, end: Int)) -> String { String(decoding: bytes[token.start..<token.end], as: UTF8.self) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                let token = (start: index + 1, end: min(end, bytes.count))
                if sawColonAfterKey, let key = strings.last, string(key) == "id", let objectStart = open.last {
                    found.append((string(token), key.start - 1, open.count, objectStart))
                }
                sawColonAfterKey = false
                strings = [token]
                index = end + 1
                continue
            case UInt8(ascii: ":"):
                sawColonAfterKey = !strings.isEmpty
            case UInt8(ascii: "{"):
                open.append(index)
                sawColonAfterKey = false
                strings = []
            case UInt8(ascii: "}"):
                if let start = open.popLast() { objectEnds[start] = index + 1 }
                sawColonAfterKey = false
                strings = []
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                break
            default:
                sawColonAfterKey = false
                strings = []
            }
            index += 1
        }
        return found.map { ($0.value, $0.key, $0.depth, $0.objectStart..<(objectEnds[$0.objectStart] ?? bytes.count)) }
    }

    /// The id as a JSON string's contents in its plainest form (quote, backslash, controls escaped).
    private static func jsonEscaped(_ id: String) -> String {
        var out = ""
        for scalar in id.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    // MARK: - Job summary

    /// The gate's result in words, never "passed" above findings that were only not gated:
    /// "gate failed (`--fail-on error`)", "not gated (`--fail-on never`)", "gate passed (`--fail-on error`)".
    /// `code`: the option in backticks (Markdown).
    static func gateWords(_ report: AuditReport, code: Bool = false) -> String {
        let option = code ? "`--fail-on \(report.settings.failOn)`" : "--fail-on \(report.settings.failOn)"
        if report.summary.gateFailed { return "gate failed (\(option))" }
        if report.settings.failOn == FailThreshold.never.rawValue { return "not gated (\(option))" }
        let active = report.summary.errors + report.summary.warnings + report.summary.infos
        return active > 0 ? "gate passed (\(option)): no finding reached it" : "gate passed (\(option))"
    }

    /// Markdown for `$GITHUB_STEP_SUMMARY`: the counts per severity as report.md gives them, the
    /// gate's result in words, then the findings (new ones first when the run was compared), as
    /// many as fit in `budget` bytes (a line says how many more the full report holds).
    /// `reports`: the report files written, for the closing line.
    public static func jobSummary(_ report: AuditReport, entries: [Entry], reports: [String], budget: Int = summaryLimit) -> String {
        let s = report.summary
        var head: [String] = ["## Screen audit", ""]
        head.append("**\(count(s.errors, "error")), \(count(s.warnings, "warning")), \(count(s.infos, "info"))** — \(gateWords(report, code: true)).")
        head.append("")
        head.append("| Screens | Errors | Warnings | Infos | Waived | Baselined | Passed | Not run |")
        head.append("|---:|---:|---:|---:|---:|---:|---:|---:|")
        head.append("| " + [s.screens, s.errors, s.warnings, s.infos, s.waived, s.baselined, s.passed, s.notRun].map { "\($0)" }.joined(separator: " | ") + " |")
        var tail: [String] = [""]
        if !reports.isEmpty {
            tail.append("Full report: " + reports.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        let compared = entries.contains { $0.isNew != nil }
        var rows: [String] = []
        if !entries.isEmpty {
            let newCount = entries.filter { $0.isNew == true }.count
            rows += ["", compared ? "### Findings (\(newCount) new first)" : "### Findings", ""]
            rows.append(compared ? "| # | Change | Severity | Rule | Screen | Element | Measured | Required |"
                : "| # | Severity | Rule | Screen | Element | Measured | Required |")
            rows.append(compared ? "|---:|---|---|---|---|---|---|---|" : "|---:|---|---|---|---|---|---|")
        }
        let fixed = (head + rows + tail).reduce(0) { $0 + $1.utf8.count + 1 }
        // Room for the line that says the list was cut.
        var room = budget - fixed - 200
        var listed = 0
        for entry in entries {
            let f = entry.finding
            var cells = ["\(entry.number)"]
            if compared { cells.append(entry.isNew == true ? "new" : "unchanged") }
            cells += [f.severity.rawValue, "`\(f.rule)`", "`\(MarkdownReporter.escape(entry.screen.id))`",
                      f.element.map { "`\(MarkdownReporter.escape($0))`" } ?? "—",
                      MarkdownReporter.escape(MarkdownReporter.measuredText(f)), MarkdownReporter.escape(MarkdownReporter.requiredText(f))]
            let row = "| " + cells.joined(separator: " | ") + " |"
            let size = row.utf8.count + 1
            guard size <= room else { break }
            room -= size
            rows.append(row)
            listed += 1
        }
        if listed < entries.count {
            rows += ["", "\(entries.count - listed) more \(entries.count - listed == 1 ? "finding is" : "findings are") not listed: "
                + "the summary stays under GitHub's 1 MiB limit for a step; the full report has every one."]
        }
        return (head + rows + tail).joined(separator: "\n") + "\n"
    }

    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
