import Foundation
@testable import ScreenAuditKit
import ScreenContracts
import Testing

/// Real UI hierarchies from public repositories (Fixtures/trees, licences beside them): a
/// uiautomator2 dump of two windows, an XCUITest `debugDescription`, and two Appium iOS page
/// sources. Imported for screenshots of their windows' size (the import reads no pixels).
struct RealTreeTests {
    static func imported(_ name: String, width: Int, height: Int, density: Double? = nil) throws -> ImportedScreen {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/trees/\(name)").path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let dump: HierarchyDump
        switch HierarchyFormat.recognize(head: bytes) {
        case .xcuitest: dump = try XCUITestDumpParser().parse(bytes, file: name)
        case .uiautomator: dump = try UIAutomatorDumpParser().parse(bytes, file: name)
        case .appium: dump = try AppiumSourceParser().parse(bytes, file: name)
        }
        return try HierarchyImporter(density: density).importScreen(dump, id: name, screenshot: name + ".png", pixelWidth: width,
                                                                    pixelHeight: height, file: name)
    }

    /// uiautomator2 dumps every window: the status bar's (com.android.systemui) is the system's, and
    /// the Flutter app's text, which it gives only as content descriptions, is imported as text the
    /// pixels decide on; the spans of one sentence do not cover each other.
    @Test func testMultiWindowFlutterDump() throws {
        let screen = try Self.imported("uiautomator-multiwindow-homee.xml", width: 1080, height: 2400, density: 2.625)
        #expect(screen.outline.format == "uiautomator")
        let system = screen.outline.leftOut.filter { $0.reason == .systemUI }
        #expect(system.count == 1 && system.first?.detail == "drawn by the system, not the app (package com.android.systemui), with the 26 nodes below it")
        let contract = screen.contract
        #expect(!contract.elements.contains { $0.label?.hasPrefix("Battery") == true || $0.label == "6:44 PM" })
        func element(_ label: String) -> ElementContract? { contract.elements.first { $0.label == label } }
        #expect(element("Welcome Homee,")?.role == .text && element("Welcome Homee,")?.text == TextSpec(content: "Welcome Homee,", fromLabel: true))
        #expect(element("Log In")?.role == .button && element("Log In")?.text?.fromLabel == true)
        #expect(element("Terms of Service")?.role == .button)
        // Only the full-screen background image lies under the status bar.
        #expect(screen.outline.leftOut.filter { $0.element != nil }.map(\.element) == ["image"])
        #expect(contract.framesFrom == "hierarchy")
    }

    /// A real `app.debugDescription`: the tab bar's buttons are tabs whose labels stand in for
    /// their text; the button holding its StaticText keeps its label; nothing is left out.
    @Test func testXCUITestTree_withATabBarAndAHUD() throws {
        let screen = try Self.imported("xcuitest-XQUITestDemo.txt", width: 750, height: 1334)
        #expect(screen.contract.device.scale == 2)
        #expect(screen.contract.elements.map(\.id) == ["我的", "text", "touchMe", "text-2", "tab", "tab-2", "SVProgressHUD"])
        #expect(screen.contract.elements.map(\.role) == [.container, .text, .button, .text, .tab, .tab, .container])
        #expect(screen.contract.element("tab")?.text == TextSpec(content: "首页", fromLabel: true))
        // A tab bar item's label is held to the 10 pt UIKit draws it at; the button's StaticText
        // outside the tab bar to the app's minimum.
        #expect(screen.contract.element("tab")?.checks?.minimumTextSize == 10 && screen.contract.element("tab-2")?.checks?.minimumTextSize == 10)
        #expect(screen.contract.element("text-2")?.checks == nil)
        #expect(screen.contract.element("touchMe")?.text == nil && screen.contract.element("touchMe")?.label == "点我")
        #expect(screen.outline.leftOut.isEmpty)
    }

    /// An Appium source of three windows: the status bar's window is the system's, the fields out
    /// of view (visible="false") are left out, and the button at the scroll view's top edge is not
    /// judged.
    @Test func testAppiumSource_statusBarWindowAndFieldsOutOfView() throws {
        let screen = try Self.imported("appium-ios-shirates-AppDev-register.xml", width: 750, height: 1334)
        #expect(screen.notes == ["29 elements left out: the dump marks them not visible (visible=\"false\"), or they are inside one it does"])
        let system = screen.outline.leftOut.filter { $0.reason == .systemUI }
        #expect(system.map(\.node) == ["StatusBar"] && system.first?.detail == "drawn by the system, not the app (the status bar), with the 5 nodes below it")
        #expect(screen.outline.leftOut.first { $0.element == "button-debug" }?.reason == .scrollEdge)
        #expect(screen.contract.elements.filter { $0.role == .textField }.count == 5)
    }

    /// iOS Settings: the large title sits in the navigation bar, drawn above the table the source
    /// lists after it, so it is judged; the cells are containers; the cells out of view are left out.
    @Test func testAppiumSource_settingsTable() throws {
        let screen = try Self.imported("appium-ios-shirates-SettingsTop.xml", width: 1170, height: 2532)
        #expect(screen.contract.device.scale == 3)
        #expect(screen.outline.leftOut.isEmpty, "\(screen.outline.leftOut.map(\.note))")
        #expect(screen.notes == ["38 elements left out: the dump marks them not visible (visible=\"false\"), or they are inside one it does"])
        #expect(screen.contract.element("text-settings")?.checks == nil)
        let cells = screen.contract.elements.filter { $0.role == .container && $0.frame.width == 390 && $0.frame.height == 45 }
        #expect(cells.count == 11, "\(cells.map(\.id))")
        #expect(screen.contract.elements.filter { $0.role == .text }.count == 15)
    }
}
