/// Where an asset came from and how far it is from final art. Format v1
/// (see Provenance/asset-provenance.schema.json); the JSON names are a public interface.
public struct AssetProvenance: Codable, Equatable, Sendable {
    public enum AuthoringStatus: String, Codable, CaseIterable, Sendable {
        case placeholder, draft, final
    }

    public enum SourceQuality: String, Codable, CaseIterable, Sendable {
        case vector
        case highRes = "high-res"
        case upscaled
        case lowRes = "low-res"
    }

    public var source: String
    public var authoringStatus: AuthoringStatus
    public var sourceQuality: SourceQuality
    public var knownRisks: [String]
    public var evidence: [String]

    public init(source: String, authoringStatus: AuthoringStatus, sourceQuality: SourceQuality,
                knownRisks: [String] = [], evidence: [String] = []) {
        self.source = source
        self.authoringStatus = authoringStatus
        self.sourceQuality = sourceQuality
        self.knownRisks = knownRisks
        self.evidence = evidence
    }

    /// One line a reviewer reads next to a finding: "placeholder, upscaled; known risk: text over a busy area".
    public var summary: String {
        var text = "\(authoringStatus.rawValue), \(sourceQuality.rawValue)"
        if !knownRisks.isEmpty {
            text += "; known risk\(knownRisks.count == 1 ? "" : "s"): " + knownRisks.joined(separator: "; ")
        }
        return text
    }
}

/// A provenance file: assets by name.
public struct ProvenanceDocument: Encodable, Equatable, Sendable {
    public static let currentSchemaVersion = 1
    public var assets: [String: AssetProvenance]

    public init(assets: [String: AssetProvenance]) { self.assets = assets }

    enum CodingKeys: String, CodingKey { case schemaVersion, assets }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentSchemaVersion, forKey: .schemaVersion)
        try container.encode(assets, forKey: .assets)
    }
}
