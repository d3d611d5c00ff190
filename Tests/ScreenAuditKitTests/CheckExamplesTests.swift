import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import Testing

/// Every check's own examples: at least one passing and one failing, each giving its verdict.
struct CheckExamplesTests {
    /// Every check, `text.unexposed` included.
    static let options: AuditOptions = {
        var options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 29))
        options.detectsText = true
        return options
    }()

    @Test func testEveryCheckShipsPassingAndFailingExamples() {
        for check in AuditRunner.allChecks(Self.options) {
            let type = type(of: check)
            #expect(type.examples.contains { $0.expected == .pass }, "\(type.descriptor.id) has no passing example")
            #expect(type.examples.contains { $0.expected == .fail }, "\(type.descriptor.id) has no failing example")
        }
    }

    @Test func testEveryExampleGivesItsVerdict() {
        for check in AuditRunner.allChecks(Self.options) {
            for example in type(of: check).examples {
                let result = example.run(check).results.first
                #expect(result?.status == example.expected,
                        "\(type(of: check).descriptor.id): \(example.title): got \(result.map { "\($0.status) \($0.measured)" } ?? "no result")")
            }
        }
    }
}

/// Typed measurements survive report.json: every rule's payload encodes to the fields reports
/// have always carried and decodes back by rule, so a report read again writes the same bytes.
struct MeasurementCodingTests {
    static func report() -> AuditReport {
        let policy = Policy(today: CalendarDay(year: 2026, month: 11, day: 29), provenance: nil)
        var screens: [ScreenReport] = []
        for check in AuditRunner.allChecks(CheckExamplesTests.options) {
            for (index, example) in type(of: check).examples.enumerated() {
                let (context, results) = example.run(check)
                screens.append(ScreenReport(
                    id: "\(type(of: check).descriptor.id)-\(index)", screenshot: "s.png", contract: "c.json", status: .audited, notes: [],
                    findings: policy.findings(for: results, screen: context.screen),
                    checked: results.map { CheckedEntry(rule: $0.rule, element: $0.element, status: $0.status, measured: $0.measured,
                                                        threshold: $0.threshold, reason: $0.reason, frame: $0.frame) }))
            }
        }
        let screen = ScreenContract(id: "shot", screenshot: "s.png", device: DeviceSpec(scale: 2, width: 10, height: 10), elements: [])
        let screenResults = [
            CheckResult(rule: RuleID.screenshotUnreadable, element: nil, status: .fail, severity: .error,
                        measured: .screenshotUnreadable(.init(category: "truncated")), reason: "truncated: the file ends early"),
            CheckResult(rule: RuleID.screenshotSizeMismatch, element: nil, status: .fail, severity: .error,
                        measured: .screenshotSizeMismatch(.init(actualWidth: 10, actualHeight: 20, expectedWidth: 20, expectedHeight: 20))),
            CheckResult(rule: RuleID.hierarchyMissing, element: nil, status: .fail, severity: .error,
                        measured: .hierarchyMissing(.init(missing: "hierarchy")), reason: "no UI hierarchy for s.png"),
            CheckResult(rule: RuleID.hierarchyUnreadable, element: nil, status: .fail, severity: .error,
                        measured: .hierarchyUnreadable(.init(format: "xcuitest")), reason: "s.txt: line 3: a frame without its closing '}}'"),
        ]
        screens.append(ScreenReport(id: "shot", screenshot: "s.png", contract: "c.json", status: .unreadable, notes: [],
                                    findings: policy.findings(for: screenResults, screen: screen), checked: []))
        return AuditReport(schemaVersion: 1, tool: .init(name: "t", version: "0"), settings: .init(level: "AA", largeTextRule: "wcag", failOn: "error"),
                           summary: AuditReport.Summary(screens: screens, failOn: .error), screens: screens, baseline: nil)
    }

    @Test func testEveryRulesMeasurementRoundTripsThroughReportJSON() throws {
        let report = Self.report()
        let rules = Set(report.screens.flatMap(\.findings).map(\.rule))
        #expect(rules == Set(RuleID.all), "every rule has a failing finding here: \(rules)")
        let bytes = try JSONText.encode(report)
        let decoded = try JSONDecoder().decode(AuditReport.self, from: bytes)
        #expect(try JSONText.encode(decoded) == bytes)
        #expect(decoded.screens.flatMap(\.findings).map(\.message) == report.screens.flatMap(\.findings).map(\.message))
        #expect(decoded.screens.flatMap(\.checked).map(\.measured) == report.screens.flatMap(\.checked).map(\.measured))
    }

    @Test func testFieldNamesAreThePublishedOnes() throws {
        let unreadable = try #require(Self.report().screens.last?.findings.first)
        let json = String(decoding: try JSONText.encode(unreadable), as: UTF8.self)
        #expect(json.contains("\"measured\" : {\n    \"category\" : \"truncated\"\n  }"))
        #expect(unreadable.message == "screenshot cannot be used: truncated: the file ends early")
        var clipped = TextClippedRule.Measured(edges: [.top, .right], inkAtEdgePixels: 7)
        #expect(String(decoding: try JSONText.encode(clipped), as: UTF8.self).contains(#""edges" : "top, right""#))
        clipped.edges = []
        #expect(String(decoding: try JSONText.encode(clipped), as: UTF8.self).contains(#""edges" : "none""#))
        // color.only's ΔE as each deficiency sees the pair: one key per deficiency, read back.
        var colorOnly = ColorOnlyRule.Measured(group: "status", members: ["ok", "failed"])
        colorOnly.deltaE = 31.4
        colorOnly.simulatedDeltaE = [.protanopia: 2.5, .tritanopia: 12]
        colorOnly.failedBy = ["protanopia"]
        let text = String(decoding: try JSONText.encode(colorOnly), as: UTF8.self)
        #expect(text.contains(#""deltaE.protanopia" : 2.5"#) && text.contains(#""deltaE.tritanopia" : 12"#))
        #expect(text.contains(#""failedBy" : "protanopia""#) && !text.contains("deuteranopia"))
        #expect(try JSONDecoder().decode(ColorOnlyRule.Measured.self, from: Data(text.utf8)) == colorOnly)
        #expect(colorOnly.message(FindingFacts(severity: .error, threshold: nil, reason: nil)).contains("with protanopia they look alike (ΔE00 2.5)"))
    }
}
