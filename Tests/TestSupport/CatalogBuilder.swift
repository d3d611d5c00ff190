import Foundation
import Imaging

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

    static let info = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"

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
        try write("{\n  \"images\" : [\n    " + entries.joined(separator: ",\n    ") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n",
                  to: "\(relative).\(kind)/Contents.json")
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
        try write("{\n  \"colors\" : [\n    " + entries.joined(separator: ",\n    ") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n",
                  to: "\(relative).colorset/Contents.json")
    }

    /// `{"color-space":"srgb","components":{...}}` with hex components as Xcode writes them.
    public static func srgb(_ hex: String, alpha: String = "1.000") -> String {
        let digits = Array(hex.dropFirst())
        let channels = (0..<3).map { "0x" + String(digits[$0 * 2...$0 * 2 + 1]) }
        return "{ \"color-space\" : \"srgb\", \"components\" : { \"alpha\" : \"\(alpha)\", \"blue\" : \"\(channels[2])\", "
            + "\"green\" : \"\(channels[1])\", \"red\" : \"\(channels[0])\" } }"
    }

    /// A small opaque PNG with a diagonal so that it is not one flat colour.
    public static func png(width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where x == y {
                pixels[(y * width + x) * 4] = 0x20
                pixels[(y * width + x) * 4 + 1] = 0x40
            }
        }
        return try PNGEncoder.encode(PixelBuffer(width: width, height: height, pixels: pixels))
    }
}
