import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Real catalogs of tvOS, watchOS and visionOS apps (Fixtures/catalogs; the README there names each
/// file's repository, commit and licence): their Contents.json files as the apps keep them, and
/// every image they name written by the test as a PNG of the pixel size its slot asks. A correct
/// catalog gives no finding; a file taken from a slot is found, and nothing else is reported.
struct RealAssetCatalogTests {
    /// The catalog `name` copied into `directory`, every file its Contents.json files name
    /// (`images` and a mipmap set's `levels`) written as a PNG at `pixels(folder:entry:)`.
    static func catalog(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/catalogs/\(name)").path
        let target = directory.path(name)
        let files = try #require(FileManager.default.subpaths(atPath: source)).filter { ($0 as NSString).lastPathComponent == "Contents.json" }
        for file in files.sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: source + "/" + file))
            try directory.write(Array(data), to: name + "/" + file)
            let folder = (file as NSString).deletingLastPathComponent
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for entry in ((object["images"] as? [[String: Any]]) ?? []) + ((object["levels"] as? [[String: Any]]) ?? []) {
                guard let filename = entry["filename"] as? String else { continue }
                let size = try pixels(folder: folder, entry: entry, catalog: source)
                try directory.write(try CatalogBuilder.png(width: size.width, height: size.height), to: "\(name)/\(folder)/\(filename)")
            }
        }
        return target
    }

    /// The pixel size a slot asks, in points × scale: an app icon's own `size`; a brand asset
    /// member's, the `size` its container gives it (an image stack's layers: their stack's);
    /// a visionOS icon layer 512 pt (1024 px at @2x, Apple HIG: App icons); a complication image the
    /// size its file name gives (Loop's `Icon-Complication-16x16@2x.png`); anything else 32 pt.
    static func pixels(folder: String, entry: [String: Any], catalog: String) throws -> (width: Int, height: Int) {
        let scale = Double((entry["scale"] as? String)?.dropLast() ?? "1") ?? 1
        func points(_ text: String) -> (Double, Double)? {
            let parts = text.split(separator: "x").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        var size: (Double, Double)? = (entry["size"] as? String).flatMap(points)
        // The nearest container that lists one of the folders above this one with a size.
        var components = folder.split(separator: "/").map(String.init)
        while size == nil, components.count > 1 {
            let member = components.removeLast()
            let contents = catalog + "/" + components.joined(separator: "/") + "/Contents.json"
            guard let data = FileManager.default.contents(atPath: contents),
                  let assets = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["assets"] as? [[String: Any]] else { continue }
            size = assets.first { $0["filename"] as? String == member }.flatMap { ($0["size"] as? String).flatMap(points) }
        }
        if size == nil, folder.contains(".solidimagestacklayer/") { size = (512, 512) }
        if size == nil, let name = entry["filename"] as? String, let match = name.firstMatch(of: /(\d+)x(\d+)@\dx/) {
            size = points("\(match.1)x\(match.2)")
        }
        let (width, height) = size ?? (32, 32)
        return (Int((width * scale).rounded()), Int((height * scale).rounded()))
    }

    static func audit(_ path: String) throws -> AssetReport {
        try AssetAuditor().audit(AssetAuditor.Inputs(catalogPath: path))
    }

    /// Each finding as "rule asset location", to compare whole reports.
    static func summary(_ report: AssetReport) -> [String] {
        report.findings.map { "\($0.rule) \($0.asset ?? "-") \($0.location ?? "-")" }
    }

    /// Xcode's tvOS template as sentry-cocoa keeps it: brand assets with both primary app icons
    /// (`App Icon - App Store`, 1280 × 768, whose layers are one unscaled `tv` slot, and `App Icon`,
    /// 400 × 240, @1x and @2x) and both top shelf images, whose slots are `tv` and `tv-marketing`
    /// at @1x and @2x. Every slot is valid, none is filled, nothing is missing.
    @Test func testTVOSTemplate_everySlotXcodeWritesIsValid() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.catalog("tvOS-template.xcassets", in: directory)
        let report = try Self.audit(path)
        #expect(report.findings.isEmpty, "\(report.findings)")
        let catalog = try AssetCatalogReader().read(path: path).catalog
        let brand = "App Icon & Top Shelf Image"
        #expect(catalog.assets.count == 17)
        let wide = try #require(catalog.asset(named: "\(brand)/Top Shelf Image Wide"))
        #expect(wide.images.map(\.slotDescription) == ["tv @1x", "tv @2x", "tv-marketing @1x", "tv-marketing @2x"])
        #expect(catalog.asset(named: "\(brand)/App Icon - App Store/Back/Content")?.images.map(\.slotDescription) == ["tv"])
        #expect(catalog.asset(named: "\(brand)/App Icon/Middle/Content")?.container == brand)
        #expect(ImageSetRules.Platform.of(catalog) == .tvOS)
    }

    /// iCookTV's brand assets (bcylin/Try-tvOS): image stacks of three layers, the large one's
    /// layers @1x alone beside an empty @2x slot, the small one's @1x and @2x, and both top shelf
    /// images at both scales. Clean, then a small-icon layer's @2x file is taken away: that one
    /// file is found missing, in that layer's image set, and nothing else is reported.
    @Test func testTVOSBrandAssets_areValid_andAMissingLayerFileIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.catalog("tvOS-iCookTV.xcassets", in: directory)
        #expect(try Self.audit(path).findings.isEmpty)
        let brand = "App Icon & Top Shelf Image"
        let layer = "\(brand).brandassets/App Icon - Small.imagestack/Middle.imagestacklayer/Content.imageset"
        try FileManager.default.removeItem(atPath: path + "/\(layer)/icook-tvOS-small-icon-2@2x.png")
        let report = try Self.audit(path)
        #expect(Self.summary(report) == ["asset.file-missing \(brand)/App Icon - Small/Middle/Content images[1].filename"])
        let missing = try #require(report.findings.first)
        #expect(missing.severity == .error && missing.file == "tvOS-iCookTV.xcassets/\(layer)/Contents.json")
        #expect(missing.measured == .fileMissing(.absent(named: "icook-tvOS-small-icon-2@2x.png", folder: "tvOS-iCookTV.xcassets/\(layer)")))
    }

    /// Loop's watch app icon (LoopKit/Loop): `watch` slots with a `role` (notificationCenter,
    /// companionSettings, appLauncher, quickLook) and a `subtype` (38mm, 42mm) at 27.5 pt among
    /// others, and the 1024 × 1024 `watch-marketing` icon; its complication set's image sets have
    /// a `screen-width` per slot. Every size is judged against points × scale and passes; then the
    /// 42 mm quick-look icon is taken away and that slot alone is reported.
    @Test func testWatchOSIconAndComplications_areValid_andAMissingIconFileIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.catalog("watchOS-Loop.xcassets", in: directory)
        #expect(try Self.audit(path).findings.isEmpty)
        let catalog = try AssetCatalogReader().read(path: path).catalog
        #expect(ImageSetRules.Platform.of(catalog) == .watchOS)
        #expect(catalog.asset(named: "AppIcon")?.images.map(\.slotDescription).last == "watch-marketing 1024x1024 @1x")
        #expect(catalog.asset(named: "AppIcon")?.images[1].slotDescription == "watch 27.5x27.5 @2x, role=notificationCenter, subtype=42mm")
        #expect(catalog.asset(named: "Complication/Modular")?.images.map(\.qualifiers)
            == [["screen-width=<=145"], ["screen-width=>161"], ["screen-width=>145"], ["screen-width=>183"]])
        try FileManager.default.removeItem(atPath: path + "/AppIcon.appiconset/42mm Short Look.png")
        let report = try Self.audit(path)
        #expect(Self.summary(report) == ["asset.file-missing AppIcon images[6].filename"])
        #expect(report.findings.first?.message == "'42mm Short Look.png' is named here but is not in watchOS-Loop.xcassets/AppIcon.appiconset")
        // A wrong size in such a slot is still judged: 98 pt at @2x is 196 px.
        try directory.write(try CatalogBuilder.png(width: 180, height: 180), to: "watchOS-Loop.xcassets/AppIcon.appiconset/42mm Short Look.png")
        #expect(Self.summary(try Self.audit(path)) == ["asset.size-inconsistent AppIcon -"])
    }

    /// Backyard Birds' watch app icon (apple/sample-backyard-birds): Xcode 14's single-size form,
    /// one 1024 × 1024 `universal` image with `"platform" : "watchos"`. The catalog is a watch
    /// app's, so a `universal` image set at @2x alone (as a watch app's images are) is complete;
    /// it was read as iOS's and asked for @3x. The icon's file taken away is found.
    @Test func testSingleSizeWatchIcon_makesTheCatalogAWatchApps_andItsMissingFileIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.catalog("watchOS-BackyardBirds.xcassets", in: directory)
        #expect(try Self.audit(path).findings.isEmpty)
        #expect(ImageSetRules.Platform.of(try AssetCatalogReader().read(path: path).catalog) == .watchOS)
        let catalog = try CatalogBuilder(in: directory, name: "watchOS-BackyardBirds.xcassets", rootContents: false)
        try catalog.imageSet("seed", points: 20, scales: [2])
        #expect(try Self.audit(path).findings.isEmpty)
        try FileManager.default.removeItem(atPath: path + "/AppIcon.appiconset/Backyard Birds Icon - watchOS.png")
        #expect(Self.summary(try Self.audit(path)) == ["asset.file-missing AppIcon images[0].filename"])
    }

    /// ALVR's visionOS catalog (alvr-org/alvr-visionos): the app icon is a solid image stack of
    /// Back, Middle and Front layers (`.solidimagestacklayer`), each an image set with one `vision`
    /// @2x image, and a texture set keeps its levels in a `.mipmapset`. None of those folders is a
    /// missing file, and the `vision` idiom makes the catalog a visionOS app's: its logo, an image
    /// set with @1x alone, is asked for @2x only, as visionOS draws it (it was asked for @2x and @3x
    /// as on iOS). Then the middle layer's image is taken away and found.
    @Test func testVisionOSSolidImageStack_isValid_andAMissingLayerFileIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.catalog("visionOS-ALVR.xcassets", in: directory)
        let clean = try Self.audit(path)
        #expect(Self.summary(clean) == ["asset.scale-missing alvr_combined_logo_hq_light images"])
        #expect(clean.findings.first?.message
            == "no image for universal @2x (visionOS needs @2x by default; visionOS scales the @1x image up instead, and it blurs)")
        let catalog = try AssetCatalogReader().read(path: path).catalog
        #expect(ImageSetRules.Platform.of(catalog) == .visionOS)
        #expect(catalog.assets.map(\.name).filter { $0.hasPrefix("AppIcon/") }
            == ["AppIcon/Back", "AppIcon/Back/Content", "AppIcon/Front", "AppIcon/Front/Content", "AppIcon/Middle", "AppIcon/Middle/Content"])
        #expect(catalog.asset(named: "ColorMap/Universal") != nil)
        let layer = "AppIcon.solidimagestack/Middle.solidimagestacklayer/Content.imageset"
        try FileManager.default.removeItem(atPath: path + "/\(layer)/Middle7.png")
        #expect(Self.summary(try Self.audit(path))
            == ["asset.file-missing AppIcon/Middle/Content images[0].filename", "asset.scale-missing alvr_combined_logo_hq_light images"])
        // The mipmap set's level is a file it names, and found missing too.
        try FileManager.default.removeItem(atPath: path + "/ColorMap.textureset/Universal.mipmapset/ColorMap.png")
        #expect(try Self.audit(path).findings.contains { $0.rule == AssetRule.fileMissing && $0.asset == "ColorMap/Universal" && $0.location == "levels[0].filename" })
    }

    /// One app built for iOS, tvOS and visionOS keeps each platform's icon under one name
    /// (`AppIcon.appiconset`, `AppIcon.brandassets`, `AppIcon.solidimagestack`, as
    /// SilverMane69/Meowbah_iOS does): no duplicate. Two icons of one platform under one name are.
    @Test func testOneAppIconPerPlatformUnderOneName_isNoDuplicate() throws {
        let directory = try TemporaryDirectory()
        let tv = try Self.catalog("tvOS-template.xcassets", in: directory)
        let vision = try Self.catalog("visionOS-ALVR.xcassets", in: directory)
        let watch = try Self.catalog("watchOS-BackyardBirds.xcassets", in: directory)
        let manager = FileManager.default
        try manager.moveItem(atPath: watch + "/AppIcon.appiconset", toPath: vision + "/AppIcon.appiconset")
        try manager.moveItem(atPath: tv + "/App Icon & Top Shelf Image.brandassets", toPath: vision + "/AppIcon.brandassets")
        #expect(try Self.audit(vision).findings.filter { $0.rule == AssetRule.entryDuplicate }.isEmpty)
        try manager.createDirectory(atPath: vision + "/Spare", withIntermediateDirectories: false)
        try manager.copyItem(atPath: vision + "/AppIcon.solidimagestack", toPath: vision + "/Spare/AppIcon.solidimagestack")
        let duplicates = try Self.audit(vision).findings.filter { $0.rule == AssetRule.entryDuplicate }
        #expect(duplicates.map(\.file) == ["visionOS-ALVR.xcassets/Spare/AppIcon.solidimagestack"])
    }
}
