/// The errors of the audit library, each carrying what a person needs to fix the input.
public enum AuditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Contracts or provenance that cannot be used: every issue found, each naming its file and place.
    case invalidInput([InputIssue])
    /// A report or image could not be written.
    case outputFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidInput(issues):
            issues.map(\.description).joined(separator: "\n")
        case let .outputFailed(path, reason):
            "\(path): cannot write: \(reason)"
        }
    }
}
