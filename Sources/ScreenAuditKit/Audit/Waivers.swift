import Foundation
import ScreenContracts

/// Why a finding of a waivers file does not gate.
public enum WaiverKind: String, Codable, CaseIterable, Sendable {
    /// The finding is wrong: the rule misjudged the pixels or the dump.
    case falsePositive = "false-positive"
    /// The finding is right, and the team accepts it (until `expires`, when given).
    case accepted
}

/// One waived finding of a waivers file, keyed by the finding's fingerprint (which survives
/// re-runs as the baseline's does); rule, screen and element make the file readable and name the
/// entry in messages.
public struct WaiverEntry: Codable, Equatable, Hashable, Sendable {
    public var fingerprint: String
    public var rule: String
    public var screen: String
    /// Absent for a finding on the whole screen.
    public var element: String?
    public var kind: WaiverKind
    public var reason: String
    /// YYYY-MM-DD, only for `accepted`: the entry waives up to and including this day (UTC).
    public var expires: String?

    public init(fingerprint: String, rule: String, screen: String, element: String?, kind: WaiverKind, reason: String,
                expires: String? = nil) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.screen = screen
        self.element = element
        self.kind = kind
        self.reason = reason
        self.expires = expires
    }
}

/// A standalone waivers file (`audit --waivers FILE`, `scan --waivers FILE`): waivers for screens
/// that have no contract to hold them (from UI hierarchies, from `scan`), or that a reviewer marks
/// outside the contracts. docs/formats/waivers.md describes it, its canonical bytes included.
public struct WaiversFile: Codable, Equatable, Sendable {
    public static let currentSchemaVersion = 1
    /// The fields of the document and of an entry: the format is closed, since a misspelt
    /// `expires` would otherwise waive for ever.
    static let rootFields = ["schemaVersion", "waivers"]
    static let entryFields = ["fingerprint", "rule", "screen", "element", "kind", "reason", "expires"]

    public var schemaVersion: Int
    /// Sorted by screen, element (absent first), rule, fingerprint: the order `render` writes.
    public var waivers: [WaiverEntry]

    public init(waivers: [WaiverEntry]) {
        schemaVersion = Self.currentSchemaVersion
        self.waivers = waivers.sorted(by: Self.precedes)
    }

    /// The canonical order, each field compared by its UTF-8 bytes (not Swift's `<`, which
    /// compares canonically equivalent strings as equal): the order another writer (the review
    /// page's export) can reproduce exactly from the documented rule.
    static func precedes(_ a: WaiverEntry, _ b: WaiverEntry) -> Bool {
        for (x, y) in [(a.screen, b.screen), (a.element ?? "", b.element ?? ""), (a.rule, b.rule), (a.fingerprint, b.fingerprint)]
            where !x.utf8.elementsEqual(y.utf8) {
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        return false
    }

    /// The file's canonical bytes: keys sorted, two-space indentation, `"key" : value`, a final
    /// newline (`JSONText`, as every file the tool writes). The same entries give the same bytes,
    /// whatever order they were given in.
    public func render() throws -> Data {
        try JSONText.encode(WaiversFile(waivers: waivers))
    }

    /// The entries by fingerprint (fingerprints are unique in a loaded file).
    public var byFingerprint: [String: WaiverEntry] {
        Dictionary(waivers.map { ($0.fingerprint, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Reads a waivers file, collecting every problem (file name and JSON path) before giving up.
public struct WaiversLoader: Sendable {
    public var maxFileBytes: Int
    public var jsonLimits: JSONLimits

    public init(maxFileBytes: Int = 16 * 1024 * 1024, jsonLimits: JSONLimits = JSONLimits()) {
        self.maxFileBytes = maxFileBytes
        self.jsonLimits = jsonLimits
    }

    /// Loads the file at `path` (a file, not a folder). Throws `AuditError.invalidInput` with
    /// every issue.
    public func load(path: String) throws -> WaiversFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "no such waivers file")])
        }
        guard !isDirectory.boolValue else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "a folder: --waivers takes one waivers file")])
        }
        var loaded: WaiversFile?
        try InputFiles.readEach(path, extension: "json", what: "waivers", limit: maxFileBytes, directories: false) { file, bytes in
            let (document, issues) = parse(bytes, file: file.path)
            loaded = document
            return (issues, false)
        }
        guard let loaded else { throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "not a waivers file")]) }
        return loaded
    }

    /// Parses and validates one document: the file (entries in canonical order), or every issue.
    public func parse(_ bytes: [UInt8], file: String) -> (file: WaiversFile?, issues: [InputIssue]) {
        let (opened, issues) = VersionedDocument.open(bytes, file: file, limits: jsonLimits,
                                                      schemaVersion: WaiversFile.currentSchemaVersion, fields: WaiversFile.rootFields)
        guard let root = opened else { return (nil, issues.issues) }
        var entries: [WaiverEntry] = []
        var seen: [String: JSONPath] = [:]
        for (value, path) in root.array("waivers") ?? [] {
            guard let object = ObjectReader(value, path: path, issues: issues) else { continue }
            let before = issues.count
            for member in object.members where !WaiversFile.entryFields.contains(member.key) {
                issues.report(path.appending(member.key), "unknown field (fields: \(WaiversFile.entryFields.joined(separator: ", ")))")
            }
            let fingerprint = object.string("fingerprint")
            if let fingerprint {
                if !Self.isFingerprint(fingerprint) {
                    issues.report(path.appending("fingerprint"),
                                  "'\(fingerprint)' is not a fingerprint (16 lower-case hexadecimal digits, as report.json gives each finding)")
                } else if let first = seen[fingerprint] {
                    issues.report(path.appending("fingerprint"), "fingerprint \(fingerprint) is waived already at \(first)")
                } else {
                    seen[fingerprint] = path
                }
            }
            let rule = ScreenReader.nonEmpty(object, "rule")
            if let rule, !RuleID.all.contains(rule) {
                issues.report(path.appending("rule"), "unknown rule '\(rule)' (rules: \(RuleID.all.joined(separator: ", ")))")
            }
            let screen = ScreenReader.nonEmpty(object, "screen")
            let element = object.string("element", required: false)
            if let element, element.isEmpty { issues.report(path.appending("element"), "must not be empty (leave it out for a finding on the whole screen)") }
            var kind: WaiverKind?
            if let text = object.string("kind") {
                kind = WaiverKind(rawValue: text)
                if kind == nil {
                    issues.report(path.appending("kind"), "unknown kind '\(text)' (kinds: \(WaiverKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
            }
            let reason = ScreenReader.nonEmpty(object, "reason")
            let expires = object.string("expires", required: false)
            if let expires {
                if CalendarDay(expires) == nil {
                    issues.report(path.appending("expires"), "'\(expires)' is not a date (use YYYY-MM-DD)")
                } else if kind == .falsePositive {
                    issues.report(path.appending("expires"), "a false positive does not expire: only an accepted finding takes expires")
                }
            }
            if issues.count == before, let fingerprint, let rule, let screen, let kind, let reason {
                entries.append(WaiverEntry(fingerprint: fingerprint, rule: rule, screen: screen, element: element, kind: kind,
                                           reason: reason, expires: expires))
            }
        }
        return issues.count == 0 ? (WaiversFile(waivers: entries), []) : (nil, issues.issues)
    }

    /// What `Fingerprint.make` writes: 16 lower-case hexadecimal digits.
    static func isFingerprint(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// What a waivers file did to a report.
public struct WaiversSummary: Codable, Equatable, Sendable {
    /// Findings an entry of the file waives (current entries; an expired one waives nothing).
    public var waived: Int
    /// Entries whose fingerprint no finding has: the finding was fixed or changed in kind. Remove
    /// them so the file shrinks; they are not an error.
    public var unused: [WaiverEntry]

    public init(waived: Int, unused: [WaiverEntry]) {
        self.waived = waived
        self.unused = unused
    }
}

extension AuditReport {
    /// Records what `file` did: the findings it waives (marked as they were audited, see
    /// `Policy`) and its entries no finding matches. In one shard's report (`shard`), only the
    /// entries of the shard's own screens can be unused: the others are for the other shards.
    public func summarizingWaivers(_ file: WaiversFile, shard: Shard? = nil) -> AuditReport {
        var report = self
        let findings = screens.flatMap(\.findings)
        let present = Set(findings.map(\.fingerprint))
        let waived = findings.filter { $0.waived && $0.waiver?.kind != nil }.count
        report.waivers = WaiversSummary(waived: waived,
                                        unused: file.waivers.filter { !present.contains($0.fingerprint) && shard?.contains($0.screen) != false })
        return report
    }
}
