import Foundation
@testable import QuestEngine
import Testing

struct ScoringTests {
    @Test(arguments: [
        (0.0, 0, true, Rank.legendary), (12, 0, true, .legendary), (12.01, 0, true, .skilled), (1, 1, true, .skilled),
        (16, 1, true, .skilled), (16.01, 0, true, .novice), (16, 2, true, .novice), (20, 3, true, .novice),
        (20, 4, true, .defeated), (20.01, 0, true, .defeated), (5, 0, false, .defeated), (20, 0, false, .defeated),
    ])
    func testStandardRank_atTheBoundaries(finalTime: Double, mistakes: Int, completed: Bool, rank: Rank) {
        #expect(RankThresholds.standard.rank(finalTime: finalTime, mistakes: mistakes, completed: completed) == rank)
    }

    @Test func testStandardThresholds_areTheDocumentedValues() {
        #expect(RankThresholds.standard == RankThresholds(
            legendaryTime: 12, legendaryMistakes: 0, skilledTime: 16, skilledMistakes: 1, noviceTime: 20, noviceMistakes: 3
        ))
        #expect(RankThresholds.standard.noviceTime == StageTimer.final.duration, "finishing the final in time is a pass")
    }

    @Test func testRanks_orderByAchievement() {
        #expect(Rank.allCases == [.legendary, .skilled, .novice, .defeated])
        #expect(Rank.allCases.sorted() == [.defeated, .novice, .skilled, .legendary])
        #expect(Rank.allCases.max() == .legendary)
        #expect(Rank.allCases.map(\.displayName) == ["Legendary", "Skilled", "Novice", "Defeated"])
    }

    static func run(_ rank: Rank?, time: Double = 15, mistakes: Int = 1, claimed: Int = 8) -> RunResult {
        RunResult(quest: .crystal, rank: rank, finalTime: time, mistakes: mistakes, relicsClaimed: claimed)
    }

    @Test(arguments: [
        (run(.legendary, time: 12, mistakes: 0), run(.skilled, time: 5, mistakes: 0), "better rank beats a faster run"),
        (run(.skilled, mistakes: 1), run(.novice, mistakes: 0), "better rank beats fewer mistakes"),
        (run(.novice, time: 19, mistakes: 0), run(.novice, time: 10, mistakes: 2), "fewer mistakes beat a faster run"),
        (run(.skilled, time: 14), run(.skilled, time: 14.5), "faster wins when all else is equal"),
        (run(.defeated, time: 20, claimed: 7), run(.defeated, time: 20, claimed: 2), "more relics break a tie"),
        (run(.defeated), run(nil, mistakes: 0), "any rank beats none"),
    ])
    func testIsBetter_ranksThenMistakesThenTime(better: RunResult, worse: RunResult, reason: String) {
        #expect(better.isBetter(than: worse), "\(reason)")
        #expect(!worse.isBetter(than: better), "\(reason)")
    }

    @Test func testEqualRun_isNotBetter() {
        #expect(!Self.run(.skilled).isBetter(than: Self.run(.skilled)))
        #expect(!Self.run(nil).isBetter(than: Self.run(nil)))
    }

    @Test(arguments: [
        (RunResult(quest: .enchanter, rank: .legendary, finalTime: 11.44, mistakes: 0, relicsClaimed: 8),
         "Legendary! You claimed all eight relics in 11.4 seconds with no mistakes. Bards will sing of this."),
        (RunResult(quest: .crystal, rank: .skilled, finalTime: 16, mistakes: 1, relicsClaimed: 8),
         "Skilled! You claimed all eight relics in 16.0 seconds with one mistake. A worthy adventurer."),
        (RunResult(quest: .banishment, rank: .novice, finalTime: 19.96, mistakes: 3, relicsClaimed: 8),
         "Novice. You claimed all eight relics in 20.0 seconds with three mistakes. Train on, and the relics will come faster."),
        (RunResult(quest: .enchanter, rank: .defeated, finalTime: 18, mistakes: 5, relicsClaimed: 8),
         "Defeated. You claimed all eight relics in 18.0 seconds with five mistakes. Not enough to pass this time. Rest, then return to the trial."),
        (RunResult(quest: .enchanter, rank: .defeated, finalTime: 20, mistakes: 2, relicsClaimed: 5),
         "Defeated. Time ran out with five of eight relics claimed and two mistakes. Rest, then return to the trial."),
        (RunResult(quest: .magicTap, rank: nil, finalTime: 0, mistakes: 0, relicsClaimed: 3),
         "Spell learned! You cast it three times with no mistakes. Your quests await."),
    ])
    func testSummary_isOneSpokenSentenceSet(result: RunResult, summary: String) {
        #expect(result.summary == summary)
    }

    @Test func testRunResult_roundTripsThroughJSON() throws {
        for result in [Self.run(.novice, time: 17.25), Self.run(nil, time: 0)] {
            let data = try JSONEncoder().encode(result)
            #expect(try JSONDecoder().decode(RunResult.self, from: data) == result)
        }
    }

    @Test(arguments: [(12.0, "12"), (22.5, "22.5"), (11.25, "11.3"), (0.04, "0"), (-1.5, "-1.5")])
    func testSpokenSeconds_roundToATenth(value: Double, spoken: String) {
        #expect(SpokenNumber.seconds(value) == spoken)
    }
}
