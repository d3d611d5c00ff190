import Imaging

/// The result of an audit, as `report.json` carries it. Field names are a public interface.
public struct AuditReport: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: ToolInfo
    public var settings: Settings
    public var summary: Summary
    public var screens: [ScreenReport]
    /// Present when the run used `--baseline`.
    public var baseline: BaselineSummary?
    /// Present when the run used `--waivers`.
    public var waivers: WaiversSummary? = nil
    /// Present in one shard's report (`--shard I/N`): which part of the run it is.
    public var shard: ShardInfo? = nil
    /// Present in a report merged from shards: how many.
    public var shards: Int? = nil
    /// Present when the run used `--compare`: the compared run's screens this run does not have.
    public var comparison: ComparisonSummary? = nil

    public struct ToolInfo: Codable, Equatable, Sendable {
        public var name: String
        public var version: String
    }

    /// The options that decided the verdicts, so a reader can reproduce them.
    public struct Settings: Codable, Equatable, Sendable {
        public var level: String
        public var largeTextRule: String
        public var failOn: String
    }

    public struct Summary: Codable, Equatable, Sendable {
        public var screens: Int
        /// Findings that are not waived, by severity.
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        /// Findings accepted by a current waiver.
        public var waived: Int
        /// Findings accepted by the baseline (`--baseline`); they do not gate.
        public var baselined: Int
        /// Checks that passed (every element, every rule).
        public var passed: Int
        /// Checks whose pixels could not support a verdict.
        public var notRun: Int
        /// True when a finding that is neither waived nor baselined reached `--fail-on`.
        public var gateFailed: Bool
        /// Present when the run used `--compare`: findings the compared run did not have, findings
        /// it had too, and its findings this run no longer has (see `AuditReport.countChanges`).
        public var new: Int? = nil
        public var unchanged: Int? = nil
        public var fixed: Int? = nil

        /// Counts over `screens` (the sums of their `counts`), and whether the gate failed.
        public init(screens: [ScreenReport], failOn: FailThreshold) {
            let total = screens.map(\.counts).reduce(ScreenCounts(), +)
            self.screens = screens.count
            (errors, warnings, infos) = (total.errors, total.warnings, total.infos)
            (waived, baselined, passed, notRun) = (total.waived, total.baselined, total.passed, total.notRun)
            gateFailed = screens.contains { $0.findings.contains { $0.isActive && failOn.gates($0.severity) } }
        }
    }

    /// The number of each screen's first finding, in screen order. Findings are numbered from 1
    /// across the whole report, every finding counting (waived and baselined ones too): report.md,
    /// the HTML page and the overlays all show these numbers.
    public var firstFindingNumbers: [Int] {
        var numbers = FindingNumbers()
        return screens.map { numbers.first(of: $0.findings.count) }
    }
}

/// Findings are numbered through a run from 1, screen after screen in the report's order: the
/// numbers of the reports and the overlays' badges (the audit numbers screens as they finish).
struct FindingNumbers {
    private var next = 1

    /// The first number of a screen with `count` findings, the screens before it numbered.
    mutating func first(of count: Int) -> Int {
        defer { next += count }
        return next
    }
}

/// One screen's counts, as every report shows them.
public struct ScreenCounts: Equatable, Sendable {
    /// Findings neither waived nor baselined, by severity.
    public var errors = 0
    public var warnings = 0
    public var infos = 0
    /// Findings accepted by a current waiver.
    public var waived = 0
    /// Findings accepted by the baseline and not waived.
    public var baselined = 0
    /// Checks that passed, and checks whose pixels could not support a verdict.
    public var passed = 0
    public var notRun = 0

    public static func + (a: ScreenCounts, b: ScreenCounts) -> ScreenCounts {
        ScreenCounts(errors: a.errors + b.errors, warnings: a.warnings + b.warnings, infos: a.infos + b.infos,
                     waived: a.waived + b.waived, baselined: a.baselined + b.baselined, passed: a.passed + b.passed,
                     notRun: a.notRun + b.notRun)
    }
}

extension ScreenReport {
    public var counts: ScreenCounts {
        var counts = ScreenCounts()
        for finding in findings {
            if finding.waived {
                counts.waived += 1
            } else if finding.baselined {
                counts.baselined += 1
            } else {
                switch finding.severity {
                case .error: counts.errors += 1
                case .warning: counts.warnings += 1
                case .info: counts.infos += 1
                }
            }
        }
        for entry in checked {
            if entry.status == .pass { counts.passed += 1 } else if entry.status == .notRun { counts.notRun += 1 }
        }
        return counts
    }
}

public enum ScreenStatus: String, Codable, Sendable {
    case audited
    case unreadable
    case sizeMismatch = "size-mismatch"
    /// Audited from a UI hierarchy dump, but the dump or the screenshot is missing.
    case hierarchyMissing = "hierarchy-missing"
    /// Audited from a UI hierarchy dump that cannot be read or does not fit the screenshot.
    case hierarchyUnreadable = "hierarchy-unreadable"
}

public struct ScreenReport: Codable, Equatable, Sendable {
    public var id: String
    public var screenshot: String
    /// The contract file that declares the screen, relative to `--contracts`.
    public var contract: String
    public var status: ScreenStatus
    /// What a reviewer should know about the screenshot itself (colour profile, conversions).
    public var notes: [String]
    public var findings: [Finding]
    /// Every check run on every element, passes included.
    public var checked: [CheckedEntry]
    /// For a screen audited from a UI hierarchy dump: its nodes, the elements imported, and every
    /// node left out or element not judged, with the reason.
    public var hierarchy: HierarchyOutline?
    /// The text size the screenshot was taken at, when the contract (or the folder) says it
    /// (`AX3`); the variant it is of (`variantOf`, another screen's id), when it is one.
    public var contentSize: String?
    public var variantOf: String?
    /// `pixels` for a screen whose elements are the lines of text found in its pixels (`scan`):
    /// its element ids name lines, not elements another screen shares.
    public var elementsFrom: String?
    /// Present when the run used `--compare`: the compared run's findings on this screen that this
    /// run no longer has.
    public var fixed: [FixedFinding]? = nil
}

public struct Finding: Codable, Equatable, Sendable {
    public var rule: String
    public var element: String?
    public var severity: Severity
    /// In pixels of the screenshot.
    public var frame: PixelRect?
    public var measured: Measurement
    public var threshold: Double?
    /// A screen-level failure's detail (the decoder's message), for the message.
    public var reason: String?
    public var waived: Bool
    /// Accepted by the baseline given with `--baseline`: reported, not gating.
    public var baselined: Bool = false
    /// The waiver that matched, current or expired.
    public var waiver: WaiverStatus?
    /// The provenance of the element's asset, when the element links one.
    public var provenance: ProvenanceNote?
    /// What the screen reader says for the element, as VoiceOver and TalkBack phrase it
    /// (`"Close", button`), for an element it focuses.
    public var spoken: String?
    /// On a screen at a larger text size: the finding is not on its variant at the smaller size
    /// (`onlyAt` this screen's size, `notAt` the other's), so the larger size brought it.
    public var onlyAt: String?
    public var notAt: String?
    /// Stable across runs and unrelated contract edits: rule, screen, element, a coarse bucket.
    public var fingerprint: String
    /// Present when the run used `--compare`: whether the compared run had this finding.
    public var change: FindingChange? = nil
    /// The message read from a report file, which carries no `reason`.
    private var decodedMessage: String?

    public init(rule: String, element: String?, severity: Severity, frame: PixelRect?, measured: Measurement, threshold: Double?,
                reason: String? = nil, waived: Bool, baselined: Bool = false, waiver: WaiverStatus? = nil,
                provenance: ProvenanceNote? = nil, fingerprint: String) {
        self.rule = rule
        self.element = element
        self.severity = severity
        self.frame = frame
        self.measured = measured
        self.threshold = threshold
        self.reason = reason
        self.waived = waived
        self.baselined = baselined
        self.waiver = waiver
        self.provenance = provenance
        self.fingerprint = fingerprint
    }

    public var facts: FindingFacts { FindingFacts(severity: severity, threshold: threshold, reason: reason) }

    /// Neither waived nor baselined: it counts toward the gate.
    public var isActive: Bool { !waived && !baselined }

    /// The finding in words, from the rule's own (see `RuleMeasurement`), saying when only the
    /// larger text size shows it.
    public var message: String { (decodedMessage ?? measured.message(facts)) + variantSuffix }

    /// " (only at AX3, not at L)", or nothing.
    var variantSuffix: String {
        guard let onlyAt else { return "" }
        return " (only at \(onlyAt)\(notAt.map { ", not at \($0)" } ?? ""))"
    }

    enum CodingKeys: String, CodingKey {
        case rule, element, severity, message, frame, measured, threshold, waived, baselined, waiver, provenance, spoken, onlyAt, notAt,
             fingerprint, change
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encodeIfPresent(element, forKey: .element)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(frame, forKey: .frame)
        try container.encode(measured, forKey: .measured)
        try container.encodeIfPresent(threshold, forKey: .threshold)
        try container.encode(waived, forKey: .waived)
        try container.encode(baselined, forKey: .baselined)
        try container.encodeIfPresent(waiver, forKey: .waiver)
        try container.encodeIfPresent(provenance, forKey: .provenance)
        try container.encodeIfPresent(spoken, forKey: .spoken)
        try container.encodeIfPresent(onlyAt, forKey: .onlyAt)
        try container.encodeIfPresent(notAt, forKey: .notAt)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encodeIfPresent(change, forKey: .change)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(String.self, forKey: .rule)
        element = try container.decodeIfPresent(String.self, forKey: .element)
        severity = try container.decode(Severity.self, forKey: .severity)
        frame = try container.decodeIfPresent(PixelRect.self, forKey: .frame)
        measured = try Measurement(rule: rule, from: container.superDecoder(forKey: .measured))
        threshold = try container.decodeIfPresent(Double.self, forKey: .threshold)
        waived = try container.decode(Bool.self, forKey: .waived)
        baselined = try container.decodeIfPresent(Bool.self, forKey: .baselined) ?? false
        waiver = try container.decodeIfPresent(WaiverStatus.self, forKey: .waiver)
        provenance = try container.decodeIfPresent(ProvenanceNote.self, forKey: .provenance)
        spoken = try container.decodeIfPresent(String.self, forKey: .spoken)
        onlyAt = try container.decodeIfPresent(String.self, forKey: .onlyAt)
        notAt = try container.decodeIfPresent(String.self, forKey: .notAt)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        change = try container.decodeIfPresent(FindingChange.self, forKey: .change)
        // The message as written, without the size note the finding's fields give again.
        let written = try container.decode(String.self, forKey: .message)
        let suffix = variantSuffix
        decodedMessage = !suffix.isEmpty && written.hasSuffix(suffix) ? String(written.dropLast(suffix.count)) : written
    }
}

public struct WaiverStatus: Codable, Equatable, Sendable {
    public var reason: String
    public var expires: String?
    public var expired: Bool
    /// `false-positive` or `accepted` for a waiver from a waivers file (`--waivers`); absent for a
    /// contract's, so a contract's waiver reads as it always has.
    public var kind: WaiverKind? = nil
}

public struct ProvenanceNote: Codable, Equatable, Sendable {
    public var asset: String
    /// nil when the provenance file has no entry for the asset.
    public var source: String?
    public var authoringStatus: String?
    public var sourceQuality: String?
    public var knownRisks: [String]
    public var evidence: [String]
    /// "placeholder, upscaled; known risk: text over a busy area", or why there is none.
    public var summary: String
}

public struct CheckedEntry: Codable, Equatable, Sendable {
    public var rule: String
    public var element: String?
    public var status: CheckStatus
    public var measured: Measurement
    public var threshold: Double?
    public var reason: String?
    /// Where on the screenshot, in pixels (so overlays can mark results that were not run).
    public var frame: PixelRect?

    public init(rule: String, element: String?, status: CheckStatus, measured: Measurement, threshold: Double?, reason: String?,
                frame: PixelRect?) {
        self.rule = rule
        self.element = element
        self.status = status
        self.measured = measured
        self.threshold = threshold
        self.reason = reason
        self.frame = frame
    }

    enum CodingKeys: String, CodingKey { case rule, element, status, measured, threshold, reason, frame }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(String.self, forKey: .rule)
        element = try container.decodeIfPresent(String.self, forKey: .element)
        status = try container.decode(CheckStatus.self, forKey: .status)
        measured = try Measurement(rule: rule, from: container.superDecoder(forKey: .measured))
        threshold = try container.decodeIfPresent(Double.self, forKey: .threshold)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        frame = try container.decodeIfPresent(PixelRect.self, forKey: .frame)
    }
}
