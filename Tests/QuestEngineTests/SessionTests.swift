@testable import QuestEngine
import Testing

struct AnnouncementTests {
    @Test func testOneTickThroughTheTrial_crossesBothThresholdsOnce() {
        let spoken = announcements(for: .trial, from: 0, to: 45)
        #expect(spoken == [
            Announcement(remaining: 22.5, text: "Half your time remains"),
            Announcement(remaining: 11.25, text: "A quarter of your time remains"),
        ])
    }

    @Test(arguments: [0.1, 0.25, 1.0 / 3.0, 0.7, 1, 7.5])
    func testManySmallTicks_announceTheSameAsOneTick(step: Double) {
        for timer in [StageTimer.trial, .final] {
            var spoken: [Announcement] = []
            var elapsed = 0.0
            while elapsed < timer.duration {
                let next = min(elapsed + step, timer.duration)
                spoken += announcements(for: timer, from: elapsed, to: next)
                elapsed = next
            }
            #expect(spoken == announcements(for: timer, from: 0, to: timer.duration), "step \(step)")
        }
    }

    @Test(arguments: [(22.5, 33.75 - 0.01), (22.6, 33.7), (0, 22.49), (33.75, 45), (10, 10)])
    func testNoAnnouncement_betweenThresholds(from start: Double, to end: Double) {
        #expect(announcements(for: .trial, from: start, to: end).isEmpty)
    }

    @Test func testThreshold_belongsToTheTickThatReachesIt() {
        #expect(announcements(for: .trial, from: 22, to: 22.5).map(\.remaining) == [22.5])
        #expect(announcements(for: .trial, from: 22.5, to: 23).isEmpty)
    }

    @Test func testFinalCountdown_announcesTenThenFiveToOneInOrder() {
        var spoken: [Announcement] = []
        for second in 0..<20 {
            spoken += announcements(for: .final, from: Double(second), to: Double(second + 1))
        }
        #expect(spoken.map(\.remaining) == [10, 5, 4, 3, 2, 1])
        #expect(spoken.map(\.text) == ["10 seconds", "5", "4", "3", "2", "1"])
    }

    @Test func testBackwardOrEmptyInterval_announcesNothing() {
        #expect(announcements(for: .final, from: 15, to: 15).isEmpty)
        #expect(announcements(for: .final, from: 19, to: 0).isEmpty)
    }

    @Test func testRepeatedThreshold_isAnnouncedOnce() {
        let timer = StageTimer(duration: 10, announcementsAt: [5, 5, 2], voice: .countdown)
        #expect(announcements(for: timer, from: 0, to: 10).map(\.remaining) == [5, 2])
    }

    @Test func testTimers_onlyTrialAndFinalAreTimed() {
        #expect(Stage.trial.timer == StageTimer(duration: 45, announcementsAt: [22.5, 11.25], voice: .shareOfTime))
        #expect(Stage.final.timer == StageTimer(duration: 20, announcementsAt: [10, 5, 4, 3, 2, 1], voice: .countdown))
        #expect([Stage.lesson, .practice, .result].allSatisfy { $0.timer == nil })
    }

    @Test(arguments: [
        (StageTimer.Voice.shareOfTime, 30.0, "Three quarters of your time remain"),
        (.shareOfTime, 12, "12 seconds remain"), (.countdown, 6, "6 seconds"), (.countdown, 2.5, "2.5"),
    ])
    func testTimeText_followsTheVoice(voice: StageTimer.Voice, remaining: Double, text: String) {
        #expect(StageTimer(duration: 40, announcementsAt: [], voice: voice).text(forRemaining: remaining) == text)
    }
}

struct SessionTests {
    static let enchanter = QuestCatalog.quest(.enchanter)

    /// A session of `quest` played up to the start of `stage` without mistakes.
    static func session(_ quest: Quest = enchanter, at stage: Stage) -> QuestSession {
        var session = QuestSession(quest: quest)
        guard stage != .lesson else { return session }
        _ = session.send(.continueFromLesson)
        while session.stage != stage, let target = session.target {
            _ = session.send(.activate(relic: target))
        }
        return session
    }

    /// Finds every relic of the current stage in turn, ticking `secondsEach` before each find.
    @discardableResult
    static func findAll(_ session: inout QuestSession, secondsEach: Double = 0) -> [SessionEffect] {
        let stage = session.stage
        var effects: [SessionEffect] = []
        while session.stage == stage, let target = session.target {
            if secondsEach > 0 { effects += session.send(.tick(seconds: secondsEach)) }
            effects += session.send(.activate(relic: target))
        }
        return effects
    }

    static func stagesEntered(_ effects: [SessionEffect]) -> [Stage] {
        effects.compactMap { if case let .stageChanged(stage) = $0 { stage } else { nil } }
    }

    static func spoken(_ effects: [SessionEffect]) -> [String] {
        effects.compactMap { if case let .announce(text) = $0 { text } else { nil } }
    }

    @Test func testNewSession_startsInTheLesson() {
        let session = QuestSession(quest: Self.enchanter)
        #expect(session.stage == .lesson)
        #expect(session.mistakes == 0 && session.practiceMistakes == 0 && session.elapsed == 0)
        #expect(session.found.isEmpty && session.target == nil && session.result == nil)
    }

    @Test func testCorrectRun_walksEveryStageToALegendaryResult() {
        var session = QuestSession(quest: Self.enchanter)
        var effects = session.send(.continueFromLesson)
        #expect(effects == [.stageChanged(.practice), .announce("Practice, no timer: three relics. Find the Moon Ring.")])
        #expect(session.target == "Moon Ring")

        effects += Self.findAll(&session)
        #expect(session.stage == .trial)
        #expect(session.target == "Dragon Scale")
        effects += Self.findAll(&session, secondsEach: 3)
        #expect(session.stage == .final)
        #expect(session.elapsed == 0)
        effects += Self.findAll(&session, secondsEach: 1.5)

        #expect(Self.stagesEntered(effects) == [.practice, .trial, .final, .result])
        let expected = RunResult(quest: .enchanter, rank: .legendary, finalTime: 12, mistakes: 0, relicsClaimed: 8)
        #expect(session.stage == .result)
        #expect(session.result == expected)
        #expect(effects.suffix(3) == [
            .stageChanged(.result), .finished(expected),
            .announce("Legendary! You claimed all eight relics in 12.0 seconds with no mistakes. Bards will sing of this."),
        ])
        let foundEffects = effects.compactMap { if case let .relicFound(name) = $0 { name } else { nil } }
        #expect(foundEffects == Self.enchanter.practiceRelics + Self.enchanter.trialRelics + Self.enchanter.finalRelics)
        #expect(!effects.contains(.mistake))
    }

    @Test func testTargets_followTheCatalogOrderAndFoundGrows() {
        var session = Self.session(at: .trial)
        #expect(session.relics == Self.enchanter.trialRelics)
        #expect(session.send(.activate(relic: "Dragon Scale")) == [.relicFound("Dragon Scale"), .announce("Next: the Shadow Stone.")])
        #expect(session.found == ["Dragon Scale"])
        #expect(session.target == "Shadow Stone")
    }

    @Test func testPracticeMistake_isNotedAndHintedButDoesNotCount() {
        var session = Self.session(at: .practice)
        let effects = session.send(.activate(relic: "Oak Staff"))
        #expect(effects == [.announce("That is the Oak Staff. Find the Moon Ring.")])
        #expect(session.practiceMistakes == 1)
        #expect(session.mistakes == 0)
        #expect(session.stage == .practice && session.target == "Moon Ring" && session.found.isEmpty)
    }

    @Test func testTrialAndFinalMistakes_countTowardsTheRank() {
        var session = Self.session(at: .trial)
        #expect(session.send(.activate(relic: "Dragon Claw")) == [.mistake, .announce("Not the Dragon Claw. Find the Dragon Scale.")])
        #expect(session.mistakes == 1)
        #expect(session.target == "Dragon Scale")
        Self.findAll(&session)

        #expect(session.send(.activate(relic: "Star Map")) == [.mistake, .announce("Not the Star Map. Find the Phoenix Feather.")])
        #expect(session.mistakes == 2)
        Self.findAll(&session, secondsEach: 1)

        #expect(session.result?.mistakes == 2)
        #expect(session.result?.rank == .novice, "two mistakes is past Skilled's one")
        #expect(session.practiceMistakes == 0)
    }

    @Test func testTimeoutInFinal_endsTheRunDefeated() {
        var session = Self.session(at: .final)
        for relic in Self.enchanter.finalRelics.prefix(3) {
            _ = session.send(.activate(relic: relic))
        }
        _ = session.send(.tick(seconds: 18.5))
        #expect(session.stage == .final)
        let effects = session.send(.tick(seconds: 5))

        let expected = RunResult(quest: .enchanter, rank: .defeated, finalTime: 20, mistakes: 0, relicsClaimed: 3)
        #expect(session.stage == .result)
        #expect(session.result == expected)
        #expect(effects == [
            .announce("1"), .stageChanged(.result), .finished(expected),
            .announce("Defeated. Time ran out with three of eight relics claimed. Rest, then return to the trial."),
        ])
    }

    @Test func testFinalCountdown_isSpokenByTicks() {
        var session = Self.session(at: .final)
        var effects: [SessionEffect] = []
        for _ in 0..<200 { effects += session.send(.tick(seconds: 0.1)) }
        #expect(Self.spoken(effects).prefix(6) == ["10 seconds", "5", "4", "3", "2", "1"])
        #expect(session.result?.rank == .defeated)
        #expect(session.result?.finalTime == 20)
    }

    @Test func testSummedTicks_expireTheFinalOnTheLastTickNotBefore() {
        var session = Self.session(at: .final)
        for _ in 0..<199 { _ = session.send(.tick(seconds: 0.1)) }
        #expect(session.stage == .final)
        #expect((session.remaining ?? 0) > 0.05)
        _ = session.send(.tick(seconds: 0.1))
        #expect(session.stage == .result)
    }

    @Test func testTimeoutInTrial_movesOnToTheFinal() {
        var session = Self.session(at: .trial)
        _ = session.send(.activate(relic: "Dragon Scale"))
        _ = session.send(.activate(relic: "Sunstone"))
        let effects = session.send(.tick(seconds: 50))

        #expect(effects == [
            .announce("Half your time remains"), .announce("A quarter of your time remains"),
            .stageChanged(.final), .announce("Time is up. Final: eight relics in 20 seconds. Find the Phoenix Feather."),
        ])
        #expect(session.stage == .final)
        #expect(session.elapsed == 0 && session.found.isEmpty)
        #expect(session.mistakes == 1)
        #expect(session.remaining == 20)
    }

    @Test func testMagicTap_goesFromPracticeToAnUnrankedResult() {
        var session = QuestSession(quest: QuestCatalog.quest(.magicTap))
        var effects = session.send(.continueFromLesson)
        #expect(session.stage == .practice)
        effects += session.send(.activate(relic: "Spark of Starfire"))
        effects += Self.findAll(&session)

        let expected = RunResult(quest: .magicTap, rank: nil, finalTime: 0, mistakes: 1, relicsClaimed: 3)
        #expect(Self.stagesEntered(effects) == [.practice, .result])
        #expect(session.result == expected)
        #expect(effects.last == .announce("Spell learned! You cast it three times with one mistake. Your quests await."))
        #expect(session.send(.tick(seconds: 1)) == [])
    }

    @Test(arguments: [
        (Stage.lesson, SessionEvent.tick(seconds: 1)), (.lesson, .activate(relic: "Moon Ring")),
        (.practice, .tick(seconds: 1)), (.practice, .continueFromLesson), (.practice, .activate(relic: "Dragon Scale")),
        (.trial, .continueFromLesson), (.trial, .activate(relic: "Moon Ring")), (.trial, .activate(relic: "")),
        (.trial, .tick(seconds: 0)), (.trial, .tick(seconds: -3)), (.trial, .tick(seconds: .nan)), (.trial, .tick(seconds: .infinity)),
        (.final, .activate(relic: "Dragon Scale")), (.result, .activate(relic: "Star Map")), (.result, .tick(seconds: 1)),
        (.result, .continueFromLesson),
    ])
    func testInvalidEvent_isIgnored(stage: Stage, event: SessionEvent) {
        var session = Self.session(at: stage)
        #expect(session.stage == stage)
        let before = session
        #expect(session.send(event) == [])
        #expect(session == before)
    }

    @Test func testActivatingAFoundRelic_isIgnored() {
        var session = Self.session(at: .trial)
        _ = session.send(.activate(relic: "Dragon Scale"))
        let before = session
        #expect(session.send(.activate(relic: "Dragon Scale")) == [])
        #expect(session == before)
    }

    @Test(arguments: [Stage.practice, .trial, .final, .result])
    func testRestart_returnsToAFreshLesson(stage: Stage) {
        var session = Self.session(at: stage)
        _ = session.send(.activate(relic: "Wrong Relic"))
        #expect(session.send(.restart) == [.stageChanged(.lesson)])
        #expect(session == QuestSession(quest: Self.enchanter))
    }

    @Test func testRestartInAFreshLesson_isIgnored() {
        var session = QuestSession(quest: Self.enchanter)
        #expect(session.send(.restart) == [])
    }

    @Test func testStricterThresholds_changeTheRank() {
        let strict = RankThresholds(legendaryTime: 1, legendaryMistakes: 0, skilledTime: 2, skilledMistakes: 0,
                                    noviceTime: 10, noviceMistakes: 0)
        var session = QuestSession(quest: Self.enchanter, thresholds: strict)
        _ = session.send(.continueFromLesson)
        Self.findAll(&session)
        Self.findAll(&session)
        Self.findAll(&session, secondsEach: 1.5)
        #expect(session.result?.rank == .defeated, "12 s is past the strict Novice limit of 10 s")
    }
}
