extension JUnitReporter {
    /// `junit.xml` for an asset catalog audit: one suite, a test case per asset (failing when a
    /// finding on it gates), one for findings about the catalog's structure, and one per colour
    /// pair and appearance. Findings below `--fail-on` are written as output, not failures.
    public static func render(_ report: AssetReport, failOn: FailThreshold) -> String {
        var cases: [String] = []
        var counts = (tests: 0, failures: 0, skipped: 0)
        /// A finding, or a failing colour-pair row, as a test case shows it.
        struct Line {
            var severity: Severity
            var rule: String
            /// The file and, after a space, the JSON path.
            var place: String
            var message: String
        }
        func testCase(_ classname: String, _ name: String, findings: [AssetFinding]) {
            testCase(classname, name, lines: findings.map {
                Line(severity: $0.severity, rule: $0.rule, place: $0.file + ($0.location.map { " \($0)" } ?? ""), message: $0.message)
            })
        }
        func testCase(_ classname: String, _ name: String, lines: [Line], skipped: String? = nil) {
            counts.tests += 1
            let gating = lines.filter { failOn.gates($0.severity) }
            let open = "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(name))\""
            var body = ""
            if !gating.isEmpty {
                counts.failures += 1
                let text = gating.map { "\($0.rule): \($0.place): \($0.message)" }.joined(separator: "\n")
                body = "<failure type=\"\(gating[0].severity.rawValue)\" message=\"\(escape(gating[0].message))\">\(escape(text))</failure>"
            } else if let skipped {
                counts.skipped += 1
                body = "<skipped message=\"\(escape(skipped))\"/>"
            } else if !lines.isEmpty {
                body = "<system-out>\(escape(lines.map { "\($0.severity.rawValue): \($0.rule): \($0.message)" }.joined(separator: "\n")))</system-out>"
            }
            cases.append(body.isEmpty ? open + "/>" : open + ">" + body + "</testcase>")
        }
        let names = Set(report.assets.map(\.name))
        testCase(report.settings.catalog, "catalog structure", findings: report.findings.filter { $0.asset == nil })
        for asset in report.assets {
            testCase(report.settings.catalog, asset.name, findings: report.findings.filter { $0.asset == asset.name && $0.rule != AssetRule.colorContrast })
        }
        // Required or described assets that are not in the catalog.
        for name in Set(report.findings.compactMap(\.asset)).subtracting(names).sorted() {
            testCase(report.settings.catalog, name, findings: report.findings.filter { $0.asset == name && $0.rule != AssetRule.colorContrast })
        }
        for pair in report.colorPairs {
            let name = "contrast \(pair.foreground) on \(pair.background) (\(pair.appearance))"
            var lines: [Line] = []
            if pair.status == .fail, let ratio = pair.ratio {
                lines.append(Line(severity: .error, rule: AssetRule.colorContrast, place: report.settings.catalog,
                                  message: ColorContrastRule.failingRow(pair, ratio: ratio)))
            }
            testCase(report.settings.catalog, name, lines: lines, skipped: pair.status == .notRun ? "not run: \(pair.reason ?? "")" : nil)
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(escape(report.tool.name)) assets\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"0\" skipped=\"\(counts.skipped)\">\n"
            + "  <testsuite name=\"\(escape(report.settings.catalog))\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\" errors=\"0\" skipped=\"\(counts.skipped)\">\n"
            + cases.joined(separator: "\n") + (cases.isEmpty ? "" : "\n") + "  </testsuite>\n</testsuites>\n"
    }
}
