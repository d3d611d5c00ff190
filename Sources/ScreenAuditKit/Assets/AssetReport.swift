/// The result of `screenaudit assets`, as `report.json` carries it. Field names are a public interface.
public struct AssetReport: Codable, Equatable, Sendable {
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

public struct ColorPairResult: Codable, Equatable, Sendable {
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
    public var reason: String?
}

public struct AssetFinding: Codable, Equatable, Sendable {
    public var rule: String
    public var severity: Severity
    /// The asset's name; nil for findings about the catalog's structure (a group, a stray file).
    public var asset: String?
    /// The file the finding is about, relative to the catalog's parent (or a requirements file).
    public var file: String
    /// A JSON path inside `file` ("images[2].scale"), when the finding is about one value.
    public var location: String?
    public var message: String
    public var measured: AssetMeasurement
    /// Stable across runs: rule, asset, file and place.
    public var fingerprint: String

    public init(rule: String, severity: Severity, asset: String?, file: String, location: String? = nil,
                message: String, measured: AssetMeasurement = .none) {
        self.rule = rule
        self.severity = severity
        self.asset = asset
        self.file = file
        self.location = location
        self.message = message
        self.measured = measured
        fingerprint = Fingerprint.make(rule: rule, screen: file, element: asset, bucket: location ?? "-")
    }

    static func ordered(_ a: AssetFinding, _ b: AssetFinding) -> Bool {
        (a.file, a.location ?? "", a.rule, a.message) < (b.file, b.location ?? "", b.rule, b.message)
    }
}

/// What an asset rule measured, one case per kind of measurement: a renamed field is a compile
/// error, not a missing key. Encodes to the `measured` object of assets-report.json.
public enum AssetMeasurement: Codable, Equatable, Sendable {
    case none
    /// `asset.size-inconsistent`: the file's pixels and the size its slot needs.
    case pixelSize(width: Int, height: Int, expectedWidth: Double, expectedHeight: Double)
    /// `asset.color-contrast`: the pair's ratio (cut to hundredths) and colours in one appearance.
    case contrast(ratio: Double, foreground: String, background: String, appearance: String)
    /// `asset.format-mismatch`: the format the file's bytes are.
    case format(String)
    /// `asset.image-unreadable`: why the file cannot be decoded (`DecodeFailureCategory`).
    case unreadable(category: String)
    /// `asset.placeholder`: the provenance's authoring status.
    case authoringStatus(String)
    /// `asset.source-quality`: the provenance's source quality.
    case sourceQuality(String)

    /// The keys of the `measured` object, one place for both directions.
    private enum Key: String, CodingKey {
        case width, height, expectedWidth, expectedHeight, ratio, foreground, background, appearance, format, category,
             authoringStatus, sourceQuality
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .none:
            break
        case let .pixelSize(width, height, expectedWidth, expectedHeight):
            try container.encode(Double(width), forKey: .width)
            try container.encode(Double(height), forKey: .height)
            try container.encode(expectedWidth, forKey: .expectedWidth)
            try container.encode(expectedHeight, forKey: .expectedHeight)
        case let .contrast(ratio, foreground, background, appearance):
            try container.encode(ratio, forKey: .ratio)
            try container.encode(foreground, forKey: .foreground)
            try container.encode(background, forKey: .background)
            try container.encode(appearance, forKey: .appearance)
        case let .format(format):
            try container.encode(format, forKey: .format)
        case let .unreadable(category):
            try container.encode(category, forKey: .category)
        case let .authoringStatus(status):
            try container.encode(status, forKey: .authoringStatus)
        case let .sourceQuality(quality):
            try container.encode(quality, forKey: .sourceQuality)
        }
    }

    /// The case is known from the keys present.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func text(_ key: Key) throws -> String { try container.decode(String.self, forKey: key) }
        func number(_ key: Key) throws -> Double { try container.decode(Double.self, forKey: key) }
        if container.contains(.expectedWidth) {
            self = try .pixelSize(width: container.decode(Int.self, forKey: .width), height: container.decode(Int.self, forKey: .height),
                                  expectedWidth: number(.expectedWidth), expectedHeight: number(.expectedHeight))
        } else if container.contains(.ratio) {
            self = try .contrast(ratio: number(.ratio), foreground: text(.foreground), background: text(.background),
                                 appearance: text(.appearance))
        } else if container.contains(.format) {
            self = try .format(text(.format))
        } else if container.contains(.category) {
            self = try .unreadable(category: text(.category))
        } else if container.contains(.authoringStatus) {
            self = try .authoringStatus(text(.authoringStatus))
        } else if container.contains(.sourceQuality) {
            self = try .sourceQuality(text(.sourceQuality))
        } else {
            self = .none
        }
    }
}
