import Foundation
import Imaging
import ScreenAuditKit

/// Writes small Xcode asset catalogs for tests: image sets with real PNGs at each scale, colour
/// sets, and any raw Contents.json a test needs to break.
public struct CatalogBuilder {
    public let directory: TemporaryDirectory
    /// "Test.xcassets".
    public let name: String

    public init(in directory: TemporaryDirectory, name: String = "Test.xcassets", rootContents: Bool = true) throws {
        self.directory = directory
        self.name = name
        try FileManager.default.createDirectory(atPath: directory.path(name), withIntermediateDirectories: true)
        if rootContents { try write(Self.info, to: "Contents.json") }
    }

    /// The catalog folder.
    public var path: String { directory.path(name) }

    static let info = ExampleCatalog.info

    /// Writes `text` at `relative` inside the catalog.
    @discardableResult
    public func write(_ text: String, to relative: String) throws -> String {
        try directory.write(text, to: name + "/" + relative)
    }

    @discardableResult
    public func write(_ bytes: [UInt8], to relative: String) throws -> String {
        try directory.write(bytes, to: name + "/" + relative)
    }

    /// A group folder with Xcode's Contents.json; `namespace` sets provides-namespace.
    public func group(_ relative: String, namespace: Bool = false) throws {
        let properties = namespace ? ", \"properties\" : { \"provides-namespace\" : true }" : ""
        try write("{ \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\(properties) }\n", to: relative + "/Contents.json")
    }

    /// An image set `relative` ("Icons/star" → Icons/star.imageset) with one PNG per scale,
    /// `points` × scale pixels square unless `pixels` overrides a scale. Appearances other than
    /// "any" add a second variant per scale ("dark").
    public func imageSet(_ relative: String, points: Int, scales: [Int] = [2, 3], appearances: [String] = ["any"],
                         pixels: [Int: Int] = [:], idiom: String = "universal") throws {
        let base = (relative as NSString).lastPathComponent
        var entries: [String] = []
        for appearance in appearances {
            for scale in scales {
                let suffix = appearance == "any" ? "" : "-\(appearance)"
                let file = "\(base)\(suffix)@\(scale)x.png"
                let size = pixels[scale] ?? points * scale
                try write(Self.png(width: size, height: size), to: "\(relative).imageset/\(file)")
                let look = appearance == "any" ? "" : "\"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"\(appearance)\" } ], "
                entries.append("{ \(look)\"filename\" : \"\(file)\", \"idiom\" : \"\(idiom)\", \"scale\" : \"\(scale)x\" }")
            }
        }
        try imageContents(relative, entries: entries)
    }

    /// An image set's Contents.json with `entries` (JSON objects as text) as its images.
    public func imageContents(_ relative: String, entries: [String], kind: String = "imageset") throws {
        try write(ExampleCatalog.contents("images", entries), to: "\(relative).\(kind)/Contents.json")
    }

    /// A colour set with an sRGB colour for "any" and optionally one for dark, as hex "#RRGGBB".
    public func colorSet(_ relative: String, any: String, dark: String? = nil, alpha: String = "1.000") throws {
        var entries = ["{ \"color\" : \(Self.srgb(any, alpha: alpha)), \"idiom\" : \"universal\" }"]
        if let dark {
            entries.append("{ \"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ], "
                + "\"color\" : \(Self.srgb(dark, alpha: alpha)), \"idiom\" : \"universal\" }")
        }
        try colorContents(relative, entries: entries)
    }

    public func colorContents(_ relative: String, entries: [String]) throws {
        try write(ExampleCatalog.contents("colors", entries), to: "\(relative).colorset/Contents.json")
    }

    /// `{"color-space":"srgb","components":{...}}` with hex components as Xcode writes them.
    public static func srgb(_ hex: String, alpha: String = "1.000") -> String { ExampleCatalog.srgb(hex, alpha: alpha) }

    /// A small opaque PNG with a diagonal so that it is not one flat colour.
    public static func png(width: Int, height: Int) throws -> [UInt8] { ExampleCatalog.png(width: width, height: height) }
}
