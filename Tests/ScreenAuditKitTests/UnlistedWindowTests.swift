import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import ScreenContracts
import Testing

/// A window the dump does not list, over the app it lists (issue #45): a system sheet sliding up
/// and the scrim that dims the app behind it.
struct UnlistedWindowTests {
    static let white = RGBA(red: 255, green: 255, blue: 255)

    static func fill(_ image: inout PixelBuffer, _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ color: RGBA) {
        for row in y..<(y + height) { for column in x..<(x + width) { image[column, row] = color } }
    }

    /// A 400 × 800 px app at 2 px a point: a dark bar, white page with rows of grey "text", and,
    /// when `sheet`, a white panel from row 500 with icons in it, the app above dimmed to 40 %.
    static func screen(sheet: Bool, dimmed: Bool, nodeAtPanelTop: Bool = false) -> (PixelBuffer, [PixelRect]) {
        var image = PixelBuffer(width: 400, height: 800, fill: white)
        fill(&image, 0, 0, 400, 112, RGBA(red: 0x00, green: 0x69, blue: 0x5C))
        fill(&image, 40, 40, 200, 30, white)
        var rects = [PixelRect(x: 0, y: 0, width: 400, height: 800), PixelRect(x: 0, y: 0, width: 400, height: 112)]
        for row in 0..<8 {
            fill(&image, 24, 140 + row * 80, 300, 24, RGBA(red: 0x33, green: 0x33, blue: 0x33))
            rects.append(PixelRect(x: 24, y: 140 + row * 80, width: 300, height: 24))
        }
        if nodeAtPanelTop { rects.append(PixelRect(x: 0, y: 500, width: 400, height: 300)) }
        if dimmed {
            for y in 0..<(sheet ? 500 : 800) {
                for x in 0..<400 {
                    let p = image[x, y]
                    image[x, y] = RGBA(red: UInt8(Double(p.red) * 0.4), green: UInt8(Double(p.green) * 0.4), blue: UInt8(Double(p.blue) * 0.4))
                }
            }
        }
        if sheet {
            fill(&image, 0, 500, 400, 300, RGBA(red: 0xFA, green: 0xFA, blue: 0xFA))
            for column in 0..<4 { fill(&image, 30 + column * 90, 560, 60, 60, RGBA(red: 0x43, green: 0xA0, blue: 0x47)) }
            fill(&image, 30, 640, 200, 20, RGBA(red: 0x21, green: 0x21, blue: 0x21))
        }
        return (image, rects)
    }

    @Test func testASheetOverADimmedApp_isFound() throws {
        let (image, rects) = Self.screen(sheet: true, dimmed: true)
        let window = try #require(UnlistedWindow.find(in: image, scale: 2, elements: rects))
        #expect(window.top == 500 && window.bottom == 800)
        #expect(window.color == RGBA(red: 0xFA, green: 0xFA, blue: 0xFA))
        #expect(window.brightestAbove == 102, "white at 40 %")
    }

    /// The same panel over an app that is not dimmed is the app's own (a footer, a card), and a
    /// panel the dump has a node for is the app's; a dimmed app without a panel shows no window.
    @Test(arguments: [(true, false, false), (true, true, true), (false, true, false), (false, false, false)])
    func testWhatIsNotAnUnlistedWindow(sheet: Bool, dimmed: Bool, nodeAtPanelTop: Bool) {
        let (image, rects) = Self.screen(sheet: sheet, dimmed: dimmed, nodeAtPanelTop: nodeAtPanelTop)
        #expect(UnlistedWindow.find(in: image, scale: 2, elements: rects) == nil)
    }

    /// DNS Hero's crash page under Android's "Send mail…" chooser (Fixtures/motorease, MIT), with
    /// a dump of the app's form from another moment: nothing is judged on its pixels, and the
    /// screen's notes say why.
    @Test func testARealChooserOverACrashPage_coversEveryElement() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/motorease").path
        let screens = try HierarchyScreenLoader(importer: HierarchyImporter(density: 2.625)).load(screenshots: folder, hierarchies: folder)
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 6))
        let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
            .audit(screens, screenshotsRoot: folder, provenance: nil)
        let screen = try #require(report.screens.first { $0.id == "com.gianlu.dnshero_Bottom_Up_3" })
        let pixelRules = Set(UnlistedWindow.judgedElementRules)
        #expect(screen.findings.filter { pixelRules.contains($0.rule) }.isEmpty, "\(screen.findings.map(\.rule))")
        #expect(screen.notes.contains { $0.hasPrefix("a window the dump does not list covers the app from 1359 px down") })
        let field = try #require(screen.checked.first { $0.rule == RuleID.contrastNonText && $0.element == "textField-testtest-test" })
        #expect(field.status == .notRun && field.reason?.hasPrefix("covered: behind the scrim of a window the dump does not list") == true)
        // The reader's changelog beside it is no window over the app.
        let reader = try #require(report.screens.first { $0.id == "at.tomtasche.reader_Top_Down_68" })
        #expect(!reader.notes.contains { $0.contains("a window the dump does not list") })
    }
}
