import Foundation
import Imaging
@testable import ScreenAuditKit
import Testing

struct JSONParserTests {
    @Test func testParsesAndKeepsKeyOrder() throws {
        let value = try JSONParser.parse(Array(#"{"b": [1, 2.5e1, -0.5], "a": {"t": true, "n": null, "s": "x\u00e9\n"}}"#.utf8))
        guard case let .object(members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[0].value == .array([.number(1), .number(25), .number(-0.5)]))
        #expect(members[1].value == .object([("t", .bool(true)), ("n", .null), ("s", .string("xé\n"))]))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "line 1, column 9"), ("[1 2]", "line 1, column 4"), ("{\"a\": 1, \"a\": 2}", "line 1, column 10"),
        ("{\n  \"a\": tru\n}", "line 2, column 8"), ("\"abc", "line 1, column 5"), ("01", "line 1, column 2"), ("", "line 1, column 1"),
    ])
    func testSyntaxErrorsNameLineAndColumn(text: String, location: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
        do {
            _ = try JSONParser.parse(Array(text.utf8))
        } catch {
            #expect("line \(error.line), column \(error.column)" == location, "\(text): \(error)")
        }
    }

    @Test func testNestingLimit() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(deep.utf8), limits: JSONLimits(maxDepth: 64)) }
        #expect((try? JSONParser.parse(Array(deep.utf8), limits: JSONLimits(maxDepth: 128))) != nil)
    }
}

struct ContractLoaderTests {
    static let valid = """
    { "schemaVersion": 1, "screens": [ {
      "id": "s1", "screenshot": "en/s1.png",
      "device": { "name": "iPhone", "scale": 2, "width": 375, "height": 667 },
      "elements": [
        { "id": "title", "role": "heading", "frame": { "x": 16, "y": 20, "width": 300, "height": 40 },
          "text": { "content": "Hello", "pointSize": 28, "weight": "bold" }, "futureField": 1 },
        { "id": "ok", "role": "button", "frame": { "x": 16, "y": 100, "width": 100, "height": 44 }, "asset": "btn" },
        { "id": "no", "role": "button", "frame": { "x": 140, "y": 100, "width": 100, "height": 44 } }
      ],
      "colorOnlyGroups": [ { "id": "answer", "elements": ["ok", "no"] } ],
      "waivers": [ { "rule": "contrast.text", "element": "title", "reason": "repaint", "expires": "2027-03-01" } ]
    } ] }
    """

    static func issues(_ text: String) -> [String] {
        ContractLoader().parse(Array(text.utf8), file: "c.json", source: "c.json").issues.map(\.description)
    }

    @Test func testValidContractLoads() throws {
        let result = ContractLoader().parse(Array(Self.valid.utf8), file: "c.json", source: "c.json")
        #expect(result.issues.isEmpty)
        let screen = try #require(result.screens.first?.contract)
        #expect(screen.id == "s1")
        #expect(screen.device.pixelWidth == 750 && screen.device.pixelHeight == 1334)
        #expect(screen.elements.map(\.id) == ["title", "ok", "no"])
        #expect(screen.elements[0].text == TextSpec(content: "Hello", pointSize: 28, weight: .bold))
        #expect(screen.elements[1].role.isInteractive)
        #expect(screen.waivers == [Waiver(rule: "contrast.text", element: "title", reason: "repaint", expires: "2027-03-01")])
        #expect(result.screens.first?.path == "screens[0]")
    }

    /// What is spoken: `accessibility` per element and `readingOrder` per screen are read.
    @Test func testAccessibilityAndReadingOrder_areRead() throws {
        let text = Self.valid.replacingOccurrences(of: #""asset": "btn" }"#, with: #""asset": "btn", "accessibility": { "label": "OK", "hint": "Confirms.", "value": "on", "traits": ["button", "selected"], "hidden": false } }"#)
            .replacingOccurrences(of: #""colorOnlyGroups": ["#, with: #""readingOrder": ["title", "no", "ok"], "colorOnlyGroups": ["#)
        let result = ContractLoader().parse(Array(text.utf8), file: "c.json", source: "c.json")
        #expect(result.issues.isEmpty, "\(result.issues)")
        let screen = try #require(result.screens.first?.contract)
        #expect(screen.element("ok")?.accessibility == AccessibilitySpec(label: "OK", hint: "Confirms.", value: "on", traits: ["button", "selected"], hidden: false))
        #expect(screen.element("ok")?.spokenLabel == "OK" && screen.element("ok")?.spokenHint == "Confirms.")
        #expect(screen.readingOrder == ["title", "no", "ok"])
    }

    /// Dynamic Type: `contentSize` (any of the names in use), `variantOf` and a text's `textStyle`.
    @Test func testContentSizeVariantAndTextStyle_areRead() throws {
        let text = Self.valid.replacingOccurrences(of: #""screenshot": "en/s1.png","#,
                                                   with: #""screenshot": "en/s1.png", "contentSize": "UICTContentSizeCategoryAccessibilityXL","#)
            .replacingOccurrences(of: #""weight": "bold" }"#, with: #""weight": "bold", "textStyle": "title1" }"#)
        let result = ContractLoader().parse(Array(text.utf8), file: "c.json", source: "c.json")
        #expect(result.issues.isEmpty, "\(result.issues)")
        let screen = try #require(result.screens.first?.contract)
        #expect(screen.contentSize == .ax3)
        #expect(screen.elements[0].text?.textStyle == .title1)
        // Written back with the short name.
        #expect(String(decoding: try JSONText.encode(screen), as: UTF8.self).contains(#""contentSize" : "AX3""#))
    }

    /// Every spelling of a size in use reads the same, and the table gives Apple's sizes.
    @Test func testContentSizeNames_andTheStyleTable() {
        for name in ["AX3", "ax3", "accessibility3", "accessibilityExtraLarge", "UICTContentSizeCategoryAccessibilityXL", "accessibility-extra-large"] {
            #expect(ContentSize(name: name) == .ax3, "\(name)")
        }
        #expect(ContentSize(name: "extra-extra-extra-large") == .xxxl && ContentSize(name: "L") == .l && ContentSize(name: "huge") == nil)
        #expect(TextStyle.body.pointSize(at: .l) == 17 && TextStyle.body.pointSize(at: .ax3) == 40)
        #expect(TextStyle.largeTitle.pointSize(at: .ax5) == 60 && TextStyle.caption2.pointSize(at: .xs) == 11)
        #expect(TextStyle(name: "UICTFontTextStyleTitle0") == .largeTitle && TextStyle(name: "subhead") == .subheadline)
        // Large Title grows least from L to AX3: 34 to 52.
        #expect(abs(TextStyle.leastGrowth(from: .l, to: .ax3) - 52.0 / 34.0) < 1e-9)
        #expect(TextStyle.nearest(toPointSize: 16.6) == .headline || TextStyle.nearest(toPointSize: 16.6) == .body)
    }

    /// A variant names a screen that is declared, at another size.
    @Test func testVariantOf_mustNameAnotherScreenAtAnotherSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("variants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let large = Self.valid.replacingOccurrences(of: #""id": "s1", "screenshot": "en/s1.png","#,
                                                    with: #""id": "s1-ax3", "screenshot": "en/s1-ax3.png", "contentSize": "AX3", "variantOf": "s1","#)
        try Data(Self.valid.utf8).write(to: directory.appendingPathComponent("a.json"))
        try Data(large.utf8).write(to: directory.appendingPathComponent("b.json"))
        let screens = try ContractLoader().load(path: directory.path)
        #expect(screens.map { "\($0.contract.id) \($0.contract.contentSize?.name ?? "-") \($0.contract.variantOf ?? "-")" } == ["s1 - -", "s1-ax3 AX3 s1"])

        try Data(large.replacingOccurrences(of: #""variantOf": "s1""#, with: #""variantOf": "s0""#).utf8).write(to: directory.appendingPathComponent("b.json"))
        var error = #expect(throws: AuditError.self) { try ContractLoader().load(path: directory.path) }
        if case let .invalidInput(issues)? = error {
            #expect(issues.map(\.description) == ["\(directory.path)/b.json: screens[0].variantOf: no screen 's0' is declared: variantOf names the screen's id at another text size"])
        }
        try Data(large.replacingOccurrences(of: #""contentSize": "AX3", "#, with: "").utf8).write(to: directory.appendingPathComponent("b.json"))
        error = #expect(throws: AuditError.self) { try ContractLoader().load(path: directory.path) }
        if case let .invalidInput(issues)? = error {
            #expect(issues.map(\.description) == ["\(directory.path)/b.json: screens[0].variantOf: 's1' is at the same text size (L): give each variant its contentSize"])
        }
    }

    /// Each validation error, named with file, JSON path and what is wrong.
    @Test(arguments: [
        (#""role": "heading""#, #""role": "headline""#,
         "c.json: screens[0].elements[0].role: unknown role 'headline' (roles: button, link, toggle, slider, tab, text, heading, image, indicator, container, textField)"),
        (#""weight": "bold""#, #""weight": "heavyish""#,
         "c.json: screens[0].elements[0].text.weight: unknown weight 'heavyish' (weights: ultralight, thin, light, regular, medium, semibold, bold, heavy, black)"),
        (#""width": 300"#, #""width": -3"#, "c.json: screens[0].elements[0].frame.width: must not be negative, got -3"),
        (#""x": 140"#, #""x": "left""#, "c.json: screens[0].elements[2].frame.x: expected a number, got a string"),
        (#"["ok", "no"]"#, #"["ok", "maybe"]"#, "c.json: screens[0].colorOnlyGroups[0].elements[1]: no element 'maybe' on this screen"),
        (#""element": "title""#, #""element": "subtitle""#, "c.json: screens[0].waivers[0].element: no element 'subtitle' on this screen"),
        (#""rule": "contrast.text""#, #""rule": "contrast.txt""#,
         "c.json: screens[0].waivers[0].rule: unknown rule 'contrast.txt' (rules: contrast.text, contrast.nontext, text.size, text.clipped, text.unexposed, target.size, target.spacing, color.only, screenshot.unreadable, screenshot.size-mismatch, hierarchy.missing, hierarchy.unreadable, design.palette, design.type-ramp, design.consistency, layout.safe-area, layout.overlap, label.missing, label.unclear, label.redundant, label.duplicate, label.text-mismatch, label.hint-missing, order.reading, text.scales, text.truncated)"),
        (#""expires": "2027-03-01""#, #""expires": "March 2027""#, "c.json: screens[0].waivers[0].expires: 'March 2027' is not a date (use YYYY-MM-DD)"),
        (#""asset": "btn" }"#, #""asset": "btn", "accessibility": { "label": "OK", "traits": "button" } }"#,
         "c.json: screens[0].elements[1].accessibility.traits: must be an array of strings"),
        (#""asset": "btn" }"#, #""asset": "btn", "accessibility": { "hidden": "yes" } }"#,
         "c.json: screens[0].elements[1].accessibility.hidden: must be true or false"),
        (#""colorOnlyGroups": ["#, #""readingOrder": ["ok", "yes"], "colorOnlyGroups": ["#,
         "c.json: screens[0].readingOrder[1]: no element 'yes' on this screen"),
        (#""screenshot": "en/s1.png""#, #""screenshot": "/abs/s1.png""#, "c.json: screens[0].screenshot: '/abs/s1.png' is absolute; give it relative to the screenshots folder"),
        (#""screenshot": "en/s1.png""#, #""screenshot": "en/../../s1.png""#, "c.json: screens[0].screenshot: 'en/../../s1.png' climbs out of the screenshots folder"),
        (#""scale": 2"#, #""scale": "2""#, "c.json: screens[0].device.scale: expected a number, got a string"),
        (#""screenshot": "en/s1.png","#, #""screenshot": "en/s1.png", "contentSize": "huge","#,
         "c.json: screens[0].contentSize: 'huge' is not a content size (XS, S, M, L, XL, XXL, XXXL, AX1 … AX5, or UIKit's raw values such as UICTContentSizeCategoryAccessibilityXXXL)"),
        (#""weight": "bold" }"#, #""weight": "bold", "textStyle": "massive" }"#,
         "c.json: screens[0].elements[0].text.textStyle: unknown text style 'massive' (styles: largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2)"),
        (#""schemaVersion": 1"#, #""schemaVersion": 2"#, "c.json: schemaVersion: unsupported schema version 2 (this tool reads version 1)"),
    ])
    func testValidationError(find: String, replace: String, expected: String) {
        let text = Self.valid.replacingOccurrences(of: find, with: replace)
        #expect(text != Self.valid)
        #expect(Self.issues(text) == [expected])
    }

    /// Follow-on problems are real problems too: they are reported, each with its own path.
    @Test func testDuplicateAndMissingIdsReportTheirReferences() {
        let duplicate = Self.valid.replacingOccurrences(of: #""id": "no""#, with: #""id": "ok""#)
        #expect(Self.issues(duplicate) == [
            "c.json: screens[0].elements[2].id: duplicate element id 'ok' (first declared at screens[0].elements[1])",
            "c.json: screens[0].colorOnlyGroups[0].elements[1]: no element 'no' on this screen",
        ])
        let missing = Self.valid.replacingOccurrences(of: #""id": "title", "#, with: "")
        #expect(Self.issues(missing) == [
            "c.json: screens[0].elements[0].id: missing (a string is required)",
            "c.json: screens[0].waivers[0].element: no element 'title' on this screen",
        ])
    }

    @Test func testEveryIssueIsReportedNotJustTheFirst() {
        let text = Self.valid.replacingOccurrences(of: #""role": "heading""#, with: #""role": "headline""#)
            .replacingOccurrences(of: #""width": 100, "height": 44 }, "asset""#, with: #""width": 100, "height": -1 }, "asset""#)
        #expect(Self.issues(text).count == 2, "\(Self.issues(text))")
    }

    @Test func testSyntaxErrorNamesLine() {
        #expect(Self.issues("{\n \"schemaVersion\": 1,\n \"screens\": [,]\n}") == ["c.json: line 3, column 14: not valid JSON: unexpected character ','"])
    }

    @Test func testDirectoryMergesFilesAndRejectsDuplicateScreens() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contracts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("nested"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.valid.utf8).write(to: directory.appendingPathComponent("a.json"))
        let second = Self.valid.replacingOccurrences(of: #""id": "s1""#, with: #""id": "s2""#)
        try Data(second.utf8).write(to: directory.appendingPathComponent("nested/b.json"))
        try Data("not json".utf8).write(to: directory.appendingPathComponent(".hidden.json"))
        let screens = try ContractLoader().load(path: directory.path)
        #expect(screens.map(\.contract.id) == ["s1", "s2"])
        #expect(screens.map(\.source) == ["a.json", "nested/b.json"])

        try Data(Self.valid.utf8).write(to: directory.appendingPathComponent("nested/c.json"))
        let error = #expect(throws: AuditError.self) { try ContractLoader().load(path: directory.path) }
        guard case let .invalidInput(issues)? = error else { return }
        #expect(issues.count == 1)
        #expect(issues[0].description.hasSuffix("nested/c.json: screens[0].id: duplicate screen id 's1' (first declared in \(directory.path)/a.json at screens[0])"))
    }

    @Test func testFolderWalk_leavesOutHiddenFoldersAndNamesABrokenLink() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contracts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(".cache/old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.valid.utf8).write(to: directory.appendingPathComponent("a.json"))
        try Data("not json".utf8).write(to: directory.appendingPathComponent(".cache/old/stale.json"))
        // A folder named like a contract is no contract; a hidden folder's files are not read.
        #expect(try ContractLoader().load(path: directory.path).map(\.source) == ["a.json"])
        // A link whose target is gone is reported, not dropped.
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("gone.json").path, withDestinationPath: "/no/such/file.json")
        let error = #expect(throws: AuditError.self) { try ContractLoader().load(path: directory.path) }
        #expect(error?.description == "\(directory.path)/gone.json: cannot read the file")
    }

    @Test func testMissingPath() {
        let error = #expect(throws: AuditError.self) { try ContractLoader().load(path: "/no/such/contracts") }
        #expect(error?.description == "/no/such/contracts: no such file or directory")
    }
}

struct ProvenanceLoaderTests {
    static let valid = """
    { "schemaVersion": 1, "assets": {
      "relic": { "source": "painted", "authoringStatus": "placeholder", "sourceQuality": "upscaled",
                 "knownRisks": ["text over a busy area"], "evidence": ["review 1"] } } }
    """

    @Test func testLoadsAndSummarises() throws {
        let result = ProvenanceLoader().parse(Array(Self.valid.utf8), file: "p.json")
        let asset = try #require(result.document?.assets["relic"])
        #expect(asset.summary == "placeholder, upscaled; known risk: text over a busy area")
    }

    @Test(arguments: [
        (#""placeholder""#, #""sketch""#, "p.json: assets.relic.authoringStatus: unknown value 'sketch' (values: placeholder, draft, final)"),
        (#""upscaled""#, #""blurry""#, "p.json: assets.relic.sourceQuality: unknown value 'blurry' (values: vector, high-res, upscaled, low-res)"),
        (#""evidence""#, #""evidense""#, "p.json: assets.relic.evidense: unknown field (fields: source, authoringStatus, sourceQuality, knownRisks, evidence)"),
    ])
    func testRejectsUnknownValuesAndFields(find: String, replace: String, expected: String) {
        let text = Self.valid.replacingOccurrences(of: find, with: replace)
        #expect(ProvenanceLoader().parse(Array(text.utf8), file: "p.json").issues.map(\.description) == [expected])
    }
}

struct PolicyTests {
    static func failing(_ element: String, ratio: Double) -> CheckResult {
        var measured = TextContrastRule.Measured(largeText: false, requirement: "AA normal text")
        measured.ratio = ratio
        measured.foreground = "#777777"
        measured.background = "#FFFFFF"
        return CheckResult(rule: RuleID.contrastText, element: element, status: .fail, severity: .error,
                           measured: .textContrast(measured), threshold: 4.5)
    }

    static let screen = ScreenContract(
        id: "s", screenshot: "s.png", device: DeviceSpec(scale: 2, width: 100, height: 100),
        elements: [ElementContract(id: "a", role: .text, frame: Frame(x: 0, y: 0, width: 10, height: 10)),
                   ElementContract(id: "b", role: .text, frame: Frame(x: 0, y: 20, width: 10, height: 10))])

    @Test func testFingerprintsSurviveSmallChangesAndUnrelatedEdits() {
        let policy = Policy(today: CalendarDay(year: 2026, month: 11, day: 29), provenance: nil)
        let first = policy.findings(for: [Self.failing("a", ratio: 4.47)], screen: Self.screen)[0].fingerprint
        let wobble = policy.findings(for: [Self.failing("a", ratio: 4.21)], screen: Self.screen)[0].fingerprint
        var edited = Self.screen
        edited.elements.insert(ElementContract(id: "new", role: .button, frame: Frame(x: 50, y: 50, width: 44, height: 44)), at: 0)
        edited.elements[1].frame.y = 2
        let afterEdit = policy.findings(for: [Self.failing("a", ratio: 4.47)], screen: edited)[0].fingerprint
        #expect(first == wobble)
        #expect(first == afterEdit)
        let worse = policy.findings(for: [Self.failing("a", ratio: 2.1)], screen: Self.screen)[0].fingerprint
        let other = policy.findings(for: [Self.failing("b", ratio: 4.47)], screen: Self.screen)[0].fingerprint
        #expect(first != worse)
        #expect(first != other)
    }

    @Test func testWaivers_elementScreenWideAndExpiry() {
        var screen = Self.screen
        screen.waivers = [Waiver(rule: RuleID.contrastText, reason: "whole screen", expires: "2026-12-31"),
                          Waiver(rule: RuleID.contrastText, element: "b", reason: "just b", expires: "2026-11-28")]
        let policy = Policy(today: CalendarDay(year: 2026, month: 11, day: 29), provenance: nil)
        let findings = policy.findings(for: [Self.failing("a", ratio: 3), Self.failing("b", ratio: 3)], screen: screen)
        #expect(findings[0].waived)
        #expect(findings[0].waiver?.reason == "whole screen")
        // The element's own waiver wins, and it expired yesterday.
        #expect(!findings[1].waived)
        #expect(findings[1].waiver == WaiverStatus(reason: "just b", expires: "2026-11-28", expired: true))
        // A waiver applies through its expiry day.
        let lastDay = Policy(today: CalendarDay(year: 2026, month: 11, day: 28), provenance: nil)
        #expect(lastDay.findings(for: [Self.failing("b", ratio: 3)], screen: screen)[0].waived)
    }

    @Test func testProvenanceNoteForAMissingEntry() {
        var screen = Self.screen
        screen.elements[0].asset = "unknown-art"
        let policy = Policy(today: CalendarDay(year: 2026, month: 11, day: 29), provenance: ProvenanceDocument(assets: [:]))
        let note = policy.findings(for: [Self.failing("a", ratio: 3)], screen: screen)[0].provenance
        #expect(note?.summary == "no provenance entry for asset 'unknown-art'")
    }
}

/// The design tokens a contract declares (`design`, top and per screen) and a device's `safeArea`.
struct DesignTokensLoaderTests {
    static func contract(top: String, screen: String = "", device: String = "") -> String {
        """
        { "schemaVersion": 1, \(top.isEmpty ? "" : "\"design\": \(top),") "screens": [ {
          "id": "s1", "screenshot": "s1.png", \(screen.isEmpty ? "" : "\"design\": \(screen),")
          "device": { "scale": 2, "width": 375, "height": 667 \(device.isEmpty ? "" : ", \"safeArea\": \(device)") }, "elements": [] } ] }
        """
    }

    @Test func testScreenTokensOverrideTheDocuments() throws {
        let text = Self.contract(top: ##"{"palette": {"ink": "#1c1c1e", "accent": "#0A84FF"}, "typeRamp": [17, 13], "tolerance": {"colorDeltaE": 2, "points": 2}}"##,
                                 screen: #"{"typeRamp": [15], "tolerance": {"points": 0.5}}"#,
                                 device: #"{"top": 20, "left": 0, "bottom": 0, "right": 0}"#)
        let result = ContractLoader().parse(Array(text.utf8), file: "c.json", source: "c.json")
        #expect(result.issues.isEmpty, "\(result.issues)")
        let screen = try #require(result.screens.first?.contract)
        #expect(screen.design?.palette == ["ink": "#1C1C1E", "accent": "#0A84FF"])
        #expect(screen.design?.typeRamp == [15])
        #expect(screen.design?.tolerances == DesignTolerance.Resolved(colorDeltaE: 2, pointSize: 0.75, points: 0.5))
        #expect(screen.device.safeArea == SafeAreaInsets(top: 20, left: 0, bottom: 0, right: 0))
    }

    @Test(arguments: [
        (#"{"palette": {"accent": "blue"}}"#, "", "c.json: design.palette.accent: not a colour: give the token's colour as #RRGGBB"),
        (#"{"palette": {}}"#, "", "c.json: design.palette: the palette is empty: give at least one colour"),
        (#"{"typeRamp": []}"#, "", "c.json: design.typeRamp: the type ramp is empty: give its sizes in points"),
        (#"{"typeRamp": [17, -2]}"#, "", "c.json: design.typeRamp[1]: not a text size: give a number of points greater than zero"),
        (#"{"spacingGrid": -4}"#, "", "c.json: design.spacingGrid: must be greater than zero, got -4"),
        ("", #"{"tolerance": {"points": -1}}"#, "c.json: screens[0].design.tolerance.points: a tolerance cannot be negative, got -1"),
    ])
    func testBadTokens_nameTheirPath(top: String, screen: String, expected: String) {
        let issues = ContractLoader().parse(Array(Self.contract(top: top, screen: screen).utf8), file: "c.json", source: "c.json").issues
        #expect(issues.map(\.description) == [expected])
    }

    @Test func testBadSafeArea() {
        let text = Self.contract(top: "", device: #"{"top": -20, "left": 0, "bottom": 0}"#)
        let issues = ContractLoader().parse(Array(text.utf8), file: "c.json", source: "c.json").issues.map(\.description)
        #expect(issues == ["c.json: screens[0].device.safeArea.top: an inset cannot be negative, got -20",
                           "c.json: screens[0].device.safeArea.right: missing (a number is required)"])
    }
}

/// The unsafe areas of devices, and what reaches into them.
struct SafeAreaTests {
    @Test func testProfiles_portraitAndLandscape() throws {
        let portrait = try #require(DeviceProfiles.safeArea(of: DeviceSpec(scale: 3, width: 402, height: 874)))
        #expect(portrait.insets == SafeAreaInsets(top: 62, left: 0, bottom: 34, right: 0, cornerRadius: 62))
        let landscape = try #require(DeviceProfiles.safeArea(of: DeviceSpec(scale: 3, width: 874, height: 402)))
        #expect(landscape.insets == SafeAreaInsets(top: 0, left: 62, bottom: 21, right: 62, cornerRadius: 62))
        let homeButton = try #require(DeviceProfiles.safeArea(of: DeviceSpec(scale: 2, width: 375, height: 667)))
        #expect(homeButton.insets == SafeAreaInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(DeviceProfiles.safeArea(of: DeviceSpec(scale: 2, width: 400, height: 700)) == nil)
        let declared = SafeAreaInsets(top: 10, left: 0, bottom: 5, right: 0)
        #expect(DeviceProfiles.safeArea(of: DeviceSpec(scale: 2, width: 400, height: 700, safeArea: declared))?.insets == declared)
    }

    @Test func testIntrusions_edgesAndCorners() {
        let insets = SafeAreaInsets(top: 59, left: 0, bottom: 34, right: 0, cornerRadius: 55)
        let intrusions = { (frame: Frame) in LayoutSafeAreaRule.intrusions(of: frame, insets: insets, width: 393, height: 852) }
        #expect(intrusions(Frame(x: 20, y: 100, width: 353, height: 44)).isEmpty)
        #expect(intrusions(Frame(x: 150, y: 40, width: 90, height: 30)).map(\.area) == ["top"])
        #expect(intrusions(Frame(x: 20, y: 800, width: 353, height: 44)).first?.area == "bottom")
        // A frame clear of the edges whose corner lies outside the display's rounded corner.
        // (The top corners lie inside the 59 pt top inset; the bottom ones below the home indicator's line.)
        let corner = intrusions(Frame(x: 0, y: 780, width: 100, height: 38))
        #expect(corner.map(\.area) == ["corner"] && (corner.first?.depth ?? 0) > 3, "\(corner)")
        #expect(intrusions(Frame(x: 20, y: 780, width: 100, height: 38)).isEmpty)
    }
}
