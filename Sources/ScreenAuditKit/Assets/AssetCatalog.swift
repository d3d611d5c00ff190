/// An Xcode asset catalog (`.xcassets`) as read from disk: its assets by name, each with the
/// entries of its `Contents.json`. Paths are relative to the folder that holds the catalog, so
/// reports carry "QuestArt.xcassets/Relics/relic.imageset/Contents.json", never an absolute path.
public struct AssetCatalog: Equatable, Sendable {
    /// The catalog folder's own name: "QuestArt.xcassets".
    public var name: String
    /// Sorted by name.
    public var assets: [CatalogAsset]

    public init(name: String, assets: [CatalogAsset]) {
        self.name = name
        self.assets = assets
    }

    public func asset(named name: String) -> CatalogAsset? { assets.first { $0.name == name } }
}

/// The kinds of asset folder the validator understands in depth; everything else Xcode knows
/// (data sets, symbol sets, sprite atlases' children…) is read as `other`: its Contents.json is
/// parsed and the files it names must exist.
public enum AssetKind: String, Codable, CaseIterable, Sendable {
    case image, color, appicon, other

    /// The folder extension Xcode gives the kind, for messages: "image set".
    public var title: String {
        switch self {
        case .image: "image set"
        case .color: "colour set"
        case .appicon: "app icon set"
        case .other: "asset"
        }
    }
}

public struct CatalogAsset: Equatable, Sendable {
    /// The name code uses: the folder name without its extension, prefixed by the groups that
    /// provide a namespace ("Icons/spell-orb").
    public var name: String
    public var kind: AssetKind
    /// The asset folder, relative to the catalog's parent: "QuestArt.xcassets/Icons/spell-orb.imageset".
    public var path: String
    /// Image and app icon sets: one entry per element of `images`.
    public var images: [ImageEntry]
    /// Colour sets: one entry per element of `colors`.
    public var colors: [ColorEntry]
    /// `properties.preserves-vector-representation`: one vector file serves every scale.
    public var preservesVector: Bool
    /// False when Contents.json is missing or not JSON: the asset's entries are unknown, so
    /// only that is reported about it.
    public var contentsReadable = true
    /// For an asset inside a container (a complication set's image set, an image stack's layer):
    /// the outermost container's name. Provenance and requirements speak of the container.
    public var container: String?

    public init(name: String, kind: AssetKind, path: String, images: [ImageEntry] = [], colors: [ColorEntry] = [],
                preservesVector: Bool = false) {
        self.name = name
        self.kind = kind
        self.path = path
        self.images = images
        self.colors = colors
        self.preservesVector = preservesVector
    }

    public var contentsPath: String { path + "/Contents.json" }
}

/// Xcode's appearance variants: luminosity (light, dark; tinted for app icons) and contrast (high). An entry without
/// `appearances` is "any".
public struct Appearance: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var luminosity: String?
    public var highContrast: Bool

    public init(luminosity: String? = nil, highContrast: Bool = false) {
        self.luminosity = luminosity
        self.highContrast = highContrast
    }

    public static let any = Appearance()

    /// An idiom and this appearance as a requirement's slot reads: "iphone", or "iphone, dark"
    /// (a duplicate colour entry names "any" too: see `EntryDuplicateRule`).
    func slotDescription(idiom: String) -> String { self == .any ? idiom : "\(idiom), \(self)" }

    /// "any", "light", "dark", "high-contrast", "dark+high-contrast": the names requirements use.
    public var description: String {
        switch (luminosity, highContrast) {
        case (nil, false): "any"
        case (nil, true): "high-contrast"
        case let (value?, false): value
        case let (value?, true): "\(value)+high-contrast"
        }
    }

    /// Parses the names `description` gives.
    public init?(name: String) {
        var parts = name.split(separator: "+").map(String.init)
        var highContrast = false
        if parts.last == "high-contrast" {
            highContrast = true
            parts.removeLast()
        }
        switch parts {
        case []: self.init(luminosity: nil, highContrast: highContrast)
        case ["any"] where !highContrast: self.init()
        case ["light"], ["dark"], ["tinted"]: self.init(luminosity: parts[0], highContrast: highContrast)
        default: return nil
        }
    }

    public static func < (a: Appearance, b: Appearance) -> Bool { a.description < b.description }
}

/// One element of an image or app icon set's `images` array.
public struct ImageEntry: Equatable, Sendable {
    /// Position in the array, for the JSON path "images[2]".
    public var index: Int
    public var filename: String?
    public var idiom: String
    /// 1, 2 or 3; nil for a single-scale entry.
    public var scale: Int?
    public var appearance: Appearance
    /// App icons: the size in points, "60x60".
    public var size: (width: Double, height: Double)?
    /// Other keys that make a slot distinct (subtype, display-gamut, width-class…), "key=value", sorted.
    public var qualifiers: [String]

    public init(index: Int, filename: String?, idiom: String, scale: Int?, appearance: Appearance,
                size: (width: Double, height: Double)? = nil, qualifiers: [String] = []) {
        self.index = index
        self.filename = filename
        self.idiom = idiom
        self.scale = scale
        self.appearance = appearance
        self.size = size
        self.qualifiers = qualifiers
    }

    public static func == (a: ImageEntry, b: ImageEntry) -> Bool {
        a.index == b.index && a.filename == b.filename && a.idiom == b.idiom && a.scale == b.scale
            && a.appearance == b.appearance && a.size?.width == b.size?.width && a.size?.height == b.size?.height
            && a.qualifiers == b.qualifiers
    }

    /// What makes two entries compete for the same slot: everything but the file.
    public var slotKey: String {
        let sizeText = size.map { "\(Words.number($0.width))x\(Words.number($0.height))" } ?? "-"
        return [idiom, scale.map { "\($0)x" } ?? "-", appearance.description, sizeText, qualifiers.joined(separator: ",")]
            .joined(separator: " ")
    }

    /// The slot without its scale, so the scales of one picture can be compared.
    public var variantKey: String {
        [idiom, appearance.description, qualifiers.joined(separator: ",")].joined(separator: " ")
    }

    /// "universal @2x", "iphone 60x60 @3x, dark": how reports name the slot.
    public var slotDescription: String {
        var text = idiom
        if let size { text += " \(Words.number(size.width))x\(Words.number(size.height))" }
        if let scale { text += " @\(scale)x" }
        if appearance != .any { text += ", \(appearance)" }
        if !qualifiers.isEmpty { text += ", " + qualifiers.joined(separator: ", ") }
        return text
    }
}

/// One element of a colour set's `colors` array.
public struct ColorEntry: Equatable, Sendable {
    public var index: Int
    public var idiom: String
    public var appearance: Appearance
    public var qualifiers: [String]
    /// nil when the entry's colour is invalid (a finding says why).
    public var value: CatalogColor?

    public init(index: Int, idiom: String, appearance: Appearance, qualifiers: [String] = [], value: CatalogColor?) {
        self.index = index
        self.idiom = idiom
        self.appearance = appearance
        self.qualifiers = qualifiers
        self.value = value
    }

    public var slotKey: String { [idiom, appearance.description, qualifiers.joined(separator: ",")].joined(separator: " ") }
}
