/// `junit.xml`: a test suite per screen and a test case per element and rule checked, for CI
/// systems that show JUnit results. Findings that gate are failures; not-run results and waived
/// findings are skipped; the overlay image is attached as a property. Pure: report in, text out.
public enum JUnitReporter {
    public static let fileName = "junit.xml"

    public static func render(_ report: AuditReport, failOn: FailThreshold, overlays: Set<String> = []) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, skipped: 0)
        for screen in report.screens {
            var cases: [String] = []
            var counts = (tests: 0, failures: 0, skipped: 0)
            let findings = Dictionary(screen.findings.map { ("\($0.rule) \($0.element ?? "")", $0) }, uniquingKeysWith: { first, _ in first })
            for entry in screen.checked {
                counts.tests += 1
                let name = "\(entry.rule) \(entry.element ?? screen.id)"
                var body = ""
                if let finding = findings["\(entry.rule) \(entry.element ?? "")"] {
                    if finding.waived {
                        counts.skipped += 1
                        body = "<skipped message=\"\(escape("waived: \(finding.waiver?.reason ?? "")"))\"/>"
                    } else if finding.baselined {
                        counts.skipped += 1
                        body = "<skipped message=\"\(escape("baselined: \(finding.message)"))\"/>"
                    } else if failOn.gates(finding.severity) {
                        counts.failures += 1
                        body = "<failure type=\"\(finding.severity.rawValue)\" message=\"\(escape(finding.message))\">\(escape(finding.message))</failure>"
                    } else {
                        body = "<system-out>\(escape("\(finding.severity.rawValue): \(finding.message)"))</system-out>"
                    }
                } else if entry.status == .notRun {
                    counts.skipped += 1
                    body = "<skipped message=\"\(escape("not run: \(entry.reason ?? "")"))\"/>"
                }
                let open = "    <testcase classname=\"\(escape(screen.id))\" name=\"\(escape(name))\""
                cases.append(body.isEmpty ? open + "/>" : open + ">" + body + "</testcase>")
            }
            // Screen-level findings (unreadable, size mismatch) have no checked entry of their own.
            for finding in screen.findings where finding.element == nil && !screen.checked.contains(where: { $0.rule == finding.rule }) {
                counts.tests += 1
                counts.failures += failOn.gates(finding.severity) ? 1 : 0
                let failure = failOn.gates(finding.severity)
                    ? "<failure type=\"\(finding.severity.rawValue)\" message=\"\(escape(finding.message))\">\(escape(finding.message))</failure>" : ""
                cases.append("    <testcase classname=\"\(escape(screen.id))\" name=\"\(escape("\(finding.rule) \(screen.id)"))\">\(failure)</testcase>")
            }
            var properties = ["      <property name=\"screenshot\" value=\"\(escape(screen.screenshot))\"/>"]
            let overlay = "\(OverlayReporter.directory)/\(OverlayReporter.fileName(for: screen.id))"
            if overlays.contains(screen.id) {
                properties.append("      <property name=\"attachment\" value=\"\(escape(overlay))\"/>")
            }
            suites.append("  <testsuite name=\"\(escape(screen.id))\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"0\" skipped=\"\(counts.skipped)\">\n"
                + "    <properties>\n" + properties.joined(separator: "\n") + "\n    </properties>\n"
                + cases.joined(separator: "\n") + (cases.isEmpty ? "" : "\n") + "  </testsuite>")
            totals.tests += counts.tests
            totals.failures += counts.failures
            totals.skipped += counts.skipped
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(escape(report.tool.name))\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"0\" skipped=\"\(totals.skipped)\">\n"
            + suites.joined(separator: "\n") + (suites.isEmpty ? "" : "\n") + "</testsuites>\n"
    }

    /// XML attribute and text escaping.
    static func escape(_ text: String) -> String {
        // The five characters are ASCII, and an ASCII byte never occurs inside another
        // character's UTF-8, so bytes are replaced, not characters: text with none of them (most
        // of a report) is returned as it is, and the rest costs a pass over its bytes instead of
        // one over its grapheme clusters, which a large run's JUnit and HTML files spent most of
        // their time in. (An "&" that a combining mark follows is escaped too, as XML requires.)
        let bytes = text.utf8
        guard bytes.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&apos;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
