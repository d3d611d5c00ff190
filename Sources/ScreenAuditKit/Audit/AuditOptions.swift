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

/// Which text counts as "large" (and so needs only 3:1 at AA).
///
/// WCAG 2.2 defines large text as at least 18 pt, or 14 pt bold, in CSS points: 24 and 18.67 CSS
/// px. An iOS point is the same reference unit as a CSS px (both about 1/160 inch at their viewing
/// distance), so `wcag` reads the declared iOS point size as CSS px: large means 24 pt and up, or
/// 18.67 pt and up when bold. Apple's HIG colour-contrast table (and common iOS auditors) read the
/// numbers in iOS points instead: 18 pt and up, or any bold text. `wcag` is the default because a
/// CI gate should not pass what WCAG fails; choose `hig` with `--large-text hig`.
public enum LargeTextRule: String, CaseIterable, Sendable {
    case wcag
    case hig

    public func isLarge(pointSize: Double?, bold: Bool) -> Bool {
        guard let pointSize else { return false }
        switch self {
        case .wcag: return pointSize >= 24 || (bold && pointSize >= 18.66)
        case .hig: return pointSize >= 18 || bold
        }
    }

    /// Named in every report, so a reader knows which definition was applied.
    public var summary: String {
        switch self {
        case .wcag: "wcag: large is ≥ 24 pt, or ≥ 18.66 pt bold (WCAG's 18 pt / 14 pt bold in CSS points, iOS pt read as CSS px)"
        case .hig: "hig: large is ≥ 18 pt, or bold at any size (Apple HIG colour-contrast table, iOS points)"
        }
    }
}

/// When the audit's exit status says "failed".
public enum FailThreshold: String, CaseIterable, Sendable {
    case error, warning, never

    public func gates(_ severity: Severity) -> Bool {
        switch self {
        case .error: severity == .error
        case .warning: severity == .error || severity == .warning
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
        (onlyRules?.contains(rule) ?? true) && !skippedRules.contains(rule)
    }
}
