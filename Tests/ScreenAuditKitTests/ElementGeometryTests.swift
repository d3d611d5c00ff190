import ColorScience
import Foundation
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Geometry is judged per element, not per run: a frame partly outside the screen is clipped, one
/// wholly outside or empty is that element's "not run"; the rest of the screen is audited.
struct ElementGeometryTests {
    @Test func testFramesOutsideTheScreen_arePerElement() throws {
        var builder = ScreenBuilder(id: "edge", width: 200, height: 100, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        builder.label("inside", "Inside", x: 10, y: 10, pointSize: 17, color: RGB8(red: 0x59, green: 0x59, blue: 0x59))
        builder.label("overshoot", "Carousel", x: -0.33, y: 50, pointSize: 17, color: RGB8(red: 0x59, green: 0x59, blue: 0x59))
        builder.element(ElementContract(id: "offscreen", role: .button, frame: Frame(x: 250, y: 10, width: 44, height: 44), label: "Next"))
        builder.element(ElementContract(id: "empty", role: .text, frame: Frame(x: 10, y: 80, width: 0, height: 12),
                                        text: TextSpec(content: "Hidden", pointSize: 12)))
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30))
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let directory = try TemporaryDirectory()
        let report = runner.auditScreen(try builder.loaded(writingInto: directory), root: directory.path(""),
                                        policy: Policy(today: options.today, provenance: nil))
        #expect(report.status == .audited)
        func statuses(_ element: String) -> [String: CheckStatus] {
            Dictionary(uniqueKeysWithValues: report.checked.filter { $0.element == element }.map { ($0.rule, $0.status) })
        }
        #expect(statuses("inside")[RuleID.contrastText] == .pass)
        #expect(statuses("overshoot")[RuleID.contrastText] == .pass)
        #expect(report.notes == ["element 'overshoot': its frame (x -0.33, y 50, \(Words.number(builder.contract.element("overshoot")!.frame.width)) × 24 pt) reaches outside the screen; checked clipped to it"])
        #expect(statuses("offscreen") == [RuleID.targetSize: .notRun, RuleID.contrastNonText: .notRun])
        let offscreen = try #require(report.checked.first { $0.element == "offscreen" && $0.rule == RuleID.targetSize })
        #expect(offscreen.reason == "its frame (x 250, y 10, 44 × 44 pt) lies outside the screen (200 × 100 pt)")
        #expect(statuses("empty") == [RuleID.contrastText: .notRun, RuleID.textSize: .notRun, RuleID.textClipped: .notRun,
                                       RuleID.textTruncated: .notRun])
        #expect(report.checked.first { $0.element == "empty" }?.reason == "its frame has zero size (0 × 12 pt)")
    }
}
