import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Dynamic Type: a screen and its variants at other text sizes, audited side by side.
struct DynamicTypeTests {
    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let white = RGB8(red: 255, green: 255, blue: 255)

    /// A screen with a title, a body line and a caption, drawn at `sizes` (points, in that order),
    /// the title and body declaring their styles, the caption none.
    static func screen(_ id: String, size: ContentSize?, variantOf: String?, sizes: (Double, Double, Double)) -> ScreenBuilder {
        var builder = ScreenBuilder(id: id, width: 390, height: 600, scale: 3, background: white)
        builder.label("title", "Quests", x: 16, y: 20, pointSize: sizes.0, weight: .bold, color: ink)
        builder.label("body", "Find each relic", x: 16, y: 120, pointSize: sizes.1, color: ink)
        builder.label("caption", "Updated today", x: 16, y: 260, pointSize: sizes.2, color: ink)
        var contract = builder.contract
        contract.contentSize = size
        contract.variantOf = variantOf
        contract.elements[0].text?.textStyle = .title1
        contract.elements[1].text?.textStyle = .body
        // The contract states no size: the glyphs decide at both sizes.
        for index in contract.elements.indices { contract.elements[index].text?.pointSize = nil }
        return ScreenBuilder(replacing: builder, contract: contract)
    }

    static func audit(_ builders: [ScreenBuilder], only: Set<String>? = nil) async throws -> AuditReport {
        let directory = try TemporaryDirectory()
        let loaded = try builders.map { try $0.loaded(writingInto: directory) }
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let audited = only.map { ids in loaded.filter { ids.contains($0.contract.id) } } ?? loaded
        return await runner.audit(audited, screenshotsRoot: directory.path(""), provenance: nil, wholeRun: loaded)
    }

    static func scales(_ report: AuditReport, _ screen: String) -> [String] {
        let checked = report.screens.first { $0.id == screen }?.checked ?? []
        return checked.filter { $0.rule == RuleID.textScales }.map { entry in
            let facts = FindingFacts(severity: .warning, threshold: entry.threshold, reason: entry.reason)
            return "\(entry.element ?? "-") \(entry.status.rawValue) \(entry.measured.measuredText(facts) ?? "")"
        }
    }

    /// At AX3 the title (title1: 28 → 48 pt) and the body (17 → 40 pt) grow as Apple's table asks;
    /// the caption (no style) grows too. Every text passes; each is measured on its glyphs.
    @Test func testTextThatGrows_passes() async throws {
        let report = try await Self.audit([
            Self.screen("home", size: nil, variantOf: nil, sizes: (28, 17, 12)),
            Self.screen("home-ax3", size: .ax3, variantOf: "home", sizes: (48, 40, 32)),
        ])
        let results = Self.scales(report, "home-ax3")
        #expect(results.count == 3 && results.allSatisfy { $0.contains(" pass ") }, "\(results)")
        #expect(Self.scales(report, "home").isEmpty)
        #expect(report.screens.allSatisfy { $0.findings.isEmpty }, "\(report.screens.flatMap(\.findings).map(\.message))")
    }

    /// The body set in a fixed size stays 17 pt at AX3 (body asks 40): one warning; the caption
    /// without a style that grows a little (12 → 16 pt) passes, one that stays 12 pt fails.
    @Test func testFixedSizeText_fails() async throws {
        let report = try await Self.audit([
            Self.screen("home", size: nil, variantOf: nil, sizes: (28, 17, 12)),
            Self.screen("home-ax3", size: .ax3, variantOf: "home", sizes: (48, 17, 12)),
        ])
        let findings = report.screens.first { $0.id == "home-ax3" }?.findings.filter { $0.rule == RuleID.textScales } ?? []
        #expect(findings.map(\.element) == ["body", "caption"])
        let body = try #require(findings.first)
        #expect(body.severity == .warning)
        #expect(body.message.contains("at L (home)") && body.message.contains("does not grow") && body.message.contains("body asks 40 pt at AX3"), "\(body.message)")
        guard case let .textScales(measured) = body.measured else { Issue.record("not a text.scales measurement"); return }
        #expect(abs(measured.smallerPointSize - 17) <= 0.6 && abs(measured.largerPointSize - 17) <= 0.6)
        #expect(measured.expectedPointSize > 28 && measured.expectedPointSize < 29)
    }

    /// A text that grows, but much less than its style asks (body 17 → 21 pt at AX3, capped at
    /// XXL): a finding that says how much it grew.
    @Test func testTextCappedWellBelowItsStyle_fails() async throws {
        let report = try await Self.audit([
            Self.screen("home", size: nil, variantOf: nil, sizes: (28, 17, 12)),
            Self.screen("home-ax3", size: .ax3, variantOf: "home", sizes: (48, 21, 32)),
        ])
        let findings = report.screens.first { $0.id == "home-ax3" }?.findings ?? []
        #expect(findings.map { "\($0.rule) \($0.element ?? "-")" } == ["text.scales body"])
        #expect(findings.first?.message.contains("grows only") == true, "\(findings.first?.message ?? "")")
    }

    /// Between L and XL every style grows by less than a fifth but some: a text without a style is
    /// not judged there (its growth is within what measurement wobbles); one with a style is.
    @Test func testSizesTooCloseForTextWithoutStyle() async throws {
        let report = try await Self.audit([
            Self.screen("home", size: nil, variantOf: nil, sizes: (28, 17, 12)),
            Self.screen("home-xl", size: .xl, variantOf: "home", sizes: (30, 19, 12)),
        ])
        let results = Self.scales(report, "home-xl")
        #expect(results.map { String($0.prefix(while: { $0 != " " })) } == ["title", "body"])
    }

    /// The variant may name the larger screen as well: the pair is judged on the larger one. And a
    /// shard that holds only the larger screen judges it against the whole run's smaller one.
    @Test func testPairedEitherWay_andAcrossShards() async throws {
        let report = try await Self.audit([
            Self.screen("home-ax3", size: .ax3, variantOf: nil, sizes: (48, 17, 32)),
            Self.screen("home", size: .l, variantOf: "home-ax3", sizes: (28, 17, 12)),
        ])
        #expect(report.screens.first { $0.id == "home-ax3" }?.findings.map(\.element) == ["body"])
        let shard = try await Self.audit([
            Self.screen("home", size: nil, variantOf: nil, sizes: (28, 17, 12)),
            Self.screen("home-ax3", size: .ax3, variantOf: "home", sizes: (48, 17, 32)),
        ], only: ["home-ax3"])
        #expect(shard.screens.map(\.id) == ["home-ax3"])
        #expect(shard.screens[0].findings.map(\.element) == ["body"])
    }

    /// A finding the larger size brings says so ("only at AX3, not at L") in its message and its
    /// fields, and keeps saying it through report.json; one both sizes have does not.
    @Test func testFindingOnlyAtTheLargerSize_saysSo() async throws {
        func screen(_ id: String, size: ContentSize?, variantOf: String?, buttonHeight: Double) -> ScreenBuilder {
            var builder = Self.screen(id, size: size, variantOf: variantOf, sizes: size == nil ? (28, 17, 12) : (48, 40, 32))
            builder.fill(Frame(x: 16, y: 400, width: 44, height: buttonHeight), RGB8(red: 0x0A, green: 0x4F, blue: 0xC4))
            builder.element(ElementContract(id: "add", role: .button, frame: Frame(x: 16, y: 400, width: 44, height: buttonHeight), label: "Add"))
            builder.fill(Frame(x: 200, y: 400, width: 30, height: 30), RGB8(red: 0x0A, green: 0x4F, blue: 0xC4))
            builder.element(ElementContract(id: "more", role: .button, frame: Frame(x: 200, y: 400, width: 30, height: 30), label: "More"))
            return builder
        }
        let report = try await Self.audit([
            screen("home", size: nil, variantOf: nil, buttonHeight: 44),
            screen("home-ax3", size: .ax3, variantOf: "home", buttonHeight: 30),
        ])
        #expect(report.screens.map { "\($0.id) \($0.contentSize ?? "-") \($0.variantOf ?? "-")" } == ["home - -", "home-ax3 AX3 home"])
        let large = report.screens[1].findings.filter { $0.rule == RuleID.targetSize }
        #expect(large.map { "\($0.element ?? "-") \($0.onlyAt ?? "-") \($0.notAt ?? "-")" } == ["add AX3 L", "more - -"])
        #expect(large[0].message.hasSuffix(" (only at AX3, not at L)"))
        #expect(report.screens[0].findings.allSatisfy { $0.onlyAt == nil })
        // Through report.json and back: the same message, said once.
        let decoded = try JSONDecoder().decode(AuditReport.self, from: try JSONText.encode(report))
        #expect(decoded.screens[1].findings.filter { $0.rule == RuleID.targetSize }.map(\.message) == large.map(\.message))
        #expect(Variants.groups(report.screens) == [[0, 1]])
        // Side by side: a column per size, a row per rule and element found at any size.
        let markdown = MarkdownReporter.render(report)
        #expect(markdown.contains("## Text sizes side by side"))
        #expect(markdown.contains("### `home`: L, AX3"))
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| `target.size` | `add` |") })
        #expect(row.contains("| — | #") && row.contains("error: 44 × 30 pt"), "\(row)")
        #expect(markdown.contains("only at AX3, not at L"))
        let html = HTMLReporter.render(report, overlays: ["home-ax3"])
        #expect(html.contains("<h2 id=\"h-text-sizes\">Text sizes side by side</h2>"))
        #expect(html.contains("alt=\"home-ax3 at text size AX3, findings outlined and numbered\""))
        #expect(html.contains("<p>No overlay of home.</p>"))
        // Lines found in the pixels (scan) are named by place: neither paired nor marked.
        var scanned = report.screens
        for index in scanned.indices { scanned[index].elementsFrom = "pixels" }
        scanned = Variants.markingFindingsOnlyAtLargerSizes(scanned)
        #expect(scanned.allSatisfy { $0.findings.allSatisfy { $0.onlyAt == nil } })
        var scannedReport = report
        scannedReport.screens = scanned
        let comparison = try #require(VariantComparison.all(scannedReport).first)
        #expect(!comparison.paired && comparison.rows.count == scanned.map(\.findings.count).reduce(0, +))
    }

    /// Folders named by a text size: the size read from any folder of the path, in any of the
    /// names in use (one letter only in capitals); screens alike but for it are variants of the
    /// one without (L), else of the smallest.
    @Test func testContentSizeFolders() {
        #expect(ContentSizeFolders.split("AX3/en-US/home").map { "\($0.size.name) \($0.rest)" } == "AX3 en-US/home")
        #expect(ContentSizeFolders.split("en-US/UICTContentSizeCategoryAccessibilityXL/home").map { "\($0.size.name) \($0.rest)" } == "AX3 en-US/home")
        #expect(ContentSizeFolders.split("shots/accessibility-extra-extra-extra-large/home").map(\.size) == .ax5)
        #expect(ContentSizeFolders.split("l/home") == nil && ContentSizeFolders.split("home") == nil && ContentSizeFolders.split("AX3") == nil)
        #expect(ContentSizeFolders.split("L/home").map(\.size) == .l)

        func screen(_ id: String, declared: ContentSize? = nil) -> LoadedScreen {
            var contract = ScreenContract(id: id, screenshot: id + ".png", device: DeviceSpec(scale: 3, width: 390, height: 844), elements: [])
            contract.contentSize = declared
            return LoadedScreen(contract: contract, file: id, source: "", path: "")
        }
        let assigned = ContentSizeFolders.assign([
            screen("en/home"), screen("AX3/en/home"), screen("XXXL/en/home"),
            screen("AX1/en/settings"), screen("AX5/en/settings"),
            screen("AX3/en/about"), screen("en/profile", declared: .xl),
        ]).map { "\($0.contract.id) \($0.contract.contentSize?.name ?? "-") \($0.contract.variantOf ?? "-")" }
        #expect(assigned == [
            "en/home - -", "AX3/en/home AX3 en/home", "XXXL/en/home XXXL en/home",
            "AX1/en/settings AX1 -", "AX5/en/settings AX5 AX1/en/settings",
            "AX3/en/about AX3 -", "en/profile XL -",
        ])
    }

    /// UIKit keeps tab bars, toolbars and navigation bars (but their large titles) at their size at
    /// every text size: texts imported from them (the inline title, the tabs) are not held to grow.
    /// Android's bars scale.
    @Test func testTextsInIOSBars_areNotHeldToGrow() throws {
        let demo = try RealTreeTests.imported("xcuitest-XQUITestDemo.txt", width: 750, height: 1334).contract
        let exempt = demo.elements.filter { $0.checks?.disable?[RuleID.textScales] != nil }.map(\.id)
        #expect(exempt == ["text", "tab", "tab-2"], "\(exempt)")  // the inline title "我的" and the two tabs
        let settings = try RealTreeTests.imported("appium-ios-shirates-SettingsTop.xml", width: 1170, height: 2532).contract
        #expect(settings.element("text-settings")?.checks == nil)
        let android = try RealTreeTests.imported("uiautomator-multiwindow-homee.xml", width: 1080, height: 2400, density: 2.625).contract
        #expect(android.elements.allSatisfy { $0.checks?.disable?[RuleID.textScales] != HierarchyImporter.fixedSizeBarReason })
    }
}
