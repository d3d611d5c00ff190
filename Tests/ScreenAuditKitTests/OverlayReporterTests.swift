import ColorScience
import Imaging
@testable import ScreenAuditKit
import Testing

struct OverlayReporterTests {
    static func finding(_ severity: Severity, frame: PixelRect?, waived: Bool = false) -> Finding {
        Finding(rule: RuleID.contrastText, element: "e", severity: severity, frame: frame,
                measured: .textContrast(.init(largeText: false, requirement: "AA normal text")),
                threshold: 4.5, waived: waived, waiver: nil, provenance: nil, fingerprint: "f")
    }

    @Test func testOverlayOutlinesFindingsDimsTheRestAndAddsALegend() {
        let image = PixelBuffer(width: 200, height: 160, fill: RGBA(red: 200, green: 200, blue: 200))
        let findings = [Self.finding(.error, frame: PixelRect(x: 40, y: 60, width: 80, height: 40)),
                        Self.finding(.warning, frame: PixelRect(x: 130, y: 110, width: 40, height: 30)),
                        Self.finding(.error, frame: nil)]
        let overlay = OverlayReporter.render(image, findings: findings, firstNumber: 5, scale: 1)
        #expect(overlay.width == 200 && overlay.height == 160 + 28)
        // Outside the findings the shot is dimmed; inside a finding it is untouched.
        #expect(overlay[5, 150].red < 150)
        #expect(overlay[80, 80] == RGBA(red: 200, green: 200, blue: 200))
        // The error outline is solid red along its edge; the legend strip is white at its far right.
        #expect(overlay[80, 60].red > 180 && overlay[80, 60].green < 60)
        #expect(overlay[199, 161] == RGBA(red: 255, green: 255, blue: 255))
        #expect(overlay == OverlayReporter.render(image, findings: findings, firstNumber: 5, scale: 1), "deterministic")
    }

    @Test func testNotRunResultsAreMarkedInTheirOwnStyle() {
        let image = PixelBuffer(width: 200, height: 160, fill: RGBA(red: 200, green: 200, blue: 200))
        let entry = CheckedEntry(rule: RuleID.contrastText, element: "blank", status: .notRun,
                                 measured: .textContrast(.init(largeText: false, requirement: "AA normal text")), threshold: nil,
                                 reason: "no text", frame: PixelRect(x: 40, y: 60, width: 80, height: 40))
        let plain = OverlayReporter.render(image, findings: [], firstNumber: 1, scale: 1)
        let marked = OverlayReporter.render(image, findings: [], firstNumber: 1, scale: 1, notRun: [entry])
        #expect(plain != marked)
        // The "?" badge sits above the frame's right end, in the info blue.
        let badge = marked[101, 47]
        #expect(badge.blue > 150 && badge.red < 60)
    }

    @Test func testFileNamesAreFlat() {
        #expect(OverlayReporter.fileName(for: "iPhone_large/hub") == "iPhone_large__hub.png")
        #expect(OverlayReporter.fileName(for: "light") == "light.png")
    }
}
