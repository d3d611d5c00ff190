import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// A text element's frame holding more than its text — a status dot, an icon, a chevron, an
/// avatar, a photo, at the text's left, at its right or above it, as a hierarchy's cell or button
/// gives it — is measured on the text's glyphs: `text.size` gives the text's size and
/// `contrast.text` the text's own colours, or the result is not run with its reason; never a
/// verdict on the shape.
struct IconInFrameTests {
    enum Kind: String, CaseIterable, Sendable { case dot, icon, chevron, avatar, photo }
    enum Side: String, CaseIterable, Sendable { case left, right, above }

    static let white = RGB8(red: 255, green: 255, blue: 255)
    /// 3.03:1 on white: fails 4.5:1 as 17 pt regular text.
    static let grey = RGB8(red: 0x94, green: 0x94, blue: 0x94)
    static let black = RGB8(red: 0, green: 0, blue: 0)
    static let text = "Clean the kitchen"

    /// The screen, and the element whose frame holds the text and the shape.
    static func screen(_ kind: Kind, _ side: Side) -> (ScreenContract, PixelBuffer) {
        var builder = ScreenBuilder(id: "s", width: 320, height: 160, scale: 3, background: white)
        // The shape's box, then the text placed beside it or under it.
        let size: (Double, Double) = switch kind {
        case .dot: (8, 8)
        case .icon: (22, 22)
        case .chevron: (8, 14)
        case .avatar: (40, 40)
        case .photo: (60, 44)
        }
        let textWidth = StrokeFont.advance(of: text, size: 17, weight: .regular)
        let textTop = side == .above ? 30 + size.1 + 6 : 80.0
        let textX = side == .left ? 20 + size.0 + 8 : 20.0
        let label = builder.label("t", text, x: textX, y: textTop, pointSize: 17, color: grey)
        // The x-height's middle, where a dot or a chevron beside the text is centred.
        let middle = label.y + label.height / 2
        let shape = switch side {
        case .left: Frame(x: 20, y: middle - size.1 / 2, width: size.0, height: size.1)
        case .right: Frame(x: textX + textWidth + 8, y: middle - size.1 / 2, width: size.0, height: size.1)
        case .above: Frame(x: textX + 10, y: 30, width: size.0, height: size.1)
        }
        switch kind {
        case .dot: builder.ellipse(shape, black)
        case .icon: builder.fill(shape, black)
        case .chevron:
            builder.line(from: (shape.x, shape.y), to: (shape.maxX, shape.y + shape.height / 2), width: 2, RGB8(red: 0x3C, green: 0x3C, blue: 0x43))
            builder.line(from: (shape.maxX, shape.y + shape.height / 2), to: (shape.x, shape.maxY), width: 2, RGB8(red: 0x3C, green: 0x3C, blue: 0x43))
        case .avatar: builder.ellipse(shape, RGB8(red: 0x58, green: 0x56, blue: 0xD6))
        case .photo: builder.texture(shape, base: RGB8(red: 60, green: 90, blue: 140), amplitude: 40)
        }
        let frame = Frame(x: min(shape.x, label.x) - 4, y: min(shape.y, label.y) - 4,
                          width: max(shape.maxX, label.x + textWidth) - min(shape.x, label.x) + 8,
                          height: max(shape.maxY, label.maxY) - min(shape.y, label.y) + 8)
        var contract = builder.contract
        // As a hierarchy gives it: the text, no size, no weight.
        contract.elements = [ElementContract(id: "t", role: .text, frame: frame, text: TextSpec(content: text))]
        return (contract, builder.image)
    }

    @Test(arguments: Kind.allCases, Side.allCases)
    func testTheTextIsMeasured_notTheShape(_ kind: Kind, _ side: Side) throws {
        let (contract, image) = Self.screen(kind, side)
        let context = ScreenContext(screen: contract, image: image)
        let size = try #require(TextSizeRule().run(context).first)
        let contrast = try #require(TextContrastRule().run(context).first)
        let name = "\(kind) at the \(side)"
        if size.status == .notRun {
            #expect(size.reason != nil, "\(name): \(size)")
        } else {
            let measured = try #require(size.measured.textSize?.estimatedPointSize)
            #expect(size.status == .pass && abs(measured - 17) <= 1, "\(name): \(measured) pt")
        }
        if contrast.status == .notRun {
            #expect(contrast.reason != nil, "\(name): \(contrast)")
        } else {
            let measured = try #require(contrast.measured.textContrast)
            // The text's grey on white, at the normal-text requirement it fails.
            #expect(contrast.status == .fail && measured.foreground.map { Self.near($0, "#949494") } == true
                        && abs((measured.ratio ?? 0) - 3.03) <= 0.15, "\(name): \(measured)")
        }
    }

    /// Whether hex colour `a` is within 8 levels a channel of `b`.
    static func near(_ a: String, _ b: String) -> Bool {
        func channels(_ hex: String) -> [Int] {
            let digits = Array(hex.dropFirst())
            return stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16) ?? -100 }
        }
        return zip(channels(a), channels(b)).allSatisfy { abs($0 - $1) <= 8 }
    }

    /// A real list (KKid's user picker, Fixtures/kkid_selectuser_names.png, @3x): each row's cell
    /// holds an emoji avatar at the left, the name in the middle and a chevron at the right. The
    /// cell's frame, as a hierarchy gives it, is measured on the name: its size as the name's own
    /// line measures (19.1–19.5 pt), within the 10 % the issue asks on real screens, and its colours.
    @Test func testARealCell_avatarNameAndChevron() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/kkid_selectuser_names.png").path
        let image = try ImageDecoder().decodeFile(atPath: file).pixels
        let rows: [(name: String, top: Double, foreground: String)] = [("Jane Doe", 16, "#ECEFEC"), ("Joey Doe", 60, "#070A07"), ("John Doe", 104, "#070A07")]
        let contract = ScreenContract(id: "users", screenshot: "users.png", device: DeviceSpec(scale: 3, width: 414, height: 140),
                                      elements: rows.enumerated().map { index, row in
                                          ElementContract(id: "cell\(index)", role: .text, frame: Frame(x: 0, y: row.top, width: 414, height: 44),
                                                          text: TextSpec(content: row.name))
                                      })
        let context = ScreenContext(screen: contract, image: image)
        let sizes = TextSizeRule().run(context), contrasts = TextContrastRule().run(context)
        for (index, row) in rows.enumerated() {
            let size = try #require(sizes.first { $0.element == "cell\(index)" }?.measured.textSize?.estimatedPointSize, "\(row.name)")
            #expect(abs(size - 19.3) <= 0.1 * 19.3, "\(row.name): \(size) pt")
            let contrast = try #require(contrasts.first { $0.element == "cell\(index)" })
            #expect(contrast.measured.textContrast?.foreground.map { Self.near($0, row.foreground) } == true, "\(row.name): \(contrast)")
        }
    }
}

/// The weight of text without a declared one (scan, hierarchies) is read from its strokes: bold
/// text of 18.66 pt or more is large under the WCAG rule and needs 3:1, not 4.5:1.
struct WeightFromPixelsTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    /// 3.83:1 on white: passes 3:1 (large text), fails 4.5:1.
    static let grey = RGB8(red: 0x82, green: 0x82, blue: 0x82)

    static func result(weight: FontWeight, scale: Double, declared: FontWeight? = nil) throws -> CheckResult {
        var builder = ScreenBuilder(id: "s", width: 240, height: 80, scale: scale, background: white)
        _ = builder.label("t", "Jane Doe", x: 10, y: 20, pointSize: 20, weight: weight, color: grey)
        var contract = builder.contract
        contract.elements[0].text = TextSpec(content: "Jane Doe", weight: declared)
        return try #require(TextContrastRule().run(ScreenContext(screen: contract, image: builder.image)).first)
    }

    @Test(arguments: [FontWeight.regular, .medium, .semibold, .bold, .heavy], [2.0, 3.0])
    func testTheStrokesDecideLargeText(_ weight: FontWeight, scale: Double) throws {
        let result = try Self.result(weight: weight, scale: scale)
        let measured = try #require(result.measured.textContrast)
        #expect(measured.measuredWeight == weight.rawValue, "\(weight) @\(scale)x: \(measured)")
        #expect((measured.weightConfidence ?? 0) >= 0.5)
        #expect(measured.largeText == weight.isBold && result.status == (weight.isBold ? .pass : .fail), "\(weight) @\(scale)x: \(result)")
        let message = result.measured.message(FindingFacts(severity: result.severity, threshold: result.threshold, reason: nil))
        #expect(message.contains("the strokes read \(weight.rawValue)"), "\(message)")
    }

    /// A declared weight decides: the strokes are not read.
    @Test func testADeclaredWeight_isNotMeasured() throws {
        let result = try Self.result(weight: .bold, scale: 3, declared: .regular)
        #expect(result.measured.textContrast?.measuredWeight == nil && result.status == .fail)
    }

    /// KKid's user picker (Fixtures/kkid_selectuser_names.png, @3x, `scan`): "Jane Doe" in a
    /// bold rounded face, white on purple at 3.80:1 and about 19 pt, is large text: it passes 3:1.
    @Test func testBoldNamesOnARealScreenshot_areLargeText() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/kkid_selectuser_names.png").path
        let loaded = try ScanScreenLoader(scale: 3).load(paths: [file])
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
            .audit(loaded.screens, screenshotsRoot: loaded.root, provenance: nil)
        let jane = try #require(report.screens[0].checked.first { $0.rule == RuleID.contrastText && $0.measured.textContrast?.foreground == "#ECEFEC" })
        let measured = try #require(jane.measured.textContrast)
        #expect(jane.status == .pass && measured.largeText && measured.measuredWeight == "bold" && (measured.ratio ?? 0) < 4.5, "\(jane)")
    }
}
