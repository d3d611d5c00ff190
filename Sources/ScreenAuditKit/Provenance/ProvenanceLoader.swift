/// Reads a provenance file. Unlike contracts, provenance is closed: an unknown field or status is
/// an error, since a typo there would silently drop a risk from every report.
public struct ProvenanceLoader: Sendable {
    public var maxFileBytes: Int
    public var jsonLimits: JSONLimits

    public init(maxFileBytes: Int = 16 * 1024 * 1024, jsonLimits: JSONLimits = JSONLimits()) {
        self.maxFileBytes = maxFileBytes
        self.jsonLimits = jsonLimits
    }

    static let assetFields = ["source", "authoringStatus", "sourceQuality", "knownRisks", "evidence"]

    public func load(path: String) throws -> ProvenanceDocument {
        var assets: [String: AssetProvenance] = [:]
        var declaredIn: [String: String] = [:]
        try InputFiles.readEach(path, extension: "json", what: "provenance", limit: maxFileBytes, sorted: true) { file, bytes in
            var (document, issues) = parse(bytes, file: file.path)
            for (name, asset) in (document?.assets ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let first = declaredIn[name] {
                    issues.append(InputIssue(file: file.path, location: "assets.\(name)", message: "asset '\(name)' is also declared in \(first)"))
                }
                declaredIn[name] = file.path
                assets[name] = asset
            }
            return (issues, false)
        }
        return ProvenanceDocument(assets: assets)
    }

    public func parse(_ bytes: [UInt8], file: String) -> (document: ProvenanceDocument?, issues: [InputIssue]) {
        let (opened, issues) = VersionedDocument.open(bytes, file: file, limits: jsonLimits,
                                                      schemaVersion: ProvenanceDocument.currentSchemaVersion, fields: ["schemaVersion", "assets"])
        guard let root = opened else { return (nil, issues.issues) }
        var assets: [String: AssetProvenance] = [:]
        if let assetsObject = root.object("assets") {
            for member in assetsObject.members {
                let path = assetsObject.path.appending(member.key)
                guard let object = ObjectReader(member.value, path: path, issues: issues) else { continue }
                if member.key.isEmpty { issues.report(path, "an asset name must not be empty") }
                for field in object.members where !Self.assetFields.contains(field.key) {
                    issues.report(path.appending(field.key), "unknown field (fields: \(Self.assetFields.joined(separator: ", ")))")
                }
                let source = object.string("source")
                let status = enumValue(object, "authoringStatus", AssetProvenance.AuthoringStatus.self)
                let quality = enumValue(object, "sourceQuality", AssetProvenance.SourceQuality.self)
                let risks = object.strings("knownRisks", required: false) ?? []
                let evidence = object.strings("evidence", required: false) ?? []
                if let source, let status, let quality {
                    assets[member.key] = AssetProvenance(source: source, authoringStatus: status, sourceQuality: quality,
                                                         knownRisks: risks, evidence: evidence)
                }
            }
        }
        return issues.issues.isEmpty ? (ProvenanceDocument(assets: assets), []) : (nil, issues.issues)
    }

    private func enumValue<Value: RawRepresentable & CaseIterable>(_ object: ObjectReader, _ key: String, _: Value.Type) -> Value?
        where Value.RawValue == String {
        guard let text = object.string(key) else { return nil }
        guard let value = Value(rawValue: text) else {
            object.issues.report(object.path.appending(key),
                                 "unknown value '\(text)' (values: \(Value.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        return value
    }
}
