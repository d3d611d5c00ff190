import Foundation
@testable import QuestEngine
import Testing

struct CatalogTests {
    @Test func testCatalogListsFourQuests_magicTapFirst() {
        #expect(QuestCatalog.all.map(\.id) == [.magicTap, .enchanter, .crystal, .banishment])
        #expect(QuestCatalog.all.first?.isFirstRun == true)
        #expect(QuestCatalog.all.filter(\.isFirstRun).count == 1)
    }

    @Test func testHubQuests_leaveOutTheFirstRunQuest() {
        #expect(QuestCatalog.hubQuests.map(\.id) == [.enchanter, .crystal, .banishment])
        #expect(QuestCatalog.hubQuests.allSatisfy { !$0.isFirstRun && $0.isRanked })
    }

    @Test(arguments: QuestID.allCases)
    func testQuestLookup_returnsTheQuestWithThatID(id: QuestID) {
        #expect(QuestCatalog.quest(id).id == id)
        #expect(QuestCatalog.all.contains(QuestCatalog.quest(id)))
    }

    @Test func testMagicTap_isAnUnrankedPracticeOnlyQuest() {
        let quest = QuestCatalog.quest(.magicTap)
        #expect(quest.title == "First Spell: Magic Tap")
        #expect(quest.gesture.lowercased().contains("two-finger double-tap"))
        #expect(quest.stages == [.lesson, .practice])
        #expect(!quest.isRanked)
        #expect(quest.practiceRelics.count == 3)
        #expect(quest.trialRelics.isEmpty && quest.finalRelics.isEmpty)
    }

    @Test(arguments: [
        (QuestID.enchanter, "The Enchanter's Trial", "The screen is linear — walk through it one element at a time"),
        (.crystal, "Crystal Resonance", "One finger navigates; three fingers move the world"),
        (.banishment, "The Banishment", "Any time VoiceOver traps you, the Mark of Z banishes it"),
    ])
    func testHubQuest_hasTitleLessonAndAllStages(id: QuestID, title: String, lesson: String) {
        let quest = QuestCatalog.quest(id)
        #expect(quest.title == title)
        #expect(quest.lesson == lesson)
        #expect(quest.stages == [.lesson, .practice, .trial, .final])
        #expect(quest.practiceRelics.count == 3)
        #expect(quest.trialRelics.count == 6)
        #expect(quest.finalRelics.count == 8)
    }

    @Test(arguments: QuestCatalog.all)
    func testGoal_fitsTheHubCard(quest: Quest) {
        #expect(!quest.goal.isEmpty)
        #expect(quest.goal.count <= 60, "\(quest.id): \(quest.goal.count) characters")
        #expect(!quest.gesture.isEmpty && !quest.lesson.isEmpty)
    }

    @Test func testGoals_differBetweenQuests() {
        #expect(Set(QuestCatalog.all.map(\.goal)).count == QuestCatalog.all.count)
    }

    @Test(arguments: QuestCatalog.all)
    func testRelicNames_areUniqueWithinAQuest(quest: Quest) {
        let names = quest.practiceRelics + quest.trialRelics + quest.finalRelics
        #expect(Set(names).count == names.count, "\(quest.id) repeats a relic name")
        #expect(names.allSatisfy { !$0.isEmpty && $0 == $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test func testEnchanterTrial_includesTheSimilarNamePairs() {
        let trial = QuestCatalog.quest(.enchanter).trialRelics
        for name in ["Dragon Scale", "Dragon Claw", "Shadow Stone", "Sunstone"] {
            #expect(trial.contains(name), "missing \(name)")
        }
    }

    @Test(arguments: QuestCatalog.hubQuests)
    func testEveryTrialRelic_hasASimilarSoundingPartner(quest: Quest) {
        for relic in quest.trialRelics {
            let partners = quest.trialRelics.filter { $0 != relic && Self.soundAlike($0, relic) }
            #expect(!partners.isEmpty, "\(quest.id): \(relic) has no similar-named partner")
        }
    }

    @Test(arguments: QuestCatalog.hubQuests)
    func testSimilarPartners_areNotAskedForBackToBack(quest: Quest) {
        // Asking for Dragon Claw right after Dragon Scale would let the player guess by elimination.
        for (asked, next) in zip(quest.trialRelics, quest.trialRelics.dropFirst()) {
            #expect(!Self.soundAlike(asked, next), "\(quest.id): \(asked) then \(next)")
        }
    }

    @Test func testQuestCatalog_soundAlikeRule() {
        #expect(Self.soundAlike("Shadow Stone", "Sunstone"))
        #expect(Self.soundAlike("Dragon Scale", "Dragon Claw"))
        #expect(!Self.soundAlike("Dragon Scale", "Sunstone"))
        #expect(!Self.soundAlike("Sigil of Binding", "Ward of Silence"))
    }

    @Test func testStageAfter_followsTheQuestsStagesThenResult() {
        let hub = QuestCatalog.quest(.crystal)
        #expect(hub.stage(after: .lesson) == .practice)
        #expect(hub.stage(after: .trial) == .final)
        #expect(hub.stage(after: .final) == .result)
        #expect(QuestCatalog.quest(.magicTap).stage(after: .practice) == .result)
    }

    /// Two names sound alike when a word of one (other than "of") appears within a word of the
    /// other: "Dragon Scale" / "Dragon Claw", "Shadow Stone" / "Sunstone".
    static func soundAlike(_ lhs: String, _ rhs: String) -> Bool {
        func words(_ name: String) -> [String] {
            name.lowercased().split(separator: " ").map(String.init).filter { $0 != "of" }
        }
        return words(lhs).contains { word in words(rhs).contains { $0.contains(word) || word.contains($0) } }
    }
}
