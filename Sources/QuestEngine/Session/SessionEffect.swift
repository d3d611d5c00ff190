/// What the game shows or says after an event. All speech is an `announce`, so a renderer can
/// send every one of them to VoiceOver in order.
public enum SessionEffect: Equatable, Sendable {
    /// Speak this text.
    case announce(String)
    /// The session entered this stage.
    case stageChanged(Stage)
    /// A wrong relic was activated in the trial or final (counted in `QuestSession.mistakes`).
    case mistake
    /// The target relic with this name was found.
    case relicFound(String)
    /// The run ended with this result.
    case finished(RunResult)
}
