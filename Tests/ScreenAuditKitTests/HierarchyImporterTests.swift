@testable import ScreenAuditKit
import Testing

/// From a parsed dump to the contract the audit reads: geometry, roles, text, ids and notes.
struct HierarchyImporterTests {
    static func importIOS(_ text: String = HierarchyFixtures.signIn, width: Int = 1179, height: Int = 2556) throws -> ImportedScreen {
        let dump = try XCUITestDumpParser().parse(Array(text.utf8), file: "signin.txt")
        return try HierarchyImporter().importScreen(dump, id: "signin", screenshot: "signin.png", pixelWidth: width, pixelHeight: height,
                                                    file: "signin.txt")
    }

    static func importAndroid(density: Double? = 2.625, width: Int = 1080, height: Int = 2400) throws -> ImportedScreen {
        let dump = try UIAutomatorDumpParser().parse(Array(HierarchyFixtures.settings.utf8), file: "settings.xml")
        return try HierarchyImporter(density: density).importScreen(dump, id: "settings", screenshot: "settings.png", pixelWidth: width,
                                                                    pixelHeight: height, file: "settings.xml")
    }


    @Test func testXCUITest_importsEveryElementWithRoleFrameTextAndID() throws {
        let screen = try Self.importIOS()
        let contract = screen.contract
        #expect(contract.device == DeviceSpec(scale: 3, width: 393, height: 852))
        #expect(contract.elements.map(\.id) == [
            "Sign in", "text-sign-in", "welcome", "text-indian-laurel-fig-tree-green-gem", "email", "password", "remember",
            "signInButton", "text-sign-in-2", "button-forgot-password", "button-close", "link-terms-privacy-cookies", "logo",
            "text-v2-1", "container-vertical-scroll-bar-2-pages",
        ])
        #expect(contract.elements.map(\.role) == [.container, .text, .text, .text, .textField, .textField, .toggle, .button, .text,
                                                  .button, .button, .link, .image, .text, .container])
        let welcome = try #require(contract.element("welcome"))
        #expect(welcome.text == TextSpec(content: "Welcome back") && welcome.text?.pointSize == nil)
        #expect(welcome.frame == Frame(x: 24, y: 140, width: 345, height: 41))
        #expect(contract.element("signInButton")?.label == "Sign in" && contract.element("signInButton")?.text == nil)
        #expect(contract.element("text-sign-in-2")?.text?.content == "Sign in")
        // Partly outside: clipped, its pixel checks not run, with the reason; zero size: left out,
        // with the reason.
        #expect(contract.element("text-v2-1")?.frame == Frame(x: 380, y: 800, width: 13, height: 20))
        #expect(contract.element("text-v2-1")?.checks?.disabledReason(for: RuleID.textSize)
            == "window-edge: its frame reaches past the screen's right edge: what shows is part of it")
        #expect(screen.notes.isEmpty)
        #expect(screen.allNotes == [
            "StaticText 'Loading…' (node 17, line 19): left out: its frame has zero size (offscreen or hidden)",
            "StaticText 'v2.1' (node 18, line 20), element 'text-v2-1': checks not run: its frame reaches past the screen's right edge: what shows is part of it",
        ])
        #expect(screen.outline.leftOut.map(\.reason) == [.notVisible, .windowEdge])
        #expect(screen.outline.nodes == 19 && screen.outline.elements == 15)
        #expect(contract.checks == nil)
    }

    @Test func testXCUITest_scaleFromTheScreenshot_andOrientationMismatch() throws {
        #expect(try Self.importIOS(width: 786, height: 1704).contract.device.scale == 2)
        #expect(try Self.importIOS(width: 1180, height: 2557).contract.device.scale == 3)   // within 1 %
        #expect(HierarchyFixtures.error { try Self.importIOS(width: 2556, height: 1179) }?.description
            == "signin.txt: line 4: the screenshot is landscape (2556×1179 px) but the dump's window is portrait (393×852 pt): capture both in the same orientation")
        #expect(HierarchyFixtures.error { try Self.importIOS(width: 1000, height: 2000) }?.description
            == "signin.txt: line 4: the screenshot (1000×2000 px) is not the dump's window (393×852 pt) at @1x, @2x or @3x: is this the dump of this screenshot?")
        // A window of absurd size (found by the fuzzer) is an error with its numbers, not a trap.
        let huge = "Element subtree:\n →Application, 0x1, pid: 1\n    Window, 0x2, {{0.0, 0.0}, {3.7e105, 667.0}}\n"
        #expect(HierarchyFixtures.error { try Self.importIOS(huge) }?.message
            == "the screenshot (1179×2556 px) is not the dump's window (3.7e+105×667 pt) at @1x, @2x or @3x: is this the dump of this screenshot?")
        let noWindow = "Element subtree:\n →Application, 0x1, pid: 1\n    Button, 0x2, {{0.0, 0.0}, {44.0, 44.0}}, label: 'A'\n"
        #expect(HierarchyFixtures.error { try Self.importIOS(noWindow) }?.message == "no Window with a frame in the dump: the screen's size in points is unknown")
    }

    @Test func testUIAutomator_importsInPointsWithTheDensity() throws {
        let contract = try Self.importAndroid().contract
        #expect(contract.device.pixelWidth == 1080 && contract.device.pixelHeight == 2400 && contract.device.scale == 2.625)
        #expect(contract.elements.map(\.id) == ["title", "dark_mode", "save", "button-navigate-up", "name", "button-resume", "slider-brightness"])
        #expect(contract.elements.map(\.role) == [.text, .toggle, .button, .button, .textField, .button, .slider])
        #expect(contract.element("title")?.text?.content == "Display & brightness")
        #expect(contract.element("save")?.text?.content == "Save" && contract.element("save")?.label == "Save")
        #expect(contract.element("dark_mode")?.label == "Dark mode")
        #expect(contract.element("save")?.frame == Frame(x: 24, y: 832, width: 363.42857142857144, height: 48))
        #expect(contract.checks == CheckOverrides(targetProfile: "android"))
        #expect(try HierarchyImporter(density: 2.625, androidTargetProfile: nil).importScreen(
            UIAutomatorDumpParser().parse(Array(HierarchyFixtures.settings.utf8), file: "s.xml"), id: "s", screenshot: "s.png",
            pixelWidth: 1080, pixelHeight: 2400, file: "s.xml").contract.checks == nil)
    }

    @Test func testUIAutomator_needsTheDensity_andTheSameOrientation() {
        #expect(HierarchyFixtures.error { try Self.importAndroid(density: nil) }?.message
            == "a uiautomator dump gives bounds in pixels: the density (pixels per dp) is needed to read them in points")
        #expect(HierarchyFixtures.error { try Self.importAndroid(width: 2400, height: 1080) }?.message
            == "the screenshot is 2400×1080 px but the dump's root is 1080×2400 px: capture both in the same orientation")
    }

    /// The mapping table in docs/formats/hierarchies.md, row by row.
    @Test(arguments: [
        ("StaticText", HierarchyFormat.xcuitest, Set<String>(), false, ElementRole.text),
        ("Button", .xcuitest, [], false, .button),
        ("Button", .xcuitest, [], true, .tab),
        ("Link", .xcuitest, [], false, .link),
        ("Switch", .xcuitest, [], false, .toggle),
        ("Toggle", .xcuitest, [], false, .toggle),
        ("CheckBox", .xcuitest, [], false, .toggle),
        ("RadioButton", .xcuitest, [], false, .toggle),
        ("Slider", .xcuitest, [], false, .slider),
        ("TextField", .xcuitest, [], false, .textField),
        ("SecureTextField", .xcuitest, [], false, .textField),
        ("SearchField", .xcuitest, [], false, .textField),
        ("Image", .xcuitest, [], false, .image),
        ("ActivityIndicator", .xcuitest, [], false, .indicator),
        ("Window", .xcuitest, [], false, .container),
        ("Other", .xcuitest, [], false, .container),
        ("Cell", .xcuitest, [], false, .container),
        ("Table", .xcuitest, [], false, .container),
        ("CollectionView", .xcuitest, [], false, .container),
        ("ScrollView", .xcuitest, [], false, .container),
        ("NavigationBar", .xcuitest, [], false, .container),
        ("android.widget.TextView", .uiautomator, [], false, .text),
        ("android.widget.TextView", .uiautomator, ["clickable"], false, .button),
        ("android.widget.Button", .uiautomator, ["clickable"], false, .button),
        ("android.widget.ImageButton", .uiautomator, ["clickable"], false, .button),
        ("android.view.View", .uiautomator, ["clickable"], false, .button),
        ("android.widget.Switch", .uiautomator, ["clickable"], false, .toggle),
        ("android.widget.CheckBox", .uiautomator, ["clickable"], false, .toggle),
        ("android.widget.RadioButton", .uiautomator, ["clickable"], false, .toggle),
        ("android.widget.SeekBar", .uiautomator, [], false, .slider),
        ("android.widget.EditText", .uiautomator, ["clickable"], false, .textField),
        ("android.widget.ImageView", .uiautomator, [], false, .image),
        ("android.widget.ImageView", .uiautomator, ["clickable"], false, .button),
        ("android.widget.LinearLayout", .uiautomator, ["clickable"], true, .tab),
        ("android.widget.FrameLayout", .uiautomator, [], false, .container),
        ("androidx.recyclerview.widget.RecyclerView", .uiautomator, [], false, .container),
    ] as [(String, HierarchyFormat, Set<String>, Bool, ElementRole)])
    func testRoleMapping(type: String, format: HierarchyFormat, flags: Set<String>, inTabBar: Bool, role: ElementRole) {
        #expect(HierarchyImporter.role(of: HierarchyNode(type: type, flags: flags, line: 1), format: format, inTabBar: inTabBar) == role)
    }

    @Test func testIDs_stableAndUnique() throws {
        #expect(try Self.importIOS() == (try Self.importIOS()))
        func draft(_ role: ElementRole, _ name: String?, identifier: String? = nil) -> HierarchyImporter.Draft {
            HierarchyImporter.Draft(role: role, frame: Frame(x: 0, y: 0, width: 1, height: 1), identifier: identifier, name: name)
        }
        let ids = HierarchyImporter.uniqueIDs([
            draft(.button, "OK"), draft(.button, "OK"), draft(.text, "日本語"), draft(.text, "日本語"), draft(.button, nil, identifier: "dup"),
            draft(.button, "Dup", identifier: "dup"), draft(.text, "OK"), draft(.button, "OK 2"), draft(.button, "OK"),
        ])
        #expect(ids == ["button-ok", "button-ok-2", "text", "text-2", "button", "button-dup", "text-ok", "button-ok-2-2", "button-ok-3"])
        #expect(Set(ids).count == ids.count)
        #expect(HierarchyImporter.slugify("Résumé 😀 — Ça va?") == "resume-ca-va")
    }
}
