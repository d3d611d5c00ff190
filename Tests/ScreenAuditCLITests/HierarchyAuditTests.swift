import ColorScience
import Foundation
import Imaging
import ScreenAuditKit
import TestSupport
import Testing

/// `audit --hierarchies` and `import` through the built binary: screens audited from the dumps
/// XCUITest and uiautomator write give the verdicts the same screens give with hand contracts.
@Suite struct HierarchyAuditTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static func grey(_ value: UInt8) -> RGB8 { RGB8(red: value, green: value, blue: value) }

    /// Two screens whose verdicts do not depend on what a dump cannot say (font weight): text
    /// passing and failing at normal and large sizes, text too small, a text button, a small
    /// icon button.
    static func screens() -> [ScreenBuilder] {
        var signIn = ScreenBuilder(id: "signin", width: 320, height: 480, scale: 3, background: white, screenshot: "signin.png")
        signIn.label("title", "Welcome back", x: 16, y: 20, pointSize: 28, color: grey(0x94))
        signIn.label("body", "Sign in to continue", x: 16, y: 80, pointSize: 17, color: grey(0x77))
        signIn.label("hint", "Forgot your password?", x: 16, y: 110, pointSize: 13, color: grey(0x59))
        signIn.label("tiny", "Terms apply", x: 16, y: 140, pointSize: 8, color: grey(0x59))
        signIn.fill(Frame(x: 16, y: 200, width: 288, height: 50), RGB8(red: 0x00, green: 0x5A, blue: 0xC2))
        signIn.label("go", "Continue", x: 120, y: 212, pointSize: 17, color: white, role: .button)
        signIn.fill(Frame(x: 280, y: 20, width: 30, height: 30), grey(0x59))
        signIn.element(ElementContract(id: "close", role: .button, frame: Frame(x: 280, y: 20, width: 30, height: 30), label: "Close"))

        var dark = ScreenBuilder(id: "settings/dark", width: 320, height: 480, scale: 2, background: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                                 screenshot: "settings/dark.png")
        dark.label("heading", "Appearance", x: 16, y: 20, pointSize: 22, color: white)
        dark.label("dim", "Listen for the chime", x: 16, y: 70, pointSize: 15, color: RGB8(red: 0x63, green: 0x63, blue: 0x66))
        dark.fill(Frame(x: 250, y: 120, width: 51, height: 31), RGB8(red: 0x30, green: 0xD1, blue: 0x58))
        dark.element(ElementContract(id: "chime", role: .toggle, frame: Frame(x: 250, y: 120, width: 51, height: 31), label: "Chime"))
        return [signIn, dark]
    }

    /// Writes the screenshots, a contract for them and, per screen, the dump `dump` makes of it.
    static func project(_ dump: (ScreenContract) -> String, ext: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let screens = screens()
        for screen in screens {
            let name = (screen.contract.screenshot as NSString).deletingPathExtension
            try directory.write(try screen.png(), to: "shots/\(screen.contract.screenshot)")
            try directory.write(dump(screen.contract), to: "dumps/\(name).\(ext)")
        }
        try directory.write(try ContractDocument(screens: screens.map(\.contract)).jsonText(), to: "contracts.json")
        return directory
    }

    static func report(_ directory: TemporaryDirectory, _ out: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.url.appendingPathComponent("\(out)/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Per screenshot: how many results of each rule have each status. A dump's screen says why a
    /// control with text gets no `contrast.nontext` (a hand contract's screen just leaves it out):
    /// those are not verdicts. The pixel rules' verdicts only: what is spoken (`label.*`,
    /// `order.reading`) is what
    /// each source says — a hand contract the labels the app declares, a dump the node's own
    /// description, and the writers here give them differently.
    static func verdicts(_ report: [String: Any]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for screen in report["screens"] as? [[String: Any]] ?? [] {
            for entry in screen["checked"] as? [[String: Any]] ?? []
            where (entry["reason"] as? String)?.hasPrefix("identified by its text") != true && (entry["rule"] as? String).map({ $0.hasPrefix("label.") || $0.hasPrefix("order.") }) != true {
                counts["\(screen["screenshot"] ?? "") \(entry["rule"] ?? "") \(entry["status"] ?? "")", default: 0] += 1
            }
        }
        return counts
    }

    static func audit(_ directory: TemporaryDirectory, _ extra: [String], out: String) throws -> ToolRun {
        try Binary.run(["audit", "--screenshots", "shots", "--out", out, "--today", "2026-11-30"] + extra, in: directory.url)
    }

    @Test func testXCUITestDumps_giveTheVerdictsOfHandContracts() throws {
        let directory = try Self.project(HierarchyWriter.xcuitest, ext: "txt")
        let hand = try Self.audit(directory, ["--contracts", "contracts.json"], out: "hand")
        let dumped = try Self.audit(directory, ["--hierarchies", "dumps"], out: "dumped")
        #expect(hand.status == 1 && dumped.status == 1)
        #expect(dumped.stderr.isEmpty)
        let expected = Self.verdicts(try Self.report(directory, "hand"))
        #expect(Self.verdicts(try Self.report(directory, "dumped")) == expected)
        // What the screens hold, so equal verdicts cannot both be empty.
        #expect(expected["signin.png contrast.text fail"] == 1 && expected["signin.png text.size fail"] == 1)
        #expect(expected["signin.png target.size fail"] != nil && expected["settings/dark.png contrast.text fail"] == 1, "\(expected)")
        // The large title (no size in the dump) is judged large from its glyphs, and says so.
        let report = try Self.report(directory, "dumped")
        let signIn = try #require((report["screens"] as? [[String: Any]])?.first { $0["id"] as? String == "signin" })
        let title = try #require((signIn["checked"] as? [[String: Any]])?.first { $0["element"] as? String == "title" && $0["rule"] as? String == "contrast.text" })
        let measured = try #require(title["measured"] as? [String: Any])
        #expect(measured["largeText"] as? Bool == true)
        #expect((measured["measuredPointSize"] as? Double).map { abs($0 - 28) < 1.5 } == true)
        #expect(signIn["contract"] as? String == "signin.txt")
    }

    /// Appium's iOS page source, recognised from its content and with `--hierarchy-format appium`.
    @Test func testAppiumSources_giveTheVerdictsOfHandContracts() throws {
        let directory = try Self.project(HierarchyWriter.appium, ext: "xml")
        let hand = try Self.audit(directory, ["--contracts", "contracts.json"], out: "hand")
        let dumped = try Self.audit(directory, ["--hierarchies", "dumps"], out: "dumped")
        let named = try Self.audit(directory, ["--hierarchies", "dumps", "--hierarchy-format", "appium"], out: "named")
        #expect(hand.status == 1 && dumped.status == 1 && named.status == 1, "\(dumped.stderr)")
        #expect(dumped.stderr.isEmpty)
        let expected = Self.verdicts(try Self.report(directory, "hand"))
        #expect(Self.verdicts(try Self.report(directory, "dumped")) == expected)
        #expect(Self.verdicts(try Self.report(directory, "named")) == expected)
        #expect(expected["signin.png contrast.text fail"] == 1 && expected["signin.png text.size fail"] == 1, "\(expected)")
        // The cell the source marks not visible is left out, and the screen says so.
        let report = try Self.report(directory, "dumped")
        let signIn = try #require((report["screens"] as? [[String: Any]])?.first { $0["id"] as? String == "signin" })
        #expect((signIn["notes"] as? [String])?.contains("2 elements left out: the dump marks them not visible (visible=\"false\"), or they are inside one it does") == true,
                "\(signIn["notes"] ?? "")")
        let wrong = try Self.audit(directory, ["--hierarchies", "dumps", "--hierarchy-format", "appiumm"], out: "wrong")
        #expect(wrong.status == 2 && wrong.stderr.contains("must be auto, xcuitest, uiautomator or appium, got 'appiumm'"))
    }

    @Test func testUIAutomatorDumps_giveTheVerdictsOfHandContracts_withTheDensity() throws {
        let directory = try Self.project(HierarchyWriter.uiautomator, ext: "xml")
        #expect(try Self.audit(directory, ["--contracts", "contracts.json", "--target-profile", "android"], out: "hand").status == 1)
        let noDensity = try Self.audit(directory, ["--hierarchies", "dumps"], out: "none")
        #expect(noDensity.status == 2)
        #expect(noDensity.stderr.hasPrefix("error: settings/dark.xml is a uiautomator dump, whose bounds are pixels: pass --density N"))
        // The density is the screenshots' scale here: 2 for one screen, 3 for the other.
        for (screen, density) in [("settings/dark", "2"), ("signin", "3")] {
            let only = try TemporaryDirectory()
            let name = screen
            try only.write(Array(try Data(contentsOf: directory.url.appendingPathComponent("shots/\(name).png"))), to: "shots/\(name).png")
            try only.write(Array(try Data(contentsOf: directory.url.appendingPathComponent("dumps/\(name).xml"))), to: "dumps/\(name).xml")
            let run = try Self.audit(only, ["--hierarchies", "dumps", "--density", density], out: "out")
            #expect(run.status == 1)
            let got = Self.verdicts(try Self.report(only, "out"))
            let want = Self.verdicts(try Self.report(directory, "hand")).filter { $0.key.hasPrefix("\(name).png ") }
            #expect(got == want, "\(screen)")
        }
    }

    @Test func testMissingAndBrokenDumps_areScreensWithTheReason_andTheOthersAreAudited() throws {
        let directory = try Self.project(HierarchyWriter.xcuitest, ext: "txt")
        try directory.write(try Self.screens()[0].png(), to: "shots/alone.png")
        try directory.write(HierarchyWriter.xcuitest(Self.screens()[0].contract), to: "dumps/orphan.txt")
        try directory.write(try Self.screens()[0].png(), to: "shots/broken.png")
        try directory.write("Element subtree:\n →Application, 0x1, pid: 1\n    Window, 0x2, {{0.0, 0.0}, {320.0}}\n", to: "dumps/broken.txt")
        try directory.write(try Self.screens()[0].png(), to: "shots/sideways.png")
        try directory.write(HierarchyWriter.xcuitest(ScreenContract(id: "x", screenshot: "x.png", device: DeviceSpec(scale: 3, width: 480, height: 320),
                                                                    elements: [])), to: "dumps/sideways.txt")
        let run = try Self.audit(directory, ["--hierarchies", "dumps"], out: "out")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("alone ") && $0.contains("hierarchy-missing") && $0.contains("no UI hierarchy for alone.png") })
        #expect(lines.contains { $0.hasPrefix("orphan ") && $0.contains("no screenshot for orphan.txt") })
        #expect(lines.contains { $0.hasPrefix("broken ") && $0.contains("hierarchy-unreadable")
            && $0.contains("broken.txt: line 3: a frame must be {{x, y}, {width, height}}, found '{{0.0, 0.0}, {320.0}}'") })
        #expect(lines.contains { $0.hasPrefix("sideways ") && $0.contains("the screenshot is portrait (960×1440 px) but the dump's window is landscape (480×320 pt)") })
        #expect(lines.contains { $0.hasPrefix("signin ") && $0.contains("audited") })
        #expect(lines.contains { $0.hasPrefix("settings/dark ") && $0.contains("audited") })
        let sarif = try String(contentsOf: directory.url.appendingPathComponent("out/report.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"hierarchy.missing\"") && sarif.contains("\"hierarchy.unreadable\""))
    }

    @Test func testContractsAnnotateImportedScreens() throws {
        let directory = try Self.project(HierarchyWriter.xcuitest, ext: "txt")
        // Only a waiver and a check override, naming an element the dump gives.
        try directory.write("""
        {"schemaVersion": 1, "screens": [{"id": "signin-notes", "screenshot": "signin.png",
          "waivers": [{"rule": "contrast.text", "element": "body", "reason": "copy rewrite in progress"}],
          "checks": {"minimumTextSize": 6}}]}
        """, to: "notes.json")
        let run = try Self.audit(directory, ["--hierarchies", "dumps", "--contracts", "notes.json"], out: "out")
        let report = try Self.report(directory, "out")
        let signIn = try #require((report["screens"] as? [[String: Any]])?.first { $0["id"] as? String == "signin" })
        let findings = signIn["findings"] as? [[String: Any]] ?? []
        #expect(findings.first { $0["element"] as? String == "body" }?["waived"] as? Bool == true)
        #expect(!findings.contains { $0["rule"] as? String == "text.size" })
        #expect((signIn["notes"] as? [String])?.contains { $0.hasPrefix("annotated by notes.json") } == true)
        #expect(run.status == 1)
        // Design tokens in the annotating contract turn on the design audit for the imported screen.
        try directory.write("""
        {"schemaVersion": 1, "design": {"typeRamp": [11, 13, 17, 22, 28]}, "screens": [{"id": "signin-notes", "screenshot": "signin.png"}]}
        """, to: "tokens.json")
        _ = try Self.audit(directory, ["--hierarchies", "dumps", "--contracts", "tokens.json"], out: "tokens")
        let tokens = try #require((try Self.report(directory, "tokens")["screens"] as? [[String: Any]])?.first { $0["id"] as? String == "signin" })
        let rules = Set((tokens["checked"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
        #expect(rules.contains("design.type-ramp") && rules.contains("layout.overlap"), "\(rules)")
        #expect((tokens["notes"] as? [String])?.contains { $0.contains("design tokens") } == true)
        try directory.write("""
        {"schemaVersion": 1, "screens": [{"id": "n", "screenshot": "signin.png", "device": {"scale": 3, "width": 320, "height": 480},
          "elements": [], "waivers": [{"rule": "contrast.text", "element": "nowhere", "reason": "r"}]}]}
        """, to: "bad.json")
        let bad = try Self.audit(directory, ["--hierarchies", "dumps", "--contracts", "bad.json"], out: "bad")
        #expect(bad.status == 3)
        #expect(bad.stderr.contains("no element 'nowhere' on screen 'signin' (neither in its contract nor in its UI hierarchy)"))
        try directory.write("""
        {"schemaVersion": 1, "screens": [{"id": "n", "screenshot": "elsewhere.png", "waivers": []}]}
        """, to: "stray.json")
        let stray = try Self.audit(directory, ["--hierarchies", "dumps", "--contracts", "stray.json"], out: "stray")
        #expect(stray.status == 3)
        #expect(stray.stderr.contains("no imported screenshot 'elsewhere.png' to annotate, and no device to audit it as a contract"))
    }

    /// UIButtons list no StaticText: their label is checked as text where the pixels show text,
    /// and an icon-only button is judged as a control, never as text.
    @Test func testButtonsWithoutTextElements_textOrIconDecidedFromThePixels() throws {
        let directory = try TemporaryDirectory()
        var screen = ScreenBuilder(id: "buttons", width: 320, height: 480, scale: 2, background: Self.white, screenshot: "buttons.png")
        screen.fill(Frame(x: 16, y: 100, width: 200, height: 50), RGB8(red: 0x00, green: 0x5A, blue: 0xC2))
        screen.label("drawn-1", "Sign in", x: 80, y: 112, pointSize: 17, color: Self.white)
        screen.label("drawn-2", "Skip for now", x: 16, y: 180, pointSize: 17, color: Self.grey(0xAA))
        // A plus and a filled square: icons whose labels are words.
        screen.fill(Frame(x: 262, y: 106, width: 20, height: 4), Self.grey(0x59))
        screen.fill(Frame(x: 270, y: 98, width: 4, height: 20), Self.grey(0x59))
        screen.fill(Frame(x: 262, y: 190, width: 20, height: 20), Self.grey(0xDD))
        try directory.write(try screen.png(), to: "shots/buttons.png")
        try directory.write("""
        Element subtree:
         →Application, 0x1, pid: 1, label: 'Buttons'
            Window (Main), 0x2, {{0.0, 0.0}, {320.0, 480.0}}
              Button, 0x3, {{16.0, 100.0}, {200.0, 50.0}}, identifier: 'signIn', label: 'Sign in'
              Button, 0x4, {{16.0, 176.0}, {130.0, 30.0}}, identifier: 'skip', label: 'Skip for now'
              Button, 0x5, {{250.0, 86.0}, {44.0, 44.0}}, identifier: 'add', label: 'Add a new plant'
              Button, 0x6, {{250.0, 178.0}, {44.0, 44.0}}, identifier: 'stop', label: 'Stop'
        """, to: "dumps/buttons.txt")
        let run = try Self.audit(directory, ["--hierarchies", "dumps"], out: "out")
        #expect(run.status == 1)
        let report = try Self.report(directory, "out")
        let checked = try #require((report["screens"] as? [[String: Any]])?.first?["checked"] as? [[String: Any]])
        func results(_ element: String) -> [String: String] {
            Dictionary(uniqueKeysWithValues: checked.filter { $0["element"] as? String == element }
                .map { ($0["rule"] as? String ?? "", $0["status"] as? String ?? "") })
        }
        #expect(results("signIn")["contrast.text"] == "pass" && results("signIn")["text.size"] == "pass")
        #expect(results("signIn")["contrast.nontext"] == "not-run", "identified by its text")
        #expect(results("skip")["contrast.text"] == "fail")
        #expect(results("add")["contrast.text"] == nil && results("add")["contrast.nontext"] == "pass")
        #expect(results("stop")["contrast.text"] == nil && results("stop")["contrast.nontext"] == "fail")
        // The import says which labels stand in for text.
        let imported = try Binary.run(["import", "--screenshots", "shots", "--hierarchies", "dumps", "--out", "c.json"], in: directory.url)
        #expect(imported.status == 0)
        let contract = try String(contentsOf: directory.url.appendingPathComponent("c.json"), encoding: .utf8)
        #expect(contract.components(separatedBy: "\"fromLabel\" : true").count == 5)
    }

    @Test func testImport_writesTheContractTheAuditUses_deterministically() throws {
        let directory = try Self.project(HierarchyWriter.xcuitest, ext: "txt")
        let first = try Binary.run(["import", "--screenshots", "shots", "--hierarchies", "dumps", "--out", "imported/a.json"], in: directory.url)
        let second = try Binary.run(["import", "--screenshots", "shots", "--hierarchies", "dumps", "--out", "imported/b.json"], in: directory.url)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout == "imported 2 screens (10 elements) into imported/a.json\n")
        let a = try Data(contentsOf: directory.url.appendingPathComponent("imported/a.json"))
        #expect(a == (try Data(contentsOf: directory.url.appendingPathComponent("imported/b.json"))))
        let audited = try Self.audit(directory, ["--contracts", "imported/a.json"], out: "imported-out")
        let dumped = try Self.audit(directory, ["--hierarchies", "dumps"], out: "dumped")
        #expect(audited.status == dumped.status)
        #expect(Self.verdicts(try Self.report(directory, "imported-out")) == Self.verdicts(try Self.report(directory, "dumped")))
        try directory.write("not a dump", to: "dumps/extra.txt")
        try directory.write(try Self.screens()[0].png(), to: "shots/extra.png")
        let partial = try Binary.run(["import", "--screenshots", "shots", "--hierarchies", "dumps", "--out", "imported/c.json"], in: directory.url)
        #expect(partial.status == 3)
        #expect(partial.stderr.contains("error: extra: extra.txt: no element tree"))
        #expect(partial.stdout.hasSuffix("; 1 not imported (listed above)\n"))
    }
}
