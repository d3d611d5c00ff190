import Imaging

/// `asset.format-mismatch` — Image format differs from its name.
public enum FormatMismatchRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.formatMismatch, title: "Image format differs from its name", reference: "PNG and JPEG signatures", defaultSeverity: .error,
        rationale: "JPEG data behind a .png name (or the reverse) loses transparency and misleads tools that trust the extension.")

    public static let examples: [AssetExample] = [
        AssetExample("PNG data behind .png names", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("JPEG data behind star@2x.png", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.files["star.imageset/star@2x.png"] = (try? JPEGEncoder.encode(
                width: 20, height: 20, components: .rgb, samples: [UInt8](repeating: 200, count: 20 * 20 * 3), quality: 90)) ?? []
            return catalog
        },
    ]

    /// The format the file's bytes are, and the one its name promises.
    public struct Measured: AssetRuleMeasurement {
        /// "JPEG", "WebP": written as `format`.
        public var format: String
        /// The file's extension as named ("png").
        public var fileExtension: String
        /// The format the extension stands for.
        public var named: ImageFormat
        /// Whether this tool decodes `format` (PNG, JPEG) and so went on to measure the pixels.
        public var decodable: Bool

        public init(format: String, fileExtension: String, named: ImageFormat, decodable: Bool) {
            self.format = format
            self.fileExtension = fileExtension
            self.named = named
            self.decodable = decodable
        }

        public static var rule: String { descriptor.id }

        public var message: String {
            "named .\(fileExtension) but holds \(format) data\(decodable ? "" : ", which this tool does not decode"); re-export it as \(named.rawValue)"
        }

        private enum Key: String, CodingKey { case format }

        public func encodeMeasured(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(format, forKey: .format)
        }
    }
}
