/// Reads a requirements file. Closed like provenance: an unknown field or value is an error,
/// since a typo ("apperances") would silently drop a requirement from the gate.
public struct AssetRequirementsLoader: Sendable {
    public var maxFileBytes: Int
    public var jsonLimits: JSONLimits

    public init(maxFileBytes: Int = 4 * 1024 * 1024, jsonLimits: JSONLimits = JSONLimits()) {
        self.maxFileBytes = maxFileBytes
        self.jsonLimits = jsonLimits
    }

    static let rootFields = ["schemaVersion", "defaults", "assets", "colorPairs"]
    static let assetFields = ["type", "idioms", "scales", "appearances", "size"]
    static let pairFields = ["foreground", "background", "appearances", "text", "minimumRatio"]

    public func load(path: String) throws -> AssetRequirements {
        var requirements: AssetRequirements?
        try InputFiles.readEach(path, extension: "json", what: "requirements", limit: maxFileBytes, directories: false) { _, bytes in
            let result = parse(bytes, file: path)
            requirements = result.requirements
            return (result.issues, false)
        }
        guard let requirements else { throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "no requirements read")]) }
        return requirements
    }

    public func parse(_ bytes: [UInt8], file: String) -> (requirements: AssetRequirements?, issues: [InputIssue]) {
        let (opened, issues) = VersionedDocument.open(bytes, file: file, limits: jsonLimits,
                                                      schemaVersion: AssetRequirements.currentSchemaVersion, fields: Self.rootFields)
        guard let root = opened else { return (nil, issues.issues) }
        var defaultScales = AssetRequirements.builtInDefaultScales
        if let defaults = root.object("defaults", required: false) {
            rejectUnknown(defaults, ["scales"])
            if let scales = scales(defaults) { defaultScales = scales }
        }
        var assets: [AssetRequirements.Requirement] = []
        if let object = root.object("assets") {
            for member in object.members {
                if let requirement = requirement(member.key, member.value, path: object.path.appending(member.key), issues: issues,
                                                 defaultScales: defaultScales) {
                    assets.append(requirement)
                }
            }
        }
        var pairs: [AssetRequirements.ColorPair] = []
        for (value, path) in root.array("colorPairs", required: false) ?? [] {
            if let pair = colorPair(value, path: path, issues: issues) { pairs.append(pair) }
        }
        guard issues.issues.isEmpty else { return (nil, issues.issues) }
        return (AssetRequirements(defaultScales: defaultScales, assets: assets, colorPairs: pairs), [])
    }

    func requirement(_ name: String, _ value: JSONValue, path: JSONPath, issues: IssueCollector,
                     defaultScales: [Int]) -> AssetRequirements.Requirement? {
        guard let object = ObjectReader(value, path: path, issues: issues) else { return nil }
        if name.isEmpty { issues.report(path, "an asset name must not be empty") }
        rejectUnknown(object, Self.assetFields)
        let kind = object.string("type").flatMap { text -> AssetKind? in
            guard let kind = AssetKind(rawValue: text) else {
                issues.report(path.appending("type"), "unknown type '\(text)' (types: \(AssetKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
            return kind
        }
        let idioms = object.strings("idioms", required: false) ?? ["universal"]
        for (index, idiom) in idioms.enumerated() where !AssetCatalogReader.idioms.contains(idiom) {
            issues.report(path.appending("idioms").appending(index),
                          "unknown idiom '\(idiom)' (idioms: \(AssetCatalogReader.idioms.joined(separator: ", ")))")
        }
        let appearances = appearances(object) ?? [.any]
        let scales = scales(object)
        if scales != nil, kind != .image {
            issues.report(path.appending("scales"), "scales apply to image sets only")
        }
        var size: (width: Double, height: Double)?
        if let sizeObject = object.object("size", required: false) {
            rejectUnknown(sizeObject, ["width", "height"])
            if kind != .image { issues.report(sizeObject.path, "a size applies to image sets only") }
            if let width = sizeObject.number("width"), let height = sizeObject.number("height") {
                if width > 0, height > 0, width <= 10_000, height <= 10_000 { size = (width, height) } else {
                    issues.report(sizeObject.path, "width and height are points, above 0 and at most 10000")
                }
            }
        }
        guard let kind else { return nil }
        return AssetRequirements.Requirement(name: name, kind: kind, idioms: idioms, scales: kind == .image ? (scales ?? defaultScales) : [],
                                             appearances: appearances, size: size)
    }

    func colorPair(_ value: JSONValue, path: JSONPath, issues: IssueCollector) -> AssetRequirements.ColorPair? {
        guard let object = ObjectReader(value, path: path, issues: issues) else { return nil }
        rejectUnknown(object, Self.pairFields)
        let foreground = object.string("foreground")
        let background = object.string("background")
        let appearances = appearances(object) ?? [Appearance(luminosity: "light")]
        var use = AssetRequirements.PairUse.normal
        if let text = object.string("text", required: false) {
            if let value = AssetRequirements.PairUse(rawValue: text) { use = value } else {
                issues.report(path.appending("text"),
                              "unknown text kind '\(text)' (kinds: \(AssetRequirements.PairUse.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        let minimum = object.number("minimumRatio", required: false)
        if let minimum, !(1...21).contains(minimum) {
            issues.report(path.appending("minimumRatio"), "a contrast ratio is between 1 and 21, got \(minimum)")
        }
        guard let foreground, let background else { return nil }
        return AssetRequirements.ColorPair(foreground: foreground, background: background, appearances: appearances, use: use,
                                           minimumRatio: minimum, index: path.lastIndex ?? 0)
    }

    func appearances(_ object: ObjectReader) -> [Appearance]? {
        guard let names = object.strings("appearances", required: false) else { return nil }
        var result: [Appearance] = []
        for (index, name) in names.enumerated() {
            guard let appearance = Appearance(name: name) else {
                object.issues.report(object.path.appending("appearances").appending(index),
                                     "unknown appearance '\(name)' (any, light, dark, high-contrast, light+high-contrast, dark+high-contrast)")
                continue
            }
            result.append(appearance)
        }
        if names.isEmpty { object.issues.report(object.path.appending("appearances"), "list at least one appearance") }
        return result
    }

    func scales(_ object: ObjectReader) -> [Int]? {
        guard let names = object.strings("scales", required: false) else { return nil }
        var result: [Int] = []
        for (index, name) in names.enumerated() {
            guard let scale = ["1x": 1, "2x": 2, "3x": 3][name] else {
                object.issues.report(object.path.appending("scales").appending(index), "unknown scale '\(name)' (scales: 1x, 2x, 3x)")
                continue
            }
            result.append(scale)
        }
        return result
    }

    func rejectUnknown(_ object: ObjectReader, _ fields: [String]) {
        for member in object.members where !fields.contains(member.key) {
            object.issues.report(object.path.appending(member.key), "unknown field (fields: \(fields.joined(separator: ", ")))")
        }
    }
}
