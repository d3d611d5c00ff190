/// The stages of a quest, in the order they are played.
public enum Stage: String, CaseIterable, Codable, Sendable {
    /// The gesture is explained; untimed, no relics.
    case lesson
    /// A few relics to find in turn, untimed; mistakes are noted but do not count.
    case practice
    /// Similar-named relics against a soft timer: running out moves on to the final.
    case trial
    /// The ranked stage: every relic against a hard timer.
    case final
    /// The run is over; the result is announced.
    case result

    /// The stage's name as shown and spoken: "Practice".
    public var title: String {
        switch self {
        case .lesson: "Lesson"
        case .practice: "Practice"
        case .trial: "Trial"
        case .final: "Final"
        case .result: "Result"
        }
    }

    /// The countdown of a timed stage; `nil` for the untimed ones.
    public var timer: StageTimer? {
        switch self {
        case .trial: .trial
        case .final: .final
        case .lesson, .practice, .result: nil
        }
    }
}
