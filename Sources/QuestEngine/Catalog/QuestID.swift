/// A quest's identity. Raw values are stored in best-run files, so once published they never
/// change meaning.
public enum QuestID: String, CaseIterable, Codable, Sendable {
    case magicTap = "magic-tap"
    case enchanter
    case crystal
    case banishment
}
