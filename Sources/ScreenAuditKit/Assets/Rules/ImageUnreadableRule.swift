import Imaging

/// `asset.image-unreadable` — Image unreadable.
public enum ImageUnreadableRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.imageUnreadable, title: "Image unreadable", reference: "PNG (ISO/IEC 15948) and JPEG (ITU T.81)", defaultSeverity: .error,
        rationale: "An image that the decoders cannot read (truncated, corrupt, not an image) will not render.")

    public static let examples: [AssetExample] = [
        AssetExample("PNGs that decode", expected: .pass) {
            ExampleCatalog.star()
        },
        AssetExample("a star@2x.png that holds text", expected: .fail) {
            var catalog = ExampleCatalog.star()
            catalog.files["star.imageset/star@2x.png"] = Array("not an image".utf8)
            return catalog
        },
    ]

    /// Why the file cannot be decoded.
    public enum Measured: AssetRuleMeasurement {
        /// The decoder refused it: its category (written as `category`) and its words.
        case decodeFailed(DecodeFailure, detail: String)
        /// Any other error, in its own words.
        case other(String)

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case let .decodeFailed(category, detail): "\(category.phrase): \(detail)"
            case let .other(words): "cannot be decoded: \(words)"
            }
        }

        private enum Key: String, CodingKey { case category }

        public func encodeMeasured(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if case let .decodeFailed(category, _) = self { try container.encode(category.rawValue, forKey: .category) }
        }
    }
}
