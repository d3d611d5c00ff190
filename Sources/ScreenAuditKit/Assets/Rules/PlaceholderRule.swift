/// `asset.placeholder` — Placeholder art.
public enum PlaceholderRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.placeholder, title: "Placeholder art", reference: "Asset provenance policy", defaultSeverity: .warning,
        rationale: "Provenance marks the asset as a placeholder: an error in a release audit, a warning otherwise.")

    public static let examples: [AssetExample] = [
        AssetExample("final art in a release", expected: .pass, release: true) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
        AssetExample("placeholder art", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: [
                "star": AssetProvenance(source: "a sketch", authoringStatus: .placeholder, sourceQuality: .vector),
            ])
            return catalog
        },
    ]

    /// The placeholder's provenance entry.
    public struct Measured: AssetRuleMeasurement {
        /// Written as `authoringStatus`.
        public var authoringStatus: AssetProvenance.AuthoringStatus
        public var source: String
        public var knownRisks: [String]
        /// Audited for a release, where placeholder art is an error.
        public var release: Bool

        public init(authoringStatus: AssetProvenance.AuthoringStatus, source: String, knownRisks: [String], release: Bool) {
            self.authoringStatus = authoringStatus
            self.source = source
            self.knownRisks = knownRisks
            self.release = release
        }

        public static var rule: String { descriptor.id }

        public var message: String {
            "placeholder art (source: \(source); \(ProvenanceWords.risks(knownRisks)))" + (release ? "; a release needs final art" : "")
        }

        private enum Key: String, CodingKey { case authoringStatus }

        public func encodeMeasured(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(authoringStatus.rawValue, forKey: .authoringStatus)
        }
    }
}
