/// `asset.source-quality` — Low source quality.
public enum SourceQualityRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.sourceQuality, title: "Low source quality", reference: "Asset provenance policy", defaultSeverity: .warning,
        rationale: "Provenance says the asset was upscaled or comes from a low-resolution source.")

    public static let examples: [AssetExample] = [
        AssetExample("drawn as vectors", expected: .pass) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: ["star": AssetProvenance(source: "drawn in-house", authoringStatus: .final, sourceQuality: .vector)])
            return catalog
        },
        AssetExample("upscaled from a smaller source", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.provenance = ProvenanceDocument(assets: [
                "star": AssetProvenance(source: "a 1x export", authoringStatus: .final, sourceQuality: .upscaled),
            ])
            return catalog
        },
    ]

    /// The provenance entry of art from a weak source.
    public struct Measured: AssetRuleMeasurement {
        /// Written as `sourceQuality`.
        public var sourceQuality: AssetProvenance.SourceQuality
        public var source: String
        public var knownRisks: [String]

        public init(sourceQuality: AssetProvenance.SourceQuality, source: String, knownRisks: [String]) {
            self.sourceQuality = sourceQuality
            self.source = source
            self.knownRisks = knownRisks
        }

        public static var rule: String { descriptor.id }

        public var message: String { "source quality \(sourceQuality.rawValue) (source: \(source); \(ProvenanceWords.risks(knownRisks)))" }

        private enum Key: String, CodingKey { case sourceQuality }

        public func encodeMeasured(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(sourceQuality.rawValue, forKey: .sourceQuality)
        }
    }
}
