import ColorScience
/// `index.html`: a self-contained review page — inline CSS, relative image links, no network, no
/// script. A summary on top, then a section per screen with its overlay beside its findings table;
/// radio buttons filter by severity and by rule with CSS alone. Written as well-formed XHTML so a
/// test can parse it. It is itself accessible: one h1, h2 per screen, alt text on every image, real
/// table headers, keyboard-reachable filters, text contrast well above 4.5:1.
public enum HTMLReporter {
    public static let fileName = "index.html"

    public static func render(_ report: AuditReport, overlays: Set<String>) -> String {
        let s = report.summary
        let rules = Array(Set(report.screens.flatMap { $0.findings.map(\.rule) })).sorted()
        func cls(_ rule: String) -> String { "rule-" + rule.replacingOccurrences(of: ".", with: "-") }
        var css = """
        body{font:16px/1.5 -apple-system,system-ui,sans-serif;margin:0;color:#1c1c1e;background:#fff}
        header,main{max-width:1100px;margin:0 auto;padding:0 16px}
        h1{font-size:28px}h2{font-size:22px;margin-top:40px;border-top:1px solid #c7c7cc;padding-top:16px}
        .verdict-failed{color:#b00020}.verdict-passed{color:#1b6e3a}
        table{border-collapse:collapse;width:100%}th,td{border:1px solid #c7c7cc;padding:6px 8px;text-align:left;vertical-align:top}
        th{background:#f2f2f7}.screen{display:flex;gap:24px;flex-wrap:wrap}.screen figure{margin:0;flex:0 0 320px}
        .screen img{width:320px;height:auto;border:1px solid #8e8e93}.findings{flex:1 1 400px}
        fieldset{border:1px solid #c7c7cc;margin:8px 0}label{margin-right:12px}
        .crop{display:block;overflow:hidden;border:1px solid #8e8e93;margin-bottom:4px}.crop img{display:block;object-fit:none;transform-origin:0 0}
        .swatch{display:inline-block;margin-right:8px;white-space:nowrap}.chip{display:inline-block;width:14px;height:14px;border:1px solid #3a3a3c;vertical-align:-2px;margin-right:4px}
        input:focus-visible+label,a:focus-visible{outline:3px solid #0040dd}
        .sev-error td:nth-child(2){color:#b00020;font-weight:600}.sev-warning td:nth-child(2){color:#8a4b00;font-weight:600}
        """
        for severity in ["error", "warning", "info"] {
            css += "\n#sev-\(severity):checked ~ main tr.finding:not(.sev-\(severity)){display:none}"
        }
        for rule in rules {
            css += "\n#\(cls(rule)):checked ~ main tr.finding:not(.\(cls(rule))){display:none}"
        }
        var html: [String] = [
            "<!DOCTYPE html>",
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">",
            "<head><meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
            "<title>Screen audit: \(s.gateFailed ? "failed" : "passed")</title>",
            "<style>\n\(css)\n</style></head>",
            "<body>",
        ]
        // Filters: radio buttons before <main>, so CSS sibling selectors can hide rows.
        html.append("<input type=\"radio\" name=\"severity\" id=\"sev-all\" checked=\"checked\"/><label for=\"sev-all\">All severities</label>")
        for severity in ["error", "warning", "info"] {
            html.append("<input type=\"radio\" name=\"severity\" id=\"sev-\(severity)\"/><label for=\"sev-\(severity)\">Only \(severity)s</label>")
        }
        html.append("<br/>")
        html.append("<input type=\"radio\" name=\"rule\" id=\"rule-all\" checked=\"checked\"/><label for=\"rule-all\">All rules</label>")
        for rule in rules {
            html.append("<input type=\"radio\" name=\"rule\" id=\"\(cls(rule))\"/><label for=\"\(cls(rule))\">\(escape(rule))</label>")
        }
        html.append("<main>")
        html.append("<h1>Screen audit <span class=\"verdict-\(s.gateFailed ? "failed" : "passed")\">\(s.gateFailed ? "failed" : "passed")</span></h1>")
        html.append("<p>\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos, \(s.waived) waived, \(s.baselined) baselined; "
            + "\(s.passed) checks passed, \(s.notRun) not run, on \(s.screens) screens (<code>--fail-on \(escape(report.settings.failOn))</code>, "
            + "contrast level \(escape(report.settings.level))).</p>")
        html.append("<table><caption>Screens</caption><thead><tr><th scope=\"col\">Screen</th><th scope=\"col\">Status</th><th scope=\"col\">Findings</th><th scope=\"col\">Checks passed</th></tr></thead><tbody>")
        for screen in report.screens {
            html.append("<tr><td><a href=\"#\(anchor(screen.id))\">\(escape(screen.id))</a></td><td>\(screen.status.rawValue)</td>"
                + "<td>\(screen.findings.count)</td><td>\(screen.checked.filter { $0.status == .pass }.count)</td></tr>")
        }
        html.append("</tbody></table>")
        for (screen, number) in zip(report.screens, report.firstFindingNumbers) {
            html.append("<section id=\"\(anchor(screen.id))\" aria-labelledby=\"h-\(anchor(screen.id))\">")
            html.append("<h2 id=\"h-\(anchor(screen.id))\">\(escape(screen.id))</h2>")
            html.append("<p>Screenshot <code>\(escape(screen.screenshot))</code>, \(screen.status.rawValue).</p>")
            html.append("<div class=\"screen\">")
            if overlays.contains(screen.id) {
                let path = "\(OverlayReporter.directory)/\(OverlayReporter.fileName(for: screen.id))"
                html.append("<figure><a href=\"\(escape(path))\"><img src=\"\(escape(path))\" alt=\"Screenshot of \(escape(screen.id)) with its \(screen.findings.count) findings outlined and numbered\"/></a></figure>")
            }
            html.append("<div class=\"findings\">")
            if screen.findings.isEmpty {
                html.append("<p>No findings.</p>")
            } else {
                html.append("<table><caption>Findings on \(escape(screen.id))</caption><thead><tr><th scope=\"col\">#</th><th scope=\"col\">Severity</th><th scope=\"col\">Rule</th><th scope=\"col\">Element</th><th scope=\"col\">Finding</th><th scope=\"col\">Close-up and colours</th></tr></thead><tbody>")
                for (index, finding) in screen.findings.enumerated() {
                    let state = finding.waived ? " (waived)" : finding.baselined ? " (baselined)" : ""
                    html.append("<tr class=\"finding sev-\(finding.severity.rawValue) \(cls(finding.rule))\"><td>\(number + index)</td>"
                        + "<td>\(finding.severity.rawValue)\(state)</td><td><code>\(escape(finding.rule))</code></td>"
                        + "<td>\(escape(finding.element ?? "—"))</td><td>\(escape(finding.message))</td>"
                        + "<td>\(closeUp(finding, number: number + index, screen: screen, overlays: overlays))\(swatches(finding.measured))</td></tr>")
                }
                html.append("</tbody></table>")
            }
            html.append("</div></div></section>")
        }
        html.append("</main></body></html>")
        return html.joined(separator: "\n") + "\n"
    }

    /// The finding's frame cut from the screen's overlay and enlarged 1× to 2× (to fill 240 px
    /// where it is small; a wide frame shows its start), with CSS alone: the image at its own size,
    /// shifted and scaled in a box.
    static func closeUp(_ finding: Finding, number: Int, screen: ScreenReport, overlays: Set<String>) -> String {
        guard overlays.contains(screen.id), let frame = finding.frame, frame.width > 0, frame.height > 0 else { return "" }
        let pad = 8
        let x = max(0, frame.x - pad), y = max(0, frame.y - pad)
        let zoom = min(2, max(1, 240 / Double(frame.width + 2 * pad)))
        let width = min(frame.width + 2 * pad, Int(240 / zoom)), height = min(frame.height + 2 * pad, Int(160 / zoom))
        func px(_ value: Double) -> String { RatioDisplay.minimum((value * 100).rounded() / 100) }
        let path = "\(OverlayReporter.directory)/\(OverlayReporter.fileName(for: screen.id))"
        return "<span class=\"crop\" style=\"width:\(px(Double(width) * zoom))px;height:\(px(Double(height) * zoom))px\">"
            + "<img src=\"\(escape(path))\" alt=\"Close-up of finding \(number) on \(escape(finding.element ?? screen.id))\" "
            + "style=\"width:\(width)px;height:\(height)px;object-position:-\(x)px -\(y)px;transform:scale(\(px(zoom)))\"/></span>"
    }

    /// The colours a finding measured, each as a swatch with its hex value, and its ratio.
    static func swatches(_ measured: Measurement) -> String {
        var colors: [(String, String?)] = []
        var ratio: Double?
        switch measured {
        case let .textContrast(m): colors = [("text", m.foreground), ("background", m.background)]; ratio = m.ratio
        case let .nonTextContrast(m): colors = [("control", m.component), ("next to it", m.background)]; ratio = m.ratio
        case let .designPalette(m): colors = [(m.part, m.color), (m.nearestToken ?? "token", m.nearestColor)]
        default: break
        }
        var parts: [String] = colors.compactMap { label, hex in
            guard let hex, hex.hasPrefix("#"), hex.count == 7, hex.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
            return "<span class=\"swatch\"><span class=\"chip\" style=\"background:\(hex)\" aria-hidden=\"true\"></span>"
                + "\(escape(label)) <code>\(hex)</code></span>"
        }
        if let ratio { parts.append("<span class=\"swatch\">\(RatioDisplay.text(ratio)):1</span>") }
        return parts.joined()
    }

    static func anchor(_ id: String) -> String {
        "screen-" + String(id.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    static func escape(_ text: String) -> String { JUnitReporter.escape(text) }
}
