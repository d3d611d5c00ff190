/// One play of a quest, as a state machine: events in, effects out.
///
/// Flow: lesson → practice → trial → final → result, following `Quest.stages`; a quest without a
/// final (the first-run Magic Tap) goes from practice straight to an unranked result.
///
/// - Practice: the relics are asked for in turn, untimed. A wrong activation is noted in
///   `practiceMistakes` and answered with a hint; the attempt goes on.
/// - Trial: soft timer. Wrong activations count in `mistakes`; finding every relic or running out
///   of time moves on to the final.
/// - Final: hard timer. Finding every relic ends the run with a rank from `thresholds`; running out
///   of time ends it Defeated.
///
/// An event that means nothing in the current stage (a tick in the lesson, an activation on the
/// result screen, a relic not in the stage or already found) changes nothing and returns `[]`.
public struct QuestSession: Equatable, Sendable {
    public let quest: Quest
    public let thresholds: RankThresholds
    public private(set) var stage: Stage
    /// Wrong activations in the trial and final together; they count towards the rank.
    public private(set) var mistakes = 0
    /// Wrong activations in practice; they never end or rank the attempt.
    public private(set) var practiceMistakes = 0
    /// Seconds spent in the current timed stage, never beyond its duration.
    public private(set) var elapsed = 0.0
    /// Relics found in the current stage, in the order found.
    public private(set) var found: [String] = []
    /// The run's result, once the session reaches `.result`.
    public private(set) var result: RunResult?

    public init(quest: Quest, thresholds: RankThresholds = .standard) {
        self.quest = quest
        self.thresholds = thresholds
        stage = quest.stages.first ?? .result
    }

    /// The relics of the current stage, in the order they are asked for.
    public var relics: [String] { quest.relics(for: stage) }

    /// The relic the player must find now: the first of the stage's relics not yet found.
    public var target: String? {
        found.count < relics.count ? relics[found.count] : nil
    }

    /// Seconds left in the current timed stage; `nil` in an untimed one.
    public var remaining: Double? {
        stage.timer.map { max($0.duration - elapsed, 0) }
    }

    public mutating func send(_ event: SessionEvent) -> [SessionEffect] {
        switch (event, stage) {
        case (.restart, _):
            let fresh = QuestSession(quest: quest, thresholds: thresholds)
            guard self != fresh else { return [] }
            self = fresh
            return [.stageChanged(stage)]
        case (.continueFromLesson, .lesson):
            return enterStage(quest.stage(after: .lesson))
        case let (.activate(relic), .practice), let (.activate(relic), .trial), let (.activate(relic), .final):
            return activate(relic)
        case let (.tick(seconds), .trial), let (.tick(seconds), .final):
            return tick(seconds)
        default:
            return []
        }
    }

    private mutating func activate(_ relic: String) -> [SessionEffect] {
        guard let target, relics.contains(relic), !found.contains(relic) else { return [] }
        guard relic == target else {
            if stage == .practice {
                practiceMistakes += 1
                return [.announce(Script.practiceHint(wrong: relic, target: target))]
            }
            mistakes += 1
            return [.mistake, .announce(Script.wrongRelic(relic, target: target))]
        }
        found.append(relic)
        if let next = self.target {
            return [.relicFound(relic), .announce(Script.nextRelic(next, in: stage))]
        }
        return [.relicFound(relic)] + enterStage(quest.stage(after: stage))
    }

    private mutating func tick(_ seconds: Double) -> [SessionEffect] {
        guard seconds.isFinite, seconds > 0, let timer = stage.timer else { return [] }
        let previous = elapsed
        elapsed = min(previous + seconds, timer.duration)
        var effects = announcements(for: timer, from: previous, to: elapsed).map { SessionEffect.announce($0.text) }
        guard timer.hasExpired(after: elapsed) else { return effects }
        elapsed = timer.duration
        if stage == .final {
            effects += finish()
        } else {
            effects += enterStage(quest.stage(after: stage), afterTimeout: true)
        }
        return effects
    }

    private mutating func enterStage(_ next: Stage, afterTimeout: Bool = false) -> [SessionEffect] {
        guard next != .result else { return finish() }
        stage = next
        elapsed = 0
        found = []
        let intro = Script.stageIntro(next, relicCount: relics.count, firstRelic: target ?? "")
        return [.stageChanged(next), .announce(afterTimeout ? "Time is up. \(intro)" : intro)]
    }

    /// Ends the run from the stage just played, which the result is measured on.
    private mutating func finish() -> [SessionEffect] {
        let outcome: RunResult
        if quest.isRanked {
            let completed = stage == .final && found.count == relics.count
            outcome = RunResult(
                quest: quest.id,
                rank: thresholds.rank(finalTime: elapsed, mistakes: mistakes, completed: completed),
                finalTime: elapsed, mistakes: mistakes, relicsClaimed: found.count
            )
        } else {
            // Unranked: the practice is the whole run, so its mistakes are the run's.
            outcome = RunResult(
                quest: quest.id, rank: nil, finalTime: 0, mistakes: practiceMistakes,
                relicsClaimed: quest.practiceRelics.count
            )
        }
        stage = .result
        elapsed = 0
        found = []
        result = outcome
        return [.stageChanged(.result), .finished(outcome), .announce(outcome.summary)]
    }
}

/// The session's sentences, kept together so their voice stays consistent.
private enum Script {
    static func stageIntro(_ stage: Stage, relicCount: Int, firstRelic: String) -> String {
        let relics = SpokenNumber.count(relicCount, "relic", "relics")
        if let timer = stage.timer {
            return "\(stage.title): \(relics) in \(SpokenNumber.seconds(timer.duration)) seconds. Find the \(firstRelic)."
        }
        return "\(stage.title), no timer: \(relics). Find the \(firstRelic)."
    }

    static func nextRelic(_ relic: String, in stage: Stage) -> String {
        stage == .practice ? "Well done. Now find the \(relic)." : "Next: the \(relic)."
    }

    static func practiceHint(wrong: String, target: String) -> String {
        "That is the \(wrong). Find the \(target)."
    }

    static func wrongRelic(_ wrong: String, target: String) -> String {
        "Not the \(wrong). Find the \(target)."
    }
}
