import Foundation
import TestSupport
import Testing

/// `screenaudit assets` end to end through the built binary: exit codes, messages, the files
/// written, and the requirements schema.
@Suite struct AssetsCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let requirementsSchema = repository.appendingPathComponent("Assets/asset-requirements.schema.json").path

    /// A project: a catalog whose art is one placeholder, its requirements and its provenance.
    static func makeProject(in directory: TemporaryDirectory, textColor: String = "#595959") throws -> CatalogBuilder {
        let catalog = try CatalogBuilder(in: directory, name: "App.xcassets")
        try catalog.group("Art")
        try catalog.imageSet("Art/hero", points: 20)
        try catalog.imageSet("Art/badge", points: 10)
        try catalog.colorSet("Colors/text", any: textColor, dark: "#EEEEEE")
        try catalog.colorSet("Colors/panel", any: "#FFFFFF", dark: "#1C1C1E")
        try directory.write("""
        { "schemaVersion": 1,
          "assets": { "hero": { "type": "image", "scales": ["2x", "3x"], "size": { "width": 20, "height": 20 } },
                      "text": { "type": "color", "appearances": ["any", "dark"] }, "panel": { "type": "color", "appearances": ["any", "dark"] } },
          "colorPairs": [ { "foreground": "text", "background": "panel", "appearances": ["light", "dark"] } ] }
        """, to: "requirements.json")
        let entry = #"{ "source": "studio", "authoringStatus": "final", "sourceQuality": "vector" }"#
        try directory.write("""
        { "schemaVersion": 1, "assets": { "hero": \(entry), "text": \(entry), "panel": \(entry),
          "badge": { "source": "web mock", "authoringStatus": "placeholder", "sourceQuality": "upscaled", "knownRisks": ["blurry at 3x"] } } }
        """, to: "provenance.json")
        return catalog
    }

    static func run(_ directory: TemporaryDirectory, _ extra: [String] = [], out: String = "out") throws -> ToolRun {
        try Binary.run(["assets", "--catalog", "App.xcassets", "--requirements", "requirements.json", "--provenance", "provenance.json",
                        "--out", out] + extra, in: directory.url)
    }

    @Test func testPlaceholderWarnsAndBlocksARelease() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory)
        let draft = try Self.run(directory)
        #expect(draft.status == 0, "\(draft.stdout)\(draft.stderr)")
        #expect(draft.stdout.contains("warning: asset.placeholder: App.xcassets/Art/badge.imageset/Contents.json: placeholder art (source: web mock; known risks: blurry at 3x)"))
        #expect(draft.stdout.contains("warning: asset.source-quality:"))
        #expect(draft.stdout.contains("4 assets in App.xcassets: 0 errors, 2 warnings, 0 infos; 2 of 2 colour pairs passed"))
        #expect(draft.stdout.hasSuffix("gate: passed (--fail-on error)\n"))
        for file in ["report.json", "report.md", "report.sarif", "junit.xml", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: directory.path("out/\(file)")), "\(file)")
        }
        let release = try Self.run(directory, ["--release"], out: "release")
        #expect(release.status == 1)
        #expect(release.stdout.contains("error: asset.placeholder:") && release.stdout.contains("a release needs final art"))
        #expect(release.stdout.hasSuffix("gate: failed (--fail-on error, --release)\n"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("release/report.json")))) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1 && summary["gateFailed"] as? Bool == true && summary["provenanceChecked"] as? Bool == true)
        let settings = try #require(report["settings"] as? [String: Any])
        #expect(settings["catalog"] as? String == "App.xcassets" && settings["release"] as? Bool == true)
    }

    @Test func testColourPairFailureGates() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory, textColor: "#8A8A8A")
        let run = try Self.run(directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains("error: asset.color-contrast: App.xcassets/Colors/text.colorset/Contents.json: colors[0]: text #8A8A8A on panel #FFFFFF in light: 3.45:1, needs 4.5:1 (normal text)"))
        let markdown = try String(contentsOfFile: directory.path("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("| `text` #8A8A8A | `panel` #FFFFFF | light | normal | 3.45:1 | 4.5:1 | fail |"))
        #expect(markdown.contains("| `text` #EEEEEE | `panel` #1C1C1E | dark | normal |"))
    }

    @Test func testWithoutProvenanceTheReportSaysSo() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory)
        let run = try Binary.run(["assets", "--catalog", "App.xcassets", "--out", "out", "--format", "md"], in: directory.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("note: Provenance was not checked"))
        #expect(run.stdout.contains("note: No requirements given"))
        let markdown = try String(contentsOfFile: directory.path("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("Provenance: not checked"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("out/report.json")))
    }

    @Test func testUnusableInputsExitThree() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory)
        let noCatalog = try Binary.run(["assets", "--catalog", "Missing.xcassets"], in: directory.url)
        #expect(noCatalog.status == 3 && noCatalog.stderr == "error: Missing.xcassets: no such asset catalog\n")
        try directory.write(#"{ "schemaVersion": 1, "assets": { "hero": { "type": "image", "apperances": ["dark"] } } }"#, to: "typo.json")
        let typo = try Binary.run(["assets", "--catalog", "App.xcassets", "--requirements", "typo.json"], in: directory.url)
        #expect(typo.status == 3)
        #expect(typo.stderr.contains("error: typo.json: assets.hero.apperances: unknown field (fields: type, idioms, scales, appearances, size)"))
        try directory.write(#"{ "schemaVersion": 1, "assets": { "hero": { "source": "x", "authoringStatus": "wip", "sourceQuality": "vector" } } }"#,
                            to: "bad-provenance.json")
        let status = try Binary.run(["assets", "--catalog", "App.xcassets", "--provenance", "bad-provenance.json"], in: directory.url)
        #expect(status.status == 3 && status.stderr.contains("assets.hero.authoringStatus: unknown value 'wip'"))
        try directory.write("in the way", to: "blocked")
        let blocked = try Self.run(directory, [], out: "blocked")
        #expect(blocked.status == 3 && blocked.stderr.contains("blocked: cannot write: a file is in the way"))
        #expect(try String(contentsOfFile: directory.path("blocked"), encoding: .utf8) == "in the way")
    }

    @Test func testUsageErrorsExitTwo() throws {
        let directory = try TemporaryDirectory()
        let missing = try Binary.run(["assets"], in: directory.url)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("error: --catalog is required\nUSAGE: screenaudit assets [options]"))
        let format = try Binary.run(["assets", "--catalog", "x.xcassets", "--format", "overlays"], in: directory.url)
        #expect(format.status == 2 && format.stderr.contains("unknown format 'overlays' for --format (formats: json, md, sarif, junit, html)"))
    }

    @Test func testReportsAreByteIdenticalAcrossRuns() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory, textColor: "#8A8A8A")
        _ = try Self.run(directory, out: "first")
        _ = try Self.run(directory, out: "second")
        let previews = try FileManager.default.contentsOfDirectory(atPath: directory.path("first/previews")).sorted()
        let again = try FileManager.default.contentsOfDirectory(atPath: directory.path("second/previews")).sorted()
        #expect(previews.count == 4 && previews == again)
        for file in ["report.json", "report.md", "report.sarif", "junit.xml", "index.html"] + previews.map({ "previews/\($0)" }) {
            let first = try Data(contentsOf: URL(fileURLWithPath: directory.path("first/\(file)")))
            let second = try Data(contentsOf: URL(fileURLWithPath: directory.path("second/\(file)")))
            #expect(first == second, "\(file)")
        }
    }

    @Test(.enabled(if: SchemaValidator.required, "python3 with jsonschema is not installed"))
    func testSARIFValidatesAndPointsAtTheFiles() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory, textColor: "#8A8A8A")
        try FileManager.default.createDirectory(atPath: directory.path("ios"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: directory.path("App.xcassets"), toPath: directory.path("ios/App.xcassets"))
        let run = try Binary.run(["assets", "--catalog", "ios/App.xcassets", "--requirements", "requirements.json", "--out", "out"], in: directory.url)
        #expect(run.status == 1)
        let sarif = directory.path("out/report.sarif")
        #expect(try SchemaValidator.errors(schema: SARIFTests.schema.path, document: sarif).isEmpty)
        let text = try String(contentsOfFile: sarif, encoding: .utf8)
        // Relative to where the catalog was given from, so code scanning links the file.
        #expect(text.contains("\"uri\" : \"ios/App.xcassets/Colors/text.colorset/Contents.json\""))
        #expect(text.contains("\"ruleId\" : \"asset.color-contrast\""))
    }

    /// The quest engine's own catalog, its requirements and provenance pass a release gate.
    @Test func testShippedCatalogPassesARelease() throws {
        let out = try TemporaryDirectory()
        let run = try Binary.run(["assets", "--catalog", "Assets/QuestArt.xcassets", "--requirements", "Assets/quest-art.requirements.json",
                                  "--provenance", "Provenance/quest-art.provenance.json", "--release", "--out", out.path],
                                 in: Self.repository)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("65 assets in QuestArt.xcassets: 0 errors, 0 warnings, 0 infos; 12 of 12 colour pairs passed"))
        #expect(run.stdout.hasSuffix("gate: passed (--fail-on error, --release)\n"))
    }

    @Test(.enabled(if: SchemaValidator.required, "python3 with jsonschema is not installed"))
    func testRequirementsSchemaAgreesWithTheLoader() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.makeProject(in: directory)
        #expect(try SchemaValidator.errors(schema: Self.requirementsSchema, document: directory.path("requirements.json")).isEmpty)
        try directory.write(#"{ "schemaVersion": 1, "assets": { "hero": { "type": "image", "scales": ["4x"] } } }"#, to: "bad.json")
        #expect(try !SchemaValidator.errors(schema: Self.requirementsSchema, document: directory.path("bad.json")).isEmpty)
        let loader = try Binary.run(["assets", "--catalog", "App.xcassets", "--requirements", "bad.json"], in: directory.url)
        #expect(loader.status == 3 && loader.stderr.contains("assets.hero.scales[0]: unknown scale '4x'"))
        let shipped = Self.repository.appendingPathComponent("Assets/quest-art.requirements.json").path
        if FileManager.default.fileExists(atPath: shipped) {
            #expect(try SchemaValidator.errors(schema: Self.requirementsSchema, document: shipped).isEmpty)
        }
    }
}
