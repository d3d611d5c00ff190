/// `asset.scale-missing` — Scale missing.
public enum ScaleMissingRule: AssetRuleType {
    public static let descriptor = CheckDescriptor(
        id: AssetRule.scaleMissing, title: "Scale missing", reference: "Apple HIG: Images (scale factors)", defaultSeverity: .error,
        rationale: "An image lacks a scale the requirements (error) or the defaults (warning) need: iOS upsamples another scale and the art blurs.")

    public static let examples: [AssetExample] = [
        AssetExample("@2x and @3x, the default scales", expected: .pass) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 10, scales: [2, 3])
            return catalog
        },
        AssetExample("@2x only", expected: .fail) {
            var catalog = ExampleCatalog()
            catalog.imageSet("star", points: 10, scales: [2])
            return catalog
        },
    ]

    /// The scale an image set lacks, and what the device does without it.
    public enum Measured: AssetRuleMeasurement {
        /// An image set with no file at all.
        case noImages
        /// `slot` lacks its file, which `device` needs by default (`needs`: its scales).
        case byDefault(slot: String, device: String, needs: [Int], instead: Substitute)
        /// The requirements need `scale` for the idiom and appearance.
        case required(scale: Int, idiom: String, appearance: Appearance, needs: [Int])

        /// What the system shows in place of the missing scale.
        public enum Substitute: Equatable, Sendable {
            /// A larger scale's image, scaled down.
            case scaledDown(from: Int)
            /// A smaller scale's image, scaled up.
            case scaledUp(from: Int)
            case nothing
        }

        public static var rule: String { descriptor.id }

        public var message: String {
            switch self {
            case .noImages:
                return "the image set has no images"
            case let .byDefault(slot, device, needs, instead):
                let consequence = switch instead {
                case let .scaledDown(larger): "\(device) scales the @\(larger)x image down instead, softer and larger in memory"
                case let .scaledUp(smaller): "\(device) scales the @\(smaller)x image up instead, and it blurs"
                case .nothing: "\(device) has no image to use"
                }
                return "no image for \(slot) (\(device) needs \(needs.map { "@\($0)x" }.joined(separator: " and ")) by default; \(consequence))"
            case let .required(scale, idiom, appearance, needs):
                return "no @\(scale)x image for \(appearance.slotDescription(idiom: idiom)) (the requirements need \(needs.map { "@\($0)x" }.joined(separator: ", ")))"
            }
        }
    }
}
