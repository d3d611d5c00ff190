/// `screenshot.unreadable` — a screen whose screenshot cannot be decoded (missing, truncated, not
/// an image, refused by a limit) cannot be audited: one finding on the screen, with the reason.
public enum ScreenshotUnreadableRule {
    public static let descriptor = CheckDescriptor(
        id: RuleID.screenshotUnreadable, title: "Unreadable screenshot", reference: "ScreenAuditKit",
        defaultSeverity: .error, rationale: "A screen whose screenshot cannot be decoded cannot be audited.")

    /// The failure's category (`truncated`, `not-an-image`, …); the decoder's words are the
    /// result's reason.
    public struct Measured: RuleMeasurement {
        public var category: String

        public init(category: String) { self.category = category }

        public func message(_ facts: FindingFacts) -> String { "screenshot cannot be used: \(facts.reason ?? "unreadable")" }

        public var fingerprintBucket: String { "category:\(category)" }
    }
}

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
