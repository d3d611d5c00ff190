import ColorScience
import Imaging

/// How serious a finding is. Ordered: error, then warning, then info.
public enum Severity: String, Codable, CaseIterable, Comparable, Sendable {
    case error, warning, info

    var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// The outcome of one check on one element (or screen).
public enum CheckStatus: String, Codable, CaseIterable, Sendable {
    case pass
    case fail
    /// The pixels cannot support a verdict; `reason` says why. Never counted as a pass.
    case notRun = "not-run"
}

/// A measured value of an asset finding as reports show it: numbers already rounded to their
/// stated precision. (Screen checks carry a typed `Measurement` instead.)
public enum MeasuredValue: Codable, Equatable, Hashable, Sendable {
    case number(Double)
    case text(String)
    case flag(Bool)
    case numbers([Double])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(value): try container.encode(value)
        case let .text(value): try container.encode(value)
        case let .flag(value): try container.encode(value)
        case let .numbers(values): try container.encode(values)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let numbers = try? container.decode([Double].self) {
            self = .numbers(numbers)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public var number: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    public var text: String? {
        if case let .text(value) = self { return value }
        return nil
    }

    /// `value` rounded to `places` decimals, the precision reports state.
    public static func rounded(_ value: Double, places: Int) -> MeasuredValue { .number(value.rounded(places: places)) }
}

/// One check's verdict on one element: pass, fail or not run, with what was measured.
/// Checks fill in typed data only; reporters turn it into sentences.
public struct CheckResult: Equatable, Sendable {
    public var rule: String
    /// nil for results about the whole screen (an unreadable screenshot).
    public var element: String?
    public var status: CheckStatus
    /// For failures: how serious. Passes and not-run results carry the rule's default severity.
    public var severity: Severity
    /// Where on the screenshot, in pixels.
    public var frame: PixelRect?
    public var measured: Measurement
    /// The value the measurement is held to (e.g. 4.5 for a 4.5:1 contrast minimum).
    public var threshold: Double?
    /// Why a result is not run (or a screen-level failure's detail, e.g. the decoder's message).
    public var reason: String?

    public init(rule: String, element: String?, status: CheckStatus, severity: Severity, frame: PixelRect? = nil,
                measured: Measurement, threshold: Double? = nil, reason: String? = nil) {
        self.rule = rule
        self.element = element
        self.status = status
        self.severity = severity
        self.frame = frame
        self.measured = measured
        self.threshold = threshold
        self.reason = reason
    }
}

/// What a check is, for reports, SARIF rules and documentation.
public struct CheckDescriptor: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The standard behind it: "WCAG 2.2 SC 1.4.3 Contrast (Minimum)".
    public var reference: String
    public var defaultSeverity: Severity
    public var rationale: String

    public init(id: String, title: String, reference: String, defaultSeverity: Severity, rationale: String) {
        self.id = id
        self.title = title
        self.reference = reference
        self.defaultSeverity = defaultSeverity
        self.rationale = rationale
    }
}

extension CheckDescriptor {
    /// Where the project publishes its documentation.
    public static let projectURI = "https://github.com/screenauditkit/screenauditkit"

    /// The rule's page (`docs/checks/<rule-id>.md`, generated from this descriptor and its
    /// examples): SARIF's `helpUri`.
    public var helpURI: String { "\(Self.projectURI)/blob/main/docs/checks/\(id).md" }
}

/// A pixel check: a pure function from one screen to a result for every element it applies to,
/// passes included. Checks never read files, print, or know about reporters.
public protocol AuditCheck: Sendable {
    static var descriptor: CheckDescriptor { get }
    /// At least one passing and one failing example, run as tests.
    static var examples: [CheckExample] { get }
    func run(_ screen: ScreenContext) -> [CheckResult]
    /// The check's "not run" result for an element that cannot be checked at all (its frame is
    /// empty or off the screen), or nil when the check does not judge elements of its kind.
    func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult?
    /// The check ready for a run of `screens` (every screen of the run, whatever shard audits
    /// which): a check that compares screens with each other learns them here.
    func preparing(for screens: [ScreenContract]) -> any AuditCheck
    /// Whether the prepared check compares `screen`'s pixels with other screens': then the runner
    /// decodes each such screen of the whole run once before the audit, takes `sample(_:)` of it,
    /// and hands every sample to `sampled(_:)`.
    func samples(_ screen: ScreenContract) -> Bool
    /// What the check keeps of one screen's pixels for comparing screens (a few colours, no pixels).
    func sample(_ screen: ScreenContext) -> ScreenSample
    /// The check ready to judge each screen against the samples of the whole run (in run order).
    func sampled(_ samples: [ScreenSample]) -> any AuditCheck
}

extension AuditCheck {
    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? { nil }
    public func preparing(for screens: [ScreenContract]) -> any AuditCheck { self }
    public func samples(_ screen: ScreenContract) -> Bool { false }
    public func sample(_ screen: ScreenContext) -> ScreenSample { ScreenSample(screen: screen.screen.id) }
    public func sampled(_ samples: [ScreenSample]) -> any AuditCheck { self }
}

/// What a check that compares screens keeps of one screen's pixels: a colour per element id.
public struct ScreenSample: Equatable, Sendable {
    public var screen: String
    public var colors: [String: RGB8]
    /// By element id, the point size its text's glyphs measure (`text.scales`).
    public var textSizes: [String: Double] = [:]

    public init(screen: String, colors: [String: RGB8] = [:]) {
        self.screen = screen
        self.colors = colors
    }
}
