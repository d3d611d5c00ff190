import ColorScience
import Foundation

/// What the two review pages — `index.html` of `audit` and of `assets` — share: the head, the
/// house CSS, the filters by severity and rule (radio buttons before `<main>`, so CSS sibling
/// selectors hide the other rows: no script), and colour swatches. Both pages are well-formed
/// XHTML, so tests parse them.
enum ReviewPage {
    static let severities = ["error", "warning", "info"]

    /// The CSS both pages start with; each adds its own rules after it.
    static let css = """
    body{font:16px/1.5 -apple-system,system-ui,sans-serif;margin:0;color:#1c1c1e;background:#fff}
    header,main{max-width:1100px;margin:0 auto;padding:0 16px}
    h1{font-size:28px}h2{font-size:22px;margin-top:40px;border-top:1px solid #c7c7cc;padding-top:16px}
    .verdict-failed{color:#b00020}.verdict-passed{color:#1b6e3a}
    table{border-collapse:collapse;width:100%}th,td{border:1px solid #c7c7cc;padding:6px 8px;text-align:left;vertical-align:top}
    th{background:#f2f2f7}
    fieldset{border:1px solid #c7c7cc;margin:8px 0}label{margin-right:12px}
    .swatch{display:inline-block;margin-right:8px;white-space:nowrap}.chip{display:inline-block;width:14px;height:14px;border:1px solid #3a3a3c;vertical-align:-2px;margin-right:4px}
    input:focus-visible+label,a:focus-visible{outline:3px solid #0040dd}
    .sev-error td:nth-child(2){color:#b00020;font-weight:600}.sev-warning td:nth-child(2){color:#8a4b00;font-weight:600}
    """

    /// The class and radio id of a rule's filter: "rule-contrast-text".
    static func ruleClass(_ rule: String) -> String { "rule-" + rule.replacingOccurrences(of: ".", with: "-") }

    /// The lines from the doctype to the filters, `<main>` opened: `extraCSS` follows the house CSS.
    static func opening(title: String, extraCSS: String, rules: [String]) -> [String] {
        var style = css + "\n" + extraCSS
        for severity in severities {
            style += "\n#sev-\(severity):checked ~ main tr.finding:not(.sev-\(severity)){display:none}"
        }
        for rule in rules {
            style += "\n#\(ruleClass(rule)):checked ~ main tr.finding:not(.\(ruleClass(rule))){display:none}"
        }
        var html: [String] = [
            "<!DOCTYPE html>",
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">",
            "<head><meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
            "<title>\(escape(title))</title>",
            "<style>\n\(style)\n</style></head>",
            "<body>",
        ]
        html.append("<input type=\"radio\" name=\"severity\" id=\"sev-all\" checked=\"checked\"/><label for=\"sev-all\">All severities</label>")
        for severity in severities {
            html.append("<input type=\"radio\" name=\"severity\" id=\"sev-\(severity)\"/><label for=\"sev-\(severity)\">Only \(severity)s</label>")
        }
        html.append("<br/>")
        html.append("<input type=\"radio\" name=\"rule\" id=\"rule-all\" checked=\"checked\"/><label for=\"rule-all\">All rules</label>")
        for rule in rules {
            html.append("<input type=\"radio\" name=\"rule\" id=\"\(ruleClass(rule))\"/><label for=\"\(ruleClass(rule))\">\(escape(rule))</label>")
        }
        html.append("<main>")
        return html
    }

    static let closing = "</main></body></html>"

    /// The opening tag of a finding's table row, with the classes the filters select on.
    static func findingRow(severity: Severity, rule: String) -> String {
        "<tr class=\"finding sev-\(severity.rawValue) \(ruleClass(rule))\">"
    }

    /// A colour as a swatch with its label and value: "#1B162E", or "#1B162E 50%" for a
    /// translucent colour (drawn translucent). Nil when `value` is not such a colour.
    static func swatch(_ label: String, _ value: String?) -> String? {
        guard let value, value.hasPrefix("#"), value.count >= 7 else { return nil }
        let hex = value.prefix(7)
        guard hex.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        var css = String(hex)
        let rest = value.dropFirst(7)
        if !rest.isEmpty {
            guard rest.hasPrefix(" "), rest.hasSuffix("%"), let percent = Int(rest.dropFirst().dropLast()), (0...100).contains(percent) else {
                return nil
            }
            css += RGB8.hexByte(UInt8((percent * 255 + 50) / 100))
        }
        return "<span class=\"swatch\"><span class=\"chip\" style=\"background:\(css)\" aria-hidden=\"true\"></span>"
            + "\(escape(label)) <code>\(escape(value))</code></span>"
    }

    /// A contrast ratio as the reports show it: "4.49:1".
    static func ratio(_ value: Double) -> String { "<span class=\"swatch\">\(RatioDisplay.text(value)):1</span>" }

    static func escape(_ text: String) -> String { JUnitReporter.escape(text) }
}
