/// What the player or the clock does to a session.
public enum SessionEvent: Equatable, Sendable {
    /// The player leaves the lesson for practice.
    case continueFromLesson
    /// The player activated the relic with this name.
    case activate(relic: String)
    /// Time passed in a timed stage.
    case tick(seconds: Double)
    /// Start the quest again from its lesson.
    case restart
}
