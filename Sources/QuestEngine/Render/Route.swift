/// A screen of the game the renderer can draw, named as the screenshot route that captures it.
public struct Route: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case hub, firstSpell, lesson, practice, trial, lightsOff, result
        case prologue, practiceWard, tower
    }

    public let kind: Kind
    /// The quest the screen belongs to (nil for the hub).
    public let quest: QuestID?

    /// `hub`, `magic-tap.first-spell`, `enchanter.practice`, `banishment.practice-ward`, …
    public var id: String {
        guard let quest else { return kind.rawValue }
        let name: String
        switch kind {
        case .lightsOff: name = "lights-off"
        case .practiceWard: name = "practice-ward"
        case .firstSpell: name = "first-spell"
        default: name = kind.rawValue
        }
        return "\(quest.rawValue).\(name)"
    }

    public var description: String { id }

    /// Every route the screenshot suite captures, in capture order.
    public static let all: [Route] = {
        var routes = [Route(kind: .firstSpell, quest: .magicTap), Route(kind: .hub, quest: nil)]
        for quest in [QuestID.enchanter, .crystal] {
            routes += [Kind.lesson, .practice, .trial, .lightsOff, .result].map { Route(kind: $0, quest: quest) }
        }
        routes += [Kind.prologue, .practiceWard, .tower, .result].map { Route(kind: $0, quest: .banishment) }
        return routes
    }()

    public static func named(_ id: String) -> Route? { all.first { $0.id == id } }
}
