import Foundation
import ColorScience
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// `text.clipped`: labels drawn whole, then declared with frames that cut them.
struct TextClippedTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)

    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var pointSize: Double
        var scale: Double
        var weight: FontWeight
        var testDescription: String { "\"\(text)\" \(pointSize) pt @\(Int(scale))x \(weight)" }
    }

    static let cases: [Case] = ["Dragon Scale 42", "jumping gypsy", "HELLO WORLD", "Île"].flatMap { text in
        [8.0, 11, 17, 34].flatMap { size in
            [2.0, 3.0].map { scale in Case(text: text, pointSize: size, scale: scale, weight: size == 17 ? .bold : .regular) }
        }
    }

    /// The label drawn at (20, 20) pt; its frame replaced by `frame(drawn)`, where `drawn` is the
    /// frame `ScreenBuilder` gives it (4 pt of padding on the left, the text's advance and 4 pt on
    /// the right, 1.4 × the size tall with the baseline at 1.05 × the size).
    static func result(_ c: Case, frame: (Frame) -> Frame = { $0 }) -> CheckResult {
        var builder = ScreenBuilder(id: "s", width: 420, height: 120, scale: c.scale, background: white)
        let drawn = builder.label("label", c.text, x: 20, y: 20, pointSize: c.pointSize, weight: c.weight, color: ink)
        var contract = builder.contract
        contract.elements[0].frame = frame(drawn)
        return TextClippedRule().run(ScreenContext(screen: contract, image: builder.image))[0]
    }

    /// Text drawn inside its frame with at least 1 pt to spare on every side passes.
    @Test(arguments: cases)
    func testTextInsideItsFrame_passes(_ c: Case) {
        // The drawn frame has 4 pt left and right; above the accents of 'Î' there is 0.35 pt at
        // most, so the frame grows by 1 pt at the top and bottom.
        let result = Self.result(c) { Frame(x: $0.x, y: $0.y - 1, width: $0.width, height: $0.height + 2) }
        #expect(result.status == .pass, "\(result.measured) \(result.reason ?? "")")
        #expect(result.measured.textClipped?.edges == [])
        #expect(result.measured.textClipped?.inkAtEdgePixels == 0)
    }

    /// The frame narrower than the text: its right edge runs through the last glyph.
    @Test(arguments: cases)
    func testFrameCutThroughTheLastGlyph_failsOnTheRight(_ c: Case) throws {
        // Advances in pixels, as drawn (the stroke is at least a pixel wide, not a point).
        func advance(_ text: String) -> Double { StrokeFont.advance(of: text, size: c.pointSize * c.scale, weight: c.weight) / c.scale }
        let width = 4 + advance(c.text) - advance(String(c.text.last!)) / 2
        let result = Self.result(c) { Frame(x: $0.x, y: $0.y - 1, width: width, height: $0.height + 2) }
        #expect(result.status == .fail)
        #expect(result.severity == .warning)
        #expect(result.measured.textClipped?.edges == [.right])
        let pixels = try #require(result.measured.textClipped?.inkAtEdgePixels)
        #expect(pixels >= 1)
    }

    /// The frame's top edge runs through the capitals (or the x-height of lower case).
    @Test(arguments: cases)
    func testFrameCutThroughTheTopOfTheLetters_failsAtTheTop(_ c: Case) {
        // The cap top lies at 1.05 × size − 0.705 × size = 0.345 × size below the frame's top, the
        // x-height's at 0.52 × size: cut at 0.6 × size below it.
        let cut = c.pointSize * 0.6
        let result = Self.result(c) { Frame(x: $0.x, y: $0.y + cut, width: $0.width, height: $0.height - cut + 1) }
        #expect(result.status == .fail)
        #expect(result.measured.textClipped?.edges == [.top])
    }

    /// The frame's edge just inside the first stroke of a glyph: a sliver of it shows, the rest
    /// carries on outside.
    @Test(arguments: [2.0, 3.0])
    func testFrameEdgeThroughTheSideOfAGlyph_fails(scale: Double) {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: scale, background: Self.white)
        builder.label("cut", "Truncated label", x: 16, y: 20, pointSize: 17, color: Self.ink, frameWidth: 80)
        let result = TextClippedRule().run(ScreenContext(screen: builder.contract, image: builder.image))[0]
        #expect(result.status == .fail)
        #expect(result.measured.textClipped?.edges == [.right])
    }

    @Test func testFrameCutAtTopAndBottom_namesBothEdges() throws {
        // The baseline of 22 pt text is at 23.1 pt below the frame's top: a 14 pt frame from
        // 8 pt down cuts the capitals above and the stems below.
        let c = Case(text: "HELLO WORLD", pointSize: 22, scale: 2, weight: .regular)
        let result = Self.result(c) { Frame(x: $0.x, y: $0.y + 12, width: $0.width, height: 8) }
        #expect(result.status == .fail)
        #expect(result.measured.textClipped?.edges == [.top, .bottom])
        let pixels = try #require(result.measured.textClipped?.inkAtEdgePixels)
        #expect(pixels >= 20)
    }

    @Test func testDescendersCutByTheFrameBottom_failAtTheBottom() {
        // The descenders of 'j', 'p', 'g' and 'y' reach 0.21 × size below the baseline.
        let c = Case(text: "jumping gypsy", pointSize: 20, scale: 3, weight: .regular)
        let result = Self.result(c) { Frame(x: $0.x, y: $0.y - 1, width: $0.width, height: 20 * 1.15 + 1) }
        #expect(result.status == .fail)
        #expect(result.measured.textClipped?.edges == [.bottom])
    }

    /// A lone anti-aliased pixel at the edge is not a glyph running into it.
    @Test func testFaintPixelAtTheEdge_passes() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: Self.white)
        let frame = builder.label("label", "Dragon Scale", x: 20, y: 20, pointSize: 17, color: Self.ink)
        var image = builder.image
        let right = Int(frame.maxX * 2) - 1, row = Int((frame.y + 10) * 2)
        image[right, row] = RGBA(red: 0x80, green: 0x80, blue: 0x80)
        image[right - 1, row] = RGBA(red: 0x80, green: 0x80, blue: 0x80)
        image[right, row + 1] = RGBA(red: 0xC0, green: 0xC0, blue: 0xC0)
        let result = TextClippedRule().run(ScreenContext(screen: builder.contract, image: image))[0]
        #expect(result.status == .pass, "\(result.measured)")
        // A solid stroke two pixels thick running into the same edge is one.
        for x in (right - 1)...right {
            image[x, row] = RGBA(Self.ink)
            image[x, row + 1] = RGBA(Self.ink)
        }
        let stroke = TextClippedRule().run(ScreenContext(screen: builder.contract, image: image))[0]
        #expect(stroke.status == .fail)
        #expect(stroke.measured.textClipped?.edges == [.right])
    }

    /// A border in the text's colour along a whole edge is the container, not clipped text.
    @Test func testBorderAlongTheFrame_passes() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: Self.white)
        let frame = builder.label("button", "Cancel", x: 20, y: 20, pointSize: 17, color: Self.ink, role: .button)
        builder.fill(Frame(x: frame.x, y: frame.y, width: frame.width, height: 1), Self.ink)
        builder.fill(Frame(x: frame.x, y: frame.maxY - 1, width: frame.width, height: 1), Self.ink)
        builder.fill(Frame(x: frame.x, y: frame.y, width: 1, height: frame.height), Self.ink)
        builder.fill(Frame(x: frame.maxX - 1, y: frame.y, width: 1, height: frame.height), Self.ink)
        let result = TextClippedRule().run(ScreenContext(screen: builder.contract, image: builder.image))[0]
        #expect(result.status == .pass, "\(result.measured)")
    }

    // MARK: Frames from a UI hierarchy dump: only cut glyphs

    /// `text` drawn at 17 pt (`scale` px a pt) and declared as a dump declares it, its frame's
    /// right edge at pixel column `right` (exclusive) and what lies right of it painted over, as a
    /// view that clips its text shows it. Returns the rule's result and the pixel columns of the
    /// text's ink (first and one past the last column with any).
    static func dumpResult(_ text: String, scale: Double, pointSize: Double = 17, weight: FontWeight = .regular,
                           right: (_ inkStart: Int, _ inkEnd: Int, _ lastAdvance: Double) -> Int) -> CheckResult {
        var builder = ScreenBuilder(id: "s", width: 360, height: 100, scale: scale, background: white)
        let drawn = builder.label("label", text, x: 20, y: 20, pointSize: pointSize, weight: weight, color: ink)
        var image = builder.image
        let rows = Int(drawn.y * scale)..<Int(drawn.maxY * scale)
        let columns = (0..<image.width).filter { x in rows.contains { image[x, $0] != RGBA(white) } }
        let lastAdvance = StrokeFont.advance(of: String(text.last!), size: pointSize * scale, weight: weight)
        let edge = right(columns.first!, columns.last! + 1, lastAdvance)
        for y in rows { for x in edge..<image.width { image[x, y] = RGBA(white) } }
        var contract = builder.contract
        contract.framesFrom = ScreenContract.framesFromHierarchy
        contract.elements[0].frame = Frame(x: drawn.x, y: drawn.y, width: Double(edge) / scale - drawn.x, height: drawn.height)
        return TextClippedRule().run(ScreenContext(screen: contract, image: image))[0]
    }

    /// A view that clips its text a tenth, a quarter or half of the way into the last glyph: the
    /// glyph stops at the edge mid-stroke, nothing drawn beyond.
    @Test(arguments: ["Dragon Scale 42", "HELLO WORLD", "Save", "Sound", "Extra"], [0.1, 0.25, 0.5])
    func testDumpFrameCuttingTheLastGlyph_fails(text: String, fraction: Double) throws {
        for scale in [2.0, 2.75, 3.0] {
            let result = Self.dumpResult(text, scale: scale) { _, inkEnd, advance in inkEnd - Int((fraction * advance).rounded()) }
            #expect(result.status == .fail, "@\(scale): \(result.measured)")
            #expect(result.measured.textClipped?.edges == [.right], "@\(scale)")
            #expect((result.measured.textClipped?.inkAtEdgePixels ?? 0) >= 2, "@\(scale)")
        }
    }

    /// A whole last glyph touching a tight frame, the frame's edge through its anti-aliased end or
    /// just past it: the arm of an "r", the bar of an "f", the curve of an "S" or an "o". The review
    /// of real dumps found these reported as cut, pixel for pixel the same letters as elsewhere.
    @Test(arguments: ["Sender", "Brief", "SETTINGS", "Photo", "in the notification drawer"])
    func testDumpFrameTouchingAWholeLastGlyph_passes(text: String) {
        for scale in [2.0, 2.75, 3.0] {
            for trim in [0, 1] {
                let result = Self.dumpResult(text, scale: scale) { _, inkEnd, _ in inkEnd - trim }
                #expect(result.status == .pass, "@\(scale), \(trim) px trimmed: \(result.measured)")
            }
        }
    }

    /// The descenders of "jumping gypsy" cut by the frame's bottom, nothing drawn below: cut
    /// glyphs along the bottom edge.
    @Test(arguments: [2.0, 2.75, 3.0])
    func testDumpFrameCuttingTheDescenders_failsAtTheBottom(scale: Double) {
        var builder = ScreenBuilder(id: "s", width: 360, height: 100, scale: scale, background: Self.white)
        let drawn = builder.label("label", "jumping gypsy", x: 20, y: 20, pointSize: 20, color: Self.ink)
        // The baseline lies 21 pt below the frame's top, the descenders 4.2 pt below it: cut
        // halfway down them.
        let bottom = Int(((drawn.y + 21 + 2.1) * scale).rounded())
        var image = builder.image
        for y in bottom..<image.height { for x in 0..<image.width { image[x, y] = RGBA(Self.white) } }
        var contract = builder.contract
        contract.framesFrom = ScreenContract.framesFromHierarchy
        contract.elements[0].frame.height = Double(bottom) / scale - drawn.y
        let result = TextClippedRule().run(ScreenContext(screen: contract, image: image))[0]
        #expect(result.status == .fail, "\(result.measured)")
        #expect(result.measured.textClipped?.edges == [.bottom])
    }

    /// A link's underline that runs into the frame's end, and a chip's outline whose rounded end
    /// the frame's edge runs through: neither is a glyph.
    @Test(arguments: [2.0, 2.75, 3.0])
    func testDumpUnderlineAndOutlineAtTheEdge_pass(scale: Double) {
        var builder = ScreenBuilder(id: "s", width: 360, height: 140, scale: scale, background: Self.white)
        let link = builder.label("link", "Privacy policy", x: 20, y: 10, pointSize: 17, color: Self.ink)
        // The underline 2 pt below the baseline, from the text's start to past the frame's end.
        builder.fill(Frame(x: link.x + 4, y: link.y + 17 * 1.05 + 2, width: link.width + 10, height: 1), Self.ink)
        // A chip: a 1 pt outline with round ends, its text frame 8 pt taller than it and ending
        // inside the outline's right end.
        let chip = Frame(x: 20, y: 70, width: 120, height: 32)
        for (inset, color) in [(0.0, Self.ink), (1.0, Self.white)] {
            let r = chip.height / 2 - inset
            builder.ellipse(Frame(x: chip.x + inset, y: chip.y + inset, width: 2 * r, height: 2 * r), color)
            builder.ellipse(Frame(x: chip.maxX - inset - 2 * r, y: chip.y + inset, width: 2 * r, height: 2 * r), color)
            builder.fill(Frame(x: chip.x + chip.height / 2, y: chip.y + inset, width: chip.width - chip.height, height: 2 * r), color)
        }
        builder.label("chip", "Filters", x: 36, y: 74, pointSize: 15, color: Self.ink)
        var contract = builder.contract
        contract.framesFrom = ScreenContract.framesFromHierarchy
        contract.elements[0].frame.width += 6
        contract.elements[1].frame = Frame(x: 30, y: 66, width: 110, height: 40)
        let results = TextClippedRule().run(ScreenContext(screen: contract, image: builder.image))
        #expect(results.map(\.element) == ["link", "chip"])
        for result in results { #expect(result.status == .pass, "\(result.element ?? ""): \(result.measured)") }
    }

    /// A real italic line (MotorEase's Hangar settings, Fixtures/motorease_apphangar_drawer.png:
    /// rows 1120–1194 of the 2.625 px a dp screenshot, MIT): "Hangar's app shortcut bar in the
    /// notification drawer" in a TextView whose bounds [26,1135][735,1178] end on the last "r"'s
    /// arm. The arm lost its anti-aliased end column and is otherwise pixel for pixel the "r"
    /// before it: a whole glyph, no finding. The same frame moved through the middle of the "e"
    /// before it, with what lies beyond painted over, is a cut glyph.
    @Test func testRealItalicLineEndingOnAWholeR_passes_andCutThroughItsE_fails() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/motorease_apphangar_drawer.png").path
        let image = try ImageDecoder().decodeFile(atPath: file).pixels
        let scale = 2.625
        func result(right: Int, image: PixelBuffer) -> CheckResult {
            var contract = ScreenContract(id: "hangar", screenshot: "hangar.png",
                                          device: DeviceSpec(name: "motorease", scale: scale, width: 1080 / scale, height: 75 / scale),
                                          elements: [ElementContract(id: "text", role: .text,
                                                                     frame: Frame(x: 26 / scale, y: 15 / scale, width: Double(right - 26) / scale, height: 43 / scale),
                                                                     text: TextSpec(content: "Hangar's app shortcut bar in the notification drawer"))])
            contract.framesFrom = ScreenContract.framesFromHierarchy
            return TextClippedRule().run(ScreenContext(screen: contract, image: image))[0]
        }
        let whole = result(right: 735, image: image)
        #expect(whole.status == .pass, "\(whole.measured)")
        #expect(whole.measured.textClipped?.edges == [])
        var cut = image
        let background = image[740, 40]
        for y in 0..<75 { for x in 713..<1080 { cut[x, y] = background } }
        let cutResult = result(right: 713, image: cut)
        #expect(cutResult.status == .fail, "\(cutResult.measured)")
        #expect(cutResult.measured.textClipped?.edges == [.right])
    }

    @Test func testBlankFrame_isNotRun() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: RGB8(red: 240, green: 240, blue: 240))
        builder.element(ElementContract(id: "empty", role: .text, frame: Frame(x: 10, y: 10, width: 100, height: 30),
                                        text: TextSpec(content: "Missing", pointSize: 17)))
        let result = TextClippedRule().run(ScreenContext(screen: builder.contract, image: builder.image))[0]
        #expect(result.status == .notRun)
        #expect(result.reason == "the frame is one colour: no text pixels to measure")
    }

    @Test func testDisabledByTheContract_isNotRunWithItsReason() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: Self.white)
        builder.label("marquee", "Scrolling news ticker", x: 20, y: 20, pointSize: 17, color: Self.ink)
        var contract = builder.contract
        // The right edge through the middle of the 'S'.
        contract.elements[0].frame.width = 4 + StrokeFont.advance(of: "S", size: 17, weight: .regular) / 2
        contract.elements[0].checks = CheckOverrides(disable: [RuleID.textClipped: "a marquee scrolls its text"])
        let result = AuditRunner.applyingDisabledRules(TextClippedRule().run(ScreenContext(screen: contract, image: builder.image))[0],
                                                       on: contract)
        #expect(result.status == .notRun)
        #expect(result.reason == "disabled by the contract: a marquee scrolls its text")
        contract.elements[0].checks = nil
        #expect(TextClippedRule().run(ScreenContext(screen: contract, image: builder.image))[0].status == .fail)
    }

    @Test func testOnlyElementsWithText_getResults() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: 2, background: Self.white)
        builder.label("a", "First", x: 10, y: 10, pointSize: 17, color: Self.ink)
        builder.element(ElementContract(id: "image", role: .image, frame: Frame(x: 10, y: 50, width: 40, height: 40)))
        let results = TextClippedRule().run(ScreenContext(screen: builder.contract, image: builder.image))
        #expect(results.map(\.element) == ["a"])
        #expect(results[0].rule == RuleID.textClipped)
    }

    @Test func testDescriptor() {
        #expect(TextClippedRule.descriptor.id == "text.clipped")
        #expect(TextClippedRule.descriptor.title == "Clipped text")
        #expect(TextClippedRule.descriptor.defaultSeverity == .warning)
        #expect(TextClippedRule.descriptor.reference == "Apple Accessibility Inspector audit: Text clipped (textClipped)")
    }

    @Test func testExamples_giveTheirVerdicts() {
        #expect(TextClippedRule.examples.contains { $0.expected == .pass })
        #expect(TextClippedRule.examples.contains { $0.expected == .fail })
        for example in TextClippedRule.examples {
            let result = TextClippedRule().run(example.make()).first { $0.element == example.element }
            #expect(result?.status == example.expected, "\(example.title): \(String(describing: result))")
        }
    }
}
