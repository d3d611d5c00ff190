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

    /// A crowded screen: 30 findings on a grid and 8 on full-width frames stacked 6 px apart. No badge covers
    /// a flagged frame, no two badges overlap, every badge stays on the screenshot, and findings
    /// on one frame share one badge.
    @Test func testCrowdedScreen_badgesCoverNoFrameAndNoBadge() {
        var frames: [PixelRect] = []
        for row in 0..<6 { for column in 0..<5 { frames.append(PixelRect(x: 20 + column * 145, y: 70 + row * 110, width: 110, height: 40)) } }
        for index in 0..<8 { frames.append(PixelRect(x: 10, y: 760 + index * 46, width: 730, height: 40)) }
        var findings = frames.enumerated().map { Self.finding($0.offset % 3 == 0 ? .warning : .error, frame: $0.element) }
        findings.append(Self.finding(.info, frame: frames[0]))
        #expect(findings.count >= 30)
        let scale = 2.0
        let grouped = Dictionary(grouping: findings.compactMap(\.frame), by: { $0 })
        let requests = frames.map { BadgeLayout.Request(frame: OverlayReporter.rect($0), width: (grouped[$0]?.count ?? 1) > 1 ? 110 : 60, height: 44) }
        let obstacles = frames.map(OverlayReporter.rect)
        let bounds = RectF(x: 0, y: 0, width: 750, height: 1334)
        let placements = BadgeLayout.place(requests, obstacles: obstacles, bounds: bounds, gap: 4, leaderWidth: scale)
        #expect(placements.count == frames.count)
        for (index, placement) in placements.enumerated() {
            let badge = placement.badge
            #expect(badge.x >= 0 && badge.y >= 0 && badge.x + badge.width <= 750 && badge.y + badge.height <= 1334, "badge \(index) off the shot")
            for frame in obstacles { #expect(!BadgeLayout.intersects(badge, frame), "badge \(index) covers a flagged frame") }
            for other in placements.indices where other > index {
                #expect(!BadgeLayout.intersects(badge, placements[other].badge), "badges \(index) and \(other) overlap")
            }
        }
        #expect(placements.contains { $0.leader != nil }, "the stacked frames need badges further out, with leaders")
        // Through the renderer: deterministic, and the shared badge lists both numbers.
        let image = PixelBuffer(width: 750, height: 1334, fill: RGBA(red: 240, green: 240, blue: 240))
        let overlay = OverlayReporter.render(image, findings: findings, firstNumber: 1, scale: scale)
        #expect(overlay == OverlayReporter.render(image, findings: findings, firstNumber: 1, scale: scale))
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

    /// Results not judged by design get no badge; results the tool could not judge do.
    @Test func testReviewNotes_leaveOutWhatIsNotJudgedByDesign() {
        func entry(_ reason: String?, _ status: CheckStatus = .notRun) -> CheckedEntry {
            CheckedEntry(rule: RuleID.textSize, element: "e", status: status, measured: .textSize(TextSizeRule.Measured(minimumPointSize: 11, declaredPointSize: nil)),
                         threshold: nil, reason: reason, frame: PixelRect(x: 0, y: 0, width: 10, height: 10))
        }
        let checked = [
            entry("covered: android.view.View (node 3, line 1) is drawn above it"), entry("scroll-edge: against the top edge"),
            entry("window-edge: its frame reaches past the screen's right edge"), entry("inactive: the dump marks the element not enabled"),
            entry("identified by its text, which contrast.text checks"), entry("no text pixels found in the frame"),
            entry("disabled by the contract: watch face"), entry(nil), entry(nil, .pass),
        ]
        #expect(OverlayReporter.reviewNotes(checked).map(\.reason) == ["no text pixels found in the frame", "disabled by the contract: watch face", nil])
    }

    @Test func testFileNamesAreFlat() {
        #expect(OverlayReporter.fileName(for: "iPhone_large/hub") == "iPhone_large__hub.png")
        #expect(OverlayReporter.fileName(for: "light") == "light.png")
    }
}
