import Foundation

/// One accepted finding, keyed by its fingerprint; rule, screen and element make the file readable.
public struct BaselineEntry: Codable, Equatable, Hashable, Sendable {
    public var fingerprint: String
    public var rule: String
    public var screen: String
    public var element: String?

    public init(fingerprint: String, rule: String, screen: String, element: String?) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.screen = screen
        self.element = element
    }
}

/// The findings a team has accepted while adopting the gate: `audit --baseline` gates only on
/// findings not in it. Written sorted (screen, element, rule, fingerprint) for reviewable diffs.
public struct Baseline: Codable, Equatable, Sendable {
    public var schemaVersion: Int
    public var entries: [BaselineEntry]
    /// Present in one shard's baseline (`baseline --shard I/N`), which `merge` combines.
    public var shard: ShardInfo? = nil

    public init(entries: [BaselineEntry]) {
        schemaVersion = 1
        self.entries = entries.sorted { ($0.screen, $0.element ?? "", $0.rule, $0.fingerprint) < ($1.screen, $1.element ?? "", $1.rule, $1.fingerprint) }
    }

    /// Every finding of `report` that is not waived.
    public init(report: AuditReport) {
        self.init(entries: report.screens.flatMap { screen in
            screen.findings.filter { !$0.waived }.map {
                BaselineEntry(fingerprint: $0.fingerprint, rule: $0.rule, screen: screen.id, element: $0.element)
            }
        })
    }

    /// Reads a baseline file; a missing or malformed file is an `AuditError.invalidInput` naming
    /// it and the place (line and column, or JSON path).
    public static func load(path: String) throws -> Baseline {
        let baseline = try DecodableInput.load(Baseline.self, path: path, what: "baseline")
        guard baseline.schemaVersion == 1 else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "schemaVersion",
                                                      message: "unsupported schema version \(baseline.schemaVersion) (this tool reads version 1)")])
        }
        if let shard = baseline.shard {
            throw AuditError.invalidInput([InputIssue(file: path, location: "shard",
                                                      message: "this is one shard's baseline (\(shard.index)/\(shard.count)): merge the shards' baselines into one first")])
        }
        return baseline
    }
}

/// What a baseline did to a report.
public struct BaselineSummary: Codable, Equatable, Sendable {
    /// Findings the baseline accepted (they are reported but do not gate).
    public var baselined: Int
    /// Entries no finding matches any more: remove them so the baseline can shrink.
    public var stale: [BaselineEntry]
}

extension AuditReport {
    /// Marks the findings `baseline` accepts, recounts the summary without them, and lists the
    /// baseline entries that no longer occur. In one shard's report (`shard`), only the entries of
    /// the shard's own screens can be stale: the others are for the other shards to match.
    public func applyingBaseline(_ baseline: Baseline, failOn: FailThreshold, shard: Shard? = nil) -> AuditReport {
        let accepted = Set(baseline.entries.map(\.fingerprint))
        var seen = Set<String>()
        var report = self
        for s in report.screens.indices {
            for f in report.screens[s].findings.indices where accepted.contains(report.screens[s].findings[f].fingerprint) {
                report.screens[s].findings[f].baselined = true
                seen.insert(report.screens[s].findings[f].fingerprint)
            }
        }
        report.summary = Summary(screens: report.screens, failOn: failOn)
        report.baseline = BaselineSummary(baselined: report.summary.baselined,
                                          stale: baseline.entries.filter { !seen.contains($0.fingerprint) && shard?.contains($0.screen) != false })
        // The summary was rebuilt from the screens: a comparison's counts are put back.
        report.countChanges()
        return report
    }
}
