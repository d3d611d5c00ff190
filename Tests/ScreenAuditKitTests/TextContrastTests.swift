import Foundation
import ColorScience
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// `contrast.text` measurement against ground truth: text drawn with known colours.
struct TextContrastTests {
    static func measure(_ builder: ScreenBuilder, _ element: Int = 0) -> TextContrastOutcome {
        let context = ScreenContext(screen: builder.contract, image: builder.image)
        let element = builder.contract.elements[element]
        return measureTextContrast(in: builder.image, rect: context.pixelRect(for: element.frame),
                                   textHeight: element.text?.pointSize.map { $0 * builder.scale })
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var pointSize: Double
        var scale: Double
        var weight: FontWeight
        var text: RGB8
        var background: RGB8
        var testDescription: String { "\(pointSize) pt @\(Int(scale))x \(weight) \(text.hex) on \(background.hex)" }
    }

    static let colourPairs: [(RGB8, RGB8)] = [
        (RGB8(red: 0x77, green: 0x77, blue: 0x77), RGB8(red: 255, green: 255, blue: 255)),
        (RGB8(red: 0x1C, green: 0x1C, blue: 0x1E), RGB8(red: 0xF2, green: 0xF2, blue: 0xF7)),
        (RGB8(red: 255, green: 255, blue: 255), RGB8(red: 0x3A, green: 0x6E, blue: 0xA5)),
        (RGB8(red: 0xEB, green: 0xEB, blue: 0xF5), RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)),
        (RGB8(red: 0xC0, green: 0x39, blue: 0x2B), RGB8(red: 0xFD, green: 0xF6, blue: 0xE3)),
        (RGB8(red: 0x94, green: 0x94, blue: 0x94), RGB8(red: 255, green: 255, blue: 255)),
    ]

    static let cases: [Case] = [11.0, 13, 17, 22, 34].flatMap { size in
        [2.0, 3.0].flatMap { scale in
            colourPairs.enumerated().map { index, pair in
                Case(pointSize: size, scale: scale, weight: index % 2 == 0 ? .regular : .semibold, text: pair.0, background: pair.1)
            }
        }
    }

    /// Within 3 % of the true ratio for anti-aliased text of 11 pt and up at @2x and @3x.
    @Test(arguments: cases)
    func testAccuracy_uniformBackground(_ c: Case) throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: c.scale, background: c.background)
        builder.label("l", "Dragon Scale 42", x: 16, y: 30, pointSize: c.pointSize, weight: c.weight, color: c.text)
        guard case let .measured(m) = Self.measure(builder) else {
            Issue.record("not measured: \(Self.measure(builder))")
            return
        }
        let truth = WCAG.contrastRatio(c.text, c.background)
        #expect(abs(m.worstRatio - truth) / truth < 0.03, "measured \(m.worstRatio), true \(truth)")
        #expect(m.foreground == c.text)
        #expect(m.background == c.background)
        #expect(!m.backgroundVaries)
    }

    @Test func testJustBelowAndJustAbove_keepTheirSide() throws {
        for (grey, passes) in [(UInt8(0x77), false), (UInt8(0x76), true)] {
            var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
            builder.label("l", "Shadow Stone", x: 16, y: 30, pointSize: 13, color: RGB8(red: grey, green: grey, blue: grey))
            guard case let .measured(m) = Self.measure(builder) else { Issue.record("not measured"); continue }
            #expect(ContrastRequirement.normalTextAA.isMet(by: m.worstRatio) == passes, "grey \(grey): \(m.worstRatio)")
        }
    }

    @Test func testGradient_worstEndDecides() throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        let frame = Frame(x: 10, y: 20, width: 300, height: 40)
        builder.gradient(frame, from: RGB8(red: 255, green: 255, blue: 255), to: RGB8(red: 0x90, green: 0x90, blue: 0x90))
        builder.label("l", "Crystal Resonance rises", x: 10, y: 22, pointSize: 17, color: RGB8(red: 0x20, green: 0x20, blue: 0x20),
                      frameWidth: 300)
        guard case let .measured(m) = Self.measure(builder) else { Issue.record("not measured"); return }
        #expect(m.backgroundVaries)
        let best = WCAG.contrastRatio(RGB8(red: 0x20, green: 0x20, blue: 0x20), RGB8(red: 255, green: 255, blue: 255))
        #expect(m.bestRatio > m.worstRatio * 1.5)
        #expect(m.bestRatio <= best * 1.01)
        let darkEnd = WCAG.contrastRatio(RGB8(red: 0x20, green: 0x20, blue: 0x20), RGB8(red: 0x90, green: 0x90, blue: 0x90))
        #expect(m.worstRatio >= darkEnd * 0.97)
        #expect(m.lightestBackground.red > m.darkestBackground.red + 40)
    }

    @Test func testBusyTexture_isMeasuredAgainstItsLocalBackground() throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 3, background: RGB8(red: 0, green: 0, blue: 0))
        let frame = Frame(x: 10, y: 20, width: 300, height: 40)
        builder.texture(frame, base: RGB8(red: 70, green: 90, blue: 60), amplitude: 30)
        builder.label("l", "Lights Off", x: 10, y: 24, pointSize: 22, weight: .bold, color: RGB8(red: 255, green: 255, blue: 255), frameWidth: 300)
        guard case let .measured(m) = Self.measure(builder) else { Issue.record("not measured"); return }
        #expect(m.foreground == RGB8(red: 255, green: 255, blue: 255))
        let truth = WCAG.contrastRatio(RGB8(red: 255, green: 255, blue: 255), RGB8(red: 70, green: 90, blue: 60))
        #expect(abs(m.worstRatio - truth) / truth < 0.15, "measured \(m.worstRatio), texture mean \(truth)")
    }

    @Test func testBlankFrame_isNotRun() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: RGB8(red: 240, green: 240, blue: 240))
        builder.element(ElementContract(id: "empty", role: .text, frame: Frame(x: 10, y: 10, width: 100, height: 30),
                                        text: TextSpec(content: "Missing", pointSize: 17)))
        #expect(Self.measure(builder) == .notMeasurable("the frame is one colour: no text pixels to measure"))
    }

    @Test func testLargeTextRules() {
        #expect(LargeTextRule.wcag.isLarge(pointSize: 24, bold: false))
        #expect(!LargeTextRule.wcag.isLarge(pointSize: 23.9, bold: false))
        #expect(LargeTextRule.wcag.isLarge(pointSize: 19, bold: true))
        #expect(!LargeTextRule.wcag.isLarge(pointSize: 17, bold: true))
        #expect(LargeTextRule.hig.isLarge(pointSize: 18, bold: false))
        #expect(LargeTextRule.hig.isLarge(pointSize: 11, bold: true))
        #expect(!LargeTextRule.hig.isLarge(pointSize: nil, bold: true))
    }

    @Test func testCheckReportsEveryLabelPassesIncluded() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 200, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        builder.label("pass", "Readable", x: 16, y: 20, pointSize: 17, color: RGB8(red: 0x59, green: 0x59, blue: 0x59))
        builder.label("fail", "Faint", x: 16, y: 70, pointSize: 17, color: RGB8(red: 0xAA, green: 0xAA, blue: 0xAA))
        builder.label("large", "Large faint", x: 16, y: 120, pointSize: 28, color: RGB8(red: 0x94, green: 0x94, blue: 0x94))
        let results = TextContrastRule().run(ScreenContext(screen: builder.contract, image: builder.image))
        #expect(results.map(\.element) == ["pass", "fail", "large"])
        #expect(results.map(\.status) == [.pass, .fail, .pass])
        #expect(results.map(\.threshold) == [4.5, 4.5, 3])
        #expect(results[1].measured.textContrast?.foreground == "#AAAAAA")
        #expect(results[1].measured.textContrast?.background == "#FFFFFF")
        #expect(results[1].measured.textContrast?.ratio == 2.32)
        let aaa = TextContrastRule(level: .aaa).run(ScreenContext(screen: builder.contract, image: builder.image))
        #expect(aaa.map(\.status) == [.pass, .fail, .fail])
    }
}

/// A glyph-sized shape of another colour in the text's line — a red ✕ before a black name, a black
/// dot before grey text — is set aside: the contrast is the text's own. Drawn, the existing
/// grouping already parts them; on a real screenshot (KKid's chores, a red ✕ a word space before
/// each chore's name, Samples/real-screens) it did not, and the ✕'s red was read as the text's.
struct OtherColouredShapeTests {
    static let grey = RGB8(red: 0xDD, green: 0xE2, blue: 0xDC)

    @Test func testTheRedCrossBeforeAChoreName_onARealScreenshot() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/real-screens/kkid_iphone11pm_ChoresScreen.png").path
        let loaded = try ScanScreenLoader(scale: nil).load(paths: [file])
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let report = await runner.audit(loaded.screens, screenshotsRoot: loaded.root, provenance: nil)
        let line = try #require(report.screens[0].checked.first { $0.element == "text@25,357" && $0.rule == RuleID.contrastText })
        #expect(line.status == .pass && line.measured.textContrast?.foreground == "#010601" && (line.measured.textContrast?.setAside ?? 0) >= 1,
                "\(line)")
    }

    static func result(text: RGB8, shape: RGB8, shapeIsCross: Bool) throws -> CheckResult {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 3, background: Self.grey)
        let label = builder.label("t", "Clean the kitchen", x: 48, y: 30, pointSize: 17, color: text)
        if shapeIsCross {
            // A word space before the text, as a line's first glyph.
            builder.label("x", "X", x: 36, y: 30, pointSize: 17, color: shape)
        } else {
            builder.fill(Frame(x: 42, y: 40, width: 8, height: 8), shape)
        }
        var contract = builder.contract
        // The line's frame, as scan finds it: the shape and the text.
        contract.elements = [ElementContract(id: "t", role: .text, frame: Frame(x: 32, y: 26, width: label.maxX - 32, height: 30),
                                             text: TextSpec(content: ""))]
        let screen = ScreenBuilder(replacing: builder, contract: contract)
        return try #require(TextContrastRule().run(ScreenContext(screen: screen.contract, image: screen.image)).first)
    }

    @Test func testARedCrossBesideBlackText_isSetAside() throws {
        let result = try Self.result(text: RGB8(red: 0, green: 0, blue: 0), shape: RGB8(red: 0xC9, green: 0x36, blue: 0x3D), shapeIsCross: true)
        #expect(result.status == .pass && result.measured.textContrast?.foreground == "#000000", "\(result)")
    }

    @Test func testABlackDotBesideGreyText_doesNotHideItsFailure() throws {
        let result = try Self.result(text: RGB8(red: 0x90, green: 0x94, blue: 0x90), shape: RGB8(red: 0, green: 0, blue: 0), shapeIsCross: false)
        #expect(result.status == .fail && (result.measured.textContrast?.ratio ?? 99) < 3, "\(result)")
    }
}
