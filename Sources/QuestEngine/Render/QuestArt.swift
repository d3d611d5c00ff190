import ColorScience
import Imaging
import ScreenContracts

/// The engine's art and its provenance: every image a rendered element names (drawn by this
/// module, `QuestArtwork`) and the colours the asset catalog exports (from `Palette`).
public enum QuestArt {
    /// The image assets' names, sorted: relic icons, quest thumbnails, `spell-orb`, `mark-of-z`.
    public static var assetNames: [String] { images.map(\.name) }

    /// The colour assets' names, sorted.
    public static var colorNames: [String] { colors.map(\.name) }

    public static var provenance: ProvenanceDocument {
        let drawn = AssetProvenance(
            source: "QuestEngine procedural renderer (Sources/QuestEngine/Render): ellipses, lines and gradients drawn by code",
            authoringStatus: .final, sourceQuality: .vector, knownRisks: [],
            evidence: ["Drawn deterministically; per-route pixel digests pinned in Tests/QuestEngineTests/Golden/frame-digests.json"])
        var assets = Dictionary(uniqueKeysWithValues: assetNames.map { ($0, drawn) })
        for color in colors {
            assets[color.name] = AssetProvenance(
                source: "QuestEngine palette (Sources/QuestEngine/Render/Palette.swift): \(color.paletteSource)",
                authoringStatus: .final, sourceQuality: .vector, knownRisks: [], evidence: contrastEvidence(color.name))
        }
        return ProvenanceDocument(assets: assets)
    }

    static func slug(_ name: String) -> String {
        String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    // MARK: - Images

    /// An image the catalog carries: its art and the size in points the renderer draws it at.
    struct ImageAsset: Equatable, Sendable {
        enum Group: String, CaseIterable, Sendable {
            case relics = "Relics", thumbnails = "Thumbnails", icons = "Icons"
        }

        let name: String
        let group: Group
        /// Width and height in points: the frame the renderer gives it on the 3x device.
        let pointSize: Int
        let artwork: QuestArtwork
    }

    /// Relic row icons are 44 pt on every device except the compact iPhone's six-relic trial (34 pt).
    static let relicPointSize = 44
    /// The hub cards' thumbnails.
    static let thumbnailPointSize = 72
    /// The first-spell screen's orb on the 3x iPhone: 70 % of its practice area, rounded down
    /// (240 pt on the small iPhone, 448 pt on iPad).
    static let spellOrbPointSize = 285
    /// The wards' Mark of Z on the 3x iPhone (150 pt on the small iPhone, 260 pt on iPad).
    static let markOfZPointSize = 200

    /// Every image, sorted by name. A relic takes the glow of the first hub quest that lists it.
    static var images: [ImageAsset] {
        var byName: [String: ImageAsset] = [:]
        func add(_ asset: ImageAsset) {
            if byName[asset.name] == nil { byName[asset.name] = asset }
        }
        add(ImageAsset(name: "spell-orb", group: .icons, pointSize: spellOrbPointSize,
                       artwork: .spellOrb(glow: BackdropTheme.forQuest(.magicTap).glow)))
        add(ImageAsset(name: "mark-of-z", group: .icons, pointSize: markOfZPointSize, artwork: .markOfZ))
        for quest in QuestCatalog.hubQuests {
            let glow = BackdropTheme.forQuest(quest.id).glow
            add(ImageAsset(name: "thumbnail-\(quest.id.rawValue)", group: .thumbnails, pointSize: thumbnailPointSize,
                           artwork: .gemTile(glow: glow)))
            for relic in quest.practiceRelics + quest.trialRelics + quest.finalRelics {
                add(ImageAsset(name: "relic-\(slug(relic))", group: .relics, pointSize: relicPointSize, artwork: .gemTile(glow: glow)))
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }

    // MARK: - Colours

    /// A colour the catalog carries, with its screen-curtain (night) variant when it has one.
    struct ColorAsset: Equatable, Sendable {
        let name: String
        let any: RGBA
        /// The Lights Off screens' colour, shown for the dark appearance.
        let dark: RGBA?
        /// Which `Palette` members it comes from, for provenance.
        let paletteSource: String

        /// The colour shown in `appearance`: dark falls back to any, as asset catalogs do.
        func resolved(_ appearance: ColorPair.Appearance) -> RGBA {
            appearance == .dark ? dark ?? any : any
        }
    }

    /// Every colour, sorted by name. Normal screens are drawn on `Palette.panel`; the Lights Off
    /// (screen curtain) screens on `Palette.night` with their own text colours: that is the dark
    /// appearance.
    static let colors: [ColorAsset] = [
        ColorAsset(name: "accent", any: Palette.gold, dark: nil, paletteSource: "Palette.gold"),
        ColorAsset(name: "accent-ink", any: Palette.goldInk, dark: nil, paletteSource: "Palette.goldInk"),
        ColorAsset(name: "card", any: Palette.card, dark: nil, paletteSource: "Palette.card"),
        ColorAsset(name: "chip", any: Palette.chip, dark: nil, paletteSource: "Palette.chip"),
        ColorAsset(name: "marker-correct", any: Palette.correct, dark: nil, paletteSource: "Palette.correct"),
        ColorAsset(name: "marker-wrong", any: Palette.wrong, dark: nil, paletteSource: "Palette.wrong"),
        ColorAsset(name: "surface", any: Palette.panel, dark: Palette.night, paletteSource: "Palette.panel; dark: Palette.night"),
        ColorAsset(name: "text-primary", any: Palette.parchment, dark: Palette.nightText,
                   paletteSource: "Palette.parchment; dark: Palette.nightText"),
        ColorAsset(name: "text-secondary", any: Palette.secondary, dark: Palette.nightSecondary,
                   paletteSource: "Palette.secondary; dark: Palette.nightSecondary"),
    ]

    static func color(named name: String) -> ColorAsset? { colors.first { $0.name == name } }

    /// A foreground drawn on a background somewhere in the game, with the contrast it must keep.
    struct ColorPair: Equatable, Sendable {
        enum Appearance: String, Sendable { case light, dark }

        /// What the foreground is: normal or large text (WCAG 2.2 SC 1.4.3) or a graphical
        /// object or control (SC 1.4.11).
        enum Use: String, Sendable {
            case normal, large
            case nonText = "non-text"

            var requirement: ContrastRequirement {
                switch self {
                case .normal: .normalTextAA
                case .large: .largeTextAA
                case .nonText: .nonTextAA
                }
            }
        }

        let foreground: String
        let background: String
        let appearances: [Appearance]
        let text: Use
    }

    /// The pairs the renderer draws. Light is every screen but Lights Off; dark is Lights Off.
    static let colorPairs: [ColorPair] = [
        // Titles, instructions and body text on reading panels; Lights Off text on night.
        ColorPair(foreground: "text-primary", background: "surface", appearances: [.light, .dark], text: .normal),
        ColorPair(foreground: "text-secondary", background: "surface", appearances: [.light, .dark], text: .normal),
        // Button titles and the result rank badge.
        ColorPair(foreground: "accent-ink", background: "accent", appearances: [.light, .dark], text: .normal),
        // Gesture lines and timers in gold on panels.
        ColorPair(foreground: "accent", background: "surface", appearances: [.light], text: .normal),
        // Quest names, goals and relic names on cards.
        ColorPair(foreground: "text-primary", background: "card", appearances: [.light], text: .normal),
        ColorPair(foreground: "text-secondary", background: "card", appearances: [.light], text: .normal),
        // Rank badges, stage chips and the secondary button.
        ColorPair(foreground: "text-primary", background: "chip", appearances: [.light], text: .normal),
        // Found / not-this-one markers on relic rows (they also carry a check or a cross).
        ColorPair(foreground: "marker-correct", background: "card", appearances: [.light], text: .nonText),
        ColorPair(foreground: "marker-wrong", background: "card", appearances: [.light], text: .nonText),
    ]

    /// WCAG 2.2 contrast of `pair` in `appearance`, or nil when it names an unknown colour.
    static func contrastRatio(_ pair: ColorPair, in appearance: ColorPair.Appearance) -> Double? {
        guard let foreground = color(named: pair.foreground), let background = color(named: pair.background) else { return nil }
        return WCAG.contrastRatio(foreground.resolved(appearance).rgb, background.resolved(appearance).rgb)
    }

    /// "Contrast of text-primary on surface: 15.2:1 light, 15.9:1 dark; WCAG 2.2 SC 1.4.3 requires
    /// 4.5:1" for every declared pair the colour is part of. Ratios are truncated to one decimal
    /// so they never overstate.
    static func contrastEvidence(_ name: String) -> [String] {
        colorPairs.filter { $0.foreground == name || $0.background == name }.map { pair in
            let ratios = pair.appearances.map { appearance in
                "\(oneDecimal(contrastRatio(pair, in: appearance) ?? 0)):1 \(appearance.rawValue)"
            }
            let requirement = pair.text.requirement
            let minimum = requirement.minimumRatio == requirement.minimumRatio.rounded(.down)
                ? String(Int(requirement.minimumRatio)) : oneDecimal(requirement.minimumRatio)
            return "Contrast of \(pair.foreground) on \(pair.background): \(ratios.joined(separator: ", "));"
                + " \(requirement.successCriterion) requires \(minimum):1"
        }
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
