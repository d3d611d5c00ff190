import ColorScience
import Foundation

/// `report.md`: a summary table per screen, then the findings by screen with measured against
/// required values — short enough for a pull-request comment. Passing checks are only counted.
public enum MarkdownReporter {
    public static let fileName = "report.md"

    public static func render(_ report: AuditReport) -> String {
        let s = report.summary
        var lines: [String] = ["# Screen audit", ""]
        let verdict = s.gateFailed ? "**Failed**" : "**Passed**"
        lines.append("\(verdict) (`--fail-on \(report.settings.failOn)`): \(s.errors) \(plural(s.errors, "error")), "
            + "\(s.warnings) \(plural(s.warnings, "warning")), \(s.infos) \(plural(s.infos, "info")), \(s.waived) waived; "
            + "\(s.passed) \(plural(s.passed, "check")) passed, \(s.notRun) not run, on \(s.screens) \(plural(s.screens, "screen")).")
        lines += changeLines(report)
        lines.append("")
        lines.append("Contrast level \(report.settings.level); large text rule \(report.settings.largeTextRule).")
        if let baseline = report.baseline {
            lines.append("")
            lines.append("Baseline: \(baseline.baselined) \(plural(baseline.baselined, "finding")) accepted (reported, not gating); "
                + "\(baseline.stale.count) \(plural(baseline.stale.count, "entry")) no longer \(baseline.stale.count == 1 ? "occurs" : "occur") and can be removed"
                + (baseline.stale.isEmpty ? "." : ":"))
            for entry in baseline.stale {
                lines.append("- `\(entry.rule)` on `\(entry.element ?? entry.screen)` in `\(entry.screen)` (`\(entry.fingerprint)`)")
            }
        }
        if let waivers = report.waivers {
            lines.append("")
            lines.append("Waivers file: \(waivers.waived) \(plural(waivers.waived, "finding")) waived; "
                + "\(waivers.unused.count) \(plural(waivers.unused.count, "entry")) \(waivers.unused.count == 1 ? "matches" : "match") no finding and can be removed"
                + (waivers.unused.isEmpty ? "." : ":"))
            for entry in waivers.unused {
                lines.append("- `\(entry.rule)` on `\(entry.element ?? entry.screen)` in `\(entry.screen)` (`\(entry.fingerprint)`, \(entry.kind.rawValue))")
            }
        }
        lines.append("")
        lines.append("| Screen | Status | Errors | Warnings | Infos | Waived | Passed | Not run |")
        lines.append("|---|---|---:|---:|---:|---:|---:|---:|")
        for screen in report.screens {
            let c = screen.counts
            let cells = ["`\(screen.id)`", screen.status.rawValue] + [c.errors, c.warnings, c.infos, c.waived, c.passed, c.notRun].map { "\($0)" }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines += variantLines(report)
        for (screen, first) in zip(report.screens, report.firstFindingNumbers) {
            let notRun = screen.checked.filter { $0.status == .notRun }
            guard !screen.findings.isEmpty || !notRun.isEmpty || !screen.notes.isEmpty || screen.hierarchy != nil else { continue }
            lines += ["", "## `\(screen.id)`", "", screen.contract.isEmpty ? "Screenshot `\(screen.screenshot)` (text found in its pixels)."
                : "Screenshot `\(screen.screenshot)` (contract `\(screen.contract)`)."]
            if let size = screen.contentSize {
                lines.append("- Text size \(size)\(screen.variantOf.map { ", a variant of `\($0)`" } ?? "").")
            }
            for note in screen.notes { lines.append("- Note: \(escape(note))") }
            if let outline = screen.hierarchy { lines.append("- From the dump: \(escape(Self.outlineText(outline)))") }
            if !screen.findings.isEmpty {
                // The Change column only in a compared report: without --compare the table is as it was.
                let compared = report.comparison != nil
                lines += ["", "| # | Severity | Rule | Element | Measured | Required | Note |" + (compared ? " Change |" : ""),
                          "|---:|---|---|---|---|---|---|" + (compared ? "---|" : "")]
                for (offset, finding) in screen.findings.enumerated() {
                    let number = first + offset
                    let change = compared ? " \(finding.change == .new ? "**new**" : finding.change?.rawValue ?? "—") |" : ""
                    lines.append("| \(number) | \(severityText(finding)) | `\(finding.rule)` | \(finding.element.map { "`\($0)`" } ?? "—") | "
                        + "\(escape(measuredText(finding))) | \(requiredText(finding)) | \(escape(noteText(finding))) |" + change)
                }
            }
            if !notRun.isEmpty {
                lines.append("")
                // One line per element and reason: an element the dump shows covered has all its
                // pixel checks not run for one reason.
                var groups: [(element: String, reason: String, rules: [String])] = []
                for entry in notRun {
                    let element = entry.element ?? screen.id, reason = entry.reason ?? "no reason given"
                    if let last = groups.last, last.element == element, last.reason == reason {
                        groups[groups.count - 1].rules.append(entry.rule)
                    } else {
                        groups.append((element, reason, [entry.rule]))
                    }
                }
                for group in groups {
                    lines.append("- Not run: \(group.rules.map { "`\($0)`" }.joined(separator: ", ")) on `\(group.element)`: \(escape(group.reason))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "error", "waived (error)", "baselined (warning)".
    static func severityText(_ finding: Finding) -> String {
        finding.waived ? "waived (\(finding.severity.rawValue))"
            : finding.baselined ? "baselined (\(finding.severity.rawValue))" : finding.severity.rawValue
    }

    /// In a compared report (`--compare`): the findings the compared run did not have, by number,
    /// then the counts of the unchanged and fixed ones and the fixed ones listed, so that a
    /// pull-request comment opens on what the change brought.
    static func changeLines(_ report: AuditReport) -> [String] {
        guard let comparison = report.comparison else { return [] }
        let s = report.summary
        let new = s.new ?? 0, unchanged = s.unchanged ?? 0, fixed = s.fixed ?? 0
        var lines = ["", "## New since the compared run", ""]
        lines.append("\(new) new \(plural(new, "finding")), \(unchanged) unchanged, \(fixed) fixed (gone since the compared run).")
        var rows: [String] = []
        for (screen, first) in zip(report.screens, report.firstFindingNumbers) {
            for (offset, finding) in screen.findings.enumerated() where finding.change == .new {
                rows.append("| \(first + offset) | `\(screen.id)` | \(severityText(finding)) | `\(finding.rule)` | "
                    + "\(finding.element.map { "`\($0)`" } ?? "—") | \(escape(finding.message)) |")
            }
        }
        if !rows.isEmpty {
            lines += ["", "| # | Screen | Severity | Rule | Element | Finding |", "|---:|---|---|---|---|---|"] + rows
        }
        let fixedOnScreens = report.screens.map { ($0.id, $0.fixed ?? []) } + comparison.removedScreens.map { ($0.screen, $0.fixed) }
        if fixed > 0 {
            lines += ["", "Fixed:"]
            for (screen, findings) in fixedOnScreens {
                for finding in findings {
                    lines.append("- `\(finding.rule)` on `\(finding.element ?? screen)` in `\(screen)`: \(escape(finding.message))")
                }
            }
        }
        if !comparison.removedScreens.isEmpty {
            lines += ["", "Screens of the compared run not in this one: \(comparison.removedScreens.map { "`\($0.screen)`" }.joined(separator: ", "))."]
        }
        return lines
    }

    /// "Text sizes side by side": for each screen shown at several text sizes, a column per size
    /// and a row per rule and element with a finding at any of them.
    static func variantLines(_ report: AuditReport) -> [String] {
        let comparisons = VariantComparison.all(report)
        guard !comparisons.isEmpty else { return [] }
        var lines = ["", "## Text sizes side by side", ""]
        lines.append("Screens shown at several text sizes (`contentSize`, `variantOf`), smallest first; a finding only a larger size has says \"only at\".")
        for comparison in comparisons {
            let screens = comparison.columns.map { report.screens[$0.screen] }
            lines += ["", "### `\(screens[0].id)`: \(comparison.columns.map(\.size).joined(separator: ", "))", ""]
            let counts = zip(comparison.columns, screens).map { column, screen in
                let c = screen.counts
                return "\(column.size) `\(screen.id)`: \(c.errors) \(plural(c.errors, "error")), \(c.warnings) \(plural(c.warnings, "warning")), \(c.infos) \(plural(c.infos, "info")), \(c.passed) passed"
            }
            lines.append(counts.joined(separator: "; ") + "."
                + (comparison.paired ? "" : " The lines were found in the pixels: they are not paired across sizes, each finding has its own row."))
            guard !comparison.rows.isEmpty else {
                lines += ["", "No finding at any size."]
                continue
            }
            lines += ["", "| Rule | Element | " + comparison.columns.map(\.size).joined(separator: " | ") + " |",
                      "|---|---|" + String(repeating: "---|", count: comparison.columns.count)]
            for row in comparison.rows {
                let cells = row.cells.map { cell in
                    cell.map { "#\($0.number) \($0.finding.severity.rawValue): \(escape(measuredText($0.finding)))" } ?? "—"
                }
                lines.append("| `\(row.rule)` | \(row.element.map { "`\($0)`" } ?? "—") | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines
    }

    static func measuredText(_ finding: Finding) -> String {
        finding.measured.measuredText(finding.facts) ?? finding.message
    }

    static func requiredText(_ finding: Finding) -> String {
        finding.measured.requiredText(finding.facts) ?? finding.threshold.map(RatioDisplay.minimum) ?? "—"
    }

    static func noteText(_ finding: Finding) -> String {
        var parts: [String] = []
        if let waiver = finding.waiver {
            // A waivers file's entry says its kind too: " (false positive)", " (accepted)".
            let kind = waiver.kind.map { " (\($0 == .falsePositive ? "false positive" : $0.rawValue))" } ?? ""
            if waiver.expired {
                parts.append("waiver expired \(waiver.expires ?? "")\(kind): \(waiver.reason)")
            } else {
                parts.append("waived\(waiver.expires.map { " until \($0)" } ?? "")\(kind): \(waiver.reason)")
            }
        }
        if let provenance = finding.provenance { parts.append("asset `\(provenance.asset)`: \(provenance.summary)") }
        if let onlyAt = finding.onlyAt { parts.append("only at \(onlyAt)\(finding.notAt.map { ", not at \($0)" } ?? "")") }
        if let spoken = finding.spoken { parts.append("spoken: \(spoken)") }
        return parts.joined(separator: "; ")
    }

    static func plural(_ count: Int, _ word: String) -> String { count == 1 ? word : word + "s" }

    /// Table cells cannot hold pipes or line breaks.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// `93 nodes, 41 elements; 27 layout containers; left out or not judged: 2 system UI (…), 12 covered …`.
    static func outlineText(_ outline: HierarchyOutline) -> String {
        var text = "\(outline.nodes) node\(outline.nodes == 1 ? "" : "s"), \(outline.elements) element\(outline.elements == 1 ? "" : "s") imported, "
            + "\(outline.layoutContainers) layout container\(outline.layoutContainers == 1 ? "" : "s")"
        let counts = outline.counts
        text += counts.isEmpty ? "; nothing else left out" : "; left out or not judged: " + counts.map { "\($0.count) \($0.reason.summary)" }.joined(separator: "; ")
        return text + " (each with its reason in report.json)"
    }
}
