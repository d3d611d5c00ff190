/// `hierarchy.missing` — a screenshot without its UI hierarchy dump, or a dump without its
/// screenshot: the screen cannot be audited from a hierarchy, and is never dropped silently.
public enum HierarchyMissingRule {
    public static let descriptor = CheckDescriptor(
        id: RuleID.hierarchyMissing, title: "UI hierarchy or screenshot missing", reference: "ScreenAuditKit",
        defaultSeverity: .error,
        rationale: "A screenshot is audited from the UI hierarchy dumped beside it; without the pair nothing on the screen is checked.")

    /// What is missing: `hierarchy` (a screenshot alone) or `screenshot` (a dump alone).
    public struct Measured: RuleMeasurement {
        public var missing: String

        public init(missing: String) { self.missing = missing }

        public func message(_ facts: FindingFacts) -> String { "screen not audited: \(facts.reason ?? "no \(missing)")" }

        public var fingerprintBucket: String { "missing:\(missing)" }
    }
}

/// `hierarchy.unreadable` — a dump that cannot be read (cut short, not a dump, over a limit) or
/// that does not fit its screenshot (another scale, another orientation): the screen is not
/// audited.
public enum HierarchyUnreadableRule {
    public static let descriptor = CheckDescriptor(
        id: RuleID.hierarchyUnreadable, title: "Unreadable UI hierarchy", reference: "ScreenAuditKit",
        defaultSeverity: .error,
        rationale: "A dump that cannot be read, or that does not match its screenshot, gives no elements to check.")

    /// The dump's format (`xcuitest`, `uiautomator`); the parser's or importer's words are the
    /// result's reason.
    public struct Measured: RuleMeasurement {
        public var format: String

        public init(format: String) { self.format = format }

        public func message(_ facts: FindingFacts) -> String { "UI hierarchy cannot be used: \(facts.reason ?? "unreadable")" }

        public var fingerprintBucket: String { "format:\(format)" }
    }
}
