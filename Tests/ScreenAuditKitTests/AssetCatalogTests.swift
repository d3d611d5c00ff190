import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Runs the auditor on a catalog the test wrote and returns its findings.
private func audit(_ catalog: CatalogBuilder, requirements: AssetRequirements? = nil, provenance: ProvenanceDocument? = nil,
                   release: Bool = false) throws -> AssetReport {
    try AssetAuditor(options: AssetAuditOptions(release: release)).audit(
        AssetAuditor.Inputs(catalogPath: catalog.path, requirements: requirements, requirementsFile: requirements == nil ? nil : "req.json",
                            provenance: provenance, provenanceFile: provenance == nil ? nil : "prov.json"))
}

private extension AssetReport {
    func findings(_ rule: String) -> [AssetFinding] { findings.filter { $0.rule == rule } }
    var rules: [String] { findings.map(\.rule) }
}

private extension AssetFinding {
    /// An `asset.size-inconsistent` finding's width, height, expected width and expected height.
    var pixels: [Double]? {
        guard case let .sizeInconsistent(m) = measured else { return nil }
        return [Double(m.width), Double(m.height), m.expectedWidth, m.expectedHeight]
    }

    /// An `asset.image-unreadable` finding's decoder category.
    var unreadableCategory: DecodeFailure? {
        guard case let .imageUnreadable(.decodeFailed(category, _)) = measured else { return nil }
        return category
    }
}

struct AssetCatalogReaderTests {
    @Test func testCleanCatalogHasNoFindings() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.group("Icons")
        try catalog.imageSet("Icons/star", points: 24, scales: [1, 2, 3], appearances: ["any", "dark"])
        try catalog.colorSet("Colors/ink", any: "#1B162E", dark: "#F6EFDD")
        let report = try audit(catalog)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.assets.map(\.name) == ["ink", "star"])
        #expect(report.assets.map(\.files) == [0, 6])
        #expect(report.summary.gateFailed == false)
        #expect(report.notes.contains { $0.contains("Provenance was not checked") })
    }

    @Test func testNamespacedGroupPrefixesNames() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.group("Relics", namespace: true)
        try catalog.imageSet("Relics/shard", points: 10)
        let read = try AssetCatalogReader().read(path: catalog.path)
        #expect(read.catalog.assets.map(\.name) == ["Relics/shard"])
        #expect(read.catalog.assets[0].path == "Test.xcassets/Relics/shard.imageset")
    }

    @Test func testMalformedContentsNamesFileAndPlace() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write("{ \"images\" : [ { \"idiom\" : \"universal\", } ] }", to: "broken.imageset/Contents.json")
        try catalog.write("{ \"images\" : { \"idiom\" : \"universal\" } }", to: "shape.imageset/Contents.json")
        try catalog.write(try CatalogBuilder.png(width: 4, height: 4), to: "bare.imageset/bare.png")
        try catalog.write("[1, 2]", to: "array.colorset/Contents.json")
        let report = try audit(catalog)
        let malformed = report.findings(AssetRule.contentsMalformed)
        #expect(malformed.count == 4, "\(malformed)")
        let broken = try #require(malformed.first { $0.asset == "broken" })
        #expect(broken.file == "Test.xcassets/broken.imageset/Contents.json")
        #expect(broken.message.contains("not valid JSON: line 1, column 41"))
        let shape = try #require(malformed.first { $0.asset == "shape" })
        #expect(shape.location == "images" && shape.message.contains("expected an array"))
        #expect(malformed.contains { $0.asset == "bare" && $0.message.contains("no Contents.json") })
        #expect(malformed.contains { $0.asset == "array" && $0.message.contains("expected an object") })
        // A set whose Contents.json cannot be read gets no guesses about its scales.
        #expect(report.findings(AssetRule.scaleMissing).isEmpty)
    }

    /// WebP (or HEIC, GIF…) behind a `.png` name is a format mismatch, reported once per file
    /// however many entries name it, never "unreadable".
    @Test func testWebPBehindAPNGName_isOneFormatMismatch() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 24), to: "hero.imageset/hero@2x.png")
        try catalog.imageContents("hero", entries: [
            #"{ "filename" : "hero@2x.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "hero@2x.png", "idiom" : "iphone", "scale" : "2x" }"#,
        ])
        let report = try audit(catalog)
        let mismatch = report.findings(AssetRule.formatMismatch)
        #expect(mismatch.count == 1)
        #expect(mismatch.first?.message == "named .png but holds WebP data, which this tool does not decode; re-export it as PNG")
        #expect(mismatch.first?.measured == .formatMismatch(.init(format: "WebP", fileExtension: "png", named: .png, decodable: false)))
        #expect(report.findings(AssetRule.imageUnreadable).isEmpty)
    }

    /// The colour set Xcode's app and widget templates write (AccentColor, WidgetBackground) has
    /// no colour: the system default, not an invalid colour; a pair with it is not judged.
    @Test func testColorSetWithoutAColour_isTheSystemDefault() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.colorContents("AccentColor", entries: [#"{ "idiom" : "universal" }"#])
        try catalog.colorSet("paper", any: "#FFFFFF")
        let clean = try audit(catalog)
        #expect(clean.findings.isEmpty, "\(clean.findings)")
        let paired = try audit(catalog, requirements: AssetRequirements(colorPairs: [.init(foreground: "AccentColor", background: "paper")]))
        #expect(paired.findings.map(\.rule) == [AssetRule.colorContrast])
        #expect(paired.findings.first?.severity == .info)
        #expect(paired.findings.first?.message.contains("AccentColor gives no colour, so the system default applies") == true)
        #expect(paired.colorPairs.map(\.status) == [.notRun])
        // A colour that is there but broken is still invalid.
        try catalog.colorContents("broken", entries: [#"{ "idiom" : "universal", "color" : { "color-space" : "srgb" } }"#])
        #expect(try audit(catalog).findings.map(\.rule).contains(AssetRule.colorInvalid))
    }

    /// Scales per platform: a Mac or watch catalog is never asked for @3x, and the message names
    /// the platform and what the system does instead.
    @Test func testDefaultScales_followTheCatalogsPlatform() throws {
        /// A catalog with one image set for `idiom` at `idiomScales` and a universal one at `universalScales`.
        func catalog(_ idiom: String, idiomScales: [Int], universalScales: [Int]) throws -> [String] {
            let directory = try TemporaryDirectory()
            let catalog = try CatalogBuilder(in: directory)
            var entries: [String] = []
            for scale in idiomScales {
                try catalog.write(try CatalogBuilder.png(width: 16 * scale, height: 16 * scale), to: "icon.imageset/icon@\(scale)x.png")
                entries.append(#"{ "filename" : "icon@\#(scale)x.png", "idiom" : "\#(idiom)", "scale" : "\#(scale)x" }"#)
            }
            try catalog.imageContents("icon", entries: entries)
            try catalog.imageSet("star", points: 16, scales: universalScales)
            return try audit(catalog).findings(AssetRule.scaleMissing).map(\.message)
        }
        // A Mac catalog: @1x and @2x, for mac entries and universal ones alike; never @3x.
        #expect(try catalog("mac", idiomScales: [1, 2], universalScales: [1, 2]).isEmpty)
        #expect(try catalog("mac", idiomScales: [1, 2], universalScales: [2])
            == ["no image for universal @1x (macOS needs @1x and @2x by default; macOS scales the @2x image down instead, softer and larger in memory)"])
        #expect(try catalog("mac", idiomScales: [2], universalScales: [1, 2])
            == ["no image for mac @1x (Mac needs @1x and @2x by default; Mac scales the @2x image down instead, softer and larger in memory)"])
        // A watch catalog: @2x alone.
        #expect(try catalog("watch", idiomScales: [2], universalScales: [2]).isEmpty)
        // iOS: a set with only @3x is scaled down, not blurred; one with only @2x is scaled up.
        #expect(try catalog("iphone", idiomScales: [2, 3], universalScales: [3])
            == ["no image for universal @2x (iOS needs @2x and @3x by default; iOS scales the @3x image down instead, softer and larger in memory)"])
        #expect(try catalog("iphone", idiomScales: [2, 3], universalScales: [2])
            == ["no image for universal @3x (iOS needs @2x and @3x by default; iOS scales the @2x image up instead, and it blurs)"])
    }

    /// Containers as Xcode writes them (after its documented Contents.json format): a watch
    /// complication set of image sets, tvOS brand assets holding an image stack of layers, each
    /// layer an image set. No member folder is a missing file, and what is inside is checked.
    @Test func testContainers_areTraversedAndTheirContentsChecked() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write(#"{ "assets" : [ { "filename" : "Circular.imageset", "idiom" : "watch", "role" : "circular" }, "#
                          + #"{ "filename" : "Modular.imageset", "idiom" : "watch", "role" : "modular" } ], "#
                          + #""info" : { "author" : "xcode", "version" : 1 } }"#, to: "Complication.complicationset/Contents.json")
        try catalog.write("not a png", to: "Complication.complicationset/Circular.imageset/circular@2x.png")
        try catalog.imageContents("Complication.complicationset/Circular",
                                  entries: [#"{ "filename" : "circular@2x.png", "idiom" : "watch", "scale" : "2x" }"#])
        try catalog.write(try CatalogBuilder.png(width: 64, height: 64), to: "Complication.complicationset/Modular.imageset/modular@2x.png")
        try catalog.imageContents("Complication.complicationset/Modular",
                                  entries: [#"{ "filename" : "modular@2x.png", "idiom" : "watch", "scale" : "2x" }"#])
        let brand = "App Icon & Top Shelf Image.brandassets"
        try catalog.write(#"{ "assets" : [ { "filename" : "App Icon.imagestack", "idiom" : "tv", "role" : "primary-app-icon", "size" : "400x240" } ], "#
                          + #""info" : { "author" : "xcode", "version" : 1 } }"#, to: "\(brand)/Contents.json")
        try catalog.write(#"{ "info" : { "author" : "xcode", "version" : 1 }, "layers" : [ { "filename" : "Front.imagestacklayer" }, "#
                          + #"{ "filename" : "Back.imagestacklayer" } ] }"#, to: "\(brand)/App Icon.imagestack/Contents.json")
        for layer in ["Front", "Back"] {
            let folder = "\(brand)/App Icon.imagestack/\(layer).imagestacklayer"
            try catalog.write(#"{ "info" : { "author" : "xcode", "version" : 1 } }"#, to: "\(folder)/Contents.json")
            try catalog.write(try CatalogBuilder.png(width: 400, height: 240), to: "\(folder)/Content.imageset/\(layer)@1x.png")
            var entries = [#"{ "filename" : "\#(layer)@1x.png", "idiom" : "tv", "scale" : "1x" }"#]
            // The back layer names an @2x file that is not there.
            entries.append(layer == "Back" ? #"{ "filename" : "Back@2x.png", "idiom" : "tv", "scale" : "2x" }"#
                                           : #"{ "idiom" : "tv", "scale" : "2x" }"#)
            try catalog.imageContents("\(folder)/Content", entries: entries)
        }
        let report = try audit(catalog, provenance: ProvenanceDocument(assets: [
            "Complication": AssetProvenance(source: "drawn", authoringStatus: .final, sourceQuality: .vector, knownRisks: [], evidence: []),
            "App Icon & Top Shelf Image": AssetProvenance(source: "drawn", authoringStatus: .final, sourceQuality: .vector, knownRisks: [], evidence: []),
        ]))
        let missing = report.findings(AssetRule.fileMissing)
        #expect(missing.map(\.file) == ["Test.xcassets/\(brand)/App Icon.imagestack/Back.imagestacklayer/Content.imageset/Contents.json"])
        #expect(missing.first?.message.contains("'Back@2x.png' is named here") == true)
        #expect(report.findings(AssetRule.imageUnreadable).map(\.file) == ["Test.xcassets/Complication.complicationset/Circular.imageset/circular@2x.png"])
        // Inside containers the role decides the scales (the App Store icon's layers are @1x
        // alone): no default scale is asked for.
        #expect(report.findings(AssetRule.scaleMissing).isEmpty)
        #expect(report.findings(AssetRule.provenanceMissing).isEmpty)
        #expect(report.assets.map(\.name).contains("Complication/Modular"))
    }

    /// Where Xcode is lenient, the audit is too: a PDF in the @1x slot beside PNGs, and an app icon
    /// set sharing its name with an image set.
    @Test func testLenientCases_giveNoFindings() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write("%PDF-1.4\n%fake vector\n", to: "logo.imageset/logo.pdf")
        try catalog.write(try CatalogBuilder.png(width: 48, height: 48), to: "logo.imageset/logo@2x.png")
        try catalog.write(try CatalogBuilder.png(width: 72, height: 72), to: "logo.imageset/logo@3x.png")
        try catalog.imageContents("logo", entries: [
            #"{ "filename" : "logo.pdf", "idiom" : "universal", "scale" : "1x" }"#,
            #"{ "filename" : "logo@2x.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "logo@3x.png", "idiom" : "universal", "scale" : "3x" }"#,
        ])
        try catalog.write(try CatalogBuilder.png(width: 1024, height: 1024), to: "Sunset.appiconset/icon.png")
        try catalog.imageContents("Sunset", entries: [#"{ "filename" : "icon.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }"#],
                                  kind: "appiconset")
        try catalog.imageSet("Sunset", points: 60)
        let report = try audit(catalog)
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test func testMissingAndUnreferencedFiles() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write(try CatalogBuilder.png(width: 20, height: 20), to: "star.imageset/star@2x.png")
        try catalog.write(try CatalogBuilder.png(width: 30, height: 30), to: "star.imageset/Star@3x.png")
        try catalog.write(try CatalogBuilder.png(width: 30, height: 30), to: "star.imageset/old@3x.png")
        try catalog.imageContents("star", entries: [
            #"{ "filename" : "star@2x.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "star@3x.png", "idiom" : "universal", "scale" : "3x" }"#,
            #"{ "filename" : "gone@1x.png", "idiom" : "universal", "scale" : "1x" }"#,
        ])
        try catalog.write("stray", to: "notes.txt")
        let report = try audit(catalog)
        let missing = report.findings(AssetRule.fileMissing)
        #expect(missing.count == 2)
        let gone = try #require(missing.first { $0.location == "images[2].filename" })
        #expect(gone.severity == .error && gone.message.contains("'gone@1x.png'"))
        let caseOnly = try #require(missing.first { $0.location == "images[1].filename" })
        #expect(caseOnly.severity == .warning && caseOnly.message.contains("differs only in case"))
        let unreferenced = report.findings(AssetRule.fileUnreferenced)
        #expect(unreferenced.map(\.file) == ["Test.xcassets/notes.txt", "Test.xcassets/star.imageset/old@3x.png"])
        #expect(unreferenced.allSatisfy { $0.severity == .warning })
    }

    @Test func testDuplicateAndInvalidEntries() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        for name in ["a", "b", "c"] { try catalog.write(try CatalogBuilder.png(width: 20, height: 20), to: "dup.imageset/\(name).png") }
        try catalog.imageContents("dup", entries: [
            #"{ "filename" : "a.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "b.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "c.png", "idiom" : "universal", "scale" : "2x", "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ] }"#,
        ])
        try catalog.imageContents("odd", entries: [
            #"{ "idiom" : "iphon", "scale" : "2x" }"#,
            #"{ "idiom" : "universal", "scale" : "4x" }"#,
            #"{ "idiom" : "universal", "appearances" : [ { "appearance" : "luminosity", "value" : "dim" } ] }"#,
            #"{ "filename" : "../../secret.png", "idiom" : "universal", "scale" : "3x" }"#,
            #"{ "scale" : "1x" }"#,
        ])
        try catalog.colorContents("twice", entries: [
            "{ \"color\" : \(CatalogBuilder.srgb("#000000")), \"idiom\" : \"universal\" }",
            "{ \"color\" : \(CatalogBuilder.srgb("#111111")), \"idiom\" : \"universal\" }",
        ])
        let report = try audit(catalog)
        let duplicates = report.findings(AssetRule.entryDuplicate)
        #expect(duplicates.map { "\($0.asset!) \($0.location!)" } == ["dup images[1]", "twice colors[1]"])
        #expect(duplicates[0].message.contains("images[0]") && duplicates[0].message.contains("universal @2x"))
        let invalid = report.findings(AssetRule.entryInvalid)
        #expect(invalid.map(\.location) == ["images[0].idiom", "images[1].scale", "images[2].appearances[0]", "images[3].filename", "images[4].idiom"])
        #expect(invalid[0].message.contains("unknown idiom 'iphon'"))
        #expect(invalid[3].message.contains("is a path"))
    }

    /// A tvOS brand asset's App Store icon layer, as Xcode writes it (`tv-marketing`), is a valid
    /// slot; a file missing from it is found.
    @Test func testTVMarketingIdiom_isValid_andItsMissingFileFound() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write(try CatalogBuilder.png(width: 40, height: 24), to: "Front.imageset/front.png")
        try catalog.imageContents("Front", entries: [#"{ "filename" : "front.png", "idiom" : "tv-marketing" }"#])
        try catalog.imageContents("Back", entries: [#"{ "filename" : "back.png", "idiom" : "tv-marketing" }"#])
        let report = try audit(catalog)
        #expect(report.findings(AssetRule.entryInvalid).isEmpty)
        #expect(report.findings(AssetRule.fileMissing).map(\.asset) == ["Back"])
    }

    @Test func testGroupWithPeriodAndLinkOutside() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.group("Icons.v2")
        try catalog.imageSet("Icons.v2/star", points: 10)
        try directory.write(try CatalogBuilder.png(width: 20, height: 20), to: "outside/secret.png")
        try catalog.imageSet("linked", points: 10)
        try FileManager.default.removeItem(atPath: catalog.path + "/linked.imageset/linked@2x.png")
        try FileManager.default.createSymbolicLink(atPath: catalog.path + "/linked.imageset/linked@2x.png",
                                                   withDestinationPath: directory.path("outside/secret.png"))
        let report = try audit(catalog)
        let group = try #require(report.findings(AssetRule.groupName).first)
        #expect(group.file == "Test.xcassets/Icons.v2" && group.message.contains("'.v2'"))
        // The group's contents are still read.
        #expect(report.assets.map(\.name).contains("star"))
        let outside = try #require(report.findings(AssetRule.pathOutside).first)
        #expect(outside.file == "Test.xcassets/linked.imageset/linked@2x.png")
        // The refused file is not read, so the entry that names it points at nothing.
        #expect(report.findings(AssetRule.fileMissing).contains { $0.asset == "linked" })
    }
}

struct AssetImageTests {
    @Test func testDefaultScalesWarnWithoutRequirements() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.imageSet("only2x", points: 10, scales: [2])
        try catalog.imageSet("pad", points: 10, scales: [1], idiom: "ipad")
        try catalog.imageContents("empty", entries: [#"{ "idiom" : "universal", "scale" : "1x" }"#])
        let report = try audit(catalog)
        let missing = report.findings(AssetRule.scaleMissing)
        #expect(missing.map(\.asset) == ["empty", "only2x", "pad"])
        #expect(missing.allSatisfy { $0.severity == .warning })
        #expect(missing[1].message.contains("universal @3x"))
        #expect(missing[2].message.contains("ipad @2x"))
    }

    @Test func testSizesMustAgreeAcrossScales() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.imageSet("good", points: 44, scales: [1, 2, 3])
        try catalog.imageSet("bad", points: 44, scales: [1, 2, 3], pixels: [3: 130])
        try catalog.imageSet("no1x", points: 44, scales: [2, 3], pixels: [2: 87])
        let report = try audit(catalog)
        let sizes = report.findings(AssetRule.sizeInconsistent)
        #expect(sizes.map(\.file) == ["Test.xcassets/bad.imageset/bad@3x.png", "Test.xcassets/no1x.imageset/no1x@3x.png"])
        #expect(sizes[0].message.contains("130×130 px") && sizes[0].message.contains("132×132 px"))
        #expect(sizes[0].pixels == [130, 130, 132, 132])
        // @2x 87 px means @3x should be 130.5: 130 or 131 (either rounding of a fractional design), not 132.
        #expect(sizes[1].pixels == [132, 132, 130.5, 130.5])
        #expect(sizes[1].message.hasSuffix("it must be 130 or 131×130 or 131 px"))
    }

    /// Fractional sizes in points round either way, and no scale's rounding is carried into the
    /// others; what is truly wrong is still found, on the file that is wrong.
    @Test func testSizes_fractionalDesignsPass_wrongFilesAreFound() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.imageSet("half", points: 1, scales: [2, 3], pixels: [2: 77, 3: 116])        // 38.5 pt
        try catalog.imageSet("third", points: 1, scales: [1, 2, 3], pixels: [1: 25, 2: 49, 3: 74]) // 24.67 pt
        try catalog.imageSet("double", points: 44, scales: [1, 2, 3], pixels: [3: 264])        // @3x twice its size
        try catalog.imageSet("same", points: 1, scales: [2, 3], pixels: [2: 400, 3: 400])       // one file at both
        try catalog.imageSet("slot", points: 44, scales: [1, 2, 3], pixels: [1: 88])            // an @2x file in the 1x slot
        // An @1x of 48×44 px beside a 144×144 px @2x.
        try catalog.write(try CatalogBuilder.png(width: 48, height: 44), to: "odd.imageset/odd.png")
        try catalog.write(try CatalogBuilder.png(width: 144, height: 144), to: "odd.imageset/odd@2x.png")
        try catalog.imageContents("odd", entries: [#"{ "filename" : "odd.png", "idiom" : "universal", "scale" : "1x" }"#,
                                                   #"{ "filename" : "odd@2x.png", "idiom" : "universal", "scale" : "2x" }"#])
        let report = try audit(catalog)
        let sizes = report.findings(AssetRule.sizeInconsistent)
        #expect(sizes.map(\.file) == ["Test.xcassets/double.imageset/double@3x.png", "Test.xcassets/odd.imageset/odd@2x.png",
                                      "Test.xcassets/same.imageset/same@3x.png", "Test.xcassets/slot.imageset/slot@1x.png"])
        #expect(sizes.first?.message.hasSuffix("the @1x image is 44×44 px, so at @3x it must be 132×132 px") == true)
    }

    @Test func testAppIconSizesAndRequiredPointSize() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.write(try CatalogBuilder.png(width: 120, height: 120), to: "AppIcon.appiconset/icon-60@2x.png")
        try catalog.write(try CatalogBuilder.png(width: 170, height: 170), to: "AppIcon.appiconset/icon-83.5@2x.png")
        try catalog.imageContents("AppIcon", entries: [
            #"{ "filename" : "icon-60@2x.png", "idiom" : "iphone", "scale" : "2x", "size" : "60x60" }"#,
            #"{ "filename" : "icon-83.5@2x.png", "idiom" : "ipad", "scale" : "2x", "size" : "83.5x83.5" }"#,
            #"{ "idiom" : "iphone", "scale" : "3x", "size" : "sixty" }"#,
        ], kind: "appiconset")
        try catalog.imageSet("badge", points: 20, scales: [2, 3], pixels: [2: 44, 3: 66])
        let requirements = AssetRequirements(assets: [
            .init(name: "badge", kind: .image, scales: [2, 3], size: (20, 20)),
            .init(name: "AppIcon", kind: .appicon, idioms: ["iphone", "ipad"]),
        ])
        let report = try audit(catalog, requirements: requirements)
        let sizes = report.findings(AssetRule.sizeInconsistent)
        #expect(sizes.map(\.file) == ["Test.xcassets/AppIcon.appiconset/icon-83.5@2x.png", "Test.xcassets/badge.imageset/badge@2x.png",
                                      "Test.xcassets/badge.imageset/badge@3x.png"])
        #expect(sizes[0].message.contains("167×167 px"))
        #expect(sizes[1].message.contains("40×40 px") && sizes[1].message.contains("the requirements give 20×20 pt"))
        #expect(report.findings(AssetRule.entryInvalid).map(\.location) == ["images[2].size"])
    }

    @Test func testUndecodableAndMislabelledImages() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        let png = try CatalogBuilder.png(width: 20, height: 20)
        let jpeg = try JPEGEncoder.encode(width: 30, height: 30, components: .grey, samples: [UInt8](repeating: 128, count: 900))
        try catalog.write(Array(png.prefix(png.count - 30)), to: "cut.imageset/cut@2x.png")
        try catalog.write(jpeg, to: "cut.imageset/cut@3x.png")
        try catalog.write("not an image", to: "text.imageset/text@2x.png")
        try catalog.write("%PDF-1.4", to: "vector.imageset/vector.pdf")
        try catalog.imageContents("cut", entries: [
            #"{ "filename" : "cut@2x.png", "idiom" : "universal", "scale" : "2x" }"#,
            #"{ "filename" : "cut@3x.png", "idiom" : "universal", "scale" : "3x" }"#,
        ])
        try catalog.imageContents("text", entries: [#"{ "filename" : "text@2x.png", "idiom" : "universal" }"#])
        try catalog.imageContents("vector", entries: [#"{ "filename" : "vector.pdf", "idiom" : "universal" }"#])
        let report = try audit(catalog)
        let unreadable = report.findings(AssetRule.imageUnreadable)
        #expect(unreadable.map(\.file) == ["Test.xcassets/cut.imageset/cut@2x.png", "Test.xcassets/text.imageset/text@2x.png"])
        #expect(unreadable.map(\.unreadableCategory) == [.truncated, .notAnImage])
        let mismatch = try #require(report.findings(AssetRule.formatMismatch).first)
        #expect(mismatch.file == "Test.xcassets/cut.imageset/cut@3x.png" && mismatch.message.contains("holds JPEG data"))
        #expect(report.notes.contains { $0.contains("1 image file is not PNG or JPEG") })
    }
}

struct AssetColorTests {
    static func components(_ json: String, space: String = "srgb") throws -> (CatalogColor?, [InputIssue]) {
        let value = try JSONParser.parse(Array("{ \"color-space\" : \"\(space)\", \"components\" : \(json) }".utf8))
        let issues = IssueCollector(file: "c.json")
        let color = CatalogColorReader.read(ObjectReader(value, path: JSONPath().appending("color"), issues: issues)!)
        return (color, issues.issues)
    }

    @Test func testComponentNotationsAgree() throws {
        let forms = [
            #"{ "red" : "0xF7", "green" : "0x59", "blue" : "0x00", "alpha" : "1.000" }"#,
            #"{ "red" : "247", "green" : "89", "blue" : "0", "alpha" : "1" }"#,
            #"{ "red" : "0.96863", "green" : "0.34902", "blue" : "0.000", "alpha" : "1.000" }"#,
            #"{ "red" : 0.96863, "green" : 0.34902, "blue" : 0 }"#,
        ]
        for form in forms {
            let (color, issues) = try Self.components(form)
            #expect(issues.isEmpty, "\(form): \(issues)")
            guard case let .components(resolved)? = color else { Issue.record("\(form): no colour"); continue }
            #expect(resolved.hex == "#F75900", "\(form)")
        }
    }

    @Test func testInvalidComponentsAndSpaces() throws {
        let (_, outOfRange) = try Self.components(#"{ "red" : "1.5", "green" : "300", "blue" : "0x1FF", "alpha" : "2" }"#)
        #expect(outOfRange.map(\.location) == ["color.components.red", "color.components.green", "color.components.blue", "color.components.alpha"])
        #expect(outOfRange.allSatisfy { $0.message.contains("out of range") })
        let (_, missing) = try Self.components(#"{ "red" : "0.5", "green" : "0.5", "alpha" : "1" }"#)
        #expect(missing.map(\.location) == ["color.components.blue"])
        let (_, unknown) = try Self.components(#"{ "red" : "0.5" }"#, space: "cmyk")
        #expect(unknown.first?.message.contains("unknown colour space 'cmyk'") == true)
        // Extended sRGB may leave 0…1; the colour is clipped, not rejected.
        let (extended, noIssues) = try Self.components(#"{ "red" : "1.2", "green" : "-0.1", "blue" : "0.5" }"#, space: "extended-srgb")
        #expect(noIssues.isEmpty)
        guard case let .components(resolved)? = extended else { Issue.record("no colour"); return }
        #expect(resolved.clipped && resolved.hex == "#FF0080")
    }

    @Test func testDisplayP3AndGreyConvertToSRGB() throws {
        let (p3, _) = try Self.components(#"{ "red" : "1.000", "green" : "0.000", "blue" : "0.000" }"#, space: "display-p3")
        guard case let .components(red)? = p3 else { Issue.record("no colour"); return }
        // P3 red lies outside sRGB: it clips to sRGB red.
        #expect(red.clipped && red.hex == "#FF0000")
        let (grey, _) = try Self.components(#"{ "white" : "0.5", "alpha" : "1.000" }"#, space: "gray-gamma-22")
        guard case let .components(mid)? = grey else { Issue.record("no colour"); return }
        // 0.5 ^ 2.2 = 0.2176 linear, which sRGB encodes as 0.5029 → 128.
        #expect(mid.hex == "#808080" && !mid.clipped)
    }

    @Test func testColorSetFindingsInCatalog() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.colorContents("bad", entries: [
            #"{ "color" : { "color-space" : "srgb", "components" : { "red" : "0x100", "green" : "0", "blue" : "0" } }, "idiom" : "universal" }"#,
            #"{ "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "color" : { "color-space" : "lab", "components" : { } }, "idiom" : "universal" }"#,
        ])
        let report = try audit(catalog)
        #expect(report.findings(AssetRule.colorInvalid).map(\.location) == ["colors[0].color.components.red", "colors[1].color.color-space"])
    }
}

struct AssetRequirementTests {
    @Test func testRequiredAssetsIdiomsAppearancesAndScales() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.imageSet("hero", points: 10, scales: [2])
        try catalog.colorSet("ink", any: "#000000")
        let requirements = AssetRequirements(assets: [
            .init(name: "hero", kind: .image, scales: [2, 3], appearances: [.any, Appearance(luminosity: "dark")]),
            .init(name: "ink", kind: .color, appearances: [.any, Appearance(luminosity: "dark")]),
            .init(name: "logo", kind: .image, scales: [2, 3]),
            .init(name: "hero-color", kind: .color),
        ])
        try catalog.imageSet("hero-color", points: 4)
        let report = try audit(catalog, requirements: requirements)
        let required = report.findings(AssetRule.requiredMissing)
        #expect(required.map(\.asset) == ["hero-color", "hero", "ink", "logo"])
        #expect(required[3].file == "req.json" && required[3].location == "assets.logo")
        #expect(required[0].message.contains("is an image set; the requirements need a colour set"))
        #expect(required[1].message.contains("no image for universal, dark"))
        #expect(required[2].message.contains("no colour for universal, dark"))
        let scales = report.findings(AssetRule.scaleMissing)
        #expect(scales.count == 1 && scales[0].severity == .error && scales[0].message.contains("no @3x image for universal"))
    }

    @Test func testLoaderRejectsUnknownFieldsAndValues() {
        let text = """
        { "schemaVersion": 2, "defaults": { "scales": ["4x"] },
          "assets": { "a": { "type": "picture", "apperances": ["dark"] }, "b": { "type": "color", "scales": ["2x"] },
                      "c": { "type": "image", "appearances": ["dusk"], "idioms": ["phone"] } },
          "colorPairs": [ { "foreground": "a", "background": "b", "text": "huge", "minimumRatio": 30 }, { "foreground": "a" } ] }
        """
        let result = AssetRequirementsLoader().parse(Array(text.utf8), file: "req.json")
        #expect(result.requirements == nil)
        let places = result.issues.map(\.location)
        for place in ["schemaVersion", "defaults.scales[0]", "assets.a.apperances", "assets.a.type", "assets.b.scales",
                      "assets.c.idioms[0]", "assets.c.appearances[0]", "colorPairs[0].text", "colorPairs[0].minimumRatio",
                      "colorPairs[1].background"] {
            #expect(places.contains(place), "\(place) not in \(places)")
        }
        #expect(result.issues.allSatisfy { $0.file == "req.json" })
    }

    @Test func testLoaderReadsDefaults() throws {
        let text = """
        { "schemaVersion": 1, "defaults": { "scales": ["3x"] },
          "assets": { "a": { "type": "image", "size": { "width": 44, "height": 44 } }, "b": { "type": "color", "appearances": ["any", "dark"] } },
          "colorPairs": [ { "foreground": "b", "background": "b", "appearances": ["dark"], "text": "non-text" } ] }
        """
        let requirements = try #require(AssetRequirementsLoader().parse(Array(text.utf8), file: "req.json").requirements)
        #expect(requirements.defaultScales == [3])
        #expect(requirements.assets[0].scales == [3] && requirements.assets[0].idioms == ["universal"])
        #expect(requirements.assets[0].size?.width == 44)
        #expect(requirements.assets[1].appearances == [.any, Appearance(luminosity: "dark")])
        #expect(requirements.colorPairs[0].minimumRatio == 3 && requirements.colorPairs[0].use == .nonText)
    }
}

struct AssetProvenanceTests {
    static func entry(_ status: AssetProvenance.AuthoringStatus, _ quality: AssetProvenance.SourceQuality, risks: [String] = []) -> AssetProvenance {
        AssetProvenance(source: "artist", authoringStatus: status, sourceQuality: quality, knownRisks: risks)
    }

    @Test func testEveryAssetNeedsProvenanceAndPlaceholdersBlockARelease() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.imageSet("final", points: 10)
        try catalog.imageSet("temp", points: 10)
        try catalog.imageSet("blurry", points: 10)
        try catalog.imageSet("orphan", points: 10)
        let provenance = ProvenanceDocument(assets: [
            "final": Self.entry(.final, .vector),
            "temp": Self.entry(.placeholder, .highRes, risks: ["stock photo licence unclear"]),
            "blurry": Self.entry(.draft, .upscaled, risks: ["upscaled 4x from the web mock"]),
            "renamed": Self.entry(.final, .vector),
        ])
        let requirements = AssetRequirements(assets: [.init(name: "final", kind: .image, scales: [2, 3]), .init(name: "ghost", kind: .image)])
        let draft = try audit(catalog, requirements: requirements, provenance: provenance)
        // Sorted by file: the catalog's own asset first, then the required one (named by the provenance file).
        #expect(draft.findings(AssetRule.provenanceMissing).map(\.asset) == ["orphan", "ghost"])
        let placeholder = try #require(draft.findings(AssetRule.placeholder).first)
        #expect(placeholder.severity == .warning && placeholder.message.contains("stock photo licence unclear"))
        let quality = try #require(draft.findings(AssetRule.sourceQuality).first)
        #expect(quality.asset == "blurry" && quality.severity == .warning && quality.message.contains("upscaled 4x from the web mock"))
        let unused = try #require(draft.findings(AssetRule.provenanceUnused).first)
        #expect(unused.asset == "renamed" && unused.severity == .info && unused.file == "prov.json")
        #expect(draft.assets.first { $0.name == "temp" }?.provenance == "placeholder, high-res; known risk: stock photo licence unclear")

        let release = try audit(catalog, requirements: requirements, provenance: provenance, release: true)
        #expect(release.findings(AssetRule.placeholder).first?.severity == .error)
        #expect(release.summary.provenanceChecked)
    }
}

struct AssetColorPairTests {
    static func pairs(_ build: (CatalogBuilder) throws -> Void, _ pairs: [AssetRequirements.ColorPair]) throws -> AssetReport {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try build(catalog)
        return try audit(catalog, requirements: AssetRequirements(colorPairs: pairs))
    }

    @Test func testContrastEitherSideOfTheMinimum() throws {
        let light = Appearance(luminosity: "light"), dark = Appearance(luminosity: "dark")
        let report = try Self.pairs({ catalog in
            try catalog.colorSet("grey-fail", any: "#777777")
            try catalog.colorSet("grey-pass", any: "#767676")
            try catalog.colorSet("panel", any: "#FFFFFF", dark: "#000000")
        }, [
            .init(foreground: "grey-fail", background: "panel", appearances: [light, dark], index: 0),
            .init(foreground: "grey-pass", background: "panel", appearances: [light], index: 1),
        ])
        #expect(report.colorPairs.map(\.status) == [.fail, .pass, .pass])
        // #777777 on white is 4.478:1; #767676 is 4.542:1; on the dark panel #777777 has 4.689:1
        // (cut to hundredths, never rounded: see RatioDisplay).
        #expect(report.colorPairs.map(\.ratio) == [4.47, 4.68, 4.54])
        let finding = try #require(report.findings(AssetRule.colorContrast).first)
        #expect(report.findings(AssetRule.colorContrast).count == 1)
        #expect(finding.file == "Test.xcassets/grey-fail.colorset/Contents.json" && finding.location == "colors[0]")
        #expect(finding.message == "grey-fail #777777 on panel #FFFFFF in light: 4.47:1, needs 4.5:1 (normal text)")
    }

    @Test func testRatioJustUnderTheMinimumReadsUnderItEverywhere() throws {
        // #EB171B on white is 4.49600:1 — rounded to nearest it would read "4.50:1, needs 4.5:1"
        // while failing; cut to hundredths it reads 4.49 in every output.
        let report = try Self.pairs({ catalog in
            try catalog.colorSet("red", any: "#EB171B")
            try catalog.colorSet("paper", any: "#FFFFFF")
        }, [.init(foreground: "red", background: "paper", index: 0)])
        #expect(report.colorPairs.map(\.status) == [.fail])
        #expect(report.colorPairs.map(\.ratio) == [4.49])
        let finding = try #require(report.findings(AssetRule.colorContrast).first)
        #expect(finding.message == "red #EB171B on paper #FFFFFF in light: 4.49:1, needs 4.5:1 (normal text)")
        guard case let .colorContrast(.tooLow(contrast)) = finding.measured else { Issue.record("\(finding.measured)"); return }
        #expect(RatioDisplay.hundredths(contrast.ratio) == 4.49 && contrast.ratio > 4.49 && contrast.ratio < 4.5)
        #expect([contrast.foregroundColor, contrast.backgroundColor, contrast.appearance.description] == ["#EB171B", "#FFFFFF", "light"])
        #expect(AssetMarkdownReporter.render(report).contains("| light | normal | 4.49:1 | 4.5:1 | fail |"))
        #expect(JUnitReporter.render(report, failOn: .error).contains("4.49:1"))
        let sarif = String(decoding: try SARIFReporter.render(report), as: UTF8.self)
        #expect(sarif.contains("4.49:1") && !sarif.contains("4.50:1"))
    }

    @Test func testDarkUsesItsOwnEntryAndFallsBackToAny() throws {
        let dark = Appearance(luminosity: "dark")
        let report = try Self.pairs({ catalog in
            try catalog.colorSet("text", any: "#111111", dark: "#EEEEEE")
            try catalog.colorSet("panel", any: "#FFFFFF", dark: "#1C1C1E")
            try catalog.colorSet("fixed", any: "#222222")
        }, [
            .init(foreground: "text", background: "panel", appearances: [dark], index: 0),
            .init(foreground: "fixed", background: "panel", appearances: [dark], use: .large, index: 1),
        ])
        #expect(report.colorPairs[0].foregroundColor == "#EEEEEE" && report.colorPairs[0].backgroundColor == "#1C1C1E")
        #expect(report.colorPairs[0].status == .pass)
        // "fixed" has no dark entry, so dark mode shows #222222 on #1C1C1E: far below 3:1.
        #expect(report.colorPairs[1].foregroundColor == "#222222" && report.colorPairs[1].status == .fail)
        #expect(report.colorPairs[1].minimumRatio == 3)
    }

    @Test func testTranslucentSystemAndMissingColours() throws {
        let report = try Self.pairs({ catalog in
            try catalog.colorSet("half", any: "#000000", alpha: "0.500")
            try catalog.colorSet("white", any: "#FFFFFF")
            try catalog.colorContents("tint", entries: [#"{ "color" : { "platform" : "ios", "reference" : "systemBlueColor" }, "idiom" : "universal" }"#])
        }, [
            .init(foreground: "half", background: "white", index: 0),
            .init(foreground: "tint", background: "white", index: 1),
            .init(foreground: "nowhere", background: "white", index: 2),
        ])
        // Black at 50 % over white blends to mid-grey (sRGB 127.5 of 255): 3.979:1, shown as 3.97.
        #expect(report.colorPairs[0].ratio == 3.97 && report.colorPairs[0].status == .fail)
        #expect(report.colorPairs[1].status == .notRun && report.colorPairs[1].reason?.contains("systemBlueColor") == true)
        #expect(report.findings.contains { $0.rule == AssetRule.colorContrast && $0.severity == .info && $0.message.contains("systemBlueColor") })
        let missing = try #require(report.findings.first { $0.location == "colorPairs[2].foreground" })
        #expect(missing.severity == .error && missing.message.contains("'nowhere' is not a colour set"))
        #expect(report.colorPairs[2].status == .notRun)
    }
}

struct AssetReportTests {
    @Test func testReportsAreDeterministic() throws {
        let directory = try TemporaryDirectory()
        let catalog = try CatalogBuilder(in: directory)
        try catalog.imageSet("b", points: 10, scales: [2])
        try catalog.imageSet("a", points: 10, pixels: [3: 27])
        try catalog.colorSet("ink", any: "#777777")
        try catalog.colorSet("paper", any: "#FFFFFF")
        let requirements = AssetRequirements(colorPairs: [.init(foreground: "ink", background: "paper")])
        let first = try audit(catalog, requirements: requirements)
        let second = try audit(catalog, requirements: requirements)
        #expect(try JSONText.encode(first) == JSONText.encode(second))
        #expect(AssetMarkdownReporter.render(first) == AssetMarkdownReporter.render(second))
        #expect(try SARIFReporter.render(first) == SARIFReporter.render(second))
        let markdown = AssetMarkdownReporter.render(first)
        #expect(markdown.contains("**Failed**"))
        #expect(markdown.contains("| `ink` #777777 | `paper` #FFFFFF | light | normal | 4.47:1 | 4.5:1 | fail |"))
        let junit = JUnitReporter.render(first, failOn: .error)
        #expect(junit.contains("name=\"contrast ink on paper (light)\"><failure"))
        #expect(junit.contains("<testcase classname=\"Test.xcassets\" name=\"a\"><failure"))
    }
}

struct AssetContentsParserTests {
    @Test func testParsesBytesWithoutTheFileSystem() throws {
        let bytes = Array(try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/catalog/appiconset.json").path, encoding: .utf8).utf8)
        let empty = CatalogAsset(name: "AppIcon", kind: .appicon, path: "A.xcassets/AppIcon.appiconset")
        let result = AssetContentsParser.parse(bytes, asset: empty)
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.referenced == ["icon-60@2x.png", "icon-83.5@2x.png", "dark.png"])
        #expect(result.asset.images.map(\.slotDescription) == ["iphone 60x60 @2x", "ipad 83.5x83.5 @2x", "universal 1024x1024, dark, platform=ios",
                                                               "universal 1024x1024, tinted, platform=ios"])
        let broken = AssetContentsParser.parse(Array("{\"images\": 3}".utf8), asset: empty)
        #expect(!broken.asset.contentsReadable && broken.findings.map(\.location) == ["images"])
        let notJSON = AssetContentsParser.parse(Array("{\"images\": [".utf8), asset: empty)
        #expect(notJSON.findings.first?.rule == AssetRule.contentsMalformed && notJSON.findings.first?.file == "A.xcassets/AppIcon.appiconset/Contents.json")
    }
}

/// The review page's thumbnail names: readable, unique and stable.
struct AssetPreviewNameTests {
    @Test func testNamesAreUniqueAndStable() {
        let files = ["App.xcassets/Icons/star.imageset/star@2x.png", "App.xcassets/Icons-star.imageset/star@2x.png",
                     "App.xcassets/Photos/beach.imageset/beach day.jpg"]
        let names = AssetHTMLReporter.previewNames(for: files)
        #expect(names[files[0]] == "Icons-star.imageset-star@2x~2.png")
        #expect(names[files[1]] == "Icons-star.imageset-star@2x.png")
        #expect(names[files[2]] == "Photos-beach.imageset-beach-day.jpg.png")
        #expect(AssetHTMLReporter.previewNames(for: files.reversed()) == names)
    }
}
