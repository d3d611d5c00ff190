/// One quest: a VoiceOver gesture taught in stages, with the relics to find in each stage.
///
/// Relic lists are in the order the player is asked for them. Where they sit on screen is the
/// renderer's choice; names within a quest are unique, so an activation names exactly one relic.
public struct Quest: Equatable, Sendable {
    public var id: QuestID
    /// The quest's name as shown and spoken: "The Enchanter's Trial".
    public var title: String
    /// The VoiceOver gesture the quest teaches, in words.
    public var gesture: String
    /// The one idea the lesson stage leaves the player with.
    public var lesson: String
    /// The short line on the quest's hub card (at most 60 characters).
    public var goal: String
    /// The first-run quest is shown full screen before the hub, is not listed on it and has no rank.
    public var isFirstRun: Bool
    public var practiceRelics: [String]
    public var trialRelics: [String]
    public var finalRelics: [String]
    /// The stages played, in order; every run ends in `.result`, which is not listed.
    public var stages: [Stage]

    public init(
        id: QuestID, title: String, gesture: String, lesson: String, goal: String, isFirstRun: Bool,
        practiceRelics: [String], trialRelics: [String], finalRelics: [String], stages: [Stage]
    ) {
        self.id = id
        self.title = title
        self.gesture = gesture
        self.lesson = lesson
        self.goal = goal
        self.isFirstRun = isFirstRun
        self.practiceRelics = practiceRelics
        self.trialRelics = trialRelics
        self.finalRelics = finalRelics
        self.stages = stages
    }

    /// The relics of `stage`, in the order the player is asked for them; none outside the relic stages.
    public func relics(for stage: Stage) -> [String] {
        switch stage {
        case .practice: practiceRelics
        case .trial: trialRelics
        case .final: finalRelics
        case .lesson, .result: []
        }
    }

    /// The stage played after `stage`: the next listed one, or `.result` after the last.
    public func stage(after stage: Stage) -> Stage {
        guard let index = stages.firstIndex(of: stage), index + 1 < stages.count else { return .result }
        return stages[index + 1]
    }

    /// Whether the run ends with a rank: only quests with a final stage are ranked.
    public var isRanked: Bool { stages.contains(.final) }
}
