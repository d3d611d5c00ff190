/// The errors of the audit library, each carrying what a person needs to fix the input.
public enum AuditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Contracts or provenance that cannot be used: every issue found, each naming its file and place.
    case invalidInput([InputIssue])
    /// A report or image could not be written.
    case outputFailed(path: String, reason: String)
    /// A screenshot the path policy refuses to read (a link out of the screenshots folder): that
    /// screen's `screenshot.unreadable`, never the run's end.
    case screenshotRefused(file: String, reason: String)

    /// The limits the input exceeded, in the order the issues name them.
    public var limits: [InputLimit] {
        guard case let .invalidInput(issues) = self else { return [] }
        var seen: [InputLimit] = []
        for limit in issues.compactMap(\.limit) where !seen.contains(limit) { seen.append(limit) }
        return seen
    }

    public var description: String {
        switch self {
        case let .invalidInput(issues):
            issues.map(\.description).joined(separator: "\n")
        case let .outputFailed(path, reason):
            "\(path): cannot write: \(reason)"
        case let .screenshotRefused(file, reason):
            "\(file): \(reason)"
        }
    }
}
