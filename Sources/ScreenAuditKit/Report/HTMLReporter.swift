import ColorScience
import Imaging
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
        let css = """
        .screen{display:flex;gap:24px;flex-wrap:wrap}.screen figure{margin:0;flex:0 0 320px}
        .screen img{width:320px;height:auto;border:1px solid #8e8e93}.findings{flex:1 1 400px}
        .crop{display:block;overflow:hidden;border:1px solid #8e8e93;margin-bottom:4px}.crop img{display:block;object-fit:none;transform-origin:0 0}
        """
        var html = ReviewPage.opening(title: "Screen audit: \(s.gateFailed ? "failed" : "passed")", extraCSS: css, rules: rules)
        html.append("<h1>Screen audit <span class=\"verdict-\(s.gateFailed ? "failed" : "passed")\">\(s.gateFailed ? "failed" : "passed")</span></h1>")
        html.append("<p>\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos, \(s.waived) waived, \(s.baselined) baselined; "
            + "\(s.passed) checks passed, \(s.notRun) not run, on \(s.screens) screens (<code>--fail-on \(escape(report.settings.failOn))</code>, "
            + "contrast level \(escape(report.settings.level))).</p>")
        if report.comparison != nil {
            html.append("<p>Against the compared run: <strong>\(s.new ?? 0) new</strong>, \(s.unchanged ?? 0) unchanged, \(s.fixed ?? 0) fixed (report.md lists them).</p>")
        }
        html.append("<table><caption>Screens</caption><thead><tr><th scope=\"col\">Screen</th><th scope=\"col\">Status</th><th scope=\"col\">Findings</th><th scope=\"col\">Checks passed</th></tr></thead><tbody>")
        for screen in report.screens {
            html.append("<tr><td><a href=\"#\(anchor(screen.id))\">\(escape(screen.id))</a></td><td>\(screen.status.rawValue)</td>"
                + "<td>\(screen.findings.count)</td><td>\(screen.checked.filter { $0.status == .pass }.count)</td></tr>")
        }
        html.append("</tbody></table>")
        html += variantSections(report, overlays: overlays)
        for (screen, number) in zip(report.screens, report.firstFindingNumbers) {
            html.append("<section id=\"\(anchor(screen.id))\" aria-labelledby=\"h-\(anchor(screen.id))\">")
            html.append("<h2 id=\"h-\(anchor(screen.id))\">\(escape(screen.id))</h2>")
            html.append("<p>Screenshot <code>\(escape(screen.screenshot))</code>, \(screen.status.rawValue)"
                + (screen.contentSize.map { size in ", text size \(escape(size))" + (screen.variantOf.map { ", a variant of <a href=\"#\(anchor($0))\">\(escape($0))</a>" } ?? "") } ?? "")
                + ".</p>")
            if let outline = screen.hierarchy {
                html.append("<p>From the dump: \(escape(MarkdownReporter.outlineText(outline)))</p>")
            }
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
                    var state = finding.waived ? " (waived)" : finding.baselined ? " (baselined)" : ""
                    // The mark of --compare as a text badge (nothing without it).
                    if let change = finding.change { state += change == .new ? " <strong>new</strong>" : " <small>unchanged</small>" }
                    html.append(ReviewPage.findingRow(severity: finding.severity, rule: finding.rule) + "<td>\(number + index)</td>"
                        + "<td>\(finding.severity.rawValue)\(state)</td><td><code>\(escape(finding.rule))</code></td>"
                        + "<td>\(escape(finding.element ?? "—"))</td><td>\(escape(finding.message))"
                        + (finding.spoken.map { "<br/><small>Spoken: \(escape($0))</small>" } ?? "") + "</td>"
                        + "<td>\(closeUp(finding, number: number + index, screen: screen, overlays: overlays))\(swatches(finding.measured))</td></tr>")
                }
                html.append("</tbody></table>")
            }
            html.append("</div></div></section>")
        }
        html.append(ReviewPage.closing)
        return html.joined(separator: "\n") + "\n"
    }

    /// "Text sizes side by side": for each screen shown at several text sizes, its overlays in a
    /// row, smallest size first, each captioned with its size and counts, and a table with a
    /// column per size and a row per rule and element with a finding at any of them.
    static func variantSections(_ report: AuditReport, overlays: Set<String>) -> [String] {
        let comparisons = VariantComparison.all(report)
        guard !comparisons.isEmpty else { return [] }
        var html = ["<section id=\"text-sizes\" aria-labelledby=\"h-text-sizes\">", "<h2 id=\"h-text-sizes\">Text sizes side by side</h2>",
                    "<p>Screens shown at several text sizes, smallest first. A finding only a larger size has says \u{201C}only at\u{201D}.</p>"]
        for comparison in comparisons {
            let screens = comparison.columns.map { report.screens[$0.screen] }
            html.append("<h3>\(escape(screens[0].id)): \(escape(comparison.columns.map(\.size).joined(separator: ", ")))</h3>")
            html.append("<div class=\"screen\">")
            for (column, screen) in zip(comparison.columns, screens) {
                let c = screen.counts
                let caption = "<figcaption><a href=\"#\(anchor(screen.id))\">\(escape(column.size))</a>: \(c.errors) errors, \(c.warnings) warnings, \(c.infos) infos</figcaption>"
                if overlays.contains(screen.id) {
                    let path = "\(OverlayReporter.directory)/\(OverlayReporter.fileName(for: screen.id))"
                    html.append("<figure><a href=\"\(escape(path))\"><img src=\"\(escape(path))\" alt=\"\(escape(screen.id)) at text size \(escape(column.size)), findings outlined and numbered\"/></a>\(caption)</figure>")
                } else {
                    html.append("<figure><p>No overlay of \(escape(screen.id)).</p>\(caption)</figure>")
                }
            }
            html.append("</div>")
            if !comparison.paired {
                html.append("<p>The lines were found in the pixels: they are not paired across sizes, each finding has its own row.</p>")
            }
            if comparison.rows.isEmpty {
                html.append("<p>No finding at any size.</p>")
                continue
            }
            html.append("<table><caption>Findings of \(escape(screens[0].id)) by text size</caption><thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Element</th>"
                + comparison.columns.map { "<th scope=\"col\">\(escape($0.size))</th>" }.joined() + "</tr></thead><tbody>")
            for row in comparison.rows {
                let cells = row.cells.map { cell in
                    cell.map { "<td>#\($0.number) \($0.finding.severity.rawValue): \(escape($0.finding.message))</td>" } ?? "<td>—</td>"
                }
                html.append("<tr><td><code>\(escape(row.rule))</code></td><td>\(escape(row.element ?? "—"))</td>\(cells.joined())</tr>")
            }
            html.append("</tbody></table>")
        }
        html.append("</section>")
        return html
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
        case let .designConsistency(m): colors = [("here", m.color), ("most screens", m.majorityColor)]
        default: break
        }
        var parts = colors.compactMap { ReviewPage.swatch($0.0, $0.1) }
        if let ratio { parts.append(ReviewPage.ratio(ratio)) }
        return parts.joined()
    }

    static func anchor(_ id: String) -> String {
        "screen-" + String(id.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    static func escape(_ text: String) -> String { ReviewPage.escape(text) }
}
