/// Best runs held in memory: for previews, tests and players who opt out of saving.
public struct InMemoryBestRunStore: BestRunStore, Equatable {
    private var bestRuns: [QuestID: RunResult]

    public init(bestRuns: [RunResult] = []) {
        self.bestRuns = [:]
        for run in bestRuns { record(run) }
    }

    public func bestRun(for quest: QuestID) -> RunResult? {
        bestRuns[quest]
    }

    @discardableResult
    public mutating func record(_ result: RunResult) -> Bool {
        if let best = bestRuns[result.quest], !result.isBetter(than: best) { return false }
        bestRuns[result.quest] = result
        return true
    }
}
