/// The outcome of one run of a quest, as announced and as kept in best-run storage.
public struct RunResult: Codable, Equatable, Sendable {
    public var quest: QuestID
    /// `nil` for an unranked quest (the first-run Magic Tap).
    public var rank: Rank?
    /// Seconds spent in the final, up to its duration; 0 for an unranked quest.
    public var finalTime: Double
    /// Wrong activations in the trial and final; in practice for an unranked quest.
    public var mistakes: Int
    /// Relics found in the final; in practice for an unranked quest.
    public var relicsClaimed: Int

    public init(quest: QuestID, rank: Rank?, finalTime: Double, mistakes: Int, relicsClaimed: Int) {
        self.quest = quest
        self.rank = rank
        self.finalTime = finalTime
        self.mistakes = mistakes
        self.relicsClaimed = relicsClaimed
    }

    /// Whether this run beats `other`: a better rank (any rank beats none), then fewer mistakes,
    /// then a faster final, then more relics claimed. An equal run is not better.
    public func isBetter(than other: RunResult) -> Bool {
        if rank != other.rank {
            guard let rank else { return false }
            guard let otherRank = other.rank else { return true }
            return rank > otherRank
        }
        if mistakes != other.mistakes { return mistakes < other.mistakes }
        if finalTime != other.finalTime { return finalTime < other.finalTime }
        return relicsClaimed > other.relicsClaimed
    }

    /// The one announcement VoiceOver reads on the result screen:
    /// "Legendary! You claimed all eight relics in 11.4 seconds with no mistakes."
    public var summary: String {
        let mistakeWords = SpokenNumber.count(mistakes, "mistake", "mistakes")
        guard let rank else {
            return "Spell learned! You cast it \(SpokenNumber.count(relicsClaimed)) times with \(mistakeWords). Your quests await."
        }
        let total = QuestCatalog.quest(quest).finalRelics.count
        let time = SpokenNumber.seconds(finalTime, keepTenths: true)
        guard relicsClaimed >= total else {
            let claimed = "\(SpokenNumber.count(relicsClaimed)) of \(SpokenNumber.count(total)) relics claimed"
            let slips = mistakes == 0 ? "" : " and \(mistakeWords)"
            return "\(rank.displayName). Time ran out with \(claimed)\(slips). Rest, then return to the trial."
        }
        let claim = "You claimed all \(SpokenNumber.count(total)) relics in \(time) seconds with \(mistakeWords)."
        switch rank {
        case .legendary: return "Legendary! \(claim) Bards will sing of this."
        case .skilled: return "Skilled! \(claim) A worthy adventurer."
        case .novice: return "Novice. \(claim) Train on, and the relics will come faster."
        case .defeated: return "Defeated. \(claim) Not enough to pass this time. Rest, then return to the trial."
        }
    }
}
