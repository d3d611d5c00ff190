import Foundation
@testable import ScreenAuditKit
import Testing

/// The two dump parsers on dumps in their real formats, and on what real dumps and hostile files
/// contain.
struct HierarchyParserTests {
    static func xcuitest(_ text: String) throws(HierarchyError) -> HierarchyDump {
        try XCUITestDumpParser().parse(Array(text.utf8), file: "shot.txt")
    }

    static func uiautomator(_ text: String) throws(HierarchyError) -> HierarchyDump {
        try UIAutomatorDumpParser().parse(Array(text.utf8), file: "shot.xml")
    }


    // MARK: XCUITest

    @Test func testXCUITest_readsTheTreeItsAttributesAndFlags() throws {
        let dump = try Self.xcuitest(HierarchyFixtures.signIn)
        #expect(dump.format == .xcuitest)
        #expect(dump.roots.count == 1)
        let application = dump.roots[0]
        #expect(application.type == "Application" && application.frame == nil && application.label == "Plant Diary")
        let window = try #require(application.children.first)
        #expect(window.type == "Window" && window.qualifier == "Main")
        #expect(window.frame == Frame(x: 0, y: 0, width: 393, height: 852))
        let screen = try #require(window.children.first)
        #expect(screen.children.map(\.type) == ["NavigationBar", "StaticText", "StaticText", "TextField", "SecureTextField", "Switch",
                                               "Button", "Button", "Button", "Link", "Image", "StaticText", "StaticText", "Other"])
        // Apostrophes inside a quoted label, a comma inside another, emoji.
        #expect(screen.children[2].label == "Indian Laurel Fig Tree 'Green Gem'")
        #expect(screen.children[9].label == "Terms, privacy & cookies")
        #expect(screen.children[10].label == "🌿 Plant Diary" && screen.children[10].identifier == "logo")
        // Unquoted values and bare flags.
        let toggle = screen.children[5]
        #expect(toggle.value == "1" && toggle.flags == ["Selected"] && toggle.identifier == "remember")
        #expect(screen.children[13].value == "0%" && screen.children[13].label == "Vertical scroll bar, 2 pages")
        #expect(screen.children[3].placeholder == "Email" && screen.children[3].value == "Email")
        // Nesting, line numbers, the footer left out.
        #expect(screen.children[6].children.map(\.label) == ["Sign in"])
        #expect(screen.children[6].line == 13)
        #expect(screen.children[6].frame == Frame(x: 24, y: 420, width: 345, height: 50))
        #expect(!dump.nodes.contains { $0.label == "Never parsed" })
        #expect(dump.nodes.count == 19)
    }

    @Test func testXCUITest_readsCRLFAndTheOlderForm() throws {
        let crlf = try Self.xcuitest(HierarchyFixtures.signIn.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf == (try Self.xcuitest(HierarchyFixtures.signIn)))
        let older = try Self.xcuitest(HierarchyFixtures.olderForm)
        let window = try #require(older.roots.first?.children.first)
        #expect(window.type == "Window" && window.frame == Frame(x: 0, y: 0, width: 375, height: 667))
        #expect(window.children.map(\.type) == ["Button", "StaticText"])
        #expect(window.children.map(\.label) == ["Back", "All notes"])
        #expect(window.children[0].frame == Frame(x: 16, y: 20, width: 44, height: 44))
    }

    @Test func testXCUITest_withoutTheHeader_startsAtTheRootMarker() throws {
        let body = HierarchyFixtures.signIn.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        #expect(try Self.xcuitest(body).nodes.count == 19)
    }

    @Test func testXCUITest_badInput_namesFileAndLine() {
        #expect(HierarchyFixtures.error { try Self.xcuitest("") }?.description
            == "shot.txt: no element tree: expected an 'Element subtree:' line followed by the elements, as XCUIApplication().debugDescription prints them")
        #expect(HierarchyFixtures.error { try XCUITestDumpParser().parse([0x89, 0x50, 0x4E, 0x47, 0, 1, 2], file: "shot.txt") }?.line == 0)
        let badFrame = "Element subtree:\n →Application, 0x1, pid: 1\n    Button, 0x2, {{1.0, 2.0}, {3.0}}, label: 'A'\n"
        #expect(HierarchyFixtures.error { try Self.xcuitest(badFrame) }?.description == "shot.txt: line 3: a frame must be {{x, y}, {width, height}}, found '{{1.0, 2.0}, {3.0}}'")
        let unterminated = "Element subtree:\n →Application, 0x1, pid: 1\n    Button, 0x2, {{1.0, 2.0}, {3.0, 4.0}}, label: 'A\n"
        #expect(HierarchyFixtures.error { try Self.xcuitest(unterminated) }?.line == 3)
        let junkLine = "Element subtree:\n →Application, 0x1, pid: 1\n    }}}{{{ garbage\n"
        #expect(HierarchyFixtures.error { try Self.xcuitest(junkLine) }?.line == 3)
    }

    @Test func testXCUITest_limits() {
        let deep = "Element subtree:\n" + (0..<300).map { String(repeating: " ", count: $0 + 1) + "Other, 0x1, {{0.0, 0.0}, {1.0, 1.0}}" }
            .joined(separator: "\n")
        let error = HierarchyFixtures.error { try Self.xcuitest(deep) }
        #expect(error?.limit == .jsonDepth && error?.line == 258)
        let many = "Element subtree:\n →Application, 0x1\n" + String(repeating: "    Other, 0x1, {{0.0, 0.0}, {1.0, 1.0}}\n", count: 30)
        #expect(HierarchyFixtures.error { try XCUITestDumpParser(limits: HierarchyLimits(maxElements: 20)).parse(Array(many.utf8), file: "f") }?.limit == .elements)
        #expect(HierarchyFixtures.error { try XCUITestDumpParser(limits: HierarchyLimits(maxBytes: 10)).parse(Array(many.utf8), file: "f") }?.limit == .inputBytes)
    }

    // MARK: uiautomator

    @Test func testUIAutomator_readsNodesBoundsAndFlags() throws {
        let dump = try Self.uiautomator(HierarchyFixtures.settings)
        #expect(dump.format == .uiautomator && dump.rotation == 0)
        let root = try #require(dump.roots.first)
        #expect(root.type == "android.widget.FrameLayout" && root.frame == Frame(x: 0, y: 0, width: 1080, height: 2400))
        #expect(root.children.map(\.type) == ["android.widget.TextView", "android.widget.Switch", "android.widget.Button",
                                             "android.widget.ImageButton", "android.widget.EditText", "android.widget.TextView",
                                             "android.widget.SeekBar"])
        #expect(root.children[0].title == "Display & brightness" && root.children[0].identifier == "org.example.settings:id/title")
        #expect(root.children[1].label == "Dark mode" && root.children[1].flags == ["checkable", "checked", "clickable", "focusable"])
        #expect(root.children[2].frame == Frame(x: 63, y: 2184, width: 954, height: 126))
        #expect(root.children[4].flags.contains("long-clickable"))
        #expect(root.children[5].title == "Résumé 😀")
        #expect(dump.nodes.count == 8)
    }

    @Test func testUIAutomator_toleratesThePrefixLineAndMultiLineXML() throws {
        let prefixed = "UI hierchary dumped to: /sdcard/window_dump.xml\n" + HierarchyFixtures.settings
        let plain = try Self.uiautomator(HierarchyFixtures.settings)
        #expect(try Self.uiautomator(prefixed).nodes.map { [$0.type, $0.title, $0.label, $0.identifier] } == plain.nodes.map { [$0.type, $0.title, $0.label, $0.identifier] })
        #expect(try Self.uiautomator(prefixed).nodes.map(\.line) == plain.nodes.map { $0.line + 1 })
        let multiLine = HierarchyFixtures.settings.replacingOccurrences(of: "><", with: ">\r\n  <")
        #expect(try Self.uiautomator(multiLine).nodes.map(\.frame) == (try Self.uiautomator(HierarchyFixtures.settings)).nodes.map(\.frame))
        let appium = "<hierarchy rotation=\"1\"><android.widget.FrameLayout bounds=\"[0,0][2400,1080]\"><android.widget.TextView text=\"Hi\" bounds=\"[10,10][100,50]\"/></android.widget.FrameLayout></hierarchy>"
        let dump = try Self.uiautomator(appium)
        #expect(dump.rotation == 1 && dump.nodes.map(\.type) == ["android.widget.FrameLayout", "android.widget.TextView"])
    }

    /// Real dumps (AppAgent's Settings screens) hold bounds that end before they start for views
    /// outside their window, `[0,2189][1080,2154]`: such a node is read, flagged and left out by
    /// the import with a note, and its screen is audited.
    @Test func testUIAutomator_boundsThatEndBeforeTheyStart_areANodeOutsideItsWindow() throws {
        let xml = """
        <hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][1080,2220]">\
        <node class="android.widget.TextView" text="Network &amp; internet" bounds="[189,400][871,460]"/>\
        <node class="android.widget.TextView" text="Battery" bounds="[0,2189][1080,2154]"/></node></hierarchy>
        """
        let dump = try Self.uiautomator(xml)
        let hidden = try #require(dump.nodes.last)
        #expect(hidden.flags == ["inverted-bounds"] && hidden.frame == Frame(x: 0, y: 2189, width: 0, height: 0))
        let imported = try HierarchyImporter(density: 2.75).importScreen(dump, id: "settings", screenshot: "settings.png", pixelWidth: 1080,
                                                                         pixelHeight: 2220, file: "settings.xml")
        #expect(imported.contract.elements.map { $0.text?.content } == ["Network & internet"])
        #expect(imported.allNotes == ["android.widget.TextView 'Battery' (node 3, line 1): left out: its bounds end before they start, as uiautomator writes them for a view outside its window"])
        #expect(imported.outline.leftOut.map(\.reason) == [.invertedBounds])
    }

    @Test func testUIAutomator_badInput_namesFileAndLine() {
        let badBounds = "<hierarchy rotation=\"0\">\n<node class=\"a.B\" bounds=\"[0,0][-5,abc]\"/>\n</hierarchy>"
        #expect(HierarchyFixtures.error { try Self.uiautomator(badBounds) }?.description
            == "shot.xml: line 2: bounds must be '[x0,y0][x1,y1]' in whole pixels, found '[0,0][-5,abc]'")
        let unbalanced = "<hierarchy rotation=\"0\">\n<node class=\"a.B\" bounds=\"[0,0][5,5]\">\n"
        #expect(HierarchyFixtures.error { try Self.uiautomator(unbalanced) }?.message == "the XML ends inside an element: the dump is cut short")
        let stray = "<hierarchy rotation=\"0\"></node></hierarchy>"
        #expect(HierarchyFixtures.error { try Self.uiautomator(stray) }?.message == "'</node>' closes nothing")
        #expect(HierarchyFixtures.error { try Self.uiautomator("<hierarchy rotation=\"0\"><node text=\"a &bogus; b\"/></hierarchy>") }?.message == "unknown entity '&bogus;'")
        #expect(HierarchyFixtures.error { try Self.uiautomator("<hierarchy rotation=\"7\"></hierarchy>") }?.message == "rotation must be 0, 1, 2 or 3, found '7'")
        #expect(HierarchyFixtures.error { try Self.uiautomator("<hierarchy rotation=\"0\"></hierarchy>") }?.message == "the hierarchy holds no nodes")
        #expect(HierarchyFixtures.error { try Self.uiautomator("no xml here") }?.line == 0)
        #expect(HierarchyFixtures.error { try Self.uiautomator("<hierarchy rotation=\"0\"><!DOCTYPE x [<!ENTITY a \"b\">]><node/></hierarchy>") }?.message
            == "DTDs and CDATA sections are not part of a uiautomator dump")
        #expect(HierarchyFixtures.error { try Self.uiautomator("<hierarchy rotation=\"0\"><node a=\"1\" a=\"2\"/></hierarchy>") }?.message == "attribute 'a' appears twice")
    }

    // MARK: Appium

    static func appium(_ text: String) throws -> HierarchyDump {
        try AppiumSourceParser().parse(Array(text.utf8), file: "shot.xml")
    }

    @Test func testAppium_readsTypesFramesNamesAndFlags_andLeavesOutWhatIsNotVisible() throws {
        let dump = try Self.appium(HierarchyFixtures.signInAppium)
        #expect(dump.format == .appium && dump.hiddenNodes == 2)
        #expect(dump.nodes.map(\.type) == ["Application", "Window", "Other", "StaticText", "TextField", "Switch", "Button", "StaticText", "Button"])
        let other = try #require(dump.roots.first?.children.first?.children.first)
        let (welcome, email, remember, signIn, close) = (other.children[0], other.children[1], other.children[2], other.children[3], other.children[4])
        #expect(welcome.identifier == "welcome" && welcome.label == "Welcome back" && welcome.value == "Welcome back")
        #expect(welcome.frame == Frame(x: 24, y: 140, width: 345, height: 41) && welcome.flags == ["accessible"] && welcome.line == 6)
        #expect(email.label == nil && email.placeholder == "Email" && email.identifier == "email")
        #expect(remember.flags == ["accessible", "Selected"] && remember.value == "1")
        #expect(signIn.flags == ["accessible", "Disabled"] && signIn.children.map(\.label) == ["Sign in"])
        // `name` repeats the label where no identifier is set: no identifier then.
        #expect(close.identifier == nil && close.label == "Close" && signIn.children.first?.identifier == nil)
    }

    @Test func testAppium_importsAsTheSameScreenAsXCUITest() throws {
        let appium = try HierarchyImporter().importScreen(try Self.appium(HierarchyFixtures.signInAppium), id: "signin", screenshot: "signin.png",
                                                          pixelWidth: 1179, pixelHeight: 2556, file: "signin.xml")
        #expect(appium.contract.device == DeviceSpec(scale: 3, width: 393, height: 852))
        let roles = Dictionary(uniqueKeysWithValues: appium.contract.elements.map { ($0.id, $0.role) })
        #expect(roles["welcome"] == .text && roles["email"] == .textField && roles["remember"] == .toggle && roles["signInButton"] == .button)
        #expect(appium.contract.element("welcome")?.text?.content == "Welcome back")
        #expect(!appium.contract.elements.contains { $0.label == "Help & support" || $0.text?.content == "Help & support" })
        #expect(appium.notes.first == "2 elements left out: the dump marks them not visible (visible=\"false\"), or they are inside one it does")
        // The sign-in button is not enabled: an inactive component, exempt from the contrast minimums.
        #expect(appium.contract.element("signInButton")?.checks?.disable?.keys.sorted() == [RuleID.contrastNonText, RuleID.contrastText])
        #expect(appium.contract.element("signInButton")?.checks?.disabledReason(for: RuleID.contrastText)
            == "inactive: the dump marks the element not enabled, and WCAG 2.2 SC 1.4.3 sets no contrast minimum for inactive components")
        #expect(appium.contract.element("remember")?.checks == nil)
        // What the XCUITest dump of the same screen makes of the same elements.
        let xcuitest = try HierarchyImporterTests.importIOS()
        for id in ["welcome", "email", "remember", "signInButton"] {
            let a = appium.contract.element(id), x = xcuitest.contract.element(id)
            #expect(a?.role == x?.role && a?.frame == x?.frame && a?.label == x?.label, "\(id)")
        }
    }

    @Test func testAppium_badInput_namesFileAndLine() {
        func source(_ element: String) -> String { "<AppiumAUT>\n\(element)\n</AppiumAUT>" }
        #expect(HierarchyFixtures.error { try Self.appium(source(#"<XCUIElementTypeButton type="XCUIElementTypeButton" x="1" y="2" width="3"/>"#)) }?.description
            == "shot.xml: line 2: a frame needs x, y, width and height; found only x, y, width")
        #expect(HierarchyFixtures.error { try Self.appium(source(#"<XCUIElementTypeButton x="1" y="2" width="-3" height="4"/>"#)) }?.message
            == #"x, y, width and height must be numbers of points, width and height not negative; found x="1" y="2" width="-3" height="4""#)
        #expect(HierarchyFixtures.error { try Self.appium(source(#"<android.widget.TextView text="Hi"/>"#)) }?.message
            == "'android.widget.TextView' is not an XCUIElementType: this is not an iOS page source (an Android one is read as uiautomator)")
        #expect(HierarchyFixtures.error { try Self.appium("<AppiumAUT>\n<XCUIElementTypeApplication>\n") }?.message
            == "the XML ends inside an element: the page source is cut short")
        #expect(HierarchyFixtures.error { try Self.appium("<AppiumAUT></AppiumAUT>") }?.message == "the page source holds no elements")
        #expect(HierarchyFixtures.error { try Self.appium(source(#"<XCUIElementTypeApplication visible="false"/>"#)) }?.message
            == "no visible element in the page source")
        #expect(HierarchyFixtures.error { try Self.appium("nothing") }?.line == 0)
        #expect(HierarchyFixtures.error { try AppiumSourceParser(limits: HierarchyLimits(maxElements: 2)).parse(Array(HierarchyFixtures.signInAppium.utf8), file: "a") }?.limit
            == .elements)
    }

    @Test func testFormatIsRecognisedFromTheContent() {
        #expect(HierarchyFormat.recognize(HierarchyFixtures.signInAppium[...]) == .appium)
        #expect(HierarchyFormat.recognize(#"<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>"#[...]) == .appium)
        #expect(HierarchyFormat.recognize("<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\">"[...]) == .appium)
        #expect(HierarchyFormat.recognize("<?xml version='1.0' ?><!-- x --><hierarchy rotation=\"0\">"[...]) == .uiautomator)
        #expect(HierarchyFormat.recognize(HierarchyFixtures.settings[...]) == .uiautomator)
        #expect(HierarchyFormat.recognize(("UI hierchary dumped to: /dev/tty\n" + HierarchyFixtures.settings)[...]) == .uiautomator)
        #expect(HierarchyFormat.recognize(HierarchyFixtures.signIn[...]) == .xcuitest)
        #expect(HierarchyFormat.recognize(HierarchyFixtures.olderForm[...]) == .xcuitest)
    }
}
