/// Every quest in the game, in the order they are offered.
public enum QuestCatalog {
    /// All quests, the first-run quest first, then the hub quests in hub order.
    public static let all: [Quest] = QuestID.allCases.map(quest)

    /// The quests listed on the hub: all but the first-run quest.
    public static var hubQuests: [Quest] { all.filter { !$0.isFirstRun } }

    /// The quest with `id`.
    public static func quest(_ id: QuestID) -> Quest {
        switch id {
        case .magicTap: magicTap
        case .enchanter: enchanter
        case .crystal: crystal
        case .banishment: banishment
        }
    }

    // Hub quests play every stage; the first-run quest stops after practice so a newcomer
    // reaches the hub quickly.
    private static let hubStages: [Stage] = [.lesson, .practice, .trial, .final]

    private static let magicTap = Quest(
        id: .magicTap,
        title: "First Spell: Magic Tap",
        gesture: "Two-finger double-tap",
        lesson: "Tap twice with two fingers, anywhere, to cast the spell",
        goal: "Double-tap with two fingers to cast your first spell",
        isFirstRun: true,
        practiceRelics: ["Spark of Light", "Spark of Flame", "Spark of Starfire"],
        trialRelics: [],
        finalRelics: [],
        stages: [.lesson, .practice]
    )

    // Trial relics come in pairs that sound alike, so the player must listen to the whole name
    // before activating: Dragon Scale / Dragon Claw, Shadow Stone / Sunstone.
    private static let enchanter = Quest(
        id: .enchanter,
        title: "The Enchanter's Trial",
        gesture: "Swipe left or right to move focus, double-tap to activate",
        lesson: "The screen is linear — walk through it one element at a time",
        goal: "Swipe to each relic, then double-tap to claim it",
        isFirstRun: false,
        practiceRelics: ["Moon Ring", "Ember Key", "Oak Staff"],
        trialRelics: ["Dragon Scale", "Shadow Stone", "Silver Chalice", "Dragon Claw", "Sunstone", "Silver Chain"],
        finalRelics: [
            "Phoenix Feather", "Wyvern Fang", "Elder Wand", "Mirror Shield",
            "Frost Crown", "Griffin Plume", "Runed Dagger", "Star Map",
        ],
        stages: hubStages
    )

    private static let crystal = Quest(
        id: .crystal,
        title: "Crystal Resonance",
        gesture: "Three-finger swipe up or down to scroll",
        lesson: "One finger navigates; three fingers move the world",
        goal: "Scroll with three fingers to reach hidden crystals",
        isFirstRun: false,
        practiceRelics: ["Rose Quartz", "Amber Shard", "Jade Prism"],
        trialRelics: ["Blue Shard", "Moonstone Crystal", "Storm Geode", "Blood Shard", "Moonsilver Crystal", "Stone Geode"],
        finalRelics: [
            "Obsidian Spire", "Azure Prism", "Emerald Heart", "Frost Shard",
            "Sunfire Opal", "Void Crystal", "Ruby Lens", "Echo Quartz",
        ],
        stages: hubStages
    )

    private static let banishment = Quest(
        id: .banishment,
        title: "The Banishment",
        gesture: "Two-finger scrub: draw a Z to go back or dismiss",
        lesson: "Any time VoiceOver traps you, the Mark of Z banishes it",
        goal: "Draw the Mark of Z to break each ward and escape",
        isFirstRun: false,
        practiceRelics: ["Candle Ward", "Iron Ward", "Thorn Sigil"],
        trialRelics: ["Sigil of Binding", "Ward of Silence", "Hex of Hunger", "Sigil of Blinding", "Ward of Sirens", "Hex of Thunder"],
        finalRelics: [
            "Bone Sigil", "Glass Ward", "Storm Sigil", "Grave Ward",
            "Frost Sigil", "Mirror Ward", "Ember Sigil", "Veil Ward",
        ],
        stages: hubStages
    )
}
