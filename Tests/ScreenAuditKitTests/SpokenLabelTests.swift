import Foundation
import Imaging
@testable import ScreenAuditKit
import ScreenContracts
import Testing

/// What the screen reader says: `label.missing` and `label.unclear` on real hierarchies and on
/// the names labels are made of.
struct SpokenLabelTests {
    static func findings(_ name: String, width: Int, height: Int, density: Double? = nil) throws -> [String] {
        let screen = try RealTreeTests.imported(name, width: width, height: height, density: density).contract
        let context = ScreenContext(screen: screen, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
        return (LabelMissingRule().run(context) + LabelUnclearRule().run(context)).filter { $0.status == .fail }.map {
            "\($0.rule) \($0.element ?? "-") \($0.measured.payload.measuredText(FindingFacts(severity: $0.severity, threshold: nil, reason: nil)) ?? "")"
        }
    }

    /// On the real trees of Fixtures/trees one control has nothing to speak: the register
    /// screen's navigation bar back button (an Appium source with no label on it). The fields
    /// whose placeholder is their value speak it; the tab bar's, the Flutter app's and Settings'
    /// controls all have names; no label is an identifier or a symbol name.
    @Test func testRealTrees_labelFindings() throws {
        #expect(try Self.findings("uiautomator-multiwindow-homee.xml", width: 1080, height: 2400, density: 2.625).isEmpty)
        #expect(try Self.findings("xcuitest-XQUITestDemo.txt", width: 750, height: 1334).isEmpty)
        #expect(try Self.findings("appium-ios-shirates-AppDev-register.xml", width: 750, height: 1334) == ["label.missing button (nothing), button"])
        #expect(try Self.findings("appium-ios-shirates-SettingsTop.xml", width: 1170, height: 2532).isEmpty)
    }

    /// A clickable Android view that holds other views and has nothing to speak is passed over by
    /// TalkBack (its children are focused): hidden from the screen reader, no finding. One that
    /// uiautomator marks NAF ("not accessibility friendly") is focused with nothing to say.
    @Test func testTalkBackPassesOverWordlessContainers_butNotNAF() throws {
        func dump(naf: Bool) -> String {
            """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
            <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2220]">
            <node index="0" text="" resource-id="app:id/card" class="android.view.ViewGroup" package="app" content-desc="" clickable="true" enabled="true" \(naf ? "NAF=\"true\" " : "")bounds="[0,300][1080,700]">
            <node index="0" text="" resource-id="app:id/art" class="android.widget.ImageView" package="app" content-desc="" clickable="false" enabled="true" bounds="[40,340][1040,660]" />
            </node>
            </node>
            </hierarchy>
            """
        }
        for naf in [false, true] {
            let parsed = try UIAutomatorDumpParser().parse(Array(dump(naf: naf).utf8), file: "d.xml")
            let contract = try HierarchyImporter(density: 2.75).importScreen(parsed, id: "d", screenshot: "d.png", pixelWidth: 1080, pixelHeight: 2220,
                                                                          file: "d.xml").contract
            let card = try #require(contract.element("card"))
            #expect(card.isHiddenFromScreenReader == !naf)
            let context = ScreenContext(screen: contract, image: PixelBuffer(width: 1, height: 1, pixels: [255, 255, 255, 255]))
            #expect(LabelMissingRule().run(context).filter { $0.status == .fail }.map(\.element) == (naf ? ["card"] : []))
        }
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
}
