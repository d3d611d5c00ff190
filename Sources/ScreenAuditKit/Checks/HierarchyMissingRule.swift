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
