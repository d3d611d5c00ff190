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

    /// An input error, a line per issue. The library names limits by their keys; when one was
    /// reached, one note says how to raise it on the command line.
    func report(_ error: AuditError) {
        let lines = error.description.split(separator: "\n")
        err(lines.map { "error: \($0)\n" }.joined())
        if lines.contains(where: { $0.contains(" limit") }) {
            err("note: limits are raised with --limits key=N (keys: \(RunLimits.keys.map(\.name).joined(separator: ", ")))\n")
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
