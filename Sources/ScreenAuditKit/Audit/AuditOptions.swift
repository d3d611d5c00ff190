import ColorScience

/// The WCAG conformance level text contrast is held to.
public enum ContrastLevel: String, CaseIterable, Sendable {
    /// SC 1.4.3: 4.5:1, large text 3:1.
    case aa = "AA"
    /// SC 1.4.6: 7:1, large text 4.5:1.
    case aaa = "AAA"

    public func requirement(largeText: Bool) -> ContrastRequirement {
        switch (self, largeText) {
        case (.aa, false): .normalTextAA
        case (.aa, true): .largeTextAA
        case (.aaa, false): .normalTextAAA
        case (.aaa, true): .largeTextAAA
        }
    }
}

/// When the audit's exit status says "failed".
public enum FailThreshold: String, CaseIterable, Sendable {
    case error, warning
    /// Every finding gates, the review-only ones (design and layout rules) included.
    case info
    case never

    public func gates(_ severity: Severity) -> Bool {
        switch self {
        case .error: severity == .error
        case .warning: severity == .error || severity == .warning
        case .info: true
        case .never: false
        }
    }
}

/// Run-wide settings of an audit.
public struct AuditOptions: Sendable {
    public var level: ContrastLevel
    public var largeTextRule: LargeTextRule
    public var failOn: FailThreshold
    /// The day waiver expiry is judged on (UTC).
    public var today: CalendarDay
    /// How many screens are audited at once; each holds one decoded screenshot in memory.
    public var maxConcurrentScreens: Int
    /// `target.size` / `target.spacing` minimums.
    public var targetProfile: TargetProfile
    /// `text.size`: the smallest acceptable point size.
    public var minimumTextSize: Double
    /// Only these rules run (nil: all).
    public var onlyRules: Set<String>?
    /// These rules do not run.
    public var skippedRules: Set<String>
    /// Look for text in the pixels that no element exposes (`text.unexposed`, `--detect-text`).
    public var detectsText = false
    /// Rule id → the severity its findings get instead of the rule's own (`--severity`): how a
    /// run raises a review-only rule to gate.
    public var severities: [String: Severity] = [:]
    /// A waivers file (`--waivers`): its entries waive findings by fingerprint, judged on `today`.
    public var waivers: WaiversFile?

    public init(level: ContrastLevel = .aa, largeTextRule: LargeTextRule = .wcag, failOn: FailThreshold = .error,
                today: CalendarDay, maxConcurrentScreens: Int = 2, targetProfile: TargetProfile = .ios,
                minimumTextSize: Double = 11, onlyRules: Set<String>? = nil, skippedRules: Set<String> = []) {
        self.level = level
        self.largeTextRule = largeTextRule
        self.failOn = failOn
        self.today = today
        self.maxConcurrentScreens = max(1, maxConcurrentScreens)
        self.targetProfile = targetProfile
        self.minimumTextSize = minimumTextSize
        self.onlyRules = onlyRules
        self.skippedRules = skippedRules
    }

    public func runs(_ rule: String) -> Bool {
        guard rule != RuleID.textUnexposed || detectsText else { return false }
        return (onlyRules?.contains(rule) ?? true) && !skippedRules.contains(rule)
    }
}
