/// How well a ranked run went. Raw values are stored in best-run files and never change meaning.
///
/// Cases are listed best first; comparison runs by achievement, so `.defeated < .legendary` and
/// `max()` is the best rank.
public enum Rank: String, CaseIterable, Codable, Sendable, Comparable {
    case legendary
    case skilled
    case novice
    case defeated

    /// The rank as shown and spoken: "Legendary".
    public var displayName: String {
        switch self {
        case .legendary: "Legendary"
        case .skilled: "Skilled"
        case .novice: "Novice"
        case .defeated: "Defeated"
        }
    }

    public static func < (lhs: Rank, rhs: Rank) -> Bool {
        lhs.achievement < rhs.achievement
    }

    private var achievement: Int {
        switch self {
        case .defeated: 0
        case .novice: 1
        case .skilled: 2
        case .legendary: 3
        }
    }
}
