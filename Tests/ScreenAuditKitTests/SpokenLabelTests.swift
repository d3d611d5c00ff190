import Foundation
import Imaging
@testable import ScreenAuditKit
import ColorScience
import ScreenContracts
import TestSupport
import Testing

/// What the screen reader says: `label.missing` and `label.unclear` on real hierarchies and on
/// the names labels are made of.
struct SpokenLabelTests {
    static func findings(_ name: String, width: Int, height: Int, density: Double? = nil) throws -> [String] {
        let screen = try RealTreeTests.imported(name, width: width, height: height, density: density).contract
        let context = ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        let checks: [any AuditCheck] = [LabelMissingRule(), LabelUnclearRule(), LabelRedundantRule(), LabelDuplicateRule(), LabelTextMismatchRule()]
        return checks.flatMap { $0.run(context) }.filter { $0.status == .fail }.map {
            "\($0.rule) \($0.element ?? "-") \($0.measured.payload.measuredText(FindingFacts(severity: $0.severity, threshold: nil, reason: nil)) ?? "")"
        }
    }

    /// On the real trees of Fixtures/trees, the register screen (an Appium source) has the three
    /// findings a reviewer agrees with: its navigation bar's back button has no label, both
    /// password fields' visibility buttons are named "common visibility off" (which field's?),
    /// and an image is labelled "Dummy Image B" (VoiceOver: "Dummy Image B, image"). The fields
    /// whose placeholder is their value speak it; the tab bar's, the Flutter app's and Settings'
    /// controls all have names of their own; no label is an identifier or a symbol name.
    @Test func testRealTrees_labelFindings() throws {
        #expect(try Self.findings("uiautomator-multiwindow-homee.xml", width: 1080, height: 2400, density: 2.625).isEmpty)
        #expect(try Self.findings("xcuitest-XQUITestDemo.txt", width: 750, height: 1334).isEmpty)
        #expect(try Self.findings("appium-ios-shirates-AppDev-register.xml", width: 750, height: 1334) == [
            "label.missing button (nothing), button", "label.redundant image-dummy-image-b \"Dummy Image B\": image",
            "label.duplicate button-common-visibility-off \"common visibility off\" × 2",
        ])
        #expect(try Self.findings("appium-ios-shirates-SettingsTop.xml", width: 1170, height: 2532).isEmpty)
    }

    /// A clickable Android view that holds other views and has nothing to speak is passed over by
    /// TalkBack when a view below it takes focus in its place (its children are focused): hidden
    /// from the screen reader, no finding. One whose views below take no taps and no focus (only
    /// an image without a description) is the control a person meets, unnamed; so is one that
    /// uiautomator marks NAF ("not accessibility friendly").
    @Test(arguments: [(false, true), (true, true), (false, false), (true, false)])
    func testTalkBackPassesOverWordlessContainers_onlyWhenSomethingBelowTakesFocus(_ naf: Bool, _ holdsButton: Bool) throws {
        let below = holdsButton
            ? #"<node index="0" text="" resource-id="app:id/play" class="android.widget.ImageButton" package="app" content-desc="" clickable="true" enabled="true" bounds="[40,340][200,500]" />"#
            : #"<node index="0" text="" resource-id="app:id/art" class="android.widget.ImageView" package="app" content-desc="" clickable="false" enabled="true" bounds="[40,340][1040,660]" />"#
        let xml = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
            <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2220]">
            <node index="0" text="" resource-id="app:id/card" class="android.view.ViewGroup" package="app" content-desc="" clickable="true" enabled="true" \(naf ? "NAF=\"true\" " : "")bounds="[0,300][1080,700]">
            \(below)
            </node>
            </node>
            </hierarchy>
            """
        let parsed = try UIAutomatorDumpParser().parse(Array(xml.utf8), file: "d.xml")
        let contract = try HierarchyImporter(density: 2.75).importScreen(parsed, id: "d", screenshot: "d.png", pixelWidth: 1080, pixelHeight: 2220,
                                                                      file: "d.xml").contract
        let card = try #require(contract.element("card"))
        let passedOver = !naf && holdsButton
        #expect(card.isHiddenFromScreenReader == passedOver)
        let context = ScreenContext(screen: contract, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        #expect(LabelMissingRule().run(context).filter { $0.status == .fail }.map(\.element).contains("card") == !passedOver)
    }

    /// The kinds of names that are not words, from real dumps (Firefox for iOS's
    /// `bookmarkTrayFillLarge`, an iOS cell's `UITableViewCell(BA_Template)`, Apple's audit's
    /// `crown.fill`) and the issue's list; and words that look like them but are words.
    @Test(arguments: [
        ("bookmarkTrayFillLarge", "identifier"), ("historyLarge", "identifier"), ("All_photos", "identifier"),
        ("menu_button", "asset name"), ("ic_settings_24dp", "asset name"), ("btn_back", "asset name"), ("IMG_1234.png", "file name"),
        ("hero.jpg", "file name"), ("IMG_1234", "file name"), ("chevron.right", "SF Symbol name"), ("crown.dot.fill", "SF Symbol name"),
        ("crown.fill", "SF Symbol name"), ("1.circle", "SF Symbol name"), ("com.example.app.settings", "identifier"),
        ("UITableViewCell(BA_Template)", "identifier"), ("button", "placeholder word"), ("Image", "placeholder word"),
        ("untitled", "placeholder word"), ("null", "placeholder word"), ("--", "punctuation or emoji only"),
        ("⭐️", "punctuation or emoji only"), ("X", "a lone character"), ("J", "a lone character"),
        ("Close", nil), ("Back", nil), ("Wi-Fi", nil), ("A-Z", nil), ("iPhone", nil), ("7", nil), ("Image of a dragon", nil),
        ("common visibility off", nil), ("Sign in", nil), ("e-mail", nil), ("Mon, May 20", nil), ("3.5 stars", nil), ("OK", nil), ("3.5", nil),
    ] as [(String, String?)])
    func testKinds(_ label: String, _ kind: String?) {
        #expect(LabelUnclearRule.kind(of: label)?.rawValue == kind, "\(label)")
    }

    /// Role words count on an element of that role only, state words on any; whole words.
    @Test(arguments: [
        ("Back button", ElementRole.button, ["button"]), ("Play image", .image, ["image"]), ("Selected", .tab, ["selected"]),
        ("Checkbox", .toggle, ["checkbox"]), ("Remember me checkbox, checked", .toggle, ["checkbox", "checked"]),
        ("Add image", .button, []), ("Buttonwood Farm", .button, []), ("Back", .button, []), ("Home tab", .tab, ["tab"]),
        ("Unselected items", .link, ["unselected"]), ("Swipe to each relic, then double-tap to claim it", .button, []),
    ] as [(String, ElementRole, [String])])
    func testRedundantWords(_ label: String, _ role: ElementRole, _ words: [String]) {
        #expect(LabelRedundantRule.redundantWords(in: label, role: role) == words, "\(label)")
    }

    /// A declared trait makes its role's words redundant too ("Play button" on text the app marks
    /// a button), and states are spoken after the role.
    @Test func testTraits_roleWordsAndStates() {
        #expect(LabelRedundantRule.redundantWords(in: "Play button", role: .text, traits: ["button"]) == ["button"])
        #expect(LabelRedundantRule.redundantWords(in: "Play button", role: .text, traits: ["staticText"]).isEmpty)
        let element = ElementContract(id: "amber", role: .button, frame: Frame(x: 0, y: 0, width: 44, height: 44),
                                      accessibility: AccessibilitySpec(label: "Amber", traits: ["button", "selected", "notEnabled"]))
        #expect(SpokenText.announcement(of: element) == "\"Amber\", button, selected, dimmed")
    }

    /// Label in Name as the W3C's rule compares: case, punctuation and spaces aside, the visible
    /// text whole, in order.
    @Test(arguments: [
        ("Log in to your account", "Log in", true), ("Sign in", "Log in", false), ("log-in", "Log In", true),
        ("Next page", "Next", true), ("Nextpage", "Next", false), ("Send, message", "Send message", true), ("Anything", "", true),
    ] as [(String, String, Bool)])
    func testLabelInName(_ name: String, _ visible: String, _ contained: Bool) {
        #expect(LabelTextMismatchRule.contains(name: name, visible: visible) == contained, "\(name) / \(visible)")
    }

    /// Controls named alike are one finding on the first, naming every member; the same frame
    /// twice is one control; a text field's typed text is not its name.
    @Test func testDuplicates_oneFindingPerGroup() {
        func button(_ id: String, _ label: String, x: Double) -> ElementContract {
            ElementContract(id: id, role: .button, frame: Frame(x: x, y: 10, width: 44, height: 44), accessibility: AccessibilitySpec(label: label))
        }
        var field = ElementContract(id: "field", role: .textField, frame: Frame(x: 0, y: 100, width: 200, height: 44), text: TextSpec(content: "Delete"))
        field.label = "Delete"
        field.accessibility = AccessibilitySpec(label: "Search")
        let screen = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: 2, width: 320, height: 480), elements: [
            button("a", "Delete", x: 0), button("b", "Delete", x: 60), button("c", "Delete", x: 120), button("a-again", "Delete", x: 0),
            button("d", "Edit", x: 180), field,
        ])
        var imported = screen
        imported.framesFrom = ScreenContract.framesFromHierarchy
        for contract in [screen, imported] {
            let results = LabelDuplicateRule().run(ScreenContext(screen: contract, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255])))
            let failures = results.filter { $0.status == .fail }
            #expect(failures.map(\.element) == ["a"] && failures.first?.measured.payload.message(FindingFacts(severity: .warning, threshold: nil, reason: nil))
                == "3 controls are all named \"Delete\" (a, b, c): the screen reader cannot tell them apart")
            #expect(results.filter { $0.status == .pass }.map(\.element) == ["d", "field"])
        }
    }

    /// The walk: a declared `readingOrder` wins over the contract's order; what lies inside a
    /// control takes its row; a dump's screen without a declared order is not walked.
    @Test func testReadingOrder() {
        let elements = [
            ElementContract(id: "title", role: .heading, frame: Frame(x: 10, y: 10, width: 200, height: 30), text: TextSpec(content: "Quests")),
            ElementContract(id: "card", role: .button, frame: Frame(x: 10, y: 60, width: 300, height: 90), label: "Trial"),
            ElementContract(id: "thumb", role: .image, frame: Frame(x: 14, y: 64, width: 80, height: 80), label: "Orb"),
            ElementContract(id: "name", role: .text, frame: Frame(x: 100, y: 64, width: 200, height: 24), text: TextSpec(content: "Trial")),
            ElementContract(id: "start", role: .button, frame: Frame(x: 10, y: 200, width: 120, height: 44), label: "Start"),
        ]
        func jumps(_ contract: ScreenContract) -> [String] {
            OrderReadingRule().run(ScreenContext(screen: contract, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255])))
                .filter { $0.status == .fail }.map { "\($0.element ?? "-"): \($0.measured.payload.measuredText(FindingFacts(severity: .info, threshold: nil, reason: nil)) ?? "")" }
        }
        var screen = ScreenContract(id: "s", screenshot: "s.png", device: DeviceSpec(scale: 2, width: 320, height: 480), elements: elements)
        // The card's thumbnail beside its name, read after it: both in the card's row.
        #expect(jumps(screen).isEmpty)
        screen.readingOrder = ["start", "title", "card", "thumb", "name"]
        #expect(jumps(screen) == ["title: after start, 2 rows up"])
        screen.framesFrom = ScreenContract.framesFromHierarchy
        #expect(jumps(screen) == ["title: after start, 2 rows up"])
        // A dump is walked in its own order (the platform's sort of each container's children).
        screen.readingOrder = nil
        screen.elements = [elements[4], elements[0]]
        #expect(jumps(screen) == ["title: after start, 1 row up"])
        // A backdrop that starts above the text and reaches below it is not above it.
        screen.elements = [ElementContract(id: "backdrop", role: .image, frame: Frame(x: 0, y: 0, width: 320, height: 480), label: "Hills"),
                           elements[4], elements[0]]
        #expect(jumps(screen) == ["title: after start, 1 row up"])
        screen.elements = [elements[0], ElementContract(id: "backdrop", role: .image, frame: Frame(x: 0, y: 0, width: 320, height: 480), label: "Hills")]
        #expect(jumps(screen).isEmpty)
        // An element the dump says is covered is not seen: it is left out of the walk.
        var covered = elements[0]
        covered.checks = CheckOverrides(disable: [RuleID.orderReading: "covered: under a sheet"])
        screen.elements = [elements[4], covered]
        #expect(jumps(screen).isEmpty)
    }

    /// Android puts a window's content before its action bar when both start at the top and the
    /// content is taller (ViewGroup's stripe sort breaks the tie by height): uiautomator's dump
    /// lists them so, and TalkBack reaches the bar's buttons after the page. Imported from such a
    /// dump, the bar's first button is one jump back (review).
    @Test func testDumpOrder_contentBeforeItsActionBar() throws {
        let xml = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
        <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="org.example" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">
          <node index="0" text="" resource-id="android:id/content" class="android.widget.FrameLayout" package="org.example" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">
            <node index="0" text="Servers" resource-id="org.example:id/first" class="android.widget.TextView" package="org.example" content-desc="" clickable="false" enabled="true" bounds="[40,400][600,460]" />
            <node index="1" text="Connect" resource-id="org.example:id/connect" class="android.widget.Button" package="org.example" content-desc="" clickable="true" enabled="true" bounds="[40,1800][1040,1950]" />
          </node>
          <node index="1" text="" resource-id="org.example:id/action_bar_container" class="android.widget.FrameLayout" package="org.example" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,277]">
            <node index="0" text="" resource-id="" class="android.widget.ImageButton" package="org.example" content-desc="Navigate up" clickable="true" enabled="true" bounds="[0,100][154,254]" />
          </node>
        </node></hierarchy>
        """
        let dump = try UIAutomatorDumpParser().parse(Array(xml.utf8), file: "bar.xml")
        let screen = try HierarchyImporter(density: 2.75).importScreen(dump, id: "bar", screenshot: "bar.png", pixelWidth: 1080, pixelHeight: 2400,
                                                                        file: "bar.xml").contract
        let results = OrderReadingRule().run(ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255])))
        let jumps = results.filter { $0.status == .fail }
        #expect(jumps.count == 1)
        let facts = FindingFacts(severity: .info, threshold: nil, reason: nil)
        #expect(jumps.first?.measured.payload.message(facts).contains("the dump's order") == true)
        #expect(jumps.first.flatMap { $0.element }.map { screen.element($0)?.spokenLabel } == "Navigate up")
    }

    /// Each finding on an element the screen reader focuses says what it speaks for it, in
    /// report.json (`spoken`), report.md (the notes) and the review page.
    @Test func testFindingsSayWhatIsSpoken() async throws {
        let directory = try TemporaryDirectory()
        var builder = ScreenBuilder(id: "s", width: 320, height: 200, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        builder.fill(Frame(x: 20, y: 40, width: 30, height: 30), RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        builder.element(ElementContract(id: "add", role: .button, frame: Frame(x: 20, y: 40, width: 30, height: 30), hint: "Adds a relic.",
                                        accessibility: AccessibilitySpec(label: "Add", value: "3 relics")))
        let loaded = try builder.loaded(writingInto: directory)
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
            .audit([loaded], screenshotsRoot: directory.path(""), provenance: nil)
        let finding = try #require(report.screens[0].findings.first { $0.rule == RuleID.targetSize })
        #expect(finding.spoken == "\"Add\", button, 3 relics")
        #expect(MarkdownReporter.noteText(finding) == "spoken: \"Add\", button, 3 relics")
        #expect(HTMLReporter.render(report, overlays: []).contains("Spoken: &quot;Add&quot;, button, 3 relics"))
    }
}
