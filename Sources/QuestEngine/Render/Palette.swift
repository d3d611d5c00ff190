import ColorScience
import Imaging
import ScreenContracts

/// The game's colours. Text colours are chosen against the panels they sit on with room to spare:
/// every pair below is 7:1 or more except secondary text, which is at least 5:1.
public enum Palette {
    static let panel = RGBA(red: 0x1B, green: 0x16, blue: 0x2E)
    static let panelEdge = RGBA(red: 0x4A, green: 0x3F, blue: 0x6E)
    static let parchment = RGBA(red: 0xF6, green: 0xEF, blue: 0xDD)     // 15.2:1 on panel
    static let secondary = RGBA(red: 0xC9, green: 0xC0, blue: 0xDD)     // 10:1 on panel
    static let gold = RGBA(red: 0xE9, green: 0xB8, blue: 0x4D)
    static let goldInk = RGBA(red: 0x24, green: 0x1A, blue: 0x05)       // 9.3:1 on gold
    static let card = RGBA(red: 0x27, green: 0x20, blue: 0x40)
    static let chip = RGBA(red: 0x3A, green: 0x2F, blue: 0x5C)
    // Markers stand out from the cards by their fill alone (4.8:1 and 3.7:1, SC 1.4.11) and carry
    // a check or a cross, so their state is never shown by colour alone (SC 1.4.1).
    static let correct = RGBA(red: 0x2F, green: 0xA3, blue: 0x6B)
    static let wrong = RGBA(red: 0xE0, green: 0x45, blue: 0x3A)
    static let white = RGBA(red: 255, green: 255, blue: 255)
    static let night = RGBA(red: 0x07, green: 0x07, blue: 0x0C)
    static let nightText = RGBA(red: 0xE4, green: 0xE4, blue: 0xEE)     // 15.9:1 on night
    static let nightSecondary = RGBA(red: 0xB4, green: 0xB4, blue: 0xC6) // 9.8:1 on night
    static let track = RGBA(red: 0x3C, green: 0x3C, blue: 0x50)
    /// The relic tiles of the lights-off stages, barely above the night.
    static let nightTile = RGBA(red: 0x15, green: 0x15, blue: 0x1F)
    /// The spell circle's glow (the magic-tap quest's light).
    static let spellGlow = RGBA(red: 0x9F, green: 0xE8, blue: 0xFF)

    /// Not a token: the colour a seeded off-palette defect draws a label in (readable on every
    /// panel, far from every token).
    static let offPalette = RGBA(red: 0x8F, green: 0xD8, blue: 0xB0)

    /// The game's design tokens, as the contracts it writes declare them: every colour above, the
    /// type ramp its text uses (SF Pro's sizes from caption to large title) and its 4 pt grid.
    public static let tokens = DesignTokens(
        palette: [
            "panel": panel, "panelEdge": panelEdge, "parchment": parchment, "secondary": secondary, "gold": gold,
            "goldInk": goldInk, "card": card, "chip": chip, "correct": correct, "wrong": wrong, "white": white,
            "night": night, "nightText": nightText, "nightSecondary": nightSecondary, "track": track,
            "nightTile": nightTile, "spellGlow": spellGlow,
        ].mapValues { RGB8(red: $0.red, green: $0.green, blue: $0.blue).hex },
        typeRamp: [13, 15, 17, 20, 22, 24, 28, 34],
        spacingGrid: 4)
}

/// The colours of a quest's painted backdrop: sky from top to bottom, two mountain ranges, light.
struct BackdropTheme {
    var skyTop: RGBA
    var skyBottom: RGBA
    var farHills: RGBA
    var nearHills: RGBA
    var glow: RGBA
    var seed: UInt32

    static func forQuest(_ quest: QuestID?) -> BackdropTheme {
        switch quest {
        case nil:
            BackdropTheme(skyTop: RGBA(red: 0x0E, green: 0x12, blue: 0x38), skyBottom: RGBA(red: 0x4B, green: 0x3A, blue: 0x7A),
                          farHills: RGBA(red: 0x2A, green: 0x25, blue: 0x55), nearHills: RGBA(red: 0x16, green: 0x13, blue: 0x30),
                          glow: RGBA(red: 0xF2, green: 0xD4, blue: 0x8A), seed: 11)
        case .magicTap?:
            BackdropTheme(skyTop: RGBA(red: 0x05, green: 0x10, blue: 0x2A), skyBottom: RGBA(red: 0x1D, green: 0x4E, blue: 0x73),
                          farHills: RGBA(red: 0x14, green: 0x34, blue: 0x52), nearHills: RGBA(red: 0x0A, green: 0x1E, blue: 0x33),
                          glow: RGBA(red: 0x9F, green: 0xE8, blue: 0xFF), seed: 23)
        case .enchanter?:
            BackdropTheme(skyTop: RGBA(red: 0x2A, green: 0x10, blue: 0x45), skyBottom: RGBA(red: 0xB0, green: 0x5E, blue: 0x7C),
                          farHills: RGBA(red: 0x5A, green: 0x2C, blue: 0x6B), nearHills: RGBA(red: 0x2C, green: 0x14, blue: 0x3A),
                          glow: RGBA(red: 0xFF, green: 0xD2, blue: 0x7A), seed: 37)
        case .crystal?:
            BackdropTheme(skyTop: RGBA(red: 0x04, green: 0x22, blue: 0x2B), skyBottom: RGBA(red: 0x1C, green: 0x7C, blue: 0x7D),
                          farHills: RGBA(red: 0x0E, green: 0x4A, blue: 0x52), nearHills: RGBA(red: 0x06, green: 0x28, blue: 0x2E),
                          glow: RGBA(red: 0x8C, green: 0xFF, blue: 0xE8), seed: 41)
        case .banishment?:
            BackdropTheme(skyTop: RGBA(red: 0x24, green: 0x06, blue: 0x0C), skyBottom: RGBA(red: 0x8A, green: 0x2B, blue: 0x1E),
                          farHills: RGBA(red: 0x52, green: 0x16, blue: 0x16), nearHills: RGBA(red: 0x26, green: 0x08, blue: 0x0C),
                          glow: RGBA(red: 0xFF, green: 0xB0, blue: 0x5A), seed: 53)
        }
    }
}
