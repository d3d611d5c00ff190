import ColorScience
import Foundation
import Imaging
import ScreenContracts

/// The game's art as an Xcode asset catalog, `QuestArt.xcassets`, and the requirements file the
/// asset validator reads: pure and deterministic, the same bytes on every run.
///
/// Layout: `Relics/`, `Thumbnails/` and `Icons/` hold one `NAME.imageset` per image in
/// `QuestArt.assetNames` (an empty 1x slot, `NAME@2x.png`, `NAME@3x.png`), `Colors/` one
/// `NAME.colorset` per colour in `QuestArt.colorNames`. Groups do not provide a namespace, so asset
/// names stay flat. JSON is written as Xcode writes it: keys sorted, two-space indentation,
/// `"key" : value`, a final newline.
public enum QuestArtCatalog {
    public static let catalogName = "QuestArt.xcassets"
    /// The requirements file, next to the catalog.
    public static let requirementsFileName = "quest-art.requirements.json"
    /// Scales every image ships at; a 1x slot is left empty, as Xcode writes it.
    public static let scales = [2, 3]
    /// Images are small and written once, so the slowest, smallest zlib level pays.
    static let compressionLevel: Int32 = 9
    static let colorsGroup = "Colors"

    /// Every file of the catalog, sorted by path, paths relative to the folder holding the catalog
    /// (`QuestArt.xcassets/Contents.json`, …). Throws only if PNG encoding fails.
    public static func files() throws -> [(path: String, contents: [UInt8])] {
        var files: [(path: String, contents: [UInt8])] = [("\(catalogName)/Contents.json", infoOnly)]
        let groups = QuestArt.ImageAsset.Group.allCases.map(\.rawValue) + [colorsGroup]
        for group in groups {
            files.append(("\(catalogName)/\(group)/Contents.json", infoOnly))
        }
        for asset in QuestArt.images {
            let folder = "\(catalogName)/\(asset.group.rawValue)/\(asset.name).imageset"
            files.append(("\(folder)/Contents.json", imageSetContents(asset)))
            for scale in scales {
                let png = try PNGEncoder.encode(image(asset, scale: scale), layout: .rgba, compressionLevel: compressionLevel)
                files.append(("\(folder)/\(fileName(asset, scale: scale))", png))
            }
        }
        for color in QuestArt.colors {
            files.append(("\(catalogName)/\(colorsGroup)/\(color.name).colorset/Contents.json", colorSetContents(color)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `NAME@2x.png`.
    static func fileName(_ asset: QuestArt.ImageAsset, scale: Int) -> String { "\(asset.name)@\(scale)x.png" }

    /// `asset` at `scale`: `pointSize × scale` pixels square, straight (not premultiplied) alpha,
    /// transparent around the art, drawn by the renderer's own code.
    static func image(_ asset: QuestArt.ImageAsset, scale: Int) -> PixelBuffer {
        let side = asset.pointSize * scale
        var canvas = Canvas(width: side, height: side, background: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        let size = Double(asset.pointSize)
        asset.artwork.draw(on: &canvas, frame: Frame(x: 0, y: 0, width: size, height: size), scale: Double(scale))
        return straightAlpha(premultiplied: canvas.buffer)
    }

    /// The canvas blends every channel as `src · a + dst · (1 − a)`, which over transparent black
    /// is premultiplied-alpha compositing; PNG and asset catalogs store straight alpha. Dividing
    /// by alpha (rounded) is exact to undo: premultiplying the result gives the canvas's bytes back.
    static func straightAlpha(premultiplied buffer: PixelBuffer) -> PixelBuffer {
        var pixels = buffer.pixels
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[offset + 3])
            guard alpha > 0, alpha < 255 else { continue }
            for channel in offset..<offset + 3 {
                pixels[channel] = UInt8(min(255, (Int(pixels[channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return PixelBuffer(width: buffer.width, height: buffer.height, pixels: pixels)
    }

    // MARK: - Contents.json

    static let info = CatalogJSON.object(["author": .string("xcode"), "version": .integer(1)])

    /// The root's and every group's `Contents.json`.
    static var infoOnly: [UInt8] { CatalogJSON.object(["info": info]).bytes }

    static func imageSetContents(_ asset: QuestArt.ImageAsset) -> [UInt8] {
        var images: [CatalogJSON] = [.object(["idiom": .string("universal"), "scale": .string("1x")])]
        for scale in scales {
            images.append(.object(["filename": .string(fileName(asset, scale: scale)), "idiom": .string("universal"),
                                   "scale": .string("\(scale)x")]))
        }
        return CatalogJSON.object(["images": .array(images), "info": info]).bytes
    }

    static func colorSetContents(_ color: QuestArt.ColorAsset) -> [UInt8] {
        func entry(_ value: RGBA) -> CatalogJSON {
            func hex(_ channel: UInt8) -> CatalogJSON { .string("0x" + RGB8.hexByte(channel)) }
            return .object(["color-space": .string("srgb"),
                            "components": .object(["alpha": .string("1.000"), "red": hex(value.red),
                                                   "green": hex(value.green), "blue": hex(value.blue)])])
        }
        var colors: [CatalogJSON] = [.object(["color": entry(color.any), "idiom": .string("universal")])]
        if let dark = color.dark {
            colors.append(.object([
                "appearances": .array([.object(["appearance": .string("luminosity"), "value": .string("dark")])]),
                "color": entry(dark), "idiom": .string("universal"),
            ]))
        }
        return CatalogJSON.object(["colors": .array(colors), "info": info]).bytes
    }

    // MARK: - Requirements

    /// `quest-art.requirements.json` (requirements schema v1): every image with its size in
    /// points, every colour with its appearances, and the colour pairs the renderer draws.
    public static func requirements() -> [UInt8] {
        let scaleNames = CatalogJSON.array(scales.map { .string("\($0)x") })
        let universal = CatalogJSON.array([.string("universal")])
        var assets: [String: CatalogJSON] = [:]
        for image in QuestArt.images {
            assets[image.name] = .object([
                "type": .string("image"), "idioms": universal, "scales": scaleNames, "appearances": .array([.string("any")]),
                "size": .object(["width": .integer(image.pointSize), "height": .integer(image.pointSize)]),
            ])
        }
        for color in QuestArt.colors {
            let appearances: [CatalogJSON] = color.dark == nil ? [.string("any")] : [.string("any"), .string("dark")]
            assets[color.name] = .object(["type": .string("color"), "idioms": universal, "appearances": .array(appearances)])
        }
        let pairs = QuestArt.colorPairs.map { pair in
            CatalogJSON.object([
                "foreground": .string(pair.foreground), "background": .string(pair.background),
                "appearances": .array(pair.appearances.map { .string($0.rawValue) }), "text": .string(pair.text.rawValue),
            ])
        }
        return CatalogJSON.object([
            "schemaVersion": .integer(1),
            "defaults": .object(["scales": scaleNames]),
            "assets": .object(assets),
            "colorPairs": .array(pairs),
        ]).bytes
    }
}

/// The little JSON the catalog needs, written by `JSONText` (sorted keys, two-space indentation,
/// " : " between key and value), which is how Xcode writes `Contents.json`.
enum CatalogJSON: Encodable, Equatable, Sendable {
    case string(String)
    case integer(Int)
    case array([CatalogJSON])
    case object([String: CatalogJSON])

    /// UTF-8 text with a final newline.
    var bytes: [UInt8] {
        // Encoding these four cases cannot fail.
        [UInt8]((try? JSONText.encode(self)) ?? Data())
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        case let .array(values): try container.encode(values)
        case let .object(members): try container.encode(members)
        }
    }
}
