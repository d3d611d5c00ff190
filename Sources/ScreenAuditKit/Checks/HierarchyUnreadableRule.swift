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
