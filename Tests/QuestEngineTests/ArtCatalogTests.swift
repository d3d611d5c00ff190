import ColorScience
import Foundation
import Imaging
@testable import QuestEngine
import ScreenAuditKit
import Testing

/// The asset catalog: committed files equal the generator's, images are exactly 2× and 3× their
/// point size, names agree with the art list and its provenance, the art is the art on screen,
/// and the declared colour pairs keep their contrast.
struct ArtCatalogTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let assets = root.appendingPathComponent("Assets")
    static var recording: Bool { ProcessInfo.processInfo.environment["SCREENAUDIT_RECORD_GOLDEN"] == "1" }

    /// The generated catalog, once per process: encoding every PNG at zlib level 9 takes a while.
    static let generated: [(path: String, contents: [UInt8])] = (try? QuestArtCatalog.files()) ?? []

    static func generatedFile(_ path: String) -> [UInt8]? { generated.first { $0.path == path }?.contents }

    // MARK: - Committed files

    @Test func testCommittedAssets_equalTheGeneratedCatalog() throws {
        let files = try QuestArtCatalog.files()
        let requirements = QuestArtCatalog.requirements()
        let catalog = Self.assets.appendingPathComponent(QuestArtCatalog.catalogName)
        let requirementsURL = Self.assets.appendingPathComponent(QuestArtCatalog.requirementsFileName)
        if Self.recording {
            // Rewritten from scratch, so an asset dropped from the art list leaves no file behind.
            try? FileManager.default.removeItem(at: catalog)
            for file in files {
                let url = Self.assets.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url)
            }
            try Data(requirements).write(to: requirementsURL)
            return
        }
        let committed = try Self.committedFiles(in: catalog).map { "\(QuestArtCatalog.catalogName)/\($0)" }
        let expected = files.map(\.path)
        #expect(committed == expected, """
            Assets/\(QuestArtCatalog.catalogName) has other files than the generator writes \
            (missing: \(Set(expected).subtracting(committed).sorted()), extra: \(Set(committed).subtracting(expected).sorted())); \
            re-record with SCREENAUDIT_RECORD_GOLDEN=1
            """)
        // JSON byte for byte; PNGs by their decoded pixels, since the compressed bytes also
        // depend on the zlib version (Homebrew's and Debian's differ).
        let stale = files.filter { file in
            guard let committed = try? Data(contentsOf: Self.assets.appendingPathComponent(file.path)) else { return true }
            guard file.path.hasSuffix(".png") else { return Array(committed) != file.contents }
            let decoder = ImageDecoder()
            return (try? decoder.decode(committed, file: file.path).pixels) != (try? decoder.decode(Data(file.contents), file: file.path).pixels)
        }
        #expect(stale.isEmpty, """
            \(stale.count) file(s) differ from the generator, first \(stale.first?.path ?? ""); \
            re-record with SCREENAUDIT_RECORD_GOLDEN=1
            """)
        #expect((try? Data(contentsOf: requirementsURL)).map(Array.init) == requirements,
                "Assets/\(QuestArtCatalog.requirementsFileName) is out of date; re-record with SCREENAUDIT_RECORD_GOLDEN=1")
    }

    /// Regular files under `folder`, relative and sorted, hidden files (a Finder `.DS_Store`) left out.
    static func committedFiles(in folder: URL) throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            return !path.split(separator: "/").contains { $0.hasPrefix(".") }
                && FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    @Test func testGeneration_isDeterministic() throws {
        let first = try QuestArtCatalog.files(), second = try QuestArtCatalog.files()
        #expect(first.map(\.path) == second.map(\.path))
        #expect(first.map(\.contents) == second.map(\.contents))
        #expect(QuestArtCatalog.requirements() == QuestArtCatalog.requirements())
    }

    // MARK: - Format

    /// Xcode's own format, byte for byte: sorted keys, `"key" : value`, an empty 1x slot.
    @Test func testContentsJSON_isWrittenAsXcodeWritesIt() throws {
        let root = try #require(Self.generatedFile("QuestArt.xcassets/Contents.json"))
        #expect(String(decoding: root, as: UTF8.self) == """
            {
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
        #expect(Self.generatedFile("QuestArt.xcassets/Relics/Contents.json") == root, "groups carry info only, no namespace")
        let imageSet = try #require(Self.generatedFile("QuestArt.xcassets/Icons/mark-of-z.imageset/Contents.json"))
        #expect(String(decoding: imageSet, as: UTF8.self) == """
            {
              "images" : [
                {
                  "idiom" : "universal",
                  "scale" : "1x"
                },
                {
                  "filename" : "mark-of-z@2x.png",
                  "idiom" : "universal",
                  "scale" : "2x"
                },
                {
                  "filename" : "mark-of-z@3x.png",
                  "idiom" : "universal",
                  "scale" : "3x"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
        let surface = try #require(Self.generatedFile("QuestArt.xcassets/Colors/surface.colorset/Contents.json"))
        #expect(String(decoding: surface, as: UTF8.self) == """
            {
              "colors" : [
                {
                  "color" : {
                    "color-space" : "srgb",
                    "components" : {
                      "alpha" : "1.000",
                      "blue" : "0x2E",
                      "green" : "0x16",
                      "red" : "0x1B"
                    }
                  },
                  "idiom" : "universal"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "color" : {
                    "color-space" : "srgb",
                    "components" : {
                      "alpha" : "1.000",
                      "blue" : "0x0C",
                      "green" : "0x07",
                      "red" : "0x07"
                    }
                  },
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
        let accent = try #require(Self.generatedFile("QuestArt.xcassets/Colors/accent.colorset/Contents.json"))
        #expect(!String(decoding: accent, as: UTF8.self).contains("appearances"), "accent has one appearance")
    }

    @Test func testGroups_areFlatFoldersWithoutPeriods() {
        let groups = Set(Self.generated.map { $0.path.split(separator: "/") }.filter { $0.count == 3 }.map { String($0[1]) })
        #expect(groups == ["Relics", "Thumbnails", "Icons", "Colors"])
        #expect(groups.allSatisfy { !$0.contains(".") })
        let jsonFiles = Self.generated.filter { $0.path.hasSuffix(".json") }
        #expect(jsonFiles.allSatisfy { !String(decoding: $0.contents, as: UTF8.self).contains("provides-namespace") })
    }

    // MARK: - Names

    @Test func testCatalogNames_equalTheArtListAndItsProvenance() throws {
        func names(_ suffix: String) -> [String] {
            Self.generated.compactMap { file in
                file.path.split(separator: "/").first { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }
            }
        }
        let images = Set(names(".imageset")), colors = Set(names(".colorset"))
        #expect(images == Set(QuestArt.assetNames))
        #expect(colors == Set(QuestArt.colorNames))
        #expect(QuestArt.assetNames == QuestArt.assetNames.sorted() && QuestArt.colorNames == QuestArt.colorNames.sorted())
        #expect(images.isDisjoint(with: colors), "names are flat: an image and a colour cannot share one")
        #expect(Set(QuestArt.provenance.assets.keys) == images.union(colors))
        #expect(QuestArt.colorNames == ["accent", "accent-ink", "card", "chip", "marker-correct", "marker-wrong",
                                        "surface", "text-primary", "text-secondary"])

        let requirements = try JSONParser.parse(QuestArtCatalog.requirements())
        guard case let .object(top) = requirements, case let .object(assets)? = top.first(where: { $0.key == "assets" })?.value else {
            Issue.record("the requirements file has no assets object")
            return
        }
        #expect(Set(assets.map(\.key)) == images.union(colors))
        #expect(top.map(\.key) == ["assets", "colorPairs", "defaults", "schemaVersion"])
        #expect(top.first { $0.key == "schemaVersion" }?.value == .number(1))
    }

    /// A relic's icon takes its quest's glow, so a relic name in two quests would be ambiguous.
    @Test func testRelicNames_belongToOneQuestEach() {
        var owners: [String: Set<QuestID>] = [:]
        for quest in QuestCatalog.hubQuests {
            for relic in quest.practiceRelics + quest.trialRelics + quest.finalRelics {
                owners["relic-\(QuestArt.slug(relic))", default: []].insert(quest.id)
            }
        }
        #expect(owners.filter { $0.value.count > 1 }.isEmpty)
    }

    // MARK: - Images

    @Test func testImageSets_holdTwoAndThreeTimesThePointSize() throws {
        let decoder = ImageDecoder()
        #expect(QuestArt.images.count == QuestArt.assetNames.count)
        for asset in QuestArt.images {
            let folder = "QuestArt.xcassets/\(asset.group.rawValue)/\(asset.name).imageset"
            let contents = try #require(Self.generatedFile("\(folder)/Contents.json"))
            for scale in [2, 3] {
                let name = "\(asset.name)@\(scale)x.png"
                #expect(String(decoding: contents, as: UTF8.self).contains("\"filename\" : \"\(name)\""))
                let png = try #require(Self.generatedFile("\(folder)/\(name)"), "\(name) is missing")
                let image = try decoder.decode(Data(png), file: name)
                #expect(image.pixels.width == asset.pointSize * scale && image.pixels.height == asset.pointSize * scale,
                        "\(name) is \(image.pixels.width)×\(image.pixels.height), not \(asset.pointSize * scale) square")
                #expect(image.source.colorType == "RGBA" && image.source.bitDepth == 8, "\(name): \(image.source.colorType)")
                #expect(image.pixels == QuestArtCatalog.image(asset, scale: scale), "\(name) does not decode to the drawn art")
            }
        }
    }

    /// Straight alpha is an exact inverse: premultiplying the catalog's pixels gives the canvas back.
    @Test func testStraightAlpha_premultipliesBackToTheCanvas() {
        var canvas = Canvas(width: 40, height: 40, background: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        QuestArtwork.spellOrb(glow: RGBA(red: 0x9F, green: 0xE8, blue: 0xFF)).draw(on: &canvas, frame: Frame(x: 0, y: 0, width: 20, height: 20),
                                                                                   scale: 2)
        let straight = QuestArtCatalog.straightAlpha(premultiplied: canvas.buffer)
        #expect(Self.premultiplied(straight) == canvas.buffer)
        // A translucent ring keeps its colour instead of darkening toward black.
        let ring = straight[20, 1]
        #expect(ring.alpha > 0 && ring.alpha < 255)
        #expect(abs(Int(ring.red) - 0x9F) <= 2 && abs(Int(ring.green) - 0xE8) <= 2 && abs(Int(ring.blue) - 0xFF) <= 2, "\(ring)")
    }

    static func premultiplied(_ buffer: PixelBuffer) -> PixelBuffer {
        var pixels = buffer.pixels
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[offset + 3])
            for channel in offset..<offset + 3 {
                pixels[channel] = UInt8((Int(pixels[channel]) * alpha + 127) / 255)
            }
        }
        return PixelBuffer(width: buffer.width, height: buffer.height, pixels: pixels)
    }

    // MARK: - Catalog art equals screen art

    /// What the renderer has drawn under each kind of art before drawing it.
    enum Underlay {
        case solid(RGBA)
        case backdrop(BackdropTheme)

        static func of(_ artwork: QuestArtwork) -> Underlay {
            switch artwork {
            case .gemTile: .solid(Palette.card)          // hub cards and relic rows
            case .markOfZ: .solid(Palette.panel)         // the ward panel
            case .spellOrb: .backdrop(.forQuest(.magicTap))  // the open practice area
            }
        }
    }

    /// Every asset the 3x iPhone draws is drawn at the catalog's point size, and the catalog's @3x
    /// art is the art on screen: (1) exactly what the shared drawing code puts at that position
    /// on a transparent canvas, and (2) composited over what lies under it, the screen's pixels —
    /// exactly where the art is opaque, within the rounding of its blends elsewhere.
    @Test func testCatalogArt_atThreeX_isTheArtOnTheThreeXScreens() async throws {
        let device = DeviceProfile.iPhoneLarge
        #expect(device.scale == 3)
        let kinds: Set<Route.Kind> = [.hub, .firstSpell, .practice, .trial, .practiceWard, .tower]
        let routes = Route.all.filter { kinds.contains($0.kind) }
        let frames = await withTaskGroup(of: RenderedFrame.self) { group in
            for route in routes { group.addTask { QuestRenderer.render(route, on: device) } }
            var frames: [RenderedFrame] = []
            for await frame in group { frames.append(frame) }
            return frames.sorted { $0.route.id < $1.route.id }
        }
        let decoder = ImageDecoder()
        let images = Dictionary(uniqueKeysWithValues: QuestArt.images.map { ($0.name, $0) })
        var catalogArt: [String: PixelBuffer] = [:]
        for asset in QuestArt.images {
            let path = "QuestArt.xcassets/\(asset.group.rawValue)/\(asset.name).imageset/\(asset.name)@3x.png"
            let png = try #require(Self.generatedFile(path))
            catalogArt[asset.name] = Self.premultiplied(try decoder.decode(Data(png), file: path).pixels)
        }
        var backdrop: PixelBuffer?
        var compared: Set<String> = []
        var worst = 0
        for frame in frames {
            for element in frame.contract.elements {
                guard let name = element.asset else { continue }
                let asset = try #require(images[name], "\(frame.contract.id) draws \(name), which the catalog lacks")
                let art = try #require(catalogArt[name])
                let f = element.frame
                #expect(f.width == Double(asset.pointSize) && f.height == Double(asset.pointSize),
                        "\(frame.contract.id) draws \(name) at \(f.width)×\(f.height) pt; the catalog has \(asset.pointSize) pt")
                let x = Int(f.x * 3), y = Int(f.y * 3), side = asset.pointSize * 3
                #expect(Double(x) == f.x * 3 && Double(y) == f.y * 3, "\(name) does not start on a whole pixel")

                // (1) The shared code path drawn where the screen draws it.
                var transparent = Canvas(width: x + side, height: y + side, background: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
                asset.artwork.draw(on: &transparent, frame: f, scale: 3)
                #expect(Self.crop(transparent.buffer, x: x, y: y, side: side) == art,
                        "\(name): the catalog's @3x differs from the shared drawing at \(frame.contract.id)'s position")

                // (2) Over the underlay, against the screen.
                let underlay: (Int, Int) -> RGBA
                switch Underlay.of(asset.artwork) {
                case let .solid(color): underlay = { _, _ in color }
                case let .backdrop(theme):
                    if backdrop == nil {
                        var canvas = Canvas(width: device.pixelWidth, height: device.pixelHeight, background: Palette.panel)
                        Backdrop.paint(&canvas, theme: theme, scale: device.scale)
                        backdrop = canvas.buffer
                    }
                    let painted = backdrop!
                    underlay = { px, py in painted[px, py] }
                }
                var mismatchedOpaque = 0, mismatchedClear = 0
                for row in 0..<side {
                    for column in 0..<side {
                        let premultiplied = art[column, row], screen = frame.image[x + column, y + row]
                        let under = underlay(x + column, y + row)
                        let keep = 255 - Int(premultiplied.alpha)
                        let channels = [(premultiplied.red, under.red, screen.red), (premultiplied.green, under.green, screen.green),
                                        (premultiplied.blue, under.blue, screen.blue)]
                        for (source, below, shown) in channels {
                            let expected = (Int(source) * 255 + Int(below) * keep + 127) / 255
                            let difference = abs(expected - Int(shown))
                            if keep == 0, difference != 0 { mismatchedOpaque += 1 }
                            if keep == 255, difference != 0 { mismatchedClear += 1 }
                            worst = max(worst, difference)
                        }
                    }
                }
                #expect(mismatchedOpaque == 0, "\(name) on \(frame.contract.id): \(mismatchedOpaque) opaque channel values differ")
                #expect(mismatchedClear == 0, "\(name) on \(frame.contract.id): the screen under the art is not the expected underlay")
                compared.insert(name)
            }
        }
        // Partly covered pixels went through up to six 8-bit blends on each side.
        #expect(worst <= Self.blendTolerance, "largest difference \(worst)")
        // Every kind of art, at every point size, is compared on some screen.
        let comparedKinds = Set(compared.compactMap { images[$0] }.map { "\($0.group.rawValue) \($0.pointSize)" })
        #expect(comparedKinds == Set(QuestArt.images.map { "\($0.group.rawValue) \($0.pointSize)" }))
        #expect(compared.isSuperset(of: ["spell-orb", "mark-of-z", "thumbnail-enchanter", "relic-dragon-scale"]))
    }

    static let blendTolerance = 2

    static func crop(_ buffer: PixelBuffer, x: Int, y: Int, side: Int) -> PixelBuffer {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for row in y..<y + side {
            let start = (row * buffer.width + x) * 4
            pixels += buffer.pixels[start..<start + side * 4]
        }
        return PixelBuffer(width: side, height: side, pixels: pixels)
    }

    // MARK: - Colours

    @Test func testColorPairs_meetTheirWCAGMinimums() throws {
        for pair in QuestArt.colorPairs {
            let foreground = try #require(QuestArt.color(named: pair.foreground), "\(pair.foreground) is not a catalog colour")
            let background = try #require(QuestArt.color(named: pair.background), "\(pair.background) is not a catalog colour")
            for appearance in pair.appearances {
                let ratio = WCAG.contrastRatio(foreground.resolved(appearance).rgb, background.resolved(appearance).rgb)
                #expect(pair.text.requirement.isMet(by: ratio),
                        "\(pair.foreground) on \(pair.background), \(appearance.rawValue): \(ratio):1 < \(pair.text.requirement.minimumRatio):1")
            }
        }
        #expect(QuestArt.colorPairs.map(\.text.requirement.minimumRatio).contains(4.5))
    }

    @Test func testColorAppearances_darkIsTheNightPalette() {
        #expect(QuestArt.color(named: "surface")?.resolved(.light) == Palette.panel)
        #expect(QuestArt.color(named: "surface")?.resolved(.dark) == Palette.night)
        #expect(QuestArt.color(named: "text-primary")?.resolved(.dark) == Palette.nightText)
        #expect(QuestArt.color(named: "text-secondary")?.resolved(.dark) == Palette.nightSecondary)
        #expect(QuestArt.color(named: "accent")?.resolved(.dark) == Palette.gold, "a colour without a dark variant shows its any colour")
        #expect(QuestArt.colors.filter { $0.dark != nil }.map(\.name) == ["surface", "text-primary", "text-secondary"])
    }

    @Test func testColorProvenance_namesTheContrastOfEveryPair() throws {
        let surface = try #require(QuestArt.provenance.assets["surface"])
        #expect(surface.authoringStatus == .final && surface.sourceQuality == .vector)
        #expect(surface.source.contains("Palette.panel") && surface.source.contains("Palette.night"))
        #expect(surface.evidence.contains("Contrast of text-primary on surface: 15.2:1 light, 15.9:1 dark; WCAG 2.2 SC 1.4.3 requires 4.5:1"))
        #expect(QuestArt.provenance.assets["marker-wrong"]?.evidence == ["Contrast of marker-wrong on card: 3.7:1 light; WCAG 2.2 SC 1.4.11 requires 3:1"])
        for name in QuestArt.colorNames {
            let entry = try #require(QuestArt.provenance.assets[name])
            #expect(!entry.evidence.isEmpty, "\(name) has no contrast evidence")
        }
    }
}
