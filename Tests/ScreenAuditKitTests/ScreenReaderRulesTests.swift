import Foundation
import Imaging
@testable import ScreenAuditKit
import ScreenContracts
import Testing

/// The screen reader's rules as TalkBack reads a dump, on real nodes: each defect is planted in a
/// copy of a real node's attributes (Fixtures/appagent and Fixtures/motorease, MIT, see
/// Fixtures/README.md), and the same node unplanted gives no finding. And what a WebView's page
/// and a disabled logo are: not targets.
struct ScreenReaderRulesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ path: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    /// `xml` with `old` (present once) replaced by `new`.
    static func planted(_ xml: String, _ old: String, _ new: String) throws -> String {
        let parts = xml.components(separatedBy: old)
        try #require(parts.count == 2, "'\(old.prefix(60))' is in the dump once")
        return parts.joined(separator: new)
    }

    static func imported(_ xml: String, density: Double, width: Int, height: Int) throws -> ScreenContract {
        let dump = try UIAutomatorDumpParser().parse(Array(xml.utf8), file: "d.xml")
        return try HierarchyImporter(density: density).importScreen(dump, id: "d", screenshot: "d.png", pixelWidth: width, pixelHeight: height,
                                                                    file: "d.xml").contract
    }

    /// The label rules' failures: `rule element`.
    static func labelFailures(_ screen: ScreenContract) -> [String] {
        let context = ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        let checks: [any AuditCheck] = [LabelMissingRule(), LabelRedundantRule(), LabelDuplicateRule(), LabelTextMismatchRule()]
        return checks.flatMap { $0.run(context) }.filter { $0.status == .fail }.map { "\($0.rule) \($0.element ?? "-")" }
    }

    // MARK: Planted in real nodes

    /// The MotorEase reader's overflow button (`ImageButton`, content-desc "More options"): its
    /// description is its text (`fromLabel`), and a role word planted in it is reported, as
    /// TalkBack would say "More options button, button".
    @Test func testRoleWordInAnIconButtonsDescription_isRedundant() throws {
        let xml = try Self.fixture("motorease/at.tomtasche.reader_Top_Down_68.xml")
        let clean = try Self.imported(xml, density: 2.625, width: 1080, height: 1920)
        let button = try #require(clean.element("button-more-options"))
        #expect(button.text?.fromLabel == true && button.accessibility?.label == "More options")
        #expect(Self.labelFailures(clean).filter { $0.hasPrefix(RuleID.labelRedundant) }.isEmpty)

        let planted = try Self.imported(Self.planted(xml, "content-desc=\"More options\"", "content-desc=\"More options button\""),
                                        density: 2.625, width: 1080, height: 1920)
        let context = ScreenContext(screen: planted, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        let failures = LabelRedundantRule().run(context).filter { $0.status == .fail }
        #expect(failures.map(\.element) == ["button-more-options-button"])
        #expect(failures.first?.measured.payload.measuredText(FindingFacts(severity: .warning, threshold: nil, reason: nil))
            == "\"More options button\": button")
    }

    /// Chrome's feed "Share" button (a clickable `ViewGroup` whose only child is an `ImageView`
    /// without a description, Fixtures/appagent's New Tab page), its description taken away, as a
    /// `ViewGroup`, a `FrameLayout` and a `Button`: nothing below it speaks or takes focus, so it
    /// is the control a person meets, unnamed — `label.missing`. Named, it passes; a card holding
    /// it (a target below) is passed over, not reported.
    @Test(arguments: ["android.view.ViewGroup", "android.widget.FrameLayout", "android.widget.Button"])
    func testUnnamedClickableWithAnImageChild_isMissingItsLabel(_ type: String) throws {
        func share(_ description: String) -> String {
            """
            <node index="1" text="" resource-id="" class="\(type)" package="com.android.chrome" content-desc="\(description)" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[813,1341][945,1473]"><node index="0" text="" resource-id="" class="android.widget.ImageView" package="com.android.chrome" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[851,1379][906,1434]" /></node>
            """
        }
        func screen(_ body: String) -> String {
            """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.android.chrome" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2220]">\(body)</node></hierarchy>
            """
        }
        let card = { (inner: String) in
            "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.view.ViewGroup\" package=\"com.android.chrome\" content-desc=\"\" clickable=\"true\" enabled=\"true\" focusable=\"true\" bounds=\"[0,1099][1080,1481]\">\(inner)</node>"
        }
        let unnamed = try Self.imported(screen(share("")), density: 2.75, width: 1080, height: 2220)
        #expect(Self.labelFailures(unnamed) == ["\(RuleID.labelMissing) \(unnamed.elements.first?.id ?? "?")"])
        #expect(unnamed.elements.first?.isHiddenFromScreenReader == false)
        let named = try Self.imported(screen(share("Share Man repeatedly run over, killed in Bay Area mall parking lot, police say")),
                                      density: 2.75, width: 1080, height: 2220)
        #expect(Self.labelFailures(named).isEmpty)
        // The card holds the named Share button: TalkBack focuses the button, passes over the card.
        let held = try Self.imported(screen(card(share("Share"))), density: 2.75, width: 1080, height: 2220)
        #expect(Self.labelFailures(held).isEmpty)
        #expect(held.elements.first?.isHiddenFromScreenReader == true)
    }

    /// Settings' "Connected devices" title (Fixtures/appagent), inside its clickable row, made a
    /// clickable text with a description that does not hold its text: compared, whether it stands
    /// inside the row or fills it (one control with the row, same bounds).
    @Test(arguments: [false, true])
    func testClickableTextsOwnDescription_isComparedWithItsText(_ fillsTheRow: Bool) throws {
        let xml = try Self.fixture("appagent/2024-05-20_19-52-52_2.xml")
        let real = "text=\"Connected devices\" resource-id=\"android:id/title\" class=\"android.widget.TextView\" package=\"com.android.settings\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[198,1036][661,1110]\""
        func plant(_ description: String) -> String {
            "text=\"Connected devices\" resource-id=\"android:id/title\" class=\"android.widget.TextView\" package=\"com.android.settings\" content-desc=\"\(description)\" checkable=\"false\" checked=\"false\" clickable=\"true\" enabled=\"true\" focusable=\"true\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"\(fillsTheRow ? "[0,979][1080,1221]" : "[198,1036][661,1110]")\""
        }
        let mismatched = try Self.imported(Self.planted(xml, real, plant("Bluetooth")), density: 2.75, width: 1080, height: 2220)
        #expect(Self.labelFailures(mismatched) == ["\(RuleID.labelTextMismatch) button-connected-devices"])
        let matching = try Self.imported(Self.planted(xml, real, plant("Connected devices, Bluetooth, pairing")), density: 2.75, width: 1080, height: 2220)
        #expect(Self.labelFailures(matching).isEmpty)
    }

    // MARK: Label in Name

    /// WCAG 2.5.3 as its Understanding reads: "设置标题" holds the visible "设置" (Chinese puts no
    /// spaces between words); the visible words in another order are not the label, and the
    /// message says so; a name that starts with the visible text holds it.
    @Test(arguments: [
        ("设置标题", "设置", true), ("打开设置", "设置", true), ("设置", "设置标题", false), ("设定を開く", "設定", false),
        ("ホームに戻る", "ホーム", true), ("Add to cart now", "Add to cart", true), ("Cart: add to", "Add to cart", false),
        ("Settingsmenu", "Settings", false),
    ] as [(String, String, Bool)])
    func testLabelInName_scriptsWithoutSpaces(_ name: String, _ visible: String, _ contained: Bool) {
        #expect(LabelTextMismatchRule.contains(name: name, visible: visible) == contained, "\(name) / \(visible)")
    }

    @Test func testWordsInAnotherOrder_areSaid() {
        let facts = FindingFacts(severity: .error, threshold: nil, reason: nil)
        let reordered = LabelTextMismatchRule.Measured(visibleText: "Add to cart", spokenName: "Cart, add to")
        #expect(reordered.message(facts).contains("in another order"))
        let other = LabelTextMismatchRule.Measured(visibleText: "Add to cart", spokenName: "Buy")
        #expect(!other.message(facts).contains("in another order"))
        #expect(!LabelTextMismatchRule.hasWordsInAnotherOrder(name: "Add to cart", visible: "Add to cart"))
    }

    /// A field's text (typed, its hint, a rotating suggestion "Search 'shoes'") is not its
    /// visible label: not compared with its name.
    @Test func testAFieldsText_isNotItsLabel() {
        var field = ElementContract(id: "search", role: .textField, frame: Frame(x: 0, y: 0, width: 300, height: 48),
                                    text: TextSpec(content: "Try \"running shoes\""), accessibility: AccessibilitySpec(label: "Search"))
        var screen = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: 2, width: 320, height: 480), elements: [field])
        let context = { ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255])) }
        #expect(LabelTextMismatchRule().run(context()).isEmpty)
        field.role = .button
        screen.elements = [field]
        #expect(LabelTextMismatchRule().run(context()).map(\.status) == [.fail])
    }

    /// Chrome's New Tab search box as a clickable `TextView` (the shape of apps whose search box
    /// shows a rotating suggestion), described "Search": while it shows its hint (uiautomator's
    /// `hint` is its text), the hint is not its visible label and `label.text-mismatch` is not
    /// run, with the reason; with text of its own it is compared.
    @Test(arguments: [true, false])
    func testAControlShowingItsHint_isNotComparedWithItsName(_ showsHint: Bool) throws {
        let text = showsHint ? "Search or type web address" : "weather tomorrow"
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.android.chrome" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2220]"><node index="0" text="\(text)" hint="Search or type web address" resource-id="com.android.chrome:id/search_box_text" class="android.widget.TextView" package="com.android.chrome" content-desc="Search" checkable="false" checked="false" clickable="true" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="true" password="false" selected="false" bounds="[77,286][931,418]" /></node></hierarchy>
            """
        let screen = try Self.imported(xml, density: 2.75, width: 1080, height: 2220)
        let box = try #require(screen.element("search_box_text"))
        let reason = box.checks?.disable?[RuleID.labelTextMismatch]
        #expect((reason?.hasPrefix("hint:") ?? false) == showsHint)
        #expect(reason.map(HierarchyImporter.isImportReason) ?? true)
        let context = ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        let results = LabelTextMismatchRule().run(context).map { AuditRunner.applyingDisabledRules($0, on: screen) }
        let verdict = results.first { $0.element == "search_box_text" }?.status
        #expect(verdict == (showsHint ? .notRun : .fail))
    }

    // MARK: One control, one member

    /// A widget's wrapper and the host view it holds, named alike, are one control: no duplicate.
    /// Two side by side are two.
    @Test func testAWrapperAndWhatItHolds_areOneMember() {
        func button(_ id: String, _ frame: Frame) -> ElementContract {
            ElementContract(id: id, role: .button, frame: frame, accessibility: AccessibilitySpec(label: "Weather"))
        }
        let wrapper = button("wrapper", Frame(x: 10, y: 100, width: 300, height: 120))
        let host = button("host", Frame(x: 14, y: 104, width: 292, height: 112))
        let beside = button("beside", Frame(x: 10, y: 240, width: 300, height: 120))
        func failures(_ elements: [ElementContract]) -> [String] {
            let screen = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: 2, width: 320, height: 480), elements: elements)
            return LabelDuplicateRule().run(ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255])))
                .filter { $0.status == .fail }.compactMap { $0.measured.payload.measuredText(FindingFacts(severity: .warning, threshold: nil, reason: nil)) }
        }
        #expect(failures([wrapper, host]).isEmpty)
        #expect(failures([wrapper, host, beside]) == ["\"Weather\" × 2"])
        // A bottom tab and a tile named alike: "Weather, tab" and "Weather, button" are told apart.
        var tab = beside
        tab.role = .tab
        #expect(failures([wrapper, tab]).isEmpty)
    }

    // MARK: What is not a target

    /// The MotorEase reader's changelog in an old WebView that marks every text node clickable:
    /// its lines are text, not targets; the action bar's logo (`enabled="false"`, not focusable)
    /// is no target; the bar's three buttons still are. The whole audit gives no finding.
    @Test func testWebTextAndADisabledLogo_areNotTargets() async throws {
        let xml = try Self.fixture("motorease/at.tomtasche.reader_Top_Down_68.xml")
        let screen = try Self.imported(xml, density: 2.625, width: 1080, height: 1920)
        let interactive = screen.elements.filter { $0.role.isInteractive }.map(\.id)
        #expect(interactive == ["menu_edit", "menu_recent", "button-more-options"])
        let line = try #require(screen.elements.first { $0.text?.content == "fix zooming into documents" })
        #expect(line.role == .text)

        let folder = Self.fixtures.appendingPathComponent("motorease").path
        let screens = try HierarchyScreenLoader(importer: HierarchyImporter(density: 2.625)).load(screenshots: folder, hierarchies: folder)
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 6))
        let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options).audit(screens, screenshotsRoot: folder, provenance: nil)
        let reader = try #require(report.screens.first)
        #expect(reader.findings.map { "\($0.rule) \($0.element ?? "-")" } == [])
        #expect(reader.checked.filter { $0.rule == RuleID.targetSize }.compactMap(\.element) == interactive)
    }

    /// A page of a newer WebView, where only links are clickable: a link inside a sentence (text
    /// beside it on its line) is a link exempt from target size and spacing (WCAG 2.5.8's inline
    /// exception), the sentence's text is text, and a link standing alone is held to the size.
    @Test func testALinkInASentence_isExemptFromTargetSize() throws {
        typealias M = ElementModelTests
        let page = M.node("android.webkit.WebView", (0, 100, 400, 800), [], [
            M.node(M.view, (10, 120, 390, 140), [], [
                M.node(M.view, (10, 120, 150, 140), desc: "Read our"),
                M.node(M.view, (150, 120, 250, 140), id: "probe", desc: "privacy policy", ["clickable", "focusable"]),
                M.node(M.view, (250, 120, 390, 140), desc: "before you start."),
            ]),
            M.node(M.view, (10, 200, 200, 220), id: "alone", desc: "Learn more", ["clickable", "focusable"]),
        ])
        let imported = try M.importAndroid("<hierarchy rotation=\"0\">" + M.node(M.frame, (0, 0, 400, 800), [], [page]) + "</hierarchy>").imported
        let contract = imported.contract
        let inline = try #require(contract.element("probe"))
        #expect(inline.role == .link)
        #expect(inline.checks?.disable?[RuleID.targetSize]?.hasPrefix("inline:") == true)
        #expect(inline.checks?.disable?[RuleID.targetSpacing]?.hasPrefix("inline:") == true)
        #expect(HierarchyImporter.isImportReason(try #require(inline.checks?.disable?[RuleID.targetSize])))
        let alone = try #require(contract.element("alone"))
        #expect(alone.role.isInteractive && alone.checks?.disable?[RuleID.targetSize] == nil)
        #expect(contract.elements.filter { $0.text?.content == "Read our" }.map(\.role) == [.text])
    }

    /// A disabled control that stays focusable (a greyed "Next") is still a control; a disabled
    /// clickable view that is not focusable is decoration.
    @Test func testDisabled_focusableStaysAControl() throws {
        typealias M = ElementModelTests
        #expect(try M.outcome(M.root([M.node(M.button, (10, 10, 200, 60), id: "probe", text: "Next", ["clickable", "focusable", "disabled"])]))
            == .element(.button))
        #expect(try M.outcome(M.root([M.node("android.widget.LinearLayout", (10, 10, 60, 60), id: "probe", ["clickable", "disabled"], [
            M.node("android.widget.ImageView", (20, 20, 50, 50), id: "logo"),
        ])])) == .element(.container))
    }
}
