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
