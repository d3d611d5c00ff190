import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// `text.truncated`: lines drawn with the stroke font ending in "…" or "...", at many sizes,
/// scales, weights and polarities, found; lines ending in other dots and marks not; the verdict
/// and its severity on contracts, and on lines `scan` finds.
@Suite struct TextTruncatedTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let darkBackground = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let darkInk = RGB8(red: 0xEB, green: 0xEB, blue: 0xF5)

    struct Case: CustomTestStringConvertible, Sendable {
        var drawn: String
        var content: String
        var pointSize: Double
        var scale: Double
        var weight: FontWeight = .regular
        var dark = false
        var role: ElementRole = .text
        var testDescription: String {
            "\"\(drawn)\" for \"\(content)\" \(pointSize) pt @\(Int(scale))x \(weight)\(dark ? " light on dark" : "")"
        }
    }

    /// The text drawn at (20, 20) pt in a frame with 4 pt of padding (`ScreenBuilder.label`), its
    /// content then declared as `content`; the rule's result for it.
    static func result(_ c: Case, contentSize: ContentSize? = nil) -> CheckResult {
        var builder = ScreenBuilder(id: "s", width: 640, height: 140, scale: c.scale, background: c.dark ? darkBackground : white)
        builder.label("label", c.drawn, x: 20, y: 20, pointSize: c.pointSize, weight: c.weight, color: c.dark ? darkInk : ink, role: c.role)
        var contract = builder.contract
        contract.elements[0].text?.content = c.content
        contract.contentSize = contentSize
        let results = TextTruncatedRule().run(ScreenContext(screen: contract, image: builder.image))
        #expect(results.count == 1)
        return results[0]
    }

    static let truncatedCases: [Case] = [("Dragon Sca…", "Dragon Scale Armor"), ("Swipe to each rel...", "Swipe to each relic")]
        .flatMap { drawn, content in
            [11.0, 13, 17, 22, 28, 34, 40].flatMap { size in
                [2.0, 3.0].flatMap { scale in
                    [false, true].map { dark in
                        Case(drawn: drawn, content: content, pointSize: size, scale: scale, weight: size == 22 || size == 34 ? .bold : .regular,
                             dark: dark)
                    }
                }
            }
        }

    @Test(arguments: truncatedCases)
    func testLineEndingInAnEllipsis_isFound(_ c: Case) throws {
        let result = Self.result(c)
        #expect(result.status == .fail, "\(result.measured) \(result.reason ?? "")")
        #expect(result.severity == .warning)
        let measured = try #require(result.measured.textTruncated)
        #expect(measured.dots == 3)
        #expect(measured.line == 1 && measured.lines == 1)
        #expect(measured.contentKnown == true)
        #expect(measured.contentEnd == String(c.content.suffix(12)).trimmingWhitespace())
        // A dot is about a stroke wide: 0.13 em at regular weight, 0.17 at bold, a pixel more with anti-aliasing.
        let em = c.pointSize * c.scale
        let dot = try #require(measured.dotWidth)
        #expect(Double(dot) >= 0.1 * em && Double(dot) <= 0.2 * em + 2, "dot \(dot) px at \(em) px/em")
        let pitch = try #require(measured.pitch)
        #expect(abs(pitch - (c.drawn.hasSuffix("…") ? 0.22 * em : 0.16 * em + StrokeFont.strokeWidth(size: em, weight: c.weight))) <= 1.5)
    }

    /// The same text whole (the content and the pixels without an ellipsis) passes, measured.
    @Test(arguments: truncatedCases)
    func testSameLineWithoutTheEllipsis_passes(_ c: Case) {
        var whole = c
        whole.drawn = c.content
        let result = Self.result(whole)
        #expect(result.status == .pass, "\(result.measured) \(result.reason ?? "")")
        #expect(result.measured.textTruncated?.dots == 0)
    }

    /// Lines ending in dots and marks that are not an ellipsis, drawn as the content says.
    static let notEllipses: [String] = [
        "The end.", // one period
        "Wait..", // two dots
        "Name:", // dots stacked
        "Mini", "Hi!!!", "Skiing", // dots of i and !
        "U.S.A.", // periods between letters
        "a...b", // an ellipsis inside the text, not at its end
        "More \u{00B7}\u{00B7}\u{00B7}", // a "⋯" more button: dots at mid-height
        "Runes \u{2022}\u{2022}\u{2022}", // bullets
        "Total........", // a dotted leader: more than three dots
        "Score 3.5", "e.g.", "v1.2.3", "Tap here;", "Well,,,",
    ]

    @Test(arguments: notEllipses, [11.0, 17, 34])
    func testOtherDotsAndMarks_areNotAnEllipsis(_ text: String, _ size: Double) {
        for scale in [2.0, 3.0] {
            for dark in [false, true] {
                let result = Self.result(Case(drawn: text, content: text, pointSize: size, scale: scale, dark: dark))
                #expect(result.status == .pass, "\(text) \(size) pt @\(Int(scale))x: \(result.measured) \(result.reason ?? "")")
            }
        }
    }

    /// Three dots alone, as a page control draws them: large, not after a letter.
    @Test func testPageControlDots_areNotAnEllipsis() {
        for scale in [2.0, 3.0] {
            var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: scale, background: Self.white)
            builder.label("page", "Page 2", x: 20, y: 20, pointSize: 17, color: Self.ink, frameWidth: 160)
            // UIPageControl: 7 pt dots 9 pt apart, centred on the line, right after the text.
            for index in 0..<3 {
                builder.ellipse(Frame(x: 90 + Double(index) * 16, y: 29, width: 7, height: 7), index == 1 ? Self.ink : RGB8(red: 0x8E, green: 0x8E, blue: 0x93))
            }
            // And dots of a small page control sitting on the line's baseline after a word.
            builder.label("small", "Tips", x: 20, y: 60, pointSize: 17, color: Self.ink, frameWidth: 160)
            for index in 0..<3 {
                builder.ellipse(Frame(x: 70 + Double(index) * 14, y: 60 + 17 * 1.05 - 7, width: 7, height: 7), Self.ink)
            }
            let results = TextTruncatedRule().run(ScreenContext(screen: builder.contract, image: builder.image))
            #expect(results.map(\.status) == [.pass, .pass], "@\(Int(scale))x: \(results.map(\.measured))")
        }
    }

    @Test func testContentEndingInAnEllipsis_passes() throws {
        for (drawn, content) in [("Loading…", "Loading…"), ("Loading...", "Loading..."), ("Loading…", "Loading… ")] {
            let result = Self.result(Case(drawn: drawn, content: content, pointSize: 17, scale: 3))
            #expect(result.status == .pass)
            #expect(result.measured.textTruncated?.contentEndsInEllipsis == true)
        }
    }

    @Test func testTruncatedButtonTitle_isAnError() {
        let result = Self.result(Case(drawn: "Begin Prac…", content: "Begin Practice", pointSize: 17, scale: 3, weight: .semibold, role: .button))
        #expect(result.status == .fail)
        #expect(result.severity == .error)
        let text = Self.result(Case(drawn: "Begin Prac…", content: "Begin Practice", pointSize: 17, scale: 3, weight: .semibold))
        #expect(text.severity == .warning)
    }

    /// A button's title on its capsule, the element's frame the button's: the page's colour in
    /// the frame's corners is set aside as the frame's shape, the title's ellipsis still found.
    @Test func testTruncatedTitleOnACapsuleButton_isFound() throws {
        for scale in [2.0, 3.0] {
            for (drawn, expected) in [("Begin Prac…", CheckStatus.fail), ("Begin Practice", .pass)] {
                var canvas = Canvas(width: Int(320 * scale), height: Int(120 * scale), background: RGBA(Self.white))
                let frame = Frame(x: 40, y: 30, width: 150, height: 44)
                canvas.fillRoundedRect(RectF(x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale),
                                               radius: 22 * scale, color: RGBA(RGB8(red: 0x0A, green: 0x84, blue: 0xFF)))
                canvas.drawText(drawn, x: 56 * scale, baseline: (30 + 22 + 17 * 0.35) * scale, size: 17 * scale, weight: .semibold,
                                        color: RGBA(Self.white))
                let contract = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: scale, width: 320, height: 120), elements: [
                    ElementContract(id: "begin", role: .button, frame: frame,
                                    text: TextSpec(content: "Begin Practice", pointSize: 17, weight: .semibold)),
                ])
                let result = try #require(TextTruncatedRule().run(ScreenContext(screen: contract, image: canvas.buffer)).first)
                #expect(result.status == expected, "\(drawn) @\(Int(scale))x: \(result.measured) \(result.reason ?? "")")
                if expected == .fail { #expect(result.severity == .error) }
            }
        }
    }

    @Test func testDeclaredContentSize_isNamed() throws {
        let result = Self.result(Case(drawn: "Dragon Sca…", content: "Dragon Scale Armor", pointSize: 28, scale: 3), contentSize: .ax3)
        #expect(result.status == .fail)
        let measured = try #require(result.measured.textTruncated)
        #expect(measured.contentSize == "AX3")
        let message = result.measured.message(FindingFacts(severity: result.severity, threshold: nil, reason: nil))
        #expect(message.hasSuffix("it is truncated at AX3"), "\(message)")
        #expect(message.contains("Scale Armor"))
    }

    /// The second of two lines ends in the ellipsis (a label of two lines).
    @Test func testSecondLineEndingInAnEllipsis_isNamed() throws {
        for scale in [2.0, 3.0] {
            var canvas = Canvas(width: Int(320 * scale), height: Int(140 * scale), background: RGBA(Self.white))
            canvas.drawText("Swipe to each relic,", x: 24 * scale, baseline: (20 + 17 * 1.05) * scale, size: 17 * scale, weight: .regular,
                            color: RGBA(Self.ink))
            canvas.drawText("then double-ta…", x: 24 * scale, baseline: (20 + 17 * 2.25) * scale, size: 17 * scale, weight: .regular,
                            color: RGBA(Self.ink))
            let contract = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: scale, width: 320, height: 140), elements: [
                ElementContract(id: "body", role: .text, frame: Frame(x: 20, y: 20, width: 200, height: 48),
                                text: TextSpec(content: "Swipe to each relic, then double-tap to hear it", pointSize: 17)),
            ])
            let result = try #require(TextTruncatedRule().run(ScreenContext(screen: contract, image: canvas.buffer)).first)
            #expect(result.status == .fail, "\(result.measured) \(result.reason ?? "")")
            #expect(result.measured.textTruncated?.line == 2)
            #expect(result.measured.textTruncated?.lines == 2)
        }
    }

    /// A first line ending in the content's own "..." (wrapped after it) is no truncation: only
    /// the last line shown is cut by a text view.
    @Test func testFirstLineEndingInTheContentsOwnEllipsis_passes() throws {
        for scale in [2.0, 3.0] {
            var canvas = Canvas(width: Int(320 * scale), height: Int(140 * scale), background: RGBA(Self.white))
            canvas.drawText("Wait for the chime...", x: 24 * scale, baseline: (20 + 17 * 1.05) * scale, size: 17 * scale, weight: .regular,
                            color: RGBA(Self.ink))
            canvas.drawText("then tap the rune", x: 24 * scale, baseline: (20 + 17 * 2.25) * scale, size: 17 * scale, weight: .regular,
                            color: RGBA(Self.ink))
            let contract = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: scale, width: 320, height: 140), elements: [
                ElementContract(id: "body", role: .text, frame: Frame(x: 20, y: 20, width: 200, height: 48),
                                text: TextSpec(content: "Wait for the chime... then tap the rune", pointSize: 17)),
            ])
            let result = try #require(TextTruncatedRule().run(ScreenContext(screen: contract, image: canvas.buffer)).first)
            #expect(result.status == .pass, "\(result.measured) \(result.reason ?? "")")
            #expect(result.measured.textTruncated?.lines == 2)
        }
    }

    /// What `scan` sees: lines found in the pixels, without content. A line ending in an ellipsis
    /// is reported as probably truncated; others pass.
    @Test func testScannedLineEndingInAnEllipsis_isReported_contentUnknown() throws {
        for scale in [2.0, 3.0] {
            var builder = ScreenBuilder(id: "s", width: 390, height: 300, scale: scale, background: RGB8(red: 0xF2, green: 0xF2, blue: 0xF7))
            builder.label("title", "Quest Board", x: 16, y: 20, pointSize: 34, weight: .bold, color: Self.ink)
            builder.label("cut", "Swipe to each relic, then dou…", x: 16, y: 80, pointSize: 17, color: Self.ink)
            builder.label("end", "Listen for the chime.", x: 16, y: 120, pointSize: 15, color: Self.ink)
            builder.fill(Frame(x: 16, y: 170, width: 358, height: 50), RGB8(red: 0x0A, green: 0x84, blue: 0xFF))
            builder.label("button", "Begin Practi…", x: 120, y: 182, pointSize: 17, weight: .semibold, color: Self.white)
            for index in 0..<4 {
                builder.ellipse(Frame(x: 160 + Double(index) * 16, y: 260, width: 7, height: 7), Self.ink)
            }
            let detection = TextDetector(scale: scale).detect(in: builder.image)
            let contract = ScreenContract(id: "scan", screenshot: "scan.png", device: builder.contract.device,
                                          elements: detection.elements(scale: scale))
            let results = TextTruncatedRule().run(ScreenContext(screen: contract, image: builder.image))
            let failed = results.filter { $0.status == .fail }
            #expect(failed.count == 2, "@\(Int(scale))x: \(results.map { "\($0.element ?? "") \($0.status) \($0.reason ?? "")" })")
            let cut = builder.contract.elements.filter { $0.id == "cut" || $0.id == "button" }.map { $0.frame.y }
            for result in failed {
                let frame = try #require(result.frame)
                #expect(cut.contains { abs(Double(frame.y) / scale - $0) < 8 }, "\(frame)")
                #expect(result.severity == .warning)
                #expect(result.measured.textTruncated?.contentKnown == false)
                #expect(result.measured.message(FindingFacts(severity: .warning, threshold: nil, reason: nil)).contains("content is not known"))
            }
        }
    }
}

/// Real truncated text (Fixtures/appagent, MIT, see Fixtures/README.md): Gboard's clipboard chip
/// "in a concise …" on the Chrome screen, which the dump's audit leaves out as system UI, declared
/// here by hand as the chip's button.
@Suite struct TextTruncatedRealScreenTests {
    @Test func testKeyboardClipboardChip_isTruncated() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/appagent").path
        let decoded = try ImageDecoder().decodeFile(atPath: folder + "/2024-11-12_23-45-06_4.png")
        let scale = 2.75
        let device = DeviceSpec(scale: scale, width: Double(decoded.pixels.width) / scale, height: Double(decoded.pixels.height) / scale)
        // The chip's text, x 440–695 px, y 1440–1480 px, with room inside the chip's outline.
        let frame = Frame(x: 430 / scale, y: 1428 / scale, width: 280 / scale, height: 64 / scale)
        func result(_ content: String, role: ElementRole) -> CheckResult? {
            let contract = ScreenContract(id: "chip", screenshot: "chip.png", device: device, elements: [
                ElementContract(id: "chip", role: role, frame: frame, text: TextSpec(content: content)),
            ])
            return TextTruncatedRule().run(ScreenContext(screen: contract, image: decoded.pixels)).first
        }
        let cut = try #require(result("in a concise way", role: .button))
        #expect(cut.status == .fail, "\(cut.measured) \(cut.reason ?? "")")
        #expect(cut.severity == .error)
        #expect(cut.measured.textTruncated?.dots == 3)
        // The clipboard text itself ending in "…" is no finding.
        #expect(result("in a concise …", role: .button)?.status == .pass)
    }
}
