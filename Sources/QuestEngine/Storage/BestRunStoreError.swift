/// Why best runs could not be loaded or saved, naming the file and what to do about it.
public enum BestRunStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (a directory, no permission).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a best-runs file this version understands.
    case corrupt(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "\(path): cannot read best runs: \(reason)"
        case let .corrupt(path, reason):
            "\(path): best runs file is corrupt: \(reason). Move it aside to start again with no best runs."
        case let .unwritable(path, reason):
            "\(path): cannot save best runs: \(reason)"
        }
    }
}
