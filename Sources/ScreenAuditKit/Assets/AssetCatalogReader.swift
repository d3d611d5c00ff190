import Foundation

/// Limits on what one catalog may make the reader do, checked before the work.
public struct AssetCatalogLimits: Equatable, Sendable {
    /// Bytes of one Contents.json.
    public var maxContentsBytes: Int
    /// Files and folders in the whole catalog.
    public var maxEntries: Int
    /// Folder nesting below the catalog.
    public var maxDepth: Int
    public var json: JSONLimits

    public init(maxContentsBytes: Int = 1024 * 1024, maxEntries: Int = 100_000, maxDepth: Int = 32,
                json: JSONLimits = JSONLimits()) {
        self.maxContentsBytes = maxContentsBytes
        self.maxEntries = maxEntries
        self.maxDepth = maxDepth
        self.json = json
    }
}

/// Reads an `.xcassets` folder: groups, image sets, colour sets, app icon sets and the other
/// asset folders Xcode knows, each through its `Contents.json`. Everything wrong with the
/// catalog's structure becomes a finding naming the file and JSON path; nothing stops the walk.
public struct AssetCatalogReader: Sendable {
    public var limits: AssetCatalogLimits

    public init(limits: AssetCatalogLimits = AssetCatalogLimits()) { self.limits = limits }

    /// Asset folder extensions Xcode knows beyond the three read in depth. Their Contents.json is
    /// parsed and every file it names must exist; their insides are not judged further.
    /// `solidimagestacklayer`: the Front, Middle and Back layers of a visionOS app icon
    /// (`AppIcon.solidimagestack`, in alvr-org/alvr-visionos and minchiaHuang/Vision-Pro);
    /// `mipmapset`: a texture set's levels (`ColorMap.textureset/Universal.mipmapset`, alvr-visionos).
    static let otherAssetExtensions: Set<String> = [
        "dataset", "symbolset", "launchimage", "brandassets", "imagestack", "imagestacklayer", "textureset",
        "cubetextureset", "mipmaplevel", "mipmapset", "arresourcegroup", "arimageset", "arobject", "stickerpack", "sticker",
        "stickersequence", "iconset", "complicationset", "solidimagestack", "solidimagestacklayer", "gcdashboardimage",
        "gcleaderboard", "gcleaderboardset", "gcachievement", "appiconstack", "icon",
    ]
    /// The app icon of each platform: iOS, macOS and watchOS an app icon set, tvOS brand assets,
    /// visionOS a solid image stack. One app built for several platforms keeps one of each under
    /// the same name (`AppIcon.appiconset`, `AppIcon.brandassets` and `AppIcon.solidimagestack` in
    /// one catalog, as SilverMane69/Meowbah_iOS does), and the build picks its platform's.
    static let appIconExtensions: Set<String> = ["appiconset", "brandassets", "solidimagestack"]
    /// Folders that group assets like a plain group does.
    static let groupExtensions: Set<String> = ["spriteatlas"]

    /// The kind of asset a folder extension names, or nil for groups and unknown extensions.
    static func kind(ofExtension ext: String) -> AssetKind? {
        switch ext {
        case "imageset": .image
        case "colorset": .color
        case "appiconset": .appicon
        case _ where otherAssetExtensions.contains(ext): .other
        default: nil
        }
    }

    /// The idioms Xcode writes: the devices, and the App Store's slots of each platform
    /// (`tv-marketing`: a tvOS brand asset's App Store icon layers, 1280 × 768).
    static let idioms = [
        "universal", "iphone", "ipad", "mac", "tv", "watch", "car", "vision", "ios-marketing", "watch-marketing",
        "tv-marketing", "mac-catalyst", "reality",
    ]

    public struct Result: Sendable {
        public var catalog: AssetCatalog
        public var findings: [AssetFinding]
    }

    /// Reads the catalog at `path`. Throws only when `path` is not a catalog folder at all.
    public func read(path: String) throws -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "no such asset catalog")])
        }
        guard isDirectory.boolValue else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "an asset catalog is a folder (.xcassets), this is a file")])
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let name = url.lastPathComponent
        guard name.lowercased().hasSuffix(".xcassets") else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "not an asset catalog: the folder name must end in .xcassets")])
        }
        var walk = Walk(reader: self, root: FilePaths.resolved(url.path), parent: url.deletingLastPathComponent().path)
        walk.group(relative: name, namespace: "", depth: 0, isRoot: true)
        let assets = walk.assets.sorted { ($0.name, $0.path) < ($1.name, $1.path) }
        var findings = walk.findings
        // Two assets of one name collide, except an app icon and another kind: icons are looked
        // up apart (an alternate icon and its preview image share a name on purpose, with
        // ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS), each platform's icon apart from the
        // others' (`appIconExtensions`). A container's members are reached through it, never by
        // name, so two containers of one name are one finding, not one per member.
        var firstPath: [String: String] = [:]
        for asset in assets where asset.container == nil {
            let ext = (asset.path as NSString).pathExtension.lowercased()
            let key = (AssetCatalogReader.appIconExtensions.contains(ext) ? "icon.\(ext):" : "asset:") + asset.name
            if let first = firstPath[key] {
                findings.append(AssetFinding(.entryDuplicate(.sameName(name: asset.name, otherPath: first)), severity: .error, asset: asset.name,
                                             file: asset.path))
            } else {
                firstPath[key] = asset.path
            }
        }
        return Result(catalog: AssetCatalog(name: name, assets: assets), findings: findings.sorted(by: AssetFinding.ordered))
    }

    /// The state of one walk over a catalog.
    struct Walk {
        let reader: AssetCatalogReader
        /// The catalog folder with links resolved: nothing outside it is read.
        let root: String
        /// The folder holding the catalog: relative paths start below it.
        let parent: String
        var assets: [CatalogAsset] = []
        var findings: [AssetFinding] = []
        var entriesSeen = 0
        var stopped = false

        init(reader: AssetCatalogReader, root: String, parent: String) {
            self.reader = reader
            self.root = root
            self.parent = parent
        }

        func absolute(_ relative: String) -> String { (parent as NSString).appendingPathComponent(relative) }

        mutating func add(_ measured: AssetMeasurement, _ severity: Severity, asset: String? = nil, file: String, location: JSONPath? = nil) {
            findings.append(AssetFinding(measured, severity: severity, asset: asset, file: file, location: location?.description))
        }

        /// The visible children of a folder, sorted, with links that leave the catalog refused.
        mutating func children(of relative: String) -> [(name: String, isDirectory: Bool)] {
            let path = absolute(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                add(.contentsMalformed(.folderUnlisted), .error, file: relative)
                return []
            }
            var result: [(String, Bool)] = []
            for name in names.sorted() where !name.hasPrefix(".") {
                entriesSeen += 1
                if entriesSeen > reader.limits.maxEntries {
                    if !stopped {
                        add(.contentsMalformed(.tooManyEntries(limit: reader.limits.maxEntries)), .error, file: relative)
                    }
                    stopped = true
                    return result
                }
                let childRelative = relative + "/" + name
                let childPath = absolute(childRelative)
                let resolved = FilePaths.resolved(childPath)
                if resolved != root && !resolved.hasPrefix(root + "/") {
                    add(.pathOutside(.init(target: resolved)), .error, file: childRelative)
                    continue
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: childPath, isDirectory: &isDirectory) else {
                    add(.fileMissing(.brokenLink), .error, file: childRelative)
                    continue
                }
                result.append((name, isDirectory.boolValue))
            }
            return result
        }

        mutating func group(relative: String, namespace: String, depth: Int, isRoot: Bool = false) {
            guard !stopped else { return }
            guard depth <= reader.limits.maxDepth else {
                add(.contentsMalformed(.tooDeep(limit: reader.limits.maxDepth)), .error, file: relative)
                return
            }
            let entries = children(of: relative)
            var childNamespace = namespace
            if entries.contains(where: { $0.name == "Contents.json" && !$0.isDirectory }),
               let object = contents(relative + "/Contents.json", asset: nil) {
                if let properties = object.object("properties", required: false),
                   case .bool(true)? = properties.value("provides-namespace"), !isRoot {
                    childNamespace += (relative as NSString).lastPathComponent + "/"
                }
                for issue in object.issues.issues {
                    findings.append(AssetFinding(.contentsMalformed(.input(issue.message)), severity: .error, asset: nil, file: issue.file,
                                                 location: issue.location))
                }
            } else if isRoot && !entries.contains(where: { $0.name == "Contents.json" }) {
                add(.contentsMalformed(.noCatalogContents), .warning, file: relative)
            }
            for entry in entries {
                let childRelative = relative + "/" + entry.name
                guard entry.isDirectory else {
                    if entry.name != "Contents.json" {
                        add(.fileUnreferenced(.inGroup), .warning, file: childRelative)
                    }
                    continue
                }
                let ext = (entry.name as NSString).pathExtension.lowercased()
                let base = (entry.name as NSString).deletingPathExtension
                if let kind = AssetCatalogReader.kind(ofExtension: ext) {
                    asset(relative: childRelative, name: childNamespace + base, kind: kind, depth: depth + 1)
                    continue
                }
                switch ext {
                case _ where AssetCatalogReader.groupExtensions.contains(ext):
                    group(relative: childRelative, namespace: childNamespace, depth: depth + 1)
                case "":
                    group(relative: childRelative, namespace: childNamespace, depth: depth + 1)
                default:
                    add(.groupName(.init(folder: entry.name)), .error, file: childRelative)
                    group(relative: childRelative, namespace: childNamespace, depth: depth + 1)
                }
            }
        }

        /// Reads a Contents.json, reporting a file that is too big or cannot be read, then opens it.
        mutating func contents(_ relative: String, asset: String?) -> ObjectReader? {
            let bytes: [UInt8]
            do {
                bytes = try InputFiles.read(absolute(relative), limit: reader.limits.maxContentsBytes)
            } catch let issue as InputIssue {
                add(.contentsMalformed(.input(issue.message)), .error, asset: asset, file: relative)
                return nil
            } catch {
                add(.contentsMalformed(.fileUnreadable), .error, asset: asset, file: relative)
                return nil
            }
            let opened = AssetContentsParser.open(bytes, file: relative, asset: asset, limits: reader.limits.json)
            findings += opened.findings
            return opened.object
        }

        /// One asset folder. Containers (complication sets, brand assets, image stacks and their
        /// layers, …) hold asset folders of their own: each is read as an asset too, named under
        /// its container (`Complication/Circular`), and checked with the same rules.
        mutating func asset(relative: String, name: String, kind: AssetKind, depth: Int, container: String? = nil) {
            guard depth <= reader.limits.maxDepth else {
                add(.contentsMalformed(.tooDeep(limit: reader.limits.maxDepth)), .error, file: relative)
                return
            }
            let contentsPath = relative + "/Contents.json"
            let entries = children(of: relative)
            let files = entries.filter { !$0.isDirectory && $0.name != "Contents.json" }.map(\.name)
            // The asset folders inside (a container's members), read after the container itself.
            let nested = entries.filter { $0.isDirectory }.compactMap { entry -> (name: String, kind: AssetKind)? in
                AssetCatalogReader.kind(ofExtension: (entry.name as NSString).pathExtension.lowercased()).map { (entry.name, $0) }
            }
            defer {
                for child in nested {
                    asset(relative: relative + "/" + child.name, name: name + "/" + (child.name as NSString).deletingPathExtension,
                          kind: child.kind, depth: depth + 1, container: container ?? name)
                }
            }
            var asset = CatalogAsset(name: name, kind: kind, path: relative)
            asset.container = container
            guard entries.contains(where: { $0.name == "Contents.json" && !$0.isDirectory }) else {
                add(.contentsMalformed(.noContents(kind)), .error, asset: name, file: relative)
                asset.contentsReadable = false
                assets.append(asset)
                return
            }
            guard let object = contents(contentsPath, asset: name) else {
                asset.contentsReadable = false
                assets.append(asset)
                return
            }
            let parsed = AssetContentsParser.entries(of: object, into: &asset)
            findings += parsed.findings
            let referenced = parsed.referenced
            // A container names its members' folders (`"filename": "Circular.imageset"`).
            checkFiles(referenced, present: files, folders: nested.map(\.name), asset: name, relative: relative)
            checkDuplicates(asset)
            assets.append(asset)
        }

        mutating func checkFiles(_ referenced: [(file: String, path: JSONPath)], present: [String], folders: [String] = [], asset: String,
                                 relative: String) {
            let contentsPath = relative + "/Contents.json"
            // Exact code points, as a case-sensitive disk compares names (Swift's == would take
            // `é` and `e` + U+0301 for one name, as APFS does and ext4 does not).
            let presentSet = Set((present + folders).map { Array($0.unicodeScalars) })
            for (file, path) in referenced {
                if file.contains("/") || file == ".." || file == "." || file.isEmpty {
                    add(.entryInvalid(.path(file)), .error, asset: asset, file: contentsPath, location: path)
                } else if !presentSet.contains(Array(file.unicodeScalars)) {
                    if let other = (present + folders).first(where: { FilePaths.folded($0) == FilePaths.folded(file) }) {
                        add(.fileMissing(.caseDiffers(named: file, present: other)), .warning, asset: asset, file: contentsPath, location: path)
                    } else {
                        add(.fileMissing(.absent(named: file, folder: relative)), .error, asset: asset, file: contentsPath, location: path)
                    }
                }
            }
            let named = Set(referenced.map { $0.file.lowercased() })
            for file in present where !named.contains(file.lowercased()) {
                add(.fileUnreferenced(.unassigned), .warning, asset: asset, file: relative + "/" + file)
            }
        }

        mutating func checkDuplicates(_ asset: CatalogAsset) {
            var seen: [String: Int] = [:]
            for entry in asset.images where entry.filename != nil {
                if let first = seen[entry.slotKey] {
                    add(.entryDuplicate(.imageSlot(first: first, slot: entry.slotDescription)), .error, asset: asset.name, file: asset.contentsPath,
                        location: JSONPath().appending("images").appending(entry.index))
                } else {
                    seen[entry.slotKey] = entry.index
                }
            }
            seen = [:]
            for entry in asset.colors {
                if let first = seen[entry.slotKey] {
                    add(.entryDuplicate(.colorSlot(first: first, idiom: entry.idiom, appearance: entry.appearance)), .error, asset: asset.name, file: asset.contentsPath,
                        location: JSONPath().appending("colors").appending(entry.index))
                } else {
                    seen[entry.slotKey] = entry.index
                }
            }
        }

    }
}

extension JSONPath {
    /// The index of the last component when it is an array index.
    var lastIndex: Int? {
        if case let .index(index)? = components.last { return index }
        return nil
    }
}
