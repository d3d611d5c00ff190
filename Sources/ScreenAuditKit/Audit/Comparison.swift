import Foundation

/// A finding's mark against the report given with `audit --compare`: whether that run had it.
public enum FindingChange: String, Codable, Sendable, CaseIterable {
    /// The compared run has no finding with this fingerprint.
    case new
    /// The compared run has one with this fingerprint (its message or measurement may differ:
    /// the fingerprint is what says it is the same problem).
    case unchanged
}

/// A finding of the compared run that this run no longer has.
public struct FixedFinding: Codable, Equatable, Sendable {
    public var rule: String
    public var element: String?
    public var severity: Severity
    /// The message as the compared run wrote it.
    public var message: String
    public var fingerprint: String

    public init(rule: String, element: String?, severity: Severity, message: String, fingerprint: String) {
        self.rule = rule
        self.element = element
        self.severity = severity
        self.message = message
        self.fingerprint = fingerprint
    }
}

/// What `--compare` adds at the top of a report: the compared run's screens that this run does not
/// have, with their findings (all fixed, as far as this run can tell).
public struct ComparisonSummary: Codable, Equatable, Sendable {
    public var removedScreens: [RemovedScreen]

    public struct RemovedScreen: Codable, Equatable, Sendable {
        public var screen: String
        public var fixed: [FixedFinding]
    }

    public init(removedScreens: [RemovedScreen]) {
        // Sorted by id: shards gather them in any order, and the merged report must not depend on it.
        self.removedScreens = removedScreens.sorted { $0.screen < $1.screen }
    }
}

extension AuditReport {
    /// Reads the report `audit --compare` names: `path` is a report.json, or a folder holding one.
    /// A missing file, a file that is not JSON, not a screenaudit report of this schema, or one
    /// shard's report is an `AuditError.invalidInput` naming the file and what is wrong.
    public static func loadPrevious(path: String) throws -> AuditReport {
        var file = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            file = (path as NSString).appendingPathComponent(JSONReporter.fileName)
        }
        // The identity first: a baseline or a contract given by mistake is named as such rather
        // than as a report with a missing field.
        let header = try DecodableInput.load(ReportHeader.self, path: file, what: "previous report")
        guard header.tool?.name == ScreenAuditKit.toolName else {
            throw AuditError.invalidInput([InputIssue(file: file, location: "tool",
                                                      message: "not a screenaudit report.json (no tool \"\(ScreenAuditKit.toolName)\"): give the report.json an earlier `screenaudit audit` wrote")])
        }
        guard header.schemaVersion == currentSchemaVersion else {
            throw AuditError.invalidInput([InputIssue(file: file, location: "schemaVersion",
                                                      message: "unsupported report schema version \(header.schemaVersion.map(String.init) ?? "(none)") (this tool reads version \(currentSchemaVersion))")])
        }
        let report = try DecodableInput.load(AuditReport.self, path: file, what: "previous report")
        if let shard = report.shard {
            throw AuditError.invalidInput([InputIssue(file: file, location: "shard",
                                                      message: "this is one shard's report (\(shard.index)/\(shard.count)): compare with the merged report (`screenaudit merge`)")])
        }
        return report
    }

    /// The fields that say what kind of file a report.json is, read before the rest.
    private struct ReportHeader: Decodable {
        var schemaVersion: Int?
        var tool: ToolInfo?
    }

    /// Marks each finding `new` or `unchanged` against `previous` by fingerprint, lists the
    /// previous findings this run no longer has as `fixed` (on their screen, or under
    /// `comparison.removedScreens` for a screen this run does not have), and counts them in the
    /// summary. Marks only: waivers, the baseline and the gate are untouched.
    ///
    /// Fingerprints are matched as a multiset: two findings that share one (the same rule on the
    /// same element in one coarse bucket) against one previous finding are one unchanged and one
    /// new, so a count that grows shows. In one shard's report (`shard`), only the removed screens
    /// the shard would hold are listed, so that the merged report lists each once.
    public func comparing(with previous: AuditReport, shard: Shard? = nil) -> AuditReport {
        var remaining: [String: Int] = [:]
        for screen in previous.screens {
            for finding in screen.findings { remaining[finding.fingerprint, default: 0] += 1 }
        }
        var report = self
        for s in report.screens.indices {
            for f in report.screens[s].findings.indices {
                let fingerprint = report.screens[s].findings[f].fingerprint
                if let left = remaining[fingerprint], left > 0 {
                    remaining[fingerprint] = left - 1
                    report.screens[s].findings[f].change = .unchanged
                } else {
                    report.screens[s].findings[f].change = .new
                }
            }
        }
        // What is left unmatched was fixed: the last ones of a fingerprint, in the previous order.
        var fixedByScreen: [String: [FixedFinding]] = [:]
        var previousOrder: [String] = []
        for screen in previous.screens {
            var fixed: [FixedFinding] = []
            for finding in screen.findings.reversed() {
                guard let left = remaining[finding.fingerprint], left > 0 else { continue }
                remaining[finding.fingerprint] = left - 1
                fixed.append(FixedFinding(rule: finding.rule, element: finding.element, severity: finding.severity,
                                          message: finding.message, fingerprint: finding.fingerprint))
            }
            if fixedByScreen[screen.id] == nil { previousOrder.append(screen.id) }
            fixedByScreen[screen.id, default: []] += fixed.reversed()
        }
        let current = Set(report.screens.map(\.id))
        for s in report.screens.indices {
            report.screens[s].fixed = fixedByScreen[report.screens[s].id] ?? []
        }
        // A shard does not hold the whole run: a screen it lacks is removed only when it would be
        // the shard's (then the whole run lacks it too).
        let removed = previousOrder.filter { !current.contains($0) && shard?.contains($0) != false }
        report.comparison = ComparisonSummary(removedScreens: removed.map {
            ComparisonSummary.RemovedScreen(screen: $0, fixed: fixedByScreen[$0] ?? [])
        })
        report.countChanges()
        return report
    }

    /// Sets the summary's `new`, `unchanged` and `fixed` from the marks, in a compared report (the
    /// summary is recomputed from the screens by the baseline and by merge, which know nothing of
    /// them); leaves them absent otherwise, so a report without `--compare` is as it always was.
    public mutating func countChanges() {
        guard let comparison else {
            (summary.new, summary.unchanged, summary.fixed) = (nil, nil, nil)
            return
        }
        let findings = screens.flatMap(\.findings)
        summary.new = findings.filter { $0.change == .new }.count
        summary.unchanged = findings.filter { $0.change == .unchanged }.count
        summary.fixed = screens.map { $0.fixed?.count ?? 0 }.reduce(0, +) + comparison.removedScreens.map(\.fixed.count).reduce(0, +)
    }
}
