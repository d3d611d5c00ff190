import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// The generated parts of docs/: the command reference from the commands' help, a page per rule
/// from its descriptor and examples, and the gallery of the quest engine's frames and a seeded
/// defect's overlay. Each test fails when a committed file differs from what the code makes now;
/// `scripts/docs.sh` (SCREENAUDIT_RECORD_DOCS=1) writes them again.
@Suite(.serialized) struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recording = ProcessInfo.processInfo.environment["SCREENAUDIT_RECORD_DOCS"] == "1"

    /// Compares (or, recording, writes) the file at `relative` below the repository.
    static func check(_ relative: String, _ contents: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = root.appendingPathComponent(relative)
        if recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? Data(contentsOf: url)) != contents { try contents.write(to: url) }
            return
        }
        guard let committed = try? Data(contentsOf: url) else {
            Issue.record("\(relative) is missing: run scripts/docs.sh", sourceLocation: sourceLocation)
            return
        }
        if committed != contents && !Self.samePicture(committed, contents) {
            Issue.record("\(relative) is stale: run scripts/docs.sh and commit the result", sourceLocation: sourceLocation)
        }
    }

    /// Two PNG files of the same pixels. A PNG written through libpng is compressed by the
    /// system's zlib, whose bytes differ between Debian's and Apple's builds for the same pixels.
    static func samePicture(_ committed: Data, _ contents: Data) -> Bool {
        guard ImageFormat.detect(committed) == .png, ImageFormat.detect(contents) == .png,
              let old = try? ImageDecoder().decode(committed, file: "committed"),
              let new = try? ImageDecoder().decode(contents, file: "written")
        else { return false }
        return old.pixels == new.pixels
    }

    /// Files below `relative` that no generator wrote (a page of a rule that is gone). Hidden
    /// files are not the project's (Finder's `.DS_Store`, an editor's swap file).
    static func strays(in relative: String, expected: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(relative).path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !expected.contains($0) }.sorted()
    }

    // MARK: docs/cli.md

    @Test func testCLIReference_isCurrent() throws {
        let overview = try Binary.run(["--help"])
        let commands = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "SUBCOMMANDS:" }.dropFirst()
            .prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.contains("merge") && commands.contains("audit") && commands.count >= 10, "\(commands)")
        var lines = ["# Command-line reference", "",
                     "<!-- Generated from the commands' --help by scripts/docs.sh; a test fails when it is stale. Edit the commands, not this file. -->", "",
                     "Results go to standard output, errors and diagnostics to standard error. "
                        + "`screenaudit help <subcommand>` or `screenaudit <subcommand> --help` prints a command's page.", "",
                     "Commands: " + commands.map { "[`\($0)`](#screenaudit-\($0))" }.joined(separator: " · "), "",
                     "```text", overview.stdout.trimmingCharacters(in: .newlines), "```"]
        for command in commands {
            let help = try Binary.run([command, "--help"])
            #expect(help.status == 0, "\(command)")
            lines += ["", "## screenaudit \(command)", "", "```text", help.stdout.trimmingCharacters(in: .newlines), "```"]
        }
        try Self.check("docs/cli.md", Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    // MARK: docs/checks/<rule-id>.md

    static let options: AuditOptions = {
        var options = AuditOptions(today: CalendarDay(year: 2026, month: 1, day: 1))
        options.detectsText = true
        return options
    }()

    struct Page {
        var descriptor: CheckDescriptor
        var appliesTo: String
        var examples: [String] = []
        var images: [(name: String, png: Data)] = []
    }

    /// A screen check's examples: each drawn as an overlay (a failing one with its numbered
    /// finding, a passing one with its element outlined) and its verdict in words.
    static func screenPage(_ check: any AuditCheck) throws -> Page {
        let type = type(of: check)
        let id = type.descriptor.id
        var page = Page(descriptor: type.descriptor, appliesTo: "screenshots: `audit`, `baseline`" + (id == RuleID.textUnexposed ? " with `--detect-text`" : "")
            + ([RuleID.contrastText, RuleID.textSize, RuleID.textTruncated].contains(id) ? ", `scan`" : ""))
        let policy = Policy(today: options.today, provenance: nil)
        for (index, example) in type.examples.enumerated() {
            let (context, results) = example.run(check)
            let findings = policy.findings(for: results, screen: context.screen)
            let frames = results.compactMap(\.frame)
            let overlay = OverlayReporter.render(context.image, findings: findings, firstNumber: 1, scale: context.screen.device.scale,
                                                 outlines: findings.isEmpty ? frames : [])
            let verdict = example.expected == .pass ? "pass" : "fail"
            let name = "\(id)-\(index + 1)-\(verdict).png"
            page.images.append((name, Data(try PNGEncoder.encode(overlay))))
            var text = ["### \(example.expected == .pass ? "Passes" : "Fails"): \(example.title)", "", "![\(example.title)](images/\(name))", ""]
            if let finding = findings.first {
                text.append("Finding 1 (\(finding.severity.rawValue)) on `\(example.element)`: \(finding.message)")
            } else if let result = results.first {
                let measured = result.measured.measuredText(FindingFacts(severity: result.severity, threshold: result.threshold, reason: result.reason))
                text.append("`\(example.element)` passes" + (measured.map { ": \($0)." } ?? "."))
            }
            page.examples.append(text.joined(separator: "\n"))
        }
        return page
    }

    /// An asset rule's examples: the catalog's files, and what `screenaudit assets` says of it.
    static func assetPage(_ rule: any AssetRuleType.Type) throws -> Page {
        var page = Page(descriptor: rule.descriptor, appliesTo: "asset catalogs: `assets`")
        for example in rule.examples {
            let directory = try TemporaryDirectory()
            let catalog = example.make()
            let report = try example.audit(catalog, in: directory.path(""))
            let findings = report.findings.filter { $0.rule == rule.descriptor.id }
            var text = ["### \(example.expected == .pass ? "Passes" : "Fails"): \(example.title)\(example.release ? " (`--release`)" : "")", "",
                        "`\(ExampleCatalog.name)`: " + catalog.files.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                            + (catalog.requirements == nil ? "" : "; with requirements") + (catalog.provenance == nil ? "" : "; with provenance") + ".", ""]
            let prefix = directory.path("")
            text += findings.isEmpty ? ["No finding."]
                : findings.map { "- \($0.severity.rawValue): \($0.message.replacingOccurrences(of: prefix, with: ""))" }
            page.examples.append(text.joined(separator: "\n"))
        }
        return page
    }

    static func markdown(_ page: Page) throws -> String {
        let d = page.descriptor
        var lines = ["# `\(d.id)` — \(d.title)", "",
                     "<!-- Generated by scripts/docs.sh from the rule's descriptor and examples; edit those, or docs/checks/details/\(d.id).md. -->", "",
                     "| | |", "|---|---|",
                     "| Rule id | `\(d.id)` |", "| Applies to | \(page.appliesTo) |",
                     "| Default severity | \(d.defaultSeverity.rawValue) |", "| Reference | \(d.reference) |", "",
                     d.rationale]
        if !page.examples.isEmpty {
            lines += ["", "## Examples", "", "Each example is one of the rule's own, run by the test suite on every change."]
            for example in page.examples { lines += ["", example] }
        }
        let details = root.appendingPathComponent("docs/checks/details/\(d.id).md")
        if let text = try? String(contentsOf: details, encoding: .utf8) {
            lines += ["", "## Details", "", text.trimmingCharacters(in: .whitespacesAndNewlines)]
        }
        lines += ["", "All rules: [docs/checks](README.md)."]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func testRulePages_areCurrent_oneForEveryRule() throws {
        var pages = try AuditRunner.allChecks(Self.options).map(Self.screenPage)
        for descriptor in [ScreenshotUnreadableRule.descriptor, ScreenshotSizeMismatchRule.descriptor,
                           HierarchyMissingRule.descriptor, HierarchyUnreadableRule.descriptor] {
            pages.append(Page(descriptor: descriptor, appliesTo: "screens: `audit`, `baseline`"
                + (descriptor.id.hasPrefix("hierarchy") ? " with `--hierarchies`" : ", `scan`")))
        }
        pages += try AssetRule.all.map(Self.assetPage)
        #expect(Set(pages.map(\.descriptor.id)) == Set(RuleID.all + AssetRule.ids), "a page for every rule id")
        var images = Set<String>()
        for page in pages {
            try Self.check("docs/checks/\(page.descriptor.id).md", Data(try Self.markdown(page).utf8))
            for image in page.images {
                try Self.check("docs/checks/images/\(image.name)", image.png)
                images.insert(image.name)
            }
            #expect(page.descriptor.defaultSeverity == .info || !page.examples.isEmpty || page.descriptor.id.hasPrefix("screenshot")
                || page.descriptor.id.hasPrefix("hierarchy"), "\(page.descriptor.id) shows its examples")
        }
        let pagesWritten = Set(pages.map { "\($0.descriptor.id).md" } + ["README.md", "details", "images"])
        #expect(Self.strays(in: "docs/checks", expected: pagesWritten).isEmpty, "pages of no rule: \(Self.strays(in: "docs/checks", expected: pagesWritten))")
        #expect(Self.strays(in: "docs/checks/images", expected: images).isEmpty)
    }

    // MARK: docs/screenshots

    /// The quest engine's hub and a quest stage on every device, and the overlay of a seeded
    /// defect's frame, as the README gallery shows them.
    @Test func testGallery_isCurrent() throws {
        let directory = try TemporaryDirectory()
        let render = try Binary.run(["render", "--out", "frames", "--routes", "hub,crystal.lesson"], in: directory.url)
        #expect(render.status == 0, "\(render.stderr)")
        for device in ["iPhone_small", "iPhone_large", "iPad"] {
            for route in ["hub", "crystal.lesson"] {
                try Self.check("docs/screenshots/en-US/\(device)/\(route).png",
                               Data(contentsOf: directory.url.appendingPathComponent("frames/en-US/\(device)/\(route).png")))
            }
        }
        let defects = try Binary.run(["render", "--defects", "--seed", "8", "--devices", "iPhone_large", "--routes", "crystal.lesson",
                                      "--out", "defects"], in: directory.url)
        #expect(defects.status == 0, "\(defects.stderr)")
        let audit = try Binary.run(["audit", "--contracts", "defects/quest-screens.contract.json", "--screenshots", "defects",
                                    "--today", "2026-01-01", "--out", "audit"], in: directory.url)
        #expect(audit.status == 1, "the seeded frame has findings: \(audit.stdout)")
        try Self.check("docs/screenshots/overlay.png",
                       Data(contentsOf: directory.url.appendingPathComponent("audit/overlays/iPhone_large__crystal.lesson.png")))
        // The review pages' screenshots come from a browser (scripts/docs.sh, headless Chromium),
        // whose pixels vary with its version: they are checked to be there and to be pictures.
        for name in ["review-page.png", "asset-review-page.png"] {
            let page = Self.root.appendingPathComponent("docs/screenshots/\(name)").path
            let image = try ImageDecoder().decodeFile(atPath: page)
            #expect(image.pixels.width >= 800 && image.pixels.height >= 600, "\(name)")
        }
    }
}
