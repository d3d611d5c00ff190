/// The limits that turn a final's time and mistakes into a rank. A rank needs the final completed,
/// a time at or under its limit and mistakes at or under its limit; the best rank met wins, and a
/// run that meets none is Defeated.
public struct RankThresholds: Equatable, Sendable {
    /// Longest final time, in seconds, for Legendary.
    public var legendaryTime: Double
    /// Most mistakes for Legendary.
    public var legendaryMistakes: Int
    public var skilledTime: Double
    public var skilledMistakes: Int
    public var noviceTime: Double
    public var noviceMistakes: Int

    public init(
        legendaryTime: Double, legendaryMistakes: Int,
        skilledTime: Double, skilledMistakes: Int,
        noviceTime: Double, noviceMistakes: Int
    ) {
        self.legendaryTime = legendaryTime
        self.legendaryMistakes = legendaryMistakes
        self.skilledTime = skilledTime
        self.skilledMistakes = skilledMistakes
        self.noviceTime = noviceTime
        self.noviceMistakes = noviceMistakes
    }

    /// The limits for the 20-second, eight-relic final. Mistakes are the whole run's (trial and
    /// final), so a careless trial costs rank too.
    public static let standard = RankThresholds(
        // 1.5 s a relic: a swipe, hearing the name through, and a double-tap with no hesitation;
        // a fluent VoiceOver user at the default speech rate. Flawless, as legends are.
        legendaryTime: 12, legendaryMistakes: 0,
        // 2 s a relic: sure but unhurried. One slip between similar names is forgiven.
        skilledTime: 16, skilledMistakes: 1,
        // The whole 20 s (2.5 s a relic): finishing at all is a pass. Three slips allow one per
        // similar-name pair of the trial.
        noviceTime: 20, noviceMistakes: 3
    )

    public func rank(finalTime: Double, mistakes: Int, completed: Bool) -> Rank {
        guard completed else { return .defeated }
        if finalTime <= legendaryTime && mistakes <= legendaryMistakes { return .legendary }
        if finalTime <= skilledTime && mistakes <= skilledMistakes { return .skilled }
        if finalTime <= noviceTime && mistakes <= noviceMistakes { return .novice }
        return .defeated
    }
}
