import ColorScience
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// `contrast.nontext` judges the visual that identifies a control, and nothing else: not a text
/// field that its placeholder, typed text or label identifies (WCAG 2.2 Understanding 1.4.11),
/// not a separator drawn across a tappable row, not a picture. Screens built as a uiautomator
/// dump gives them, at Android's 2.75 px a dp.
struct NonTextContrastIdentifyTests {
    static let page = RGB8(red: 0xFC, green: 0xFC, blue: 0xFF)
    /// Chrome's search pill on the New Tab page: 1.13:1 against the page.
    static let pill = RGB8(red: 0xE7, green: 0xEF, blue: 0xF5)
    static let ink = RGB8(red: 0x3C, green: 0x40, blue: 0x43)

    static func builder() -> ScreenBuilder { ScreenBuilder(id: "s", width: 392, height: 300, scale: 2.75, background: page) }

    static func run(_ builder: ScreenBuilder, _ element: String) throws -> CheckResult {
        var contract = builder.contract
        contract.framesFrom = ScreenContract.framesFromHierarchy
        return try #require(NonTextContrastRule().run(ScreenContext(screen: contract, image: builder.image)).first { $0.element == element })
    }

    /// Chrome's `search_box_text` (an EditText, text="Search or type web address", bounds
    /// [77,286][931,418]): the faint pill with its placeholder drawn in it is identified by the
    /// placeholder; the same pill empty, or declaring a text it does not show, is judged by its
    /// fill and fails.
    @Test func testSearchFieldShowingItsPlaceholder_isNotRun() throws {
        let frame = Frame(x: 28, y: 104, width: 310.5, height: 48)
        for (drawn, declared) in [(true, true), (false, false), (false, true)] {
            var builder = Self.builder()
            builder.fill(frame, Self.pill)
            if drawn {
                builder.label("placeholder", "Search or type web address", x: frame.x, y: frame.y + 12, pointSize: 17, color: Self.ink)
            }
            var contract = builder.contract
            contract.elements = [ElementContract(id: "search_box_text", role: .textField, frame: frame,
                                                 label: declared ? "Search or type web address" : nil)]
            let result = try Self.run(ScreenBuilder(replacing: builder, contract: contract), "search_box_text")
            if drawn {
                #expect(result.status == .notRun)
                #expect(result.reason?.hasPrefix("identified by its placeholder or typed text, which contrast.text checks: WCAG 2.2 Understanding 1.4.11") == true,
                        "\(result.reason ?? "")")
            } else {
                #expect(result.status == .fail, "declared \(declared): \(result)")
                #expect(result.measured.nonTextContrast?.ratio == 1.13)
            }
        }
    }

    /// An empty field under its label ("Email", 6 pt above it) is identified by the label; with
    /// the label 40 pt away it is not, and its pale fill is judged.
    @Test(arguments: [(6.0, true), (40.0, false)])
    func testEmptyFieldUnderItsLabel(gap: Double, identified: Bool) throws {
        var builder = Self.builder()
        let field = Frame(x: 24, y: 120, width: 300, height: 48)
        builder.fill(field, Self.pill)
        builder.label("email-label", "Email", x: field.x, y: field.y - gap - 24, pointSize: 17, color: Self.ink)
        builder.element(ElementContract(id: "email", role: .textField, frame: field))
        let result = try Self.run(builder, "email")
        if identified {
            #expect(result.status == .notRun)
            #expect(result.reason?.hasPrefix("identified by its label above it (email-label)") == true, "\(result.reason ?? "")")
        } else {
            #expect(result.status == .fail, "\(result)")
        }
    }

    /// A clickable settings separator (a View, clickable="true", 1 dp tall) whose only graphic is
    /// a 1 px #E5E5E5 line, and a row 56 dp tall with the same line along its bottom (inset as a
    /// list's divider is, under the rows' text): decoration,
    /// not run. A vertical divider too. The same line as a progress indicator is its own
    /// indicator and is judged; a pale icon in the row is judged, and so is a bar across half
    /// of a thin tap area.
    @Test func testSeparators_areNotRun_indicatorsAndIconsAre() throws {
        let line = RGB8(red: 0xE5, green: 0xE5, blue: 0xE5)
        var builder = ScreenBuilder(id: "s", width: 392, height: 300, scale: 2.75, background: RGB8(red: 255, green: 255, blue: 255))
        // 1 px at 2.75 px a dp.
        let onePixel = 1 / 2.75
        builder.fill(Frame(x: 0, y: 40, width: 392, height: onePixel), line)
        builder.element(ElementContract(id: "separator", role: .button, frame: Frame(x: 0, y: 40, width: 392, height: 1)))
        // Inset 72 dp, aligned with the rows' text: 82 % of the row.
        builder.fill(Frame(x: 72, y: 120 - onePixel, width: 320, height: onePixel), line)
        builder.element(ElementContract(id: "row", role: .button, frame: Frame(x: 0, y: 64, width: 392, height: 56)))
        builder.fill(Frame(x: 200, y: 140, width: onePixel * 2, height: 40), line)
        builder.element(ElementContract(id: "divider", role: .link, frame: Frame(x: 198, y: 140, width: 4, height: 40)))
        builder.fill(Frame(x: 0, y: 200, width: 392, height: onePixel), line)
        builder.element(ElementContract(id: "progress", role: .indicator, frame: Frame(x: 0, y: 200, width: 392, height: 1)))
        builder.fill(Frame(x: 20, y: 240, width: 24, height: 24), line)
        builder.element(ElementContract(id: "icon-row", role: .button, frame: Frame(x: 0, y: 228, width: 392, height: 48)))
        for id in ["separator", "row", "divider"] {
            let result = try Self.run(builder, id)
            #expect(result.status == .notRun, "\(id): \(result)")
            #expect(result.reason?.contains("#E5E5E5 line across it: a separator or divider") == true, "\(id): \(result.reason ?? "")")
        }
        #expect(try Self.run(builder, "separator").reason?.hasPrefix("its only graphic is a 1 px #E5E5E5 line") == true)
        #expect(try Self.run(builder, "divider").reason?.hasPrefix("its only graphic is a 2 px #E5E5E5 line") == true)
        // A bar across half of a thin tap area is no divider across it.
        builder.fill(Frame(x: 0, y: 284, width: 196, height: onePixel), line)
        builder.element(ElementContract(id: "half-bar", role: .button, frame: Frame(x: 0, y: 284, width: 392, height: 1)))
        for id in ["progress", "icon-row", "half-bar"] {
            let result = try Self.run(builder, id)
            #expect(result.status == .fail, "\(id): \(result)")
            #expect(result.measured.nonTextContrast?.component == "#E5E5E5", "\(id)")
        }
    }

    /// A post's image as a button: broad areas of a few colours (a photo of flags) and a busy
    /// part, over a thousand colours with none covering a quarter of it. The picture identifies
    /// it. A drawn gradient (a hundred-odd colours) on the same frame is still measured.
    @Test func testPhotoWithBroadAreas_isAPicture_aGradientIsNot() throws {
        var builder = ScreenBuilder(id: "s", width: 392, height: 300, scale: 2.75, background: RGB8(red: 0x13, green: 0x13, blue: 0x13))
        let photo = Frame(x: 0, y: 40, width: 392, height: 190)
        let bands = [RGB8(red: 0x44, green: 0x0C, blue: 0x08), RGB8(red: 0x55, green: 0x51, blue: 0x50),
                     RGB8(red: 0x12, green: 0x12, blue: 0x12), RGB8(red: 0x2A, green: 0x30, blue: 0x48)]
        for (index, color) in bands.enumerated() {
            builder.fill(Frame(x: Double(index) * 70, y: photo.y, width: 70, height: photo.height), color)
        }
        builder.element(ElementContract(id: "post_image", role: .button, frame: photo, label: "Post image"))
        var contract = builder.contract
        contract.framesFrom = ScreenContract.framesFromHierarchy
        var image = builder.image
        let rect = ScreenContext(screen: contract, image: image).pixelRect(for: photo)
        // The busy part: colours from a fixed sequence, each pixel its own.
        var state: UInt64 = 7
        for y in rect.y..<rect.maxY {
            for x in Int(280 * 2.75)..<rect.maxX {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                image[x, y] = RGBA(red: UInt8(truncatingIfNeeded: state >> 40), green: UInt8(truncatingIfNeeded: state >> 48),
                                   blue: UInt8(truncatingIfNeeded: state >> 56))
            }
        }
        var keys: [UInt32: Int] = [:]
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = image[x, y]
                keys[UInt32(p.red >> 2) << 12 | UInt32(p.green >> 2) << 6 | UInt32(p.blue >> 2), default: 0] += 1
            }
        }
        // What the picture is: not mostly rare colours (the test for a thumbnail), but over a
        // thousand, none covering a quarter.
        let rare = keys.values.filter { $0 < rect.area / 200 }.reduce(0, +)
        #expect(keys.count > 1000 && 2 * rare < rect.area && 4 * (keys.values.max() ?? 0) < rect.area)
        let result = try #require(NonTextContrastRule().run(ScreenContext(screen: contract, image: image)).first)
        #expect(result.status == .notRun, "\(result)")
        #expect(result.reason?.hasPrefix("the control shows a picture") == true, "\(result.reason ?? "")")
        // The bands with a gradient in place of the busy part: a drawn control, measured.
        builder.gradient(Frame(x: 280, y: photo.y, width: 112, height: photo.height), from: RGB8(red: 0x20, green: 0x60, blue: 0x30),
                         to: RGB8(red: 0x90, green: 0xE0, blue: 0x70))
        let gradient = try #require(NonTextContrastRule().run(ScreenContext(screen: contract, image: builder.image)).first)
        #expect(gradient.status == .pass || gradient.status == .fail, "\(gradient)")
    }

    /// The real screens (Fixtures/appagent, MIT): Chrome's New Tab search pill (1.13:1) and its
    /// omnibox with the address being typed (1.19:1) show their text; they are not run, with the
    /// reason, while the microphone beside them is still judged by its glyph.
    @Test func testChromesSearchPillAndOmnibox_onRealDumps() async throws {
        let report = try await RealDumpTests.audit()
        for (screen, field) in [("2024-10-29_14-14-57_2", "search_box_text"), ("2024-11-12_23-45-06_4", "url_bar")] {
            let result = try RealDumpTests.entry(try RealDumpTests.screen(report, screen), RuleID.contrastNonText, field)
            #expect(result.status == .notRun, "\(screen) \(field)")
            #expect(result.reason?.hasPrefix("identified by its placeholder or typed text") == true, "\(result.reason ?? "")")
        }
        let mic = try RealDumpTests.entry(try RealDumpTests.screen(report, "2024-11-12_23-45-06_4"), RuleID.contrastNonText, "mic_button")
        #expect(mic.status == .pass)
    }
}
