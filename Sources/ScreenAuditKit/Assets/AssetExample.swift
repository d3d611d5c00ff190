import Foundation
import Imaging

/// A tiny asset catalog that shows what an asset rule passes or fails. Every rule ships at least
/// one of each; one generic test writes each to a folder and audits it, so a rule cannot ship
/// without both (`AssetRuleType.examples`).
public struct AssetExample: Sendable {
    public var title: String
    /// `.fail`: the rule reports at least one finding on this catalog; `.pass`: none.
    public var expected: CheckStatus
    /// Audit as for a release (`--release`).
    public var release: Bool
    public var make: @Sendable () -> ExampleCatalog

    public init(_ title: String, expected: CheckStatus, release: Bool = false, make: @escaping @Sendable () -> ExampleCatalog) {
        self.title = title
        self.expected = expected
        self.release = release
        self.make = make
    }

    /// Writes `catalog` (this example's) into `folder` and audits it as `screenaudit assets` would,
    /// with its requirements and provenance.
    public func audit(_ catalog: ExampleCatalog, in folder: String) throws -> AssetReport {
        let path = try catalog.write(into: folder)
        return try AssetAuditor(options: AssetAuditOptions(release: release)).audit(AssetAuditor.Inputs(
            catalogPath: path, requirements: catalog.requirements, requirementsFile: catalog.requirements.map { _ in "requirements.json" },
            provenance: catalog.provenance, provenanceFile: catalog.provenance.map { _ in "provenance.json" }))
    }
}

/// The files of an example catalog (`Example.xcassets`), with what the audit is given beside it.
public struct ExampleCatalog: Sendable {
    public static let name = "Example.xcassets"
    /// Paths inside the catalog folder; the root's Contents.json is there from the start.
    public var files: [String: [UInt8]] = ["Contents.json": Array(ExampleCatalog.info.utf8)]
    /// Files beside the catalog folder (what a link may point at).
    public var outside: [String: [UInt8]] = [:]
    /// Symbolic links inside the catalog → their targets, relative to the folder holding it.
    public var links: [String: String] = [:]
    public var requirements: AssetRequirements?
    public var provenance: ProvenanceDocument?

    public init() {}

    /// The `info` object Xcode writes in every Contents.json.
    public static let info = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"

    public mutating func text(_ text: String, at path: String) { files[path] = Array(text.utf8) }

    /// The catalog most examples start from: one image set, "star", 10 pt at @2x and @3x.
    public static func star() -> ExampleCatalog {
        var catalog = ExampleCatalog()
        catalog.imageSet("star", points: 10)
        return catalog
    }

    /// An image set `name` ("Icons/star" → Icons/star.imageset) with a square PNG per scale,
    /// `points` × scale pixels unless `pixels` says otherwise for a scale.
    public mutating func imageSet(_ name: String, points: Int, scales: [Int] = [2, 3], pixels: [Int: Int] = [:]) {
        var entries: [String] = []
        for scale in scales {
            let file = "\((name as NSString).lastPathComponent)@\(scale)x.png"
            let size = pixels[scale] ?? points * scale
            files["\(name).imageset/\(file)"] = Self.png(width: size, height: size)
            entries.append(Self.imageEntry(file: file, scale: scale))
        }
        text(Self.contents("images", entries), at: "\(name).imageset/Contents.json")
    }

    /// A colour set with an sRGB colour ("#RRGGBB") for any appearance, and one for dark.
    public mutating func colorSet(_ name: String, any: String, dark: String? = nil) {
        var entries = ["{ \"color\" : \(Self.srgb(any)), \"idiom\" : \"universal\" }"]
        if let dark {
            entries.append("{ \"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ], "
                + "\"color\" : \(Self.srgb(dark)), \"idiom\" : \"universal\" }")
        }
        text(Self.contents("colors", entries), at: "\(name).colorset/Contents.json")
    }

    /// A Contents.json holding `key` (images, colors) with `entries` (JSON objects as text).
    public static func contents(_ key: String, _ entries: [String]) -> String {
        "{\n  \"\(key)\" : [\n    " + entries.joined(separator: ",\n    ") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n"
    }

    public static func imageEntry(file: String, scale: Int, idiom: String = "universal") -> String {
        "{ \"filename\" : \"\(file)\", \"idiom\" : \"\(idiom)\", \"scale\" : \"\(scale)x\" }"
    }

    /// `{"color-space":"srgb","components":{...}}` with hex components as Xcode writes them.
    public static func srgb(_ hex: String, alpha: String = "1.000") -> String {
        let digits = Array(hex.dropFirst())
        let channels = (0..<3).map { "0x" + String(digits[$0 * 2...$0 * 2 + 1]) }
        return "{ \"color-space\" : \"srgb\", \"components\" : { \"alpha\" : \"\(alpha)\", \"blue\" : \"\(channels[2])\", "
            + "\"green\" : \"\(channels[1])\", \"red\" : \"\(channels[0])\" } }"
    }

    /// A small opaque PNG with a diagonal so that it is not one flat colour.
    public static func png(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where x == y {
                pixels[(y * width + x) * 4] = 0x20
                pixels[(y * width + x) * 4 + 1] = 0x40
            }
        }
        // Encoding a well-formed buffer cannot fail.
        return (try? PNGEncoder.encode(PixelBuffer(width: width, height: height, pixels: pixels))) ?? []
    }

    /// Writes the catalog (and what lies beside it) into `folder`; returns the catalog's path.
    public func write(into folder: String) throws -> String {
        let catalog = (folder as NSString).appendingPathComponent(Self.name)
        for (path, bytes) in files.map({ ((catalog as NSString).appendingPathComponent($0.key), $0.value) })
            + outside.map({ ((folder as NSString).appendingPathComponent($0.key), $0.value) }) {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        for (link, target) in links {
            let path = (catalog as NSString).appendingPathComponent(link)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: (folder as NSString).appendingPathComponent(target))
        }
        return catalog
    }
}

/// An asset rule: its descriptor, its examples and its payload (the logic runs in the catalog
/// reader and the auditor's passes, which report with the rule's `Measured`).
public protocol AssetRuleType {
    /// What the rule finds, with its words; its `rule` is this descriptor's id.
    associatedtype Measured: AssetRuleMeasurement
    static var descriptor: CheckDescriptor { get }
    /// At least one passing and one failing example, run as tests.
    static var examples: [AssetExample] { get }
}
