/// `asset.provenance-missing` — Provenance missing.
public enum ProvenanceMissingRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.provenanceMissing, title: "Provenance missing", reference: "Asset provenance policy", defaultSeverity: .error,
        rationale: "Every asset in the catalog or the requirements must have a provenance entry saying where it came from.")

    public static let examples: [AssetExample] = [
        AssetExample("provenance for every asset", expected: .pass) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
        AssetExample("an asset the provenance file does not name", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.imageSet("moon", points: 10)
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
    ]

    /// The asset the provenance file does not describe.
    public struct Measured: AssetRuleMeasurement {
        public var name: String
        /// The provenance file's name.
        public var provenanceFile: String

        public init(name: String, provenanceFile: String) {
            self.name = name
            self.provenanceFile = provenanceFile
        }

        public static var rule: String { descriptor.id }

        public var message: String {
            "no provenance entry for '\(name)' in \(provenanceFile): record its source, authoringStatus and sourceQuality"
        }
    }
}
