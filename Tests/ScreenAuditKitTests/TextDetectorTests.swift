import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// The text detector on generated screens: every label found in both polarities and on coloured
/// fills, nothing found in shapes, photos or bad images, ids stable, verdicts as a hand contract's.
@Suite struct TextDetectorTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static func grey(_ value: UInt8) -> RGB8 { RGB8(red: value, green: value, blue: value) }

    /// A 390 × 600 pt screen at @2x: labels of every kind, each declared in the contract.
    static func labelledScreen() -> ScreenBuilder {
        var screen = ScreenBuilder(id: "labels", width: 390, height: 600, scale: 2, background: RGB8(red: 0xF2, green: 0xF2, blue: 0xF7))
        screen.label("title", "Quest Board", x: 16, y: 20, pointSize: 34, weight: .heavy, color: ink)
        screen.label("body", "Swipe to each relic, then double-tap", x: 16, y: 80, pointSize: 17, color: ink)
        screen.label("caption", "Updated two minutes ago", x: 16, y: 115, pointSize: 11, color: grey(0x6E))
        screen.fill(Frame(x: 16, y: 150, width: 358, height: 90), RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        screen.label("dark", "Lights off mode", x: 28, y: 160, pointSize: 20, weight: .semibold, color: white)
        screen.label("dim", "Listen for the chime", x: 28, y: 200, pointSize: 15, color: grey(0x8E))
        screen.fill(Frame(x: 16, y: 260, width: 358, height: 50), RGB8(red: 0x0A, green: 0x84, blue: 0xFF))
        screen.label("button", "Begin Practice", x: 120, y: 272, pointSize: 17, weight: .semibold, color: white)
        screen.label("faint", "Shadow Stone", x: 16, y: 330, pointSize: 17, color: grey(0xB0))
        return screen
    }

    static func lines(_ screen: ScreenBuilder) -> [DetectedTextLine] {
        TextDetector(scale: screen.scale).detect(in: screen.image).lines
    }

    /// The pixel frame of a contract element.
    static func pixels(_ frame: Frame, scale: Double) -> PixelRect {
        PixelRect.snapping(x: frame.x, y: frame.y, width: frame.width, height: frame.height, scale: scale, clampedTo: .max, .max)
    }

    static func centre(_ rect: PixelRect, isIn frame: PixelRect) -> Bool {
        let cx = rect.x * 2 + rect.width, cy = rect.y * 2 + rect.height
        return cx >= frame.x * 2 && cx <= frame.maxX * 2 && cy >= frame.y * 2 && cy <= frame.maxY * 2
    }

    @Test func testFindsEveryLabel_onLightDarkAndColouredFills() {
        let screen = Self.labelledScreen()
        let found = Self.lines(screen)
        for element in screen.contract.elements {
            let frame = Self.pixels(element.frame, scale: screen.scale)
            let on = found.filter { Self.centre($0.glyphs, isIn: frame) }
            #expect(on.count == 1, "\(element.id): \(on.count) lines found on it")
            // The glyphs' box lies within the label's frame, and the checked frame holds them.
            if let line = on.first {
                #expect(line.glyphs.x >= frame.x && line.glyphs.maxX <= frame.maxX, "\(element.id): \(line.glyphs) outside \(frame)")
                #expect(line.frame.x < line.glyphs.x && line.frame.maxY > line.glyphs.maxY)
            }
        }
        #expect(found.count == screen.contract.elements.count, "lines: \(found.map(\.glyphs))")
    }

    @Test func testFindsNothingInShapesIconsDotsHairlinesOrPhotos() {
        var screen = ScreenBuilder(id: "shapes", width: 390, height: 600, scale: 3, background: Self.white)
        var canvas = screen.canvas
        // Orbs with a highlight, a status dot, a row of page dots, a hairline, a progress bar,
        // switches, a card, an icon of two arcs.
        for (index, colour) in [RGBA(red: 0xD4, green: 0xA0, blue: 0x40), RGBA(red: 0x40, green: 0xB0, blue: 0xA0)].enumerated() {
            let x = 60.0 + Double(index) * 300
            canvas.fillEllipse(in: RectF(x: x, y: 90, width: 150, height: 150), color: colour)
            canvas.fillEllipse(in: RectF(x: x + 30, y: 110, width: 40, height: 28), color: RGBA(red: 0xEE, green: 0xEE, blue: 0xEE))
        }
        for dot in 0..<5 {
            canvas.fillEllipse(in: RectF(x: 400 + Double(dot) * 27, y: 400, width: 21, height: 21), color: RGBA(red: 0x8E, green: 0x8E, blue: 0x93))
        }
        canvas.fill(RectF(x: 0, y: 500, width: 1170, height: 1), color: RGBA(red: 0xC6, green: 0xC6, blue: 0xC8))
        canvas.fillRoundedRect(RectF(x: 60, y: 560, width: 1000, height: 12), radius: 6, color: RGBA(red: 0x0A, green: 0x84, blue: 0xFF))
        for row in 0..<3 {
            let y = 640.0 + Double(row) * 120
            canvas.fillRoundedRect(RectF(x: 900, y: y, width: 153, height: 93), radius: 46, color: RGBA(red: 0x34, green: 0xC7, blue: 0x59))
            canvas.fillEllipse(in: RectF(x: 960, y: y + 6, width: 81, height: 81), color: RGBA(red: 255, green: 255, blue: 255))
        }
        canvas.fillRoundedRect(RectF(x: 60, y: 640, width: 700, height: 330), radius: 30, color: RGBA(red: 0xF2, green: 0xF2, blue: 0xF7))
        canvas.stroke(RectF(x: 100, y: 1100, width: 90, height: 90), lineWidth: 6, color: RGBA(red: 0x1C, green: 0x1C, blue: 0x1E))
        screen = ScreenBuilder(replacing: screen, contract: screen.contract)
        var photo = ScreenBuilder(replacing: screen, contract: screen.contract)
        photo.texture(Frame(x: 20, y: 420, width: 350, height: 150), base: RGB8(red: 90, green: 120, blue: 80), amplitude: 40)
        let lines = TextDetector(scale: 3).detect(in: canvasWithPhoto(canvas, photo: photo.image)).lines
        #expect(lines.isEmpty, "found \(lines.map(\.glyphs))")
    }

    /// The shapes of `canvas` with the textured band of `photo` copied in.
    func canvasWithPhoto(_ canvas: Canvas, photo: PixelBuffer) -> PixelBuffer {
        var buffer = canvas.buffer
        for y in 1260..<1710 {
            let start = y * buffer.width * 4
            buffer.pixels.replaceSubrange(start..<(start + buffer.width * 4), with: photo.pixels[start..<(start + buffer.width * 4)])
        }
        return buffer
    }

    @Test(arguments: [
        ("blank", PixelBuffer(width: 1170, height: 2532, fill: RGBA(red: 255, green: 255, blue: 255))),
        ("one pixel", PixelBuffer(width: 1, height: 1, fill: RGBA(red: 0, green: 0, blue: 0))),
        ("transparent", PixelBuffer(width: 300, height: 300)),
    ])
    func testBadImages_giveNoLines(_ name: String, _ image: PixelBuffer) {
        let detection = TextDetector(scale: 3).detect(in: image)
        #expect(detection.lines.isEmpty, "\(name)")
    }

    @Test func testNoise_givesNoLines() {
        var builder = ScreenBuilder(id: "noise", width: 200, height: 200, scale: 2, background: Self.white)
        builder.texture(Frame(x: 0, y: 0, width: 200, height: 200), base: RGB8(red: 128, green: 128, blue: 128), amplitude: 120)
        #expect(TextDetector(scale: 2).detect(in: builder.image).lines.isEmpty)
    }

    @Test func testNoFlatBackgroundAnywhere_saysSo() {
        // Every pixel a different colour: no tile has a dominant one.
        var image = PixelBuffer(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { image[x, y] = RGBA(red: UInt8(x * 4), green: UInt8(y * 4), blue: UInt8((x * 7 + y * 13) % 256)) }
        }
        let detection = TextDetector(scale: 1).detect(in: image)
        #expect(detection.lines.isEmpty)
        #expect(detection.unsearched == "no part of the image has a flat background to read text on")
    }

    @Test func testTinyImage_saysWhyNothingWasSearched() {
        let detection = TextDetector(scale: 3).detect(in: PixelBuffer(width: 1, height: 1, fill: RGBA(red: 0, green: 0, blue: 0)))
        #expect(detection.unsearched == "the image is too small to hold text")
    }

    @Test func testIDs_areThePointsOfTheGlyphs_stableAndUnique() {
        let screen = Self.labelledScreen()
        let first = TextDetector(scale: 2).detect(in: screen.image)
        let again = TextDetector(scale: 2).detect(in: screen.image)
        #expect(first == again)
        let elements = first.elements(scale: 2)
        #expect(Set(elements.map(\.id)).count == elements.count)
        let line = first.lines[0]
        #expect(elements[0].id == "text@\(Int((Double(line.glyphs.x) / 2).rounded())),\(Int((Double(line.glyphs.y) / 2).rounded()))")
        #expect(elements.allSatisfy { $0.role == .text && $0.text?.content == "" && $0.text?.pointSize == nil })
        // Two lines at the same point get #2.
        let twin = TextDetection(lines: [line, line], unsearched: nil).elements(scale: 2).map(\.id)
        #expect(twin == [elements[0].id, elements[0].id + "#2"])
    }

    /// The lines found are judged as the hand contract's elements are: contrast and size verdicts
    /// agree, the measured size within a point of the declared one.
    @Test func testVerdictsOnFoundLines_matchTheHandContract() {
        let screen = Self.labelledScreen()
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30))
        let checks: [any AuditCheck] = [TextContrastRule(), TextSizeRule()]
        let hand = checks.flatMap { $0.run(ScreenContext(screen: screen.contract, image: screen.image)) }
        var found = screen.contract
        found.elements = TextDetector(scale: 2).detect(in: screen.image).elements(scale: 2)
        let scanned = checks.flatMap { $0.run(ScreenContext(screen: found, image: screen.image)) }
        _ = options
        for element in screen.contract.elements {
            let frame = Self.pixels(element.frame, scale: 2)
            guard let line = found.elements.first(where: { Self.centre(Self.pixels($0.frame, scale: 2), isIn: frame) }) else {
                Issue.record("\(element.id) not found")
                continue
            }
            for rule in [RuleID.contrastText, RuleID.textSize] {
                let a = hand.first { $0.element == element.id && $0.rule == rule }, b = scanned.first { $0.element == line.id && $0.rule == rule }
                #expect(a?.status == b?.status, "\(element.id) \(rule): contract \(String(describing: a?.status)), scan \(String(describing: b?.status))")
            }
            let estimate = scanned.first { $0.element == line.id && $0.rule == RuleID.textSize }?.measured.textSize?.estimatedPointSize
            let declared = element.text?.pointSize ?? 0
            #expect(abs((estimate ?? 0) - declared) <= max(1, declared * 0.05), "\(element.id): measured \(estimate ?? -1) pt, drawn at \(declared)")
        }
        // The faint label fails, as it does by contract.
        #expect(hand.contains { $0.element == "faint" && $0.rule == RuleID.contrastText && $0.status == .fail })
    }

    @Test func testKnownScreenSizes_portraitAndLandscape() {
        #expect(KnownScreenSizes.entry(width: 1179, height: 2556)?.scale == 3)
        #expect(KnownScreenSizes.entry(width: 2556, height: 1179)?.scale == 3)
        #expect(KnownScreenSizes.entry(width: 2048, height: 2732)?.scale == 2)
        #expect(KnownScreenSizes.entry(width: 1000, height: 2000) == nil)
        let sizes = KnownScreenSizes.portrait.map { [$0.pixelWidth, $0.pixelHeight] }
        #expect(Set(sizes).count == sizes.count, "a size listed twice")
        #expect(KnownScreenSizes.entry(width: 2796, height: 1290)?.statusBar(landscape: true) == 0)
        #expect(KnownScreenSizes.entry(width: 2732, height: 2048)?.statusBar(landscape: true) == 24)
    }

    /// Single glyphs are text where the layout says so — a list's index letters, a value under its
    /// label — and not where the same kind of piece is an icon: chevrons down a column, icons
    /// beside a menu's labels, a tab's icon centred over its name.
    @Test func testLoneGlyphs_foundWhereTheLayoutSaysText_notIcons() {
        let band = RGB8(red: 0xF2, green: 0xF2, blue: 0xF7), grey = Self.grey(0x8E)
        var screen = ScreenBuilder(id: "lone", width: 390, height: 900, scale: 3, background: Self.white)
        var letters: [Frame] = []
        for (index, (letter, row)) in zip(["A", "C", "E"], ["Across the Galaxy", "Convergence", "Empire at War"]).enumerated() {
            let y = 20.0 + Double(index) * 120
            screen.fill(Frame(x: 0, y: y, width: 180, height: 30), band)
            letters.append(screen.label("section.\(letter)", letter, x: 12, y: y + 4, pointSize: 17, weight: .semibold, color: Self.ink))
            screen.label("row.\(index)", row, x: 12, y: y + 52, pointSize: 17, color: Self.ink)
        }
        screen.label("stat", "Safari Rules", x: 220, y: 80, pointSize: 15, color: grey)
        let value = screen.label("value", "0", x: 220, y: 104, pointSize: 22, weight: .semibold, color: Self.ink)
        var canvas = screen.canvas
        // A column of chevrons alone on their rows, at the right.
        for row in 0..<4 {
            let y = (580.0 + Double(row) * 44) * 3
            canvas.drawLine(from: (1080, y), to: (1098, y + 18), width: 6, color: RGBA(grey))
            canvas.drawLine(from: (1098, y + 18), to: (1080, y + 36), width: 6, color: RGBA(grey))
        }
        // A menu: a label on each row, an icon of its own shape at the right of each.
        for row in 0..<3 {
            let y = (420.0 + Double(row) * 44) * 3
            canvas.drawText(["Home", "Local", "Federated"][row], x: 210 * 3, baseline: y + 45, size: 51, weight: .regular, color: RGBA(Self.ink))
            let icon = RectF(x: 340 * 3, y: y, width: 60, height: 60)
            switch row {
            case 0: canvas.stroke(icon, lineWidth: 6, color: RGBA(Self.ink))
            case 1:
                canvas.fillEllipse(in: icon, color: RGBA(Self.ink))
                canvas.fillEllipse(in: RectF(x: icon.x + 8, y: icon.y + 8, width: 44, height: 44), color: RGBA(Self.white))
            default:
                canvas.drawLine(from: (icon.x, icon.y + 30), to: (icon.x + 20, icon.y + 55), width: 7, color: RGBA(Self.ink))
                canvas.drawLine(from: (icon.x + 20, icon.y + 55), to: (icon.x + 60, icon.y), width: 7, color: RGBA(Self.ink))
            }
        }
        // A tab: a ring centred over its name.
        canvas.fillEllipse(in: RectF(x: 282, y: 2400, width: 54, height: 54), color: RGBA(grey))
        canvas.fillEllipse(in: RectF(x: 288, y: 2406, width: 42, height: 42), color: RGBA(Self.white))
        canvas.drawText("Profile", x: 280, baseline: 2484, size: 30, weight: .regular, color: RGBA(grey))
        let found = TextDetector(scale: 3).detect(in: canvas.buffer).lines
        for frame in letters + [value] {
            let pixels = Self.pixels(frame, scale: 3)
            #expect(found.filter { Self.centre($0.glyphs, isIn: pixels) }.count == 1, "nothing found at \(frame)")
        }
        let icons = [PixelRect(x: 1070, y: 1730, width: 40, height: 540), PixelRect(x: 1010, y: 1250, width: 80, height: 400),
                     PixelRect(x: 282, y: 2400, width: 54, height: 54)]
        for area in icons {
            #expect(!found.contains { Self.centre($0.glyphs, isIn: area) }, "an icon in \(area) read as text: \(found.map(\.glyphs))")
        }
    }

    /// A line stands on a fill: the sky, ice and spray of a real movie backdrop (a strip of a KKid
    /// screenshot, Fixtures/README.md) hold glyph-sized pieces, but no line; a label on a smooth
    /// gradient is still found.
    @Test func testPiecesInAPhoto_areNoLine_textOnAGradientIs() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/kkid_moviedetails_backdrop.png")
        let backdrop = try ImageDecoder().decodeFile(atPath: fixture.path).pixels
        #expect(TextDetector(scale: 3).detect(in: backdrop).lines.isEmpty)
        var screen = ScreenBuilder(id: "gradient", width: 390, height: 120, scale: 3, background: Self.white)
        screen.gradient(Frame(x: 0, y: 0, width: 390, height: 120), from: RGB8(red: 0x30, green: 0x50, blue: 0xC0),
                        to: RGB8(red: 0xC0, green: 0x40, blue: 0x90))
        let label = screen.label("label", "Starred your post", x: 16, y: 40, pointSize: 17, color: Self.white)
        let found = Self.lines(screen)
        #expect(found.count == 1 && found.allSatisfy { Self.centre($0.glyphs, isIn: Self.pixels(label, scale: 3)) }, "\(found.map(\.glyphs))")
    }

    /// A contract's frame that holds a status dot beside light grey text: contrast.text judges the
    /// text's glyphs (failing), not the dot (which would pass at 21:1), and says it set the dot aside.
    @Test func testDotBesideFaintText_doesNotHideItsFailure() {
        var screen = ScreenBuilder(id: "dot", width: 320, height: 200, scale: 2, background: Self.white)
        screen.fill(Frame(x: 20, y: 30, width: 8, height: 8), RGB8(red: 0, green: 0, blue: 0))
        screen.label("status", "Offline since noon", x: 30, y: 22, pointSize: 15, color: Self.grey(0xA0), frameWidth: 200)
        var contract = screen.contract
        contract.elements[0].frame = Frame(x: 16, y: 22, width: 214, height: 22)
        let result = TextContrastRule().run(ScreenContext(screen: contract, image: screen.image)).first
        #expect(result?.status == .fail)
        #expect(result?.measured.textContrast?.foreground == "#A0A0A0")
        #expect(result?.measured.textContrast?.setAside == 1)
        // Without the dot the measurement is the same, and nothing is set aside.
        var plain = ScreenBuilder(id: "plain", width: 320, height: 200, scale: 2, background: Self.white)
        plain.label("status", "Offline since noon", x: 30, y: 22, pointSize: 15, color: Self.grey(0xA0), frameWidth: 200)
        var plainContract = plain.contract
        plainContract.elements[0].frame = Frame(x: 16, y: 22, width: 214, height: 22)
        let alone = TextContrastRule().run(ScreenContext(screen: plainContract, image: plain.image)).first
        #expect(alone?.status == .fail && alone?.measured.textContrast?.ratio == result?.measured.textContrast?.ratio)
        #expect(alone?.measured.textContrast?.setAside == nil)
    }

    /// Rows a drawing holds are no line: a logo's letters beside a solid capsule of their own height,
    /// a row of equal filled marks, a battery beside the Wi-Fi fan, two toolbar icons, a short word
    /// caught inside another shape. The same letters alone,
    /// beside a switch (far taller than they are) or inside an outline drawn round them are found.
    @Test func testRowsADrawingHolds_areNoLine_theSameLettersAloneAre() {
        let teal = RGBA(red: 0x7A, green: 0xCB, blue: 0xA6), green = RGBA(red: 0x48, green: 0x69, blue: 0x44)
        let light = RGBA(red: 0xF2, green: 0xF2, blue: 0xF2)
        func detect(_ draw: (inout Canvas) -> Void) -> [DetectedTextLine] {
            var canvas = ScreenBuilder(id: "drawn", width: 390, height: 300, scale: 3, background: RGB8(red: 0x48, green: 0x69, blue: 0x44)).canvas
            draw(&canvas)
            return TextDetector(scale: 3).detect(in: canvas.buffer).lines
        }
        // Letters 64 px to the em (cap height 45 px) on a dark green fill, as in the TMDB mark.
        let letters: (inout Canvas) -> Void = { $0.drawText("TM", x: 60, baseline: 300, size: 64, weight: .heavy, color: teal) }
        #expect(detect(letters).count == 1, "the letters alone are a line")
        let logo = detect { canvas in
            letters(&canvas)
            canvas.fillRoundedRect(RectF(x: 190, y: 255, width: 150, height: 45), radius: 22, color: teal)
        }
        #expect(logo.isEmpty, "a logo's letters read as text: \(logo.map(\.glyphs))")
        // A switch beside the letters is far taller: the letters stay a line.
        let besideSwitch = detect { canvas in
            letters(&canvas)
            canvas.fillRoundedRect(RectF(x: 190, y: 230, width: 153, height: 93), radius: 46, color: teal)
        }
        #expect(besideSwitch.count == 1, "\(besideSwitch.map(\.glyphs))")

        // Four equal filled marks, taller than wide (the lines of a drawn form), make no line.
        let marks = detect { canvas in
            for index in 0..<4 {
                canvas.fillEllipse(in: RectF(x: 60 + Double(index) * 57, y: 300, width: 30, height: 54), color: light)
            }
        }
        #expect(marks.isEmpty, "\(marks.map(\.glyphs))")

        // Status-bar and toolbar icons: a battery (outline and charge) beside a ring, two rings a
        // full height apart, are no line.
        let battery = detect { canvas in
            canvas.fillEllipse(in: RectF(x: 60, y: 300, width: 40, height: 40), color: light)
            canvas.fillEllipse(in: RectF(x: 66, y: 306, width: 28, height: 28), color: green)
            canvas.fillRoundedRect(RectF(x: 110, y: 302, width: 70, height: 36), radius: 9, color: light)
            canvas.fillRoundedRect(RectF(x: 114, y: 306, width: 62, height: 28), radius: 6, color: green)
            canvas.fillRoundedRect(RectF(x: 118, y: 310, width: 54, height: 20), radius: 4, color: light)
        }
        #expect(battery.isEmpty, "\(battery.map(\.glyphs))")
        let toolbar = detect { canvas in
            for x in [60.0, 150] {
                canvas.fillEllipse(in: RectF(x: x, y: 300, width: 44, height: 44), color: light)
                canvas.fillEllipse(in: RectF(x: x + 6, y: 306, width: 32, height: 32), color: green)
            }
        }
        #expect(toolbar.isEmpty, "\(toolbar.map(\.glyphs))")

        // A short word overlapping a shape in no line (a stacked-sheets icon) is part of it; inside
        // an outline drawn round it (a rating badge) it is text.
        let word: (inout Canvas) -> Void = { $0.drawText("Go", x: 200, baseline: 400, size: 90, weight: .semibold, color: light) }
        #expect(detect(word).count == 1, "the word alone is a line")
        let caught = detect { canvas in
            word(&canvas)
            // A bent stroke whose box covers most of the word's without touching it.
            canvas.drawLine(from: (180, 470), to: (180, 300), width: 8, color: light)
            canvas.drawLine(from: (180, 300), to: (260, 300), width: 8, color: light)
        }
        #expect(caught.isEmpty, "a word inside a drawing read as text: \(caught.map(\.glyphs))")
        let badge = detect { canvas in
            word(&canvas)
            canvas.stroke(RectF(x: 170, y: 310, width: 200, height: 120), lineWidth: 8, color: light)
        }
        #expect(badge.count == 1 && badge.allSatisfy { $0.glyphs.x >= 190 && $0.glyphs.maxX <= 360 }, "\(badge.map(\.glyphs))")
    }

    /// A badge's text whose frame also catches the fill around the badge: the contrast is the
    /// glyphs' own against the badge (white on red, failing), not the surrounding green against the
    /// red, and the shapes are said to be set aside.
    @Test func testFailingFrameHoldingAnotherColour_isJudgedOnTheTextsGlyphs() {
        let screen = ScreenBuilder(id: "badge", width: 320, height: 200, scale: 3, background: RGB8(red: 0x48, green: 0x69, blue: 0x44))
        var canvas = screen.canvas
        canvas.fillRoundedRect(RectF(x: 150, y: 160, width: 220, height: 70), radius: 35, color: RGBA(red: 0xFF, green: 0, blue: 0))
        canvas.drawText("NEW", x: 185, baseline: 212, size: 45, weight: .regular, color: RGBA(red: 255, green: 255, blue: 255))
        var contract = screen.contract
        contract.elements.append(ElementContract(id: "new", role: .text, frame: Frame(x: 45, y: 48, width: 85, height: 34),
                                                 text: TextSpec(content: "NEW", pointSize: 15)))
        let result = TextContrastRule().run(ScreenContext(screen: contract, image: canvas.buffer)).first
        #expect(result?.status == .fail, "\(String(describing: result))")
        #expect(result?.measured.textContrast?.foreground == "#FFFFFF" && result?.measured.textContrast?.background == "#FF0000",
                "\(String(describing: result?.measured))")
        #expect((result?.measured.textContrast?.setAside ?? 0) >= 1)
    }

    /// The ink mask, four pixels at a time, is its definition pixel by pixel: ink where some
    /// channel differs by more than the threshold from each background near it. Channels just inside, at and just past the threshold on both sides of
    /// backgrounds near 0 and 255 (where a wrapped difference would look small), any alpha, and
    /// tiles whose width leaves one to three pixels over.
    @Test func testInkMask_isItsDefinitionOnEveryPixel() {
        let width = 61, height = 37, tileSize = 10
        var image = PixelBuffer(width: width, height: height)
        let fills: [(Int, Int, Int)] = [(250, 3, 128), (12, 240, 30)]
        var seed: UInt32 = 12345
        func next(_ bound: Int) -> Int {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Int(seed >> 8) % bound
        }
        for y in 0..<height {
            for x in 0..<width {
                let fill = fills[x < 30 ? 0 : 1]
                var channels = [fill.0, fill.1, fill.2]
                if next(10) < 3 {
                    for index in 0..<3 {
                        let step = [0, 23, 24, 25, 60, 250][next(6)] * (next(2) == 0 ? 1 : -1)
                        channels[index] = min(255, max(0, channels[index] + step))
                    }
                }
                image[x, y] = RGBA(red: UInt8(channels[0]), green: UInt8(channels[1]), blue: UInt8(channels[2]),
                                               alpha: UInt8(next(256)))
            }
        }
        let backgrounds = BackgroundTiles(image: image, tileSize: tileSize)
        let mask = InkMask(image: image, backgrounds: backgrounds)
        var inkPixels = 0, mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = image[x, y]
                let candidates = backgrounds.candidates(column: x / tileSize, row: y / tileSize, tolerance: InkMask.threshold / 2)
                let near = candidates.contains { color in
                    let red = Int(color >> 16 & 0xFF), green = Int(color >> 8 & 0xFF), blue = Int(color & 0xFF)
                    let differences = [abs(Int(pixel.red) - red), abs(Int(pixel.green) - green), abs(Int(pixel.blue) - blue)]
                    return differences.allSatisfy { $0 <= InkMask.threshold }
                }
                let expected: UInt8 = candidates.isEmpty || near ? 0 : 1
                if mask.values[y * width + x] != expected { mismatches += 1 }
                inkPixels += Int(expected)
            }
        }
        #expect(mismatches == 0)
        // The image exercises both answers: a fifth or so of its pixels are ink.
        #expect(inkPixels > width * height / 10 && inkPixels < width * height / 3, "\(inkPixels)")
    }

    /// The test for a third colour reads every second pixel of every second row, to the frame's
    /// last column: a few red pixels on them are found wherever they stand; on the pixels between,
    /// they are not read.
    @Test func testOtherColours_areSeenOnEverySampledPixel() {
        let frame = PixelRect(x: 1, y: 1, width: 23, height: 9)
        let black = RGB8(red: 0, green: 0, blue: 0), white = RGB8(red: 255, green: 255, blue: 255)
        func holds(redAt columns: [Int]) -> Bool {
            var image = PixelBuffer(width: 30, height: 12, fill: RGBA(red: 255, green: 255, blue: 255))
            for x in 4..<10 { image[x, 5] = RGBA(red: 0, green: 0, blue: 0) }
            for (index, column) in columns.enumerated() { image[frame.x + column, frame.y + 2 * index] = RGBA(red: 230, green: 0, blue: 0) }
            return TextRegion.holdsOtherColors(in: image, frame: frame, foreground: black, background: white)
        }
        #expect(!holds(redAt: []))
        #expect(holds(redAt: [0, 0, 0, 0]))
        #expect(holds(redAt: [2, 6, 10, 14]))
        #expect(holds(redAt: [20, 22, 20, 22]))
        #expect(!holds(redAt: [1, 3, 19, 21]))
    }

    /// Counted on a frame's runs of equal colours, the test for a third colour gives what it gives
    /// on the frame's pixels: frames at odd positions and of odd sizes, tiles of odd widths, runs
    /// that start on unsampled pixels.
    @Test func testOtherColoursOnRuns_areThoseOnThePixels() {
        var numbers: UInt64 = 99
        func next(_ bound: Int) -> Int {
            numbers = numbers &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(numbers >> 33) % bound
        }
        let white = RGB8(red: 255, green: 255, blue: 255), black = RGB8(red: 0, green: 0, blue: 0)
        var answers = Set<Bool>()
        for trial in 0..<40 {
            var image = PixelBuffer(width: 90, height: 50, fill: RGBA(red: 255, green: 255, blue: 255))
            // Runs of text-like greys, and in some trials runs of a third colour.
            for _ in 0..<60 {
                let y = next(50), x = next(80), length = 1 + next(9)
                let grey = UInt8(next(256))
                let third = trial % 3 == 0 && next(4) == 0
                for dx in 0..<length {
                    image[x + dx, y] = third ? RGBA(red: 200, green: 30, blue: 40) : RGBA(red: grey, green: grey, blue: grey)
                }
            }
            let frame = PixelRect(x: 1 + next(9), y: 1 + next(7), width: 20 + next(60), height: 9 + next(30))
            let grid = TileGrid(frame: frame, textHeight: Double(7 + next(20)))
            let runs = FrameRuns(image: image, rect: frame, grid: grid)
            let onPixels = TextRegion.holdsOtherColors(in: image, frame: frame, foreground: black, background: white)
            let onRuns = TextRegion.holdsOtherColors(runs: runs, frameHeight: frame.height, foreground: black, background: white)
            #expect(onPixels == onRuns, "trial \(trial): frame \(frame)")
            answers.insert(onPixels)
        }
        #expect(answers == [true, false])
    }

    /// A tile's colour is the most common of its samples' bins, its mean; of two bins as common,
    /// the one with the lower red bin, wherever in the tile each stands (the same pixels always
    /// give the same backgrounds).
    @Test func testTileColour_isTheCommonestBin_tiesToTheLowerBin() {
        let green = RGBA(red: 10, green: 200, blue: 12), red = RGBA(red: 200, green: 10, blue: 10)
        for greenOnLeft in [true, false] {
            var image = PixelBuffer(width: 12, height: 12)
            for y in 0..<12 {
                for x in 0..<12 { image[x, y] = (x < 6) == greenOnLeft ? green : red }
            }
            let tiles = BackgroundTiles(image: image, tileSize: 12)
            #expect(tiles.modes == [10 << 16 | 200 << 8 | 12] && tiles.shares == [18] && tiles.uniform == [false])
            // One more red sample makes red the commonest.
            image[greenOnLeft ? 2 : 8, 0] = red
            #expect(BackgroundTiles(image: image, tileSize: 12).modes == [200 << 16 | 10 << 8 | 10])
        }
        // A flat fill: every sample of a whole tile and of a tile the image's edge cuts.
        let flat = BackgroundTiles(image: PixelBuffer(width: 13, height: 11, fill: green), tileSize: 12)
        #expect(flat.modes == [10 << 16 | 200 << 8 | 12, 10 << 16 | 200 << 8 | 12] && flat.shares == [36, 6] && flat.uniform == [true, true])
    }

    /// A "more" button's dots at @2x as the ink mask of a real composite holds them (three 7 × 7 px
    /// pieces about half filled, 2 px apart): copies of one small mark, no line. Tiny letters of a
    /// word differ in width or ink, or stand unevenly; marks over 4 pt tall are not judged so.
    @Test func testCopiesOfOneSmallMark_areNoLine() {
        let grouping = TextLineGrouping(scale: 2)
        let mask = InkMask(image: PixelBuffer(width: 64, height: 16, fill: RGBA(red: 0, green: 0, blue: 0)),
                           backgrounds: BackgroundTiles(image: PixelBuffer(width: 64, height: 16, fill: RGBA(red: 0, green: 0, blue: 0)), tileSize: 12))
        func piece(_ x: Int, width: Int = 7, height: Int = 7, pixels: Int = 26) -> InkComponent {
            InkComponent(minX: x, minY: 4, maxX: x + width - 1, maxY: 4 + height - 1, pixels: pixels)
        }
        #expect(!grouping.isTextLine([piece(0), piece(9), piece(18)], mask: mask))
        #expect(!grouping.isTextLine([piece(0), piece(9)], mask: mask))
        // Letters of one height but not one shape ("one"), uneven gaps, or marks 5 pt tall read as text.
        #expect(grouping.isTextLine([piece(0), piece(9, width: 9, pixels: 30), piece(20, pixels: 24)], mask: mask))
        #expect(grouping.isTextLine([piece(0), piece(9), piece(22)], mask: mask))
        #expect(grouping.isTextLine([piece(0, width: 10, height: 10, pixels: 52), piece(13, width: 10, height: 10, pixels: 52),
                                     piece(26, width: 10, height: 10, pixels: 52)], mask: mask))
    }
}

/// `text.unexposed` counts the label a screen reader speaks: a button's drawn title is exposed
/// when its name is given as `accessibility.label` (which wins over `label`), not only as `label`.
struct TextUnexposedLabelTests {
    @Test(arguments: [false, true])
    func testAButtonsTitle_isExposedByItsSpokenLabel(labelled: Bool) throws {
        var b = ScreenBuilder(id: "s", background: RGB8(red: 255, green: 255, blue: 255))
        b.label("title", "Continue", x: 40, y: 100, pointSize: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        var contract = b.contract
        let frame = contract.elements[0].frame
        contract.elements = [ElementContract(id: "continue", role: .button, frame: Frame(x: frame.x - 8, y: frame.y - 8, width: frame.width + 16, height: frame.height + 16),
                                             accessibility: labelled ? AccessibilitySpec(label: "Continue") : nil)]
        let results = TextUnexposedRule().run(ScreenContext(screen: contract, image: b.image))
        let result = try #require(results.first)
        #expect(result.status == (labelled ? .pass : .fail))
    }
}
