/// Keeps each quest's best run.
public protocol BestRunStore: Sendable {
    /// The best run recorded for `quest`, or `nil` before the first.
    func bestRun(for quest: QuestID) throws -> RunResult?

    /// Keeps `result` if it is the quest's first run or better than its best (`RunResult.isBetter`);
    /// returns whether it became the best.
    @discardableResult
    mutating func record(_ result: RunResult) throws -> Bool
}
