/// Parses the Contents.json of one asset folder into its entries, without the file system: the
/// reader walks the catalog and calls this, and so does the fuzz target for Contents.json.
public enum AssetContentsParser {
    /// Parses `bytes` as JSON with an object at the top; anything else is one finding.
    static func open(_ bytes: [UInt8], file: String, asset: String?, limits: JSONLimits)
        -> (object: ObjectReader?, findings: [AssetFinding]) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits)
        } catch {
            return (nil, [AssetFinding(.contentsMalformed(.notJSON(line: error.line, column: error.column, problem: error.message)), severity: .error,
                                       asset: asset, file: file)])
        }
        let issues = IssueCollector(file: file, cap: nil)
        guard let object = ObjectReader(json, path: JSONPath(), issues: issues) else {
            return (nil, [AssetFinding(.contentsMalformed(.notAnObject(found: json.kindName)), severity: .error, asset: asset, file: file)])
        }
        if let info = object.object("info", required: false), let version = info.integer("version", required: false), version != 1 {
            issues.report(info.path.appending("version"), "unknown Contents.json version \(version) (Xcode writes 1)")
        }
        return (object, [])
    }

    /// One asset's Contents.json: its entries (with everything wrong as findings) and the files
    /// it names, for the caller to match against the folder.
    public static func parse(_ bytes: [UInt8], asset: CatalogAsset, limits: JSONLimits = JSONLimits())
        -> (asset: CatalogAsset, findings: [AssetFinding], referenced: [String]) {
        var asset = asset
        let opened = open(bytes, file: asset.contentsPath, asset: asset.name, limits: limits)
        guard let object = opened.object else {
            asset.contentsReadable = false
            return (asset, opened.findings, [])
        }
        let parsed = entries(of: object, into: &asset)
        return (asset, opened.findings + parsed.findings, parsed.referenced.map(\.file))
    }

    /// Reads the entries of an opened Contents.json into `asset`. Issues become findings: in a
    /// colour value `asset.color-invalid`, elsewhere in an entry `asset.entry-invalid`, at the
    /// top `asset.contents-malformed`.
    static func entries(of object: ObjectReader, into asset: inout CatalogAsset)
        -> (findings: [AssetFinding], referenced: [(file: String, path: JSONPath)]) {
        var referenced: [(file: String, path: JSONPath)] = []
        switch asset.kind {
        case .image, .appicon:
            if let properties = object.object("properties", required: false), case .bool(true)? = properties.value("preserves-vector-representation") {
                asset.preservesVector = true
            }
            let images = object.array("images")
            if images == nil { asset.contentsReadable = false }
            for (value, path) in images ?? [] {
                guard let entry = imageEntry(value, path: path, kind: asset.kind, issues: object.issues) else { continue }
                asset.images.append(entry)
                if let file = entry.filename { referenced.append((file, path.appending("filename"))) }
            }
        case .color:
            let colors = object.array("colors")
            if colors == nil { asset.contentsReadable = false }
            for (value, path) in colors ?? [] {
                if let entry = colorEntry(value, path: path, issues: object.issues) { asset.colors.append(entry) }
            }
        case .other:
            referenced = filenames(in: .object(object.members), path: JSONPath())
        }
        let findings = object.issues.issues.map { issue -> AssetFinding in
            let measured: AssetMeasurement
            if issue.location.hasPrefix("colors["), issue.location.contains(".color") {
                measured = .colorInvalid(.init(problem: issue.message))
            } else if issue.location.hasPrefix("images[") || issue.location.hasPrefix("colors[") {
                measured = .entryInvalid(.input(issue.message))
            } else {
                measured = .contentsMalformed(.input(issue.message))
            }
            return AssetFinding(measured, severity: .error, asset: asset.name, file: asset.contentsPath, location: issue.location)
        }
        return (findings, referenced)
    }

    /// Every "filename" string anywhere in an asset's Contents.json (data sets, symbol sets…).
    static func filenames(in value: JSONValue, path: JSONPath) -> [(file: String, path: JSONPath)] {
        switch value {
        case let .object(members):
            return members.flatMap { member -> [(file: String, path: JSONPath)] in
                if member.key == "filename", case let .string(name) = member.value { return [(name, path.appending("filename"))] }
                return filenames(in: member.value, path: path.appending(member.key))
            }
        case let .array(elements):
            return elements.enumerated().flatMap { filenames(in: $0.element, path: path.appending($0.offset)) }
        default:
            return []
        }
    }


    static let imageKeys: Set<String> = ["filename", "idiom", "scale", "appearances", "size"]

    static func imageEntry(_ value: JSONValue, path: JSONPath, kind: AssetKind, issues: IssueCollector) -> ImageEntry? {
        guard let object = ObjectReader(value, path: path, issues: issues) else { return nil }
        let before = issues.count
        let idiom = object.string("idiom")
        if let idiom, !AssetCatalogReader.idioms.contains(idiom) {
            issues.report(path.appending("idiom"), "unknown idiom '\(idiom)' (idioms: \(AssetCatalogReader.idioms.joined(separator: ", ")))")
        }
        let filename = object.string("filename", required: false)
        var scale: Int?
        if let text = object.string("scale", required: false) {
            if let value = ["1x": 1, "2x": 2, "3x": 3][text] { scale = value } else {
                issues.report(path.appending("scale"), "unknown scale '\(text)' (scales: 1x, 2x, 3x)")
            }
        }
        let appearance = appearance(object)
        var size: (width: Double, height: Double)?
        if kind == .appicon {
            if let text = object.string("size") {
                let parts = text.split(separator: "x").compactMap { Double($0) }
                if parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 4096 }) { size = (parts[0], parts[1]) } else {
                    issues.report(path.appending("size"), "'\(text)' is not an icon size in points such as \"60x60\"")
                }
            }
        }
        let qualifiers = object.members.filter { !imageKeys.contains($0.key) }.map { "\($0.key)=\(text($0.value))" }.sorted()
        guard issues.count == before, let idiom else { return nil }
        return ImageEntry(index: path.lastIndex ?? 0, filename: filename, idiom: idiom, scale: scale, appearance: appearance ?? .any,
                          size: size, qualifiers: qualifiers)
    }

    static func colorEntry(_ value: JSONValue, path: JSONPath, issues: IssueCollector) -> ColorEntry? {
        guard let object = ObjectReader(value, path: path, issues: issues) else { return nil }
        let idiom = object.string("idiom")
        if let idiom, !AssetCatalogReader.idioms.contains(idiom) {
            issues.report(path.appending("idiom"), "unknown idiom '\(idiom)' (idioms: \(AssetCatalogReader.idioms.joined(separator: ", ")))")
        }
        let appearance = appearance(object)
        // No `color` at all is the system default (Xcode's AccentColor and WidgetBackground
        // templates), not an invalid colour.
        let color = object.has("color") ? object.object("color").flatMap(CatalogColorReader.read) : .systemDefault
        let qualifiers = object.members.filter { !["idiom", "appearances", "color"].contains($0.key) }
            .map { "\($0.key)=\(text($0.value))" }.sorted()
        guard let idiom else { return nil }
        return ColorEntry(index: path.lastIndex ?? 0, idiom: idiom, appearance: appearance ?? .any, qualifiers: qualifiers, value: color)
    }

    /// `appearances: [{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}]`.
    static func appearance(_ object: ObjectReader) -> Appearance? {
        guard let list = object.array("appearances", required: false) else { return nil }
        var result = Appearance.any
        for (value, path) in list {
            guard let item = ObjectReader(value, path: path, issues: object.issues),
                  let kind = item.string("appearance"), let name = item.string("value") else { continue }
            switch (kind, name) {
            case ("luminosity", "light"), ("luminosity", "dark"), ("luminosity", "tinted"): result.luminosity = name
            case ("contrast", "high"): result.highContrast = true
            default:
                object.issues.report(path, "unknown appearance \(kind) '\(name)' (luminosity light, dark or tinted; contrast high)")
            }
        }
        return result
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): text
        case let .number(number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case let .bool(flag): String(flag)
        default: value.kindName
        }
    }
}
