/// `asset.size-inconsistent` — Pixel sizes inconsistent.
public enum SizeInconsistentRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.sizeInconsistent, title: "Pixel sizes inconsistent", reference: "Apple HIG: Images (scale factors)", defaultSeverity: .error,
        rationale: "An @2x image must be exactly twice its @1x size and an @3x three times; app icons and required sizes must match exactly.")

    public static let examples: [AssetExample] = [
        AssetExample("88 px at @2x and 132 px at @3x for 44 pt", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 44)
            return catalog
        },
        AssetExample("130 px at @3x beside 88 px at @2x", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 44, pixels: [3: 130])
            return catalog
        },
    ]

    /// The file's pixels, the size its slot needs, and why it needs it.
    public struct Measured: AssetRuleMeasurement {
        public var width: Int
        public var height: Int
        /// Fractional when the other scale's size does not scale to whole pixels (87 px at @2x
        /// gives 130.5 at @3x, which the message shows as "130 or 131").
        public var expectedWidth: Double
        public var expectedHeight: Double
        /// The entry's slot ("universal @3x").
        public var slot: String
        public var basis: Basis

        /// What fixes the expected size.
        public enum Basis: Equatable, Sendable {
            /// An app icon's size in points at its scale.
            case icon(width: Double, height: Double, scale: Int)
            /// The requirements' size in points at the entry's scale.
            case required(width: Double, height: Double, scale: Int)
            /// The image at `scale` that the others agree with, `width`×`height` px, scaled to `at`.
            case otherScale(scale: Int, width: Int, height: Int, at: Int)
        }

        public init(width: Int, height: Int, expectedWidth: Double, expectedHeight: Double, slot: String, basis: Basis) {
            self.width = width
            self.height = height
            self.expectedWidth = expectedWidth
            self.expectedHeight = expectedHeight
            self.slot = slot
            self.basis = basis
        }

        public static var rule: String { descriptor.id }

        public var message: String {
            let why = switch basis {
            case let .icon(width, height, scale): "as a \(Words.number(width))x\(Words.number(height)) pt icon at @\(scale)x"
            case let .required(width, height, scale): "the requirements give \(Words.number(width))×\(Words.number(height)) pt, so at @\(scale)x"
            case let .otherScale(scale, width, height, at): "the @\(scale)x image is \(width)×\(height) px, so at @\(at)x"
            }
            return "\(slot) is \(width)×\(height) px; \(why) it must be \(Self.wholePixels(expectedWidth))×\(Self.wholePixels(expectedHeight)) px"
        }

        private enum Key: String, CodingKey { case width, height, expectedWidth, expectedHeight }

        public func encodeMeasured(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Double(width), forKey: .width)
            try container.encode(Double(height), forKey: .height)
            try container.encode(expectedWidth, forKey: .expectedWidth)
            try container.encode(expectedHeight, forKey: .expectedHeight)
        }

        /// A size in whole pixels: "132", or "115 or 116" where the exact size falls between two.
        static func wholePixels(_ value: Double) -> String {
            value == value.rounded() ? Words.number(value) : "\(Int(value.rounded(.down))) or \(Int(value.rounded(.up)))"
        }
    }
}
