import Foundation
import ScreenAuditKit

/// Where a command writes: results to `out`, errors and diagnostics to `err`.
/// The real tool writes to the process's standard streams; tests collect the text.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// A fraction as a percentage to a tenth ("87.5 %"), as the evaluation summaries print it.
    static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }

    /// An input error, a line per issue; for each limit an issue reached, a note on raising it
    /// (the library names no option).
    func report(_ error: AuditError) {
        err(error.description.split(separator: "\n").map { "error: \($0)\n" }.joined())
        for limit in error.limits {
            err("note: raise the \(limit.rawValue) limit with --limits \(limit.rawValue)=N\n")
        }
    }
}

/// The exit statuses, a public interface for CI scripts.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Everything passed.
    case success = 0
    /// The audit gate failed: a finding reached `--fail-on`, or a `--require` was not met.
    case gateFailed = 1
    /// The tool was called wrongly.
    case usage = 2
    /// An input could not be used (a file that does not decode, contracts that do not parse).
    case unusableInput = 3
}
