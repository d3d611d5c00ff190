/// The result of `screenaudit assets`, as `report.json` carries it. Field names are a public interface.
public struct AssetReport: Encodable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: AuditReport.ToolInfo
    public var settings: Settings
    public var summary: Summary
    /// What a reader should know about what was and was not checked.
    public var notes: [String]
    /// Every asset in the catalog, sorted by name.
    public var assets: [AssetSummary]
    /// Every colour pair the requirements declare, per appearance, passes included.
    public var colorPairs: [ColorPairResult]
    /// Sorted by file, location, rule.
    public var findings: [AssetFinding]

    public struct Settings: Codable, Equatable, Sendable {
        /// The catalog folder's name ("QuestArt.xcassets"); finding paths start with it.
        public var catalog: String
        /// The requirements and provenance files' names, when given.
        public var requirements: String?
        public var provenance: String?
        public var release: Bool
        public var failOn: String
    }

    public struct Summary: Codable, Equatable, Sendable {
        public var assets: Int
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        public var requirementsChecked: Bool
        public var provenanceChecked: Bool
        public var gateFailed: Bool
    }
}

public struct AssetSummary: Codable, Equatable, Sendable {
    public var name: String
    public var kind: AssetKind
    /// The asset folder, relative to the catalog's parent.
    public var path: String
    /// Image files referenced by Contents.json (0 for colours).
    public var files: Int
    /// "final, vector", or nil when provenance was not checked or has no entry.
    public var provenance: String?
    public var required: Bool
}

public struct ColorPairResult: Encodable, Equatable, Sendable {
    public var foreground: String
    public var background: String
    /// "light", "dark", "high-contrast"…
    public var appearance: String
    /// "normal", "large" or "non-text".
    public var text: String
    public var status: CheckStatus
    /// The contrast ratio, rounded to 2 decimals; nil when not run.
    public var ratio: Double?
    public var minimumRatio: Double
    public var foregroundColor: String?
    public var backgroundColor: String?
    /// Why the pair was not run in this appearance; nil when it was.
    public var notRun: ColorContrastRule.NotRun?

    /// `notRun` in the rule's words, as report.json writes it (`reason`).
    public var reason: String? { notRun?.reason }

    enum CodingKeys: String, CodingKey {
        case foreground, background, appearance, text, status, ratio, minimumRatio, foregroundColor, backgroundColor, reason
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(foreground, forKey: .foreground)
        try container.encode(background, forKey: .background)
        try container.encode(appearance, forKey: .appearance)
        try container.encode(text, forKey: .text)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encode(minimumRatio, forKey: .minimumRatio)
        try container.encodeIfPresent(foregroundColor, forKey: .foregroundColor)
        try container.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}

public struct AssetFinding: Encodable, Equatable, Sendable {
    /// What the rule found; its case is the rule. The finding's identity (rule, asset, file,
    /// location) is fixed at `init`, where its fingerprint is made from it.
    public private(set) var measured: AssetMeasurement
    public var severity: Severity
    /// The asset's name; nil for findings about the catalog's structure (a group, a stray file).
    public private(set) var asset: String?
    /// The file the finding is about, relative to the catalog's parent (or a requirements file).
    public private(set) var file: String
    /// A JSON path inside `file` ("images[2].scale"), when the finding is about one value.
    public private(set) var location: String?
    /// Stable across runs: rule, asset, file and place.
    public private(set) var fingerprint: String

    public init(_ measured: AssetMeasurement, severity: Severity, asset: String?, file: String, location: String? = nil) {
        self.measured = measured
        self.severity = severity
        self.asset = asset
        self.file = file
        self.location = location
        fingerprint = Fingerprint.make(rule: measured.rule, screen: file, element: asset, bucket: location ?? "-")
    }

    public var rule: String { measured.rule }

    /// The finding in words, from the rule's own (see `AssetRuleMeasurement`).
    public var message: String { measured.message }

    enum CodingKeys: String, CodingKey {
        case rule, severity, asset, file, location, message, measured, fingerprint
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity, forKey: .severity)
        try container.encodeIfPresent(asset, forKey: .asset)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(message, forKey: .message)
        try container.encode(measured, forKey: .measured)
        try container.encode(fingerprint, forKey: .fingerprint)
    }

    /// By file, location, rule, then sentence (built only when the rest ties).
    static func ordered(_ a: AssetFinding, _ b: AssetFinding) -> Bool {
        let place = (a.file, a.location ?? "", a.rule), other = (b.file, b.location ?? "", b.rule)
        return place != other ? place < other : a.message < b.message
    }
}
