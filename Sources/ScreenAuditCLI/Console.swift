/// Where a command writes: results to `out`, errors and diagnostics to `err`.
/// The real tool writes to the process's standard streams; tests collect the text.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
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
