import ColorScience
/// `report.md` for an asset catalog audit: the verdict, what was and was not checked, every
/// finding with the file and JSON path to fix, the colour pairs' measured contrast, and the
/// assets with their provenance. Pure: report in, text out.
public enum AssetMarkdownReporter {
    public static func render(_ report: AssetReport) -> String {
        typealias M = MarkdownReporter
        let s = report.summary
        var lines = ["# Asset catalog audit", ""]
        let verdict = s.gateFailed ? "**Failed**" : "**Passed**"
        lines.append("\(verdict) (`--fail-on \(report.settings.failOn)`\(report.settings.release ? ", `--release`" : "")): "
            + "\(s.errors) \(M.plural(s.errors, "error")), \(s.warnings) \(M.plural(s.warnings, "warning")), \(s.infos) \(M.plural(s.infos, "info")) "
            + "on \(s.assets) \(M.plural(s.assets, "asset")) in `\(report.settings.catalog)`.")
        lines.append("")
        lines.append("Requirements: \(report.settings.requirements.map { "`\($0)`" } ?? "none") · "
            + "Provenance: \(report.settings.provenance.map { "`\($0)`" } ?? "not checked")")
        if !report.notes.isEmpty {
            lines.append("")
            for note in report.notes { lines.append("- Note: \(M.escape(note))") }
        }
        if !report.findings.isEmpty {
            lines += ["", "## Findings", "", "| # | Severity | Rule | Asset | Where | Problem |", "|---:|---|---|---|---|---|"]
            for (number, finding) in report.findings.enumerated() {
                let place = "`\(finding.file)`" + (finding.location.map { " at `\($0)`" } ?? "")
                lines.append("| \(number + 1) | \(finding.severity.rawValue) | `\(finding.rule)` | \(finding.asset.map { "`\($0)`" } ?? "—") | "
                    + "\(M.escape(place)) | \(M.escape(finding.message)) |")
            }
        }
        if !report.colorPairs.isEmpty {
            lines += ["", "## Colour pairs", "", "| Foreground | Background | Appearance | Use | Ratio | Minimum | Result |",
                      "|---|---|---|---|---:|---:|---|"]
            for pair in report.colorPairs {
                let ratio = pair.ratio.map { "\(RatioDisplay.text($0)):1" } ?? "—"
                let result = pair.status == .notRun ? "not run: \(pair.reason ?? "")" : pair.status.rawValue
                lines.append("| `\(pair.foreground)` \(pair.foregroundColor ?? "") | `\(pair.background)` \(pair.backgroundColor ?? "") | "
                    + "\(pair.appearance) | \(pair.text) | \(ratio) | \(RatioDisplay.minimum(pair.minimumRatio)):1 | \(M.escape(result)) |")
            }
        }
        lines += ["", "## Assets", "", "| Asset | Kind | Files | Required | Provenance |", "|---|---|---:|---|---|"]
        for asset in report.assets {
            lines.append("| `\(asset.name)` | \(asset.kind.rawValue) | \(asset.files) | \(asset.required ? "yes" : "—") | "
                + "\(M.escape(asset.provenance ?? "—")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
