import ColorScience
import Imaging
@testable import ScreenAuditKit
import ScreenContracts
import TestSupport
import Testing

/// `scan` on a screen with a tab bar: its labels (10 pt under icons, evenly spaced along the
/// bottom) are held to the 10 pt iOS draws them at, and a line of the content running under the bar
/// is not judged.
struct TabBarLabelsTests {
    static let white = RGB8(red: 255, green: 255, blue: 255), ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let grey = RGB8(red: 0x6E, green: 0x6E, blue: 0x73)

    /// A 390 × 844 pt screen at @3x: a title, a line whose glyphs end at `contentBottom` pt, and a tab
    /// bar of labels at `centres` (with icons above them when `icons`).
    static func screen(centres: [Double], icons: Bool, contentY: Double = 740) -> ScreenBuilder {
        var builder = ScreenBuilder(id: "tabs", width: 390, height: 844, scale: 3, background: white)
        builder.label("title", "Collection", x: 20, y: 100, pointSize: 17, color: ink)
        builder.label("content", "Spirit of Rebellion", x: 20, y: contentY, pointSize: 17, color: ink)
        for (index, centre) in centres.enumerated() {
            let text = ["Cards", "Decks", "Loans", "More"][index % 4]
            let width = StrokeFont.advance(of: text, size: 10, weight: .regular)
            builder.label("tab\(index)", text, x: centre - width / 2 - 4, y: 800, pointSize: 10, color: grey)
            if icons { builder.fill(Frame(x: centre - 12, y: 770, width: 24, height: 24), grey) }
        }
        return builder
    }

    static func scanned(_ builder: ScreenBuilder) async throws -> ScreenReport {
        let directory = try TemporaryDirectory()
        var loaded = try builder.loaded(writingInto: directory)
        loaded.contract.elements = []
        loaded.detectsText = true
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        return await runner.audit([loaded], screenshotsRoot: directory.path(""), provenance: nil).screens[0]
    }

    @Test func testTabBarLabels_areHeldToTenPoints_andContentUnderTheBarIsNotJudged() async throws {
        let report = try await Self.scanned(Self.screen(centres: [49, 146, 244, 341], icons: true))
        #expect(report.notes.contains { $0.hasPrefix("a tab bar of 4 items along the bottom") }, "\(report.notes)")
        let sizes = report.checked.filter { $0.rule == RuleID.textSize }
        let labels = sizes.filter { ($0.frame?.y ?? 0) > 790 * 3 }
        #expect(labels.count == 4 && labels.allSatisfy { $0.status == .pass && $0.measured.textSize?.minimumPointSize == 10 }, "\(labels)")
        // "Spirit of Rebellion" at 740 pt: its glyphs reach 758 pt, past the bar's top (about 763 pt less 3).
        let under = sizes.filter { ($0.frame?.y ?? 0) > 700 * 3 && ($0.frame?.y ?? 0) < 790 * 3 }
        #expect(under.count == 1 && under.first?.status == .notRun && under.first?.reason?.hasPrefix("covered: it runs under the tab bar") == true)
        #expect(!report.findings.contains { $0.rule == RuleID.textSize })
    }

    /// Without icons above them, or unevenly spaced, labels along the bottom are the app's text.
    @Test(arguments: [([49.0, 146, 244, 341], false), ([40.0, 90, 300, 341], true)])
    func testLabelsWithoutIconsOrEvenSpacing_areNoTabBar(centres: [Double], icons: Bool) async throws {
        let report = try await Self.scanned(Self.screen(centres: centres, icons: icons))
        #expect(!report.notes.contains { $0.contains("tab bar") })
        #expect(report.findings.filter { $0.rule == RuleID.textSize }.count == 4)
    }

    /// A line of the content well above the bar is judged.
    @Test func testContentAboveTheBar_isJudged() async throws {
        let report = try await Self.scanned(Self.screen(centres: [49, 146, 244, 341], icons: true, contentY: 650))
        #expect(!report.checked.contains { $0.reason?.hasPrefix("covered") == true })
    }
}
