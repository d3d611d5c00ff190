import Foundation
@testable import ScreenAuditKit
import ScreenContracts
import Testing

/// The table "The elements a person meets" in docs/formats/hierarchies.md, row by row: each case is
/// a small dump whose node `probe` is imported as an element, left out, or imported with its pixel
/// checks not run, for the reason the row gives.
struct ElementModelTests {
    /// What becomes of the node `probe`.
    enum Outcome: Equatable, CustomStringConvertible {
        case element(ElementRole)
        case leftOut(LeftOutReason)
        /// Imported, its pixel checks not run.
        case notJudged(LeftOutReason)
        case absent

        var description: String {
            switch self {
            case let .element(role): "element(\(role))"
            case let .leftOut(reason): "leftOut(\(reason.rawValue))"
            case let .notJudged(reason): "notJudged(\(reason.rawValue))"
            case .absent: "absent"
            }
        }
    }

    /// A uiautomator node: `class`, `[x0,y0][x1,y1]` on a 400 × 800 screen at density 1, flags.
    static func node(_ type: String, _ bounds: (Int, Int, Int, Int), id: String? = nil, text: String? = nil, desc: String? = nil,
                     _ flags: [String] = [], package: String = "org.example.app", _ children: [String] = []) -> String {
        var attributes = "class=\"\(type)\" package=\"\(package)\" bounds=\"[\(bounds.0),\(bounds.1)][\(bounds.2),\(bounds.3)]\""
        if let id { attributes += " resource-id=\"\(id)\"" }
        if let text { attributes += " text=\"\(text)\"" }
        if let desc { attributes += " content-desc=\"\(desc)\"" }
        for flag in flags { attributes += flag == "disabled" ? " enabled=\"false\"" : flag == "hidden" ? " visible-to-user=\"false\"" : " \(flag)=\"true\"" }
        return children.isEmpty ? "<node \(attributes)/>" : "<node \(attributes)>" + children.joined() + "</node>"
    }

    static func root(_ children: [String]) -> String {
        "<hierarchy rotation=\"0\">" + node("android.widget.FrameLayout", (0, 0, 400, 800), [], children) + "</hierarchy>"
    }

    /// A uiautomator dump on the 400 × 800 screen at density 1.
    static func importAndroid(_ xml: String) throws -> (dump: HierarchyDump, imported: ImportedScreen) {
        let dump = try UIAutomatorDumpParser().parse(Array(xml.utf8), file: "case.xml")
        return (dump, try HierarchyImporter(density: 1).importScreen(dump, id: "case", screenshot: "case.png", pixelWidth: 400,
                                                                     pixelHeight: 800, file: "case.xml"))
    }

    /// An XCUITest description of a 393 × 852 pt window at @3x.
    static func importIOS(_ text: String) throws -> ImportedScreen {
        let dump = try XCUITestDumpParser().parse(Array(text.utf8), file: "s.txt")
        return try HierarchyImporter().importScreen(dump, id: "s", screenshot: "s.png", pixelWidth: 1179, pixelHeight: 2556, file: "s.txt")
    }

    static func outcome(_ xml: String) throws -> Outcome {
        let (dump, imported) = try importAndroid(xml)
        if let entry = imported.outline.leftOut.first(where: { $0.element == "probe" }) { return .notJudged(entry.reason) }
        if let element = imported.contract.element("probe") { return .element(element.role) }
        let line = dump.nodes.first { $0.identifier == "probe" }
        if let line, let entry = imported.outline.leftOut.first(where: { $0.node == HierarchyImporter.describe(line) }) {
            return .leftOut(entry.reason)
        }
        return .absent
    }

    static let button = "android.widget.Button", view = "android.view.View", text = "android.widget.TextView"
    static let frame = "android.widget.FrameLayout", list = "androidx.recyclerview.widget.RecyclerView"

    static let cases: [(String, String, Outcome)] = [
        ("a clickable node is a target",
         root([node(view, (20, 20, 120, 68), id: "probe", desc: "Play", ["clickable"])]), .element(.button)),
        ("a Button class that is not clickable, in a clickable row, is the row's text",
         root([node("android.widget.LinearLayout", (0, 100, 400, 160), ["clickable"], [node(button, (20, 110, 200, 150), id: "probe", text: "Wi-Fi")])]),
         .element(.text)),
        ("a Switch that is not clickable, in a clickable row, is the row's state indicator",
         root([node("android.widget.LinearLayout", (0, 100, 400, 160), ["clickable"],
                     [node("android.widget.Switch", (330, 110, 390, 150), id: "probe", ["checkable", "checked"])])]),
         .element(.indicator)),
        ("a clickable node inside a clickable row is a target of its own",
         root([node("android.widget.LinearLayout", (0, 100, 400, 160), ["clickable"],
                     [node("android.widget.ImageButton", (330, 106, 378, 154), id: "probe", desc: "More", ["clickable"])])]),
         .element(.button)),
        ("a clickable node with the bounds of the clickable node holding it is the same control",
         root([node(view, (20, 200, 140, 248), id: "chip", desc: "Chip", ["clickable"], [node(view, (20, 200, 140, 248), id: "probe", ["clickable"])])]),
         .leftOut(.sameBounds)),
        ("a clickable layer over half the screen or more (a map, a compositor) is no target",
         root([node(view, (0, 0, 400, 700), id: "probe", ["clickable"])]), .leftOut(.fullWindowLayer)),
        ("a clickable list is no target",
         root([node(list, (0, 100, 400, 300), id: "probe", ["clickable", "scrollable"])]), .element(.container)),
        ("a clickable container without text speaks its children's text",
         root([node("android.widget.LinearLayout", (0, 100, 400, 160), id: "probe", ["clickable"], [node(text, (20, 110, 200, 150), text: "Battery")])]),
         .element(.button)),
        ("an element against the edge a list scrolls along is not judged",
         root([node(list, (0, 100, 400, 300), ["scrollable"], [node(view, (0, 100, 400, 160), id: "probe", desc: "Row", ["clickable"]),
                                                              node(view, (0, 160, 400, 220), desc: "Row 2", ["clickable"])])]),
         .notJudged(.scrollEdge)),
        ("an element clear of the list's edges is judged",
         root([node(list, (0, 100, 400, 300), ["scrollable"], [node(view, (0, 100, 400, 160), desc: "Row", ["clickable"]),
                                                              node(view, (0, 160, 400, 220), id: "probe", desc: "Row 2", ["clickable"]),
                                                              node(view, (0, 220, 400, 300), desc: "Row 3", ["clickable"])])]),
         .element(.button)),
        ("an element spanning the scroller from edge to edge (a pager's page) is judged",
         root([node("androidx.viewpager.widget.ViewPager", (0, 100, 400, 300), ["scrollable"],
                    [node(view, (0, 100, 400, 300), id: "probe", desc: "Page", ["clickable"])])]),
         .element(.button)),
        ("an element a later branch partly covers (a bottom bar, a floating button) is not judged",
         root([node(list, (0, 100, 400, 760), ["scrollable"], [node(view, (0, 100, 400, 600), desc: "Row 1", ["clickable"]),
                                                              node(view, (0, 600, 400, 700), id: "probe", desc: "Row 2", ["clickable"]),
                                                              node(view, (0, 700, 400, 760), desc: "Row 3", ["clickable"])]),
               node("android.widget.ImageButton", (320, 640, 376, 696), desc: "Add", ["clickable"])]),
         .notJudged(.covered)),
        ("a row scrolled under a bottom navigation bar is not judged",
         root([node(list, (0, 100, 400, 800), ["scrollable"], [node(view, (0, 100, 400, 600), desc: "Row 1", ["clickable"]),
                                                              node(view, (0, 600, 400, 740), id: "probe", desc: "Row 2", ["clickable"]),
                                                              node(view, (0, 740, 400, 800), desc: "Row 3", ["clickable"])]),
               node("com.google.android.material.bottomnavigation.BottomNavigationView", (0, 700, 400, 800), [],
                    [node(view, (0, 700, 200, 800), desc: "Home", ["clickable"]), node(view, (200, 700, 400, 800), desc: "Search", ["clickable"])])]),
         .notJudged(.covered)),
        ("an element inside a list drawn later (suggestions over a page) is not judged",
         root([node(view, (20, 300, 120, 348), id: "probe", desc: "Tile", ["clickable"]),
               node(list, (0, 200, 400, 600), [], [node(view, (0, 200, 400, 260), desc: "Suggestion", ["clickable"])])]),
         .notJudged(.covered)),
        ("a childless clickable overlay drawn over an element does not hide it",
         root([node(text, (20, 300, 200, 330), id: "probe", text: "Title"), node(view, (0, 280, 400, 360), desc: "Card", ["clickable"])]),
         .element(.text)),
        ("a layout drawn over the screen to hold a floating button does not hide the rest",
         root([node(view, (0, 300, 400, 360), id: "probe", desc: "Row", ["clickable"]),
               node(frame, (0, 0, 400, 800), [], [node("android.widget.ImageButton", (320, 720, 376, 776), desc: "Add", ["clickable"])])]),
         .element(.button)),
        ("an element under the status bar's backdrop is not judged",
         root([node(view, (20, 10, 120, 58), id: "probe", desc: "Menu", ["clickable"]),
               node(view, (0, 0, 400, 24), id: "android:id/statusBarBackground")]),
         .notJudged(.covered)),
        ("the status bar's backdrop is the system's",
         root([node(view, (0, 0, 400, 24), id: "probe")]).replacingOccurrences(of: "resource-id=\"probe\"", with: "resource-id=\"android:id/statusBarBackground\""),
         .absent),
        ("another package's window (the system UI, a keyboard) is the system's",
         "<hierarchy rotation=\"0\">" + node(frame, (0, 0, 400, 800), [], [node(view, (20, 100, 120, 148), desc: "App", ["clickable"]),
                                                                       node(view, (20, 200, 120, 248), desc: "Other", ["clickable"])])
             + node(frame, (0, 0, 400, 24), [], package: "com.android.systemui", [node(view, (300, 0, 400, 24), id: "probe", desc: "Battery", ["clickable"], package: "com.android.systemui")])
             + "</hierarchy>",
         .absent),
        ("an element reaching past the screen's edge is not judged",
         root([node(view, (300, 100, 460, 148), id: "probe", desc: "Chip", ["clickable"])]), .notJudged(.windowEdge)),
        ("an element of zero size, or marked not visible, is left out",
         root([node(view, (20, 100, 120, 148), id: "probe", desc: "Gone", ["clickable", "hidden"])]), .leftOut(.notVisible)),
        ("bounds that end before they start are left out",
         root([node(text, (0, 2189, 400, 2154), id: "probe", text: "Battery")]), .leftOut(.invertedBounds)),
        ("a text element without text is left out",
         root([node(text, (20, 100, 200, 130), id: "probe")]), .leftOut(.incomplete)),
        ("a Flutter node that gives its text only as a content description is text",
         root([node(view, (20, 100, 200, 130), id: "probe", desc: "Welcome Homee,", ["focusable"])]), .element(.text)),
        ("two texts with one parent whose frames overlap (spans of one sentence) do not cover each other",
         root([node(view, (20, 100, 200, 130), id: "probe", desc: "By logging in, you agree with our", ["focusable"]),
               node(view, (190, 100, 300, 130), desc: "Terms of Service", ["clickable", "focusable"])]),
         .element(.text)),
        ("an element of the app's main window behind its dialog's window is not judged",
         "<hierarchy rotation=\"0\">" + node(frame, (40, 300, 360, 500), [], [node("android.widget.LinearLayout", (40, 300, 360, 500), id: "android:id/parentPanel", [],
                                                                                   [node(button, (200, 440, 340, 488), text: "OK", ["clickable"])])])
             + node(frame, (0, 0, 400, 800), [], [node(view, (20, 100, 120, 148), id: "probe", desc: "Play", ["clickable"])]) + "</hierarchy>",
         .notJudged(.covered)),
        ("an element beside a menu's window (a popup that does not dim) is judged",
         "<hierarchy rotation=\"0\">" + node(frame, (0, 0, 400, 800), [], [node(view, (20, 100, 120, 148), id: "probe", desc: "Play", ["clickable"])])
             + node(frame, (200, 40, 390, 200), [], [node(text, (210, 50, 380, 90), text: "Settings", ["clickable"])]) + "</hierarchy>",
         .element(.button)),
        ("an element under a menu's window is not judged",
         "<hierarchy rotation=\"0\">" + node(frame, (0, 0, 400, 800), [], [node(view, (220, 100, 320, 148), id: "probe", desc: "Sort", ["clickable"])])
             + node(frame, (200, 40, 390, 200), [], [node(text, (210, 50, 380, 90), text: "Settings", ["clickable"])]) + "</hierarchy>",
         .notJudged(.covered)),
        ("an element inside a bar is not covered by the content listed after it",
         root([node("androidx.appcompat.widget.Toolbar", (0, 0, 400, 56), [],
                    [node("android.widget.ImageButton", (0, 0, 56, 56), id: "probe", desc: "Navigate up", ["clickable"])]),
               node(list, (0, 0, 400, 800), ["scrollable"], [node(view, (0, 0, 400, 400), desc: "Row", ["clickable"]),
                                                            node(view, (0, 400, 400, 800), desc: "Row 2", ["clickable"])])]),
         .element(.button)),
    ]

    @Test(arguments: cases)
    func testElementModel(_ name: String, _ xml: String, _ expected: Outcome) throws {
        #expect(try Self.outcome(xml) == expected, "\(name)")
    }

    /// A badge drawn by the icon's own parent over the icon does not hide it.
    @Test func testABadgeOnAnIcon_doesNotCoverIt() throws {
        let xml = Self.root([Self.node("android.widget.LinearLayout", (20, 100, 120, 160), [], [
            Self.node("android.widget.ImageButton", (20, 100, 80, 160), id: "probe", desc: "Inbox", ["clickable"]),
            Self.node(Self.text, (60, 100, 80, 116), text: "3"),
        ])])
        #expect(try Self.outcome(xml) == .element(.button))
    }

    /// The rows whose outcome is not the node's alone: what the container speaks, and the system
    /// windows' entries.
    @Test func testSpokenLabel_andSystemEntries() throws {
        let row = Self.cases[7].1
        let imported = try Self.importAndroid(row).imported
        #expect(imported.contract.element("probe")?.label == "Battery")
        for index in [17, 18] {
            let xml = Self.cases[index].1
            let imported = try Self.importAndroid(xml).imported
            #expect(imported.outline.leftOut.map(\.reason) == [.systemUI], "\(Self.cases[index].0)")
            #expect(imported.contract.element("probe") == nil)
        }
    }

    /// Behind an XCUITest alert, the screen is dimmed: only the alert's elements are judged.
    @Test func testXCUITest_behindAnAlert() throws {
        let text = """
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Window (Main), 0x2, {{0.0, 0.0}, {393.0, 852.0}}
              Button, 0x5, {{20.0, 100.0}, {100.0, 44.0}}, label: 'Play'
              Alert, 0x6, {{50.0, 350.0}, {293.0, 150.0}}, label: 'Delete?'
                Button, 0x7, {{60.0, 450.0}, {130.0, 44.0}}, label: 'Cancel'
        """
        let imported = try Self.importIOS(text)
        #expect(imported.outline.leftOut.map(\.element) == ["button-play"])
        #expect(imported.outline.leftOut.first?.detail == "behind Alert 'Delete?' (node 4, line 5), which dims the screen under it")
        #expect(imported.contract.element("button-cancel")?.checks == nil)
    }

    /// Frames far off the screen (a fuzzed dump's 1e300) do not overflow the covering index.
    @Test func testHugeFrames_importWithoutOverflow() throws {
        let text = """
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Window (Main), 0x2, {{0.0, 0.0}, {393.0, 852.0}}
              Button, 0x5, {{20.0, 100.0}, {100.0, 1e300}}, label: 'Tall'
              Button, 0x6, {{20.0, 300.0}, {100.0, 44.0}}, label: 'Play'
        """
        let imported = try Self.importIOS(text)
        #expect(imported.contract.element("button-play") != nil)
    }

    /// XCUITest's status bar and keyboard are the system's.
    @Test func testXCUITest_statusBarAndKeyboard_areTheSystems() throws {
        let text = """
        Element subtree:
         →Application, 0x1, pid: 1, label: 'App'
            Window (Main), 0x2, {{0.0, 0.0}, {393.0, 852.0}}
              StatusBar, 0x3, {{0.0, 0.0}, {393.0, 54.0}}
                Other, 0x4, {{20.0, 10.0}, {60.0, 30.0}}, label: '9:41'
              Button, 0x5, {{20.0, 100.0}, {100.0, 44.0}}, label: 'Play'
              Keyboard, 0x6, {{0.0, 560.0}, {393.0, 292.0}}
                Key, 0x7, {{4.0, 570.0}, {36.0, 42.0}}, label: 'q'
        """
        let imported = try Self.importIOS(text)
        #expect(imported.contract.elements.map(\.role) == [.button])
        #expect(imported.outline.leftOut.map(\.reason) == [.systemUI, .systemUI])
    }
}
