/// `screenshot.size-mismatch` — a screenshot that is not the device's size × scale does not match
/// its contract's frames; the screen is not audited.
public enum ScreenshotSizeMismatchRule {
    public static let descriptor = CheckDescriptor(
        id: RuleID.screenshotSizeMismatch, title: "Screenshot size mismatch", reference: "ScreenAuditKit",
        defaultSeverity: .error,
        rationale: "A screenshot that is not the device's size × scale does not match its contract's frames.")

    /// Sizes in pixels, as "1170×2532".
    public struct Measured: RuleMeasurement {
        public var actualSize: String
        public var expectedSize: String

        public init(actualWidth: Int, actualHeight: Int, expectedWidth: Int, expectedHeight: Int) {
            actualSize = "\(actualWidth)×\(actualHeight)"
            expectedSize = "\(expectedWidth)×\(expectedHeight)"
        }

        public func message(_ facts: FindingFacts) -> String {
            "screenshot is \(actualSize) px but the device is \(expectedSize) px; the screen was not audited"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\(actualSize) px" }

        public func requiredText(_ facts: FindingFacts) -> String? { "\(expectedSize) px" }
    }
}
