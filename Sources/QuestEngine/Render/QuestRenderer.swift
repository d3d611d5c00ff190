import ColorScience
import Foundation
import Imaging
import ScreenContracts

/// One rendered screen: its pixels and the contract describing them.
public struct RenderedFrame: Sendable {
    public let route: Route
    public let device: DeviceProfile
    public var image: PixelBuffer
    public var contract: ScreenContract
    /// The text size it is drawn at.
    public var contentSize: ContentSize = .l

    /// `en-US/<device>/<route>.png` at L, `<size>/en-US/<device>/<route>.png` at another text size
    /// (`AX3/en-US/…`), relative to the screenshots root.
    public var screenshotPath: String { QuestRenderer.screenshotPath(route, on: device, contentSize: contentSize) }
}

/// Draws the game's screens deterministically: the same route and device always give the same
/// pixels and the same contract.
public enum QuestRenderer {
    /// Draws `route` on `device` with its text at `contentSize`. At a size other than L the screen is
    /// a variant of the L one: id `<device>/<route>@<size>`, `variantOf` the L screen's id.
    public static func render(_ route: Route, on device: DeviceProfile, defect: DefectPlan? = nil,
                              contentSize: ContentSize = .l) -> RenderedFrame {
        var layout = Layout(route: route, device: device, contentSize: contentSize)
        let contract = declare(&layout, defect: defect)
        return RenderedFrame(route: route, device: device, image: layout.composer.canvas.buffer, contract: contract,
                             contentSize: contentSize)
    }

    /// The contract `render` gives for the clean screen, laid out without drawing a pixel: what
    /// planting a defect starts from, at a fraction of a frame's cost.
    public static func contract(_ route: Route, on device: DeviceProfile, contentSize: ContentSize = .l) -> ScreenContract {
        var layout = Layout(route: route, device: device, contentSize: contentSize, drawing: false)
        return declare(&layout, defect: nil)
    }

    /// Lays out (and draws, if the layout draws) `layout` with `defect` and gives its contract.
    private static func declare(_ layout: inout Layout, defect: DefectPlan?) -> ScreenContract {
        let route = layout.route, device = layout.device, contentSize = layout.composer.contentSize
        layout.composer.defect = defect
        layout.draw()
        var contract = layout.composer.contract(id: screenID(route, on: device, contentSize: contentSize),
                                                screenshot: screenshotPath(route, on: device, contentSize: contentSize))
        if contentSize != .l {
            contract.contentSize = contentSize
            contract.variantOf = screenID(route, on: device)
        }
        if let defect { DefectSeeder.applySpoken(defect, to: &contract) }
        return contract
    }

    /// `<device>/<route>` at L, `<device>/<route>@AX3` at AX3.
    public static func screenID(_ route: Route, on device: DeviceProfile, contentSize: ContentSize = .l) -> String {
        contentSize == .l ? "\(device.id)/\(route.id)" : "\(device.id)/\(route.id)@\(contentSize.name)"
    }

    static func screenshotPath(_ route: Route, on device: DeviceProfile, contentSize: ContentSize) -> String {
        (contentSize == .l ? "" : "\(contentSize.name)/") + "en-US/\(device.id)/\(route.id).png"
    }

    /// Renders `route` with a defect chosen by `random` from its clean contract (or none: about a
    /// quarter of frames stay clean), and the ground truth of what was planted.
    ///
    /// At a size other than L, the defect is one of what does not follow Dynamic Type, drawn from a
    /// generator of its own (`random`'s state, turned), so the L frames of a seed keep theirs.
    public static func renderSeeded(_ route: Route, on device: DeviceProfile, contentSize: ContentSize = .l,
                                    random: inout SeededRandom) -> (RenderedFrame, SeededDefect?) {
        // The plan needs only the clean contract; the clean pixels are drawn only for a frame
        // that stays clean.
        let clean = contract(route, on: device, contentSize: contentSize)
        let plan: DefectPlan?
        if contentSize == .l {
            plan = DefectSeeder.plan(for: clean, random: &random)
        } else {
            var own = random
            own.state ^= 0xC3C3_3C3C_9696_6969
            plan = DefectSeeder.textSizePlan(for: clean, random: &own)
        }
        guard let plan else { return (render(route, on: device, contentSize: contentSize), nil) }
        let frame = render(route, on: device, defect: plan, contentSize: contentSize)
        let detail: String
        switch plan.kind {
        case .lowContrast: detail = "text colour moved to \(plan.parameter):1 against its background"
        case .smallText: detail = "drawn at \(Int(plan.parameter)) pt; the contract still declares its size"
        case .smallTarget: detail = "button drawn and declared \(Int(plan.parameter)) pt tall"
        case .colorOnly: detail = "correct / wrong markers drawn without their check and cross"
        case .offPalette: detail = "drawn in \(RGB8(red: Palette.offPalette.red, green: Palette.offPalette.green, blue: Palette.offPalette.blue).hex), no palette colour"
        case .offRamp: detail = "drawn and declared at \(Int(plan.parameter)) pt, off the type ramp"
        case .misplacedAction: detail = "drawn and declared \(Int(plan.parameter)) pt lower than on the other screens of its kind"
        case .missingLabel: detail = "its label and hint taken out: nothing to speak"
        case .unclearLabel: detail = "labelled with its image's asset name"
        case .duplicateLabel: detail = "the next button without text labelled with its name"
        case .redundantLabel: detail = "its label ends in \"button\""
        case .labelNotInName: detail = "labelled \"Proceed\", not its visible text"
        case .swappedOrder: detail = "moved to the end of the screen's reading order"
        case .fixedSizeText: detail = "drawn at \(Int(plan.parameter)) pt, its size at L; the contract declares its text style"
        case .truncatedTitle: detail = "drawn on one line cut short with \"…\"; the contract holds the whole title"
        case .buttonNotGrowing: detail = "kept the size its title needed at L (\(Int(plan.parameter)) pt tall) while its title grew and wrapped out of it"
        }
        return (frame, SeededDefect(screen: frame.contract.id, element: plan.element, rule: plan.kind.rule, kind: plan.kind,
                                    parameter: plan.parameter, detail: detail))
    }

    /// A sample finished run per quest for the result screens, ranked by the standard thresholds.
    static func sampleResult(_ quest: QuestID) -> RunResult {
        let (time, mistakes): (Double, Int)
        switch quest {
        case .crystal: (time, mistakes) = (11.6, 0)
        case .banishment: (time, mistakes) = (18.9, 3)
        default: (time, mistakes) = (14.2, 1)
        }
        let relics = QuestCatalog.quest(quest).finalRelics.count
        let rank = RankThresholds.standard.rank(finalTime: time, mistakes: mistakes, completed: true)
        return RunResult(quest: quest, rank: rank, finalTime: time, mistakes: mistakes, relicsClaimed: relics)
    }
}

/// The layout of one route on one device.
struct Layout {
    let route: Route
    let device: DeviceProfile
    var composer: ScreenComposer
    let margin: Double
    let left: Double
    let contentWidth: Double
    let top: Double

    init(route: Route, device: DeviceProfile, contentSize: ContentSize = .l, drawing: Bool = true) {
        self.route = route
        self.device = device
        let dark = route.kind == .lightsOff
        composer = ScreenComposer(device: device, background: dark ? Palette.night : Palette.panel, contentSize: contentSize,
                                  drawing: drawing)
        margin = device.isPad ? 48 : 16
        contentWidth = device.isPad ? 640 : device.width - 2 * margin
        left = ((device.width - contentWidth) / 2).rounded(.down)
        top = device.isPad ? 64 : (device.height < 700 ? 28 : 64)
        if !dark && drawing { Backdrop.paint(&composer.canvas, theme: .forQuest(route.quest), scale: device.scale) }
    }

    var quest: Quest? { route.quest.map(QuestCatalog.quest) }
    var compact: Bool { device.height < 700 }
    /// Drawn at L, the size every fixed dimension was designed at.
    var atL: Bool { composer.contentSize == .l }
    /// At an accessibility size, where rows stack what sat side by side.
    var stacked: Bool { composer.contentSize.isAccessibilitySize }

    /// Line height of text set at `size` at L, at the screen's content size.
    func lineHeight(_ size: Double, weight: FontWeight = .regular) -> Double {
        ScreenComposer.lineHeight(composer.scaled(size, weight: weight))
    }

    /// Width of one line of text set at `size` at L, at the screen's content size.
    func advance(_ text: String, size: Double, weight: FontWeight = .regular) -> Double {
        StrokeFont.advance(of: text, size: composer.scaled(size, weight: weight), weight: weight)
    }

    mutating func draw() {
        switch route.kind {
        case .hub: drawHub()
        case .firstSpell: drawFirstSpell()
        case .lesson: drawLesson()
        case .practice: drawRelicStage(relics: quest!.practiceRelics, title: "Practice", timed: false)
        case .trial: drawRelicStage(relics: quest!.trialRelics, title: "Trial", timed: true)
        case .lightsOff: drawLightsOff()
        case .result: drawResult()
        case .prologue: drawPrologue()
        case .practiceWard: drawWard(title: "A ward binds you", timed: false)
        case .tower: drawWard(title: "The tower, first beat", timed: true)
        }
    }

    /// Height of wrapped text, for sizing panels before drawing into them.
    func textHeight(_ text: String, width: Double, size: Double, weight: FontWeight = .regular) -> Double {
        let drawn = composer.scaled(size, weight: weight)
        return Double(ScreenComposer.wrap(text, width: width - 2, size: drawn, weight: weight).count) * ScreenComposer.lineHeight(drawn)
    }

    // MARK: - Hub

    mutating func drawHub() {
        let titleHeight = textHeight("Quest Board", width: contentWidth - 100, size: 28, weight: .bold)
        let header = Frame(x: left, y: top, width: contentWidth, height: atL ? 76 : max(76, 18 + titleHeight + 18))
        composer.panel(header)
        composer.text("title", "Quest Board", x: left + 20, y: top + 18, width: contentWidth - 100, size: 28, weight: .bold,
                      color: Palette.parchment, role: .heading)
        composer.button("help", "?", frame: Frame(x: left + contentWidth - 64, y: top + 16, width: 44, height: 44),
                        hint: "Double-tap to open the VoiceOver gesture reference.", size: 22, label: "VoiceOver help", iconOnly: true)
        let gap = compact ? 12.0 : 20
        let ranks = ["Best: Skilled", "Best: Legendary", "Not yet played"]
        var y = header.maxY + gap
        var badges: [String] = []
        for (index, quest) in QuestCatalog.hubQuests.enumerated() {
            // At accessibility sizes the quest's name and goal go below its thumbnail, full width.
            let textLeft = stacked ? left + 16 : left + 104, textWidth = stacked ? contentWidth - 32 : contentWidth - 120
            let textTop = stacked ? 16 + 72 + 12 : 14.0
            let badgeText = ranks[index % ranks.count]
            let badgeWidth = min(advance(badgeText, size: 13, weight: .semibold) + 24, textWidth)
            let badgeHeight = atL ? 28 : textHeight(badgeText, width: badgeWidth - 20, size: 13, weight: .semibold) + 10
            let needed = textTop + textHeight(quest.title, width: textWidth, size: 20, weight: .semibold) + 4
                + textHeight(quest.goal, width: textWidth, size: 15) + 12 + badgeHeight + 12
            let cardHeight = atL ? (compact ? 150.0 : 168) : max(compact ? 150.0 : 168, needed)
            let card = Frame(x: left, y: y, width: contentWidth, height: cardHeight)
            // A card reaching below the fold is the next screenful's.
            guard composer.fits(card) else { break }
            composer.panel(card, color: Palette.card, radius: 16)
            let id = quest.id.rawValue
            composer.relicIcon("\(id).thumbnail", frame: Frame(x: left + 16, y: y + 16, width: 72, height: 72),
                               color: BackdropTheme.forQuest(quest.id).glow, asset: "thumbnail-\(id)")
            let name = composer.text("\(id).name", quest.title, x: textLeft, y: y + textTop, width: textWidth, size: 20,
                                     weight: .semibold, color: Palette.parchment)
            composer.text("\(id).goal", quest.goal, x: textLeft, y: name.maxY + 4, width: textWidth, size: 15,
                          color: Palette.secondary)
            let badge = Frame(x: textLeft, y: y + cardHeight - 12 - badgeHeight, width: badgeWidth.rounded(.up), height: badgeHeight)
            composer.fill(badge, Palette.chip, radius: 14)
            composer.text("\(id).rank", badgeText, x: badge.x + 11, y: badge.y + 5, width: atL ? badgeWidth : badgeWidth - 20, size: 13,
                          weight: .semibold, color: Palette.parchment, role: .indicator)
            badges.append("\(id).rank")
            composer.declare(ElementContract(id: "\(id).card", role: .button, frame: card, label: "\(quest.title). \(quest.goal)",
                                             hint: "Double-tap to begin."))
            y += cardHeight + gap
        }
        composer.group("best-rank", badges)
    }

    // MARK: - First spell

    mutating func drawFirstSpell() {
        let quest = QuestCatalog.quest(.magicTap)
        let intro = "Tap twice with two fingers, anywhere on the screen, to cast your first spell."
        let introHeight = textHeight(intro, width: contentWidth - 40, size: 20)
        let titleHeight = textHeight(quest.title, width: contentWidth - 40, size: 28, weight: .bold)
        let panel = Frame(x: left, y: top, width: contentWidth, height: 20 + titleHeight + 8 + introHeight + 24)
        composer.panel(panel)
        let title = composer.text("title", quest.title, x: left + 20, y: top + 20, width: contentWidth - 40, size: 28, weight: .bold,
                                  color: Palette.parchment, role: .heading)
        composer.text("instruction", intro, x: left + 20, y: title.maxY + 8, width: contentWidth - 40, size: 20,
                      color: Palette.parchment)
        // The spell circle: a glowing orb in the practice area, answering the magic tap.
        let areaTop = panel.maxY + 24
        let area = Frame(x: left, y: areaTop, width: contentWidth, height: device.height - areaTop - (compact ? 24 : 48))
        let glow = BackdropTheme.forQuest(.magicTap).glow
        var diameter = (min(area.width, area.height) * 0.7).rounded(.down)
        // With larger text the circle keeps a size to practise on, right below the text (or below the fold).
        if !atL { diameter = max(diameter, min(area.width * 0.7, 220).rounded(.down)) }
        let orbTop = area.height >= diameter ? (area.y + (area.height - diameter) / 2).rounded(.down) : area.y
        let orb = Frame(x: (area.x + (area.width - diameter) / 2).rounded(.down), y: orbTop, width: diameter, height: diameter)
        composer.artwork(.spellOrb(glow: glow), id: "spell-circle", frame: orb, role: .button, label: "Spell circle",
                         hint: "Double-tap with two fingers to cast.", asset: "spell-orb")
    }

    /// The top of a panel `height` tall whose foot sits where a panel `reference` tall, centred and
    /// raised by `lift`, would end: panels of one kind grow upward from the same foot, so the
    /// actions there sit at the same place on every screen of the kind (standard action placement,
    /// which `design.consistency` checks), however long the quest's text.
    func panelTop(height: Double, reference: Double, lift: Double) -> Double {
        let foot = ((device.height + reference) / 2 - lift).rounded(.down)
        return max(top, foot - height).rounded(.down)
    }

    // MARK: - Lesson and prologue

    mutating func drawLesson() {
        let quest = quest!
        drawStoryPanel(chip: "Lesson", title: quest.title, lead: quest.gesture, body: quest.lesson, action: "Begin Practice")
    }

    mutating func drawPrologue() {
        drawStoryPanel(chip: "Prologue", title: "The Banishment", lead: "A tower of wards waits in the red dusk.",
                       body: "Wards trap you inside a screen. Any time VoiceOver traps you, the Mark of Z banishes it.",
                       action: "Enter the Tower")
    }

    mutating func drawStoryPanel(chip: String, title: String, lead: String, body: String, action: String) {
        let inner = contentWidth - 40
        let chipHeight = atL ? 28 : lineHeight(13, weight: .semibold) + 10
        let buttonHeight = composer.buttonHeight(action, width: inner)
        let height = 20 + chipHeight + 10 + textHeight(title, width: inner, size: 28, weight: .bold) + 10
            + textHeight(lead, width: inner, size: 17, weight: .semibold) + 12 + textHeight(body, width: inner, size: 20) + 24
            + buttonHeight + 20
        let y0 = panelTop(height: height, reference: 400, lift: 40)
        composer.panel(Frame(x: left, y: y0, width: contentWidth, height: height))
        let chipWidth = (advance(chip, size: 13, weight: .semibold) + 24).rounded(.up)
        composer.fill(Frame(x: left + 20, y: y0 + 20, width: chipWidth, height: chipHeight), Palette.chip, radius: 14)
        composer.text("chip", chip, x: left + 31, y: y0 + 25, width: chipWidth, size: 13, weight: .semibold, color: Palette.parchment)
        let titleFrame = composer.text("title", title, x: left + 20, y: y0 + 30 + chipHeight, width: inner, size: 28, weight: .bold,
                                       color: Palette.parchment, role: .heading)
        let leadFrame = composer.text("gesture", lead, x: left + 20, y: titleFrame.maxY + 10, width: inner, size: 17,
                                      weight: .semibold, color: Palette.gold)
        let bodyFrame = composer.text("lesson", body, x: left + 20, y: leadFrame.maxY + 12, width: inner, size: 20,
                                      color: Palette.parchment)
        composer.button("begin", action, frame: Frame(x: left + 20, y: bodyFrame.maxY + 24, width: inner, height: buttonHeight),
                        hint: "Double-tap to begin.")
    }

    // MARK: - Relic stages

    mutating func drawRelicStage(relics: [String], title: String, timed: Bool) {
        let quest = quest!
        let inner = contentWidth - 40
        let target = relics[relics.count > 3 ? 3 : 2]
        let instruction = "Find the \(target)."
        let heading = "\(quest.title): \(title)"
        let timer = "0:38", progress = "2 of \(relics.count) found"
        // At L the timer, the count and the bar share a line; larger, the count goes below the timer.
        let timerWidth = atL ? 60 : (advance(timer, size: 17, weight: .semibold) + 12).rounded(.up)
        let timedHeight = atL ? 44 : 10 + lineHeight(17, weight: .semibold) + 4 + textHeight(progress, width: inner, size: 15) + 4
        let headerHeight = 18 + textHeight(heading, width: inner, size: 22, weight: .bold) + 4
            + textHeight(instruction, width: inner, size: 17) + (timed ? timedHeight : 0) + 18
        composer.panel(Frame(x: left, y: top, width: contentWidth, height: headerHeight))
        let titleFrame = composer.text("title", heading, x: left + 20, y: top + 18, width: inner, size: 22,
                                       weight: .bold, color: Palette.parchment, role: .heading)
        let instructionFrame = composer.text("instruction", instruction, x: left + 20, y: titleFrame.maxY + 4, width: inner,
                                             size: 17, color: Palette.parchment)
        if timed {
            let y = instructionFrame.maxY + 10
            composer.text("timer", timer, x: left + 20, y: y, width: timerWidth, size: 17, weight: .semibold, color: Palette.gold)
            if atL {
                composer.text("progress-text", progress, x: left + 84, y: y, width: 140, size: 15, color: Palette.secondary)
                drawBar("time-left", frame: Frame(x: left + 232, y: y + 8, width: contentWidth - 252, height: 8), fraction: 0.84)
            } else {
                let line = lineHeight(17, weight: .semibold)
                let barX = left + 20 + timerWidth + 12
                drawBar("time-left", frame: Frame(x: barX, y: (y + line / 2 - 4).rounded(.down), width: left + 20 + inner - barX, height: 8),
                        fraction: 0.84)
                composer.text("progress-text", progress, x: left + 20, y: y + line + 4, width: inner, size: 15, color: Palette.secondary)
            }
        }
        let baseRow = compact && relics.count > 3 ? 50.0 : 60
        let gap = compact && relics.count > 3 ? 8.0 : 12
        let icon = baseRow - 16, markerSize = baseRow - 24
        let nameWidth = contentWidth - icon - 90
        var y = top + headerHeight + 16
        for (index, relic) in relics.enumerated() {
            let id = "relic.\(slug(relic))"
            let nameHeight = textHeight(relic, width: nameWidth, size: 17, weight: .semibold)
            let rowHeight = atL ? baseRow : max(baseRow, nameHeight + 16)
            let row = Frame(x: left, y: y, width: contentWidth, height: rowHeight)
            guard composer.fits(row) else { break }
            composer.panel(row, color: Palette.card, radius: 14)
            composer.relicIcon("\(id).icon", frame: Frame(x: left + 10, y: y + (rowHeight - icon) / 2, width: icon, height: icon),
                               color: BackdropTheme.forQuest(quest.id).glow, asset: "relic-\(slug(relic))")
            composer.text("\(id).name", relic, x: left + 20 + icon, y: y + (rowHeight - nameHeight) / 2, width: nameWidth,
                          size: 17, weight: .semibold, color: Palette.parchment)
            if index < 2 {
                composer.marker(index == 0 ? "marker.correct" : "marker.wrong", correct: index == 0,
                                frame: Frame(x: left + contentWidth - markerSize - 14, y: y + (rowHeight - markerSize) / 2,
                                             width: markerSize, height: markerSize),
                                label: index == 0 ? "Found" : "Not this one")
            }
            // The row the check mark marks is the one chosen: VoiceOver says "selected" after it.
            composer.declare(ElementContract(id: id, role: .button, frame: row, label: relic, hint: "Double-tap to choose this relic.",
                                             accessibility: index == 0 ? AccessibilitySpec(traits: ["button", "selected"]) : nil))
            y += rowHeight + gap
        }
        composer.group("relic-state", ["marker.correct", "marker.wrong"])
        if !timed, y + 30 < device.height {
            drawNote("No timer. Take your time.", y: y)
        }
    }

    /// A one-line note on a rounded panel at `y` (wrapped within the content width when larger).
    mutating func drawNote(_ note: String, y: Double, roundedWidth: Bool = false) {
        let width = atL ? (roundedWidth ? (StrokeFont.advance(of: note, size: 15, weight: .regular) + 32).rounded(.up)
                                         : StrokeFont.advance(of: note, size: 15, weight: .regular) + 32)
                        : min(advance(note, size: 15) + 32, contentWidth).rounded(.up)
        let height = atL ? 32 : textHeight(note, width: width - 30, size: 15) + 12
        let frame = Frame(x: left, y: y, width: width, height: height)
        guard composer.fits(frame) else { return }
        composer.panel(frame, radius: 16)
        composer.text("note", note, x: left + 15, y: y + 6, width: atL ? width : width - 30, size: 15, color: Palette.secondary)
    }

    mutating func drawBar(_ id: String, frame: Frame, fraction: Double, track: RGBA = Palette.track, fill: RGBA = Palette.gold) {
        composer.fill(frame, track, radius: frame.height / 2)
        composer.fill(Frame(x: frame.x, y: frame.y, width: (frame.width * fraction).rounded(), height: frame.height), fill,
                      radius: frame.height / 2)
        composer.declare(ElementContract(id: id, role: .indicator, frame: frame, label: "Time remaining"))
    }

    // MARK: - Lights Off

    mutating func drawLightsOff() {
        let quest = quest!
        let inner = contentWidth
        var y = top + 8
        let title = composer.text("title", "Lights Off", x: left, y: y, width: inner, size: 28, weight: .bold,
                                  color: Palette.nightText, role: .heading)
        y = title.maxY + 8
        let lead = composer.text("instruction", "Eight relics. Twenty seconds. Listen for the chime.", x: left, y: y, width: inner,
                                 size: 17, color: Palette.nightSecondary)
        y = lead.maxY + 16
        let timerWidth = atL ? 120 : (advance("0:12", size: 34, weight: .bold) + 16).rounded(.up)
        composer.text("timer", "0:12", x: left, y: y, width: timerWidth, size: 34, weight: .bold, color: Palette.nightText)
        let timerLine = lineHeight(34, weight: .bold)
        drawBar("time-left", frame: Frame(x: left + timerWidth + 10, y: atL ? y + 18 : (y + timerLine / 2 - 4).rounded(.down),
                                          width: inner - timerWidth - 10, height: 8),
                fraction: 0.6, track: Palette.track, fill: Palette.nightText)
        y += timerLine + 16
        // At accessibility sizes the tiles take half the columns, for their names to fit.
        let columns = (device.isPad ? 4 : 2) / (stacked ? 2 : 1)
        let tileGap = 10.0
        let tileWidth = ((inner - tileGap * Double(columns - 1)) / Double(columns)).rounded(.down)
        let names = quest.finalRelics.map { textHeight($0, width: tileWidth - 24, size: 15, weight: .semibold) }
        let tileHeight = atL ? (compact ? 48.0 : 60) : max(compact ? 48.0 : 60, (names.max() ?? 0) + 16)
        for (index, relic) in quest.finalRelics.enumerated() {
            let x = left + Double(index % columns) * (tileWidth + tileGap)
            let tileY = y + Double(index / columns) * (tileHeight + tileGap)
            let id = "relic.\(slug(relic))"
            let tile = Frame(x: x, y: tileY, width: tileWidth, height: tileHeight)
            guard composer.fits(tile) else { break }
            composer.fill(tile, Palette.nightTile, radius: 12)
            composer.text("\(id).name", relic, x: x + 12, y: tileY + (tileHeight - names[index]) / 2, width: tileWidth - 24, size: 15,
                          weight: .semibold, color: Palette.nightText)
            composer.declare(ElementContract(id: id, role: .button, frame: tile, label: relic, hint: "Double-tap to choose this relic."))
        }
        let rows = (quest.finalRelics.count + columns - 1) / columns
        y += Double(rows) * (tileHeight + tileGap) + 8
        composer.text("countdown-note", "VoiceOver counts down at 10 seconds, then 5, 4, 3, 2, 1.", x: left, y: y, width: inner, size: 15,
                      color: Palette.nightSecondary)
    }

    // MARK: - Result

    mutating func drawResult() {
        let quest = quest!
        let result = QuestRenderer.sampleResult(quest.id)
        let rankName = result.rank?.displayName ?? "Complete"
        let time = String(format: "%.1f s", result.finalTime)
        let inner = contentWidth - 40
        let heading = "\(quest.title) complete"
        let badgeWidth = min((advance(rankName, size: 34, weight: .bold) + 48).rounded(.up), inner)
        let badgeHeight = atL ? 56 : textHeight(rankName, width: badgeWidth - 46, size: 34, weight: .bold) + 12
        let again = composer.buttonHeight("Play Again", width: inner), board = composer.buttonHeight("Back to Quest Board", width: inner)
        let height = 20 + textHeight(heading, width: inner, size: 22, weight: .bold) + 12 + badgeHeight + 12
            + textHeight("Time \(time)", width: inner, size: 20) + textHeight("Mistakes \(result.mistakes)", width: inner, size: 20)
            + 12 + textHeight(result.summary, width: inner, size: 17) + 24 + again + 12 + board + 20
        let y0 = panelTop(height: height, reference: 460, lift: 30)
        composer.panel(Frame(x: left, y: y0, width: contentWidth, height: height))
        let title = composer.text("title", heading, x: left + 20, y: y0 + 20, width: inner, size: 22, weight: .bold,
                                  color: Palette.parchment, role: .heading)
        let badge = Frame(x: left + 20, y: title.maxY + 12, width: badgeWidth, height: badgeHeight)
        if composer.fits(badge) { composer.fill(badge, Palette.gold, radius: 16) }
        let rankHeight = textHeight(rankName, width: atL ? badgeWidth : badgeWidth - 46, size: 34, weight: .bold)
        composer.text("rank", rankName, x: badge.x + 23, y: badge.y + (badgeHeight - rankHeight) / 2,
                      width: atL ? badgeWidth : badgeWidth - 46, size: 34, weight: .bold, color: Palette.goldInk, role: .indicator)
        let timeFrame = composer.text("time", "Time \(time)", x: left + 20, y: badge.maxY + 12, width: inner, size: 20,
                                 color: Palette.parchment)
        let mistakes = composer.text("mistakes", "Mistakes \(result.mistakes)", x: left + 20, y: timeFrame.maxY, width: inner, size: 20,
                                     color: Palette.parchment)
        let summary = composer.text("summary", result.summary, x: left + 20, y: mistakes.maxY + 12, width: inner, size: 17,
                                    color: Palette.secondary)
        composer.button("again", "Play Again", frame: Frame(x: left + 20, y: summary.maxY + 24, width: inner, height: again),
                        hint: "Double-tap to replay this quest.")
        composer.button("board", "Back to Quest Board", frame: Frame(x: left + 20, y: summary.maxY + 36 + again, width: inner, height: board),
                        hint: "Double-tap to return to the quest board.", fill: Palette.chip, ink: Palette.parchment)
    }

    // MARK: - Banishment wards

    mutating func drawWard(title: String, timed: Bool) {
        let inner = contentWidth - 40
        var y = top
        if timed {
            let heading = "Tower: beat 1 of 5"
            let timerLine = lineHeight(17, weight: .semibold)
            let header = Frame(x: left, y: y, width: contentWidth,
                               height: atL ? 18 + ScreenComposer.lineHeight(22) + 8 + 24 + 18
                                           : 18 + textHeight(heading, width: inner, size: 22, weight: .bold) + 8 + timerLine + 18)
            composer.panel(header)
            let headingFrame = composer.text("title", heading, x: left + 20, y: y + 18, width: inner, size: 22, weight: .bold,
                                             color: Palette.parchment, role: .heading)
            let timerWidth = atL ? 60 : (advance("0:27", size: 17, weight: .semibold) + 12).rounded(.up)
            composer.text("timer", "0:27", x: left + 20, y: headingFrame.maxY + 8, width: timerWidth, size: 17, weight: .semibold,
                          color: Palette.gold)
            let barX = atL ? left + 90 : left + 20 + timerWidth + 12
            drawBar("time-left", frame: Frame(x: barX, y: atL ? headingFrame.maxY + 16 : (headingFrame.maxY + 8 + timerLine / 2 - 4).rounded(.down),
                                              width: left + contentWidth - 20 - barX, height: 8), fraction: 0.9)
            y = header.maxY + 20
        }
        let message = timed ? "A second ward rises between you and the stairs. Banish it." : "Draw a Z with two fingers to banish the ward."
        let wardTitle = timed ? "The tower, first beat" : title
        let zSize = min(contentWidth - 40, device.isPad ? 260 : (compact ? 150 : 200))
        let titleHeight = atL ? ScreenComposer.lineHeight(24) : textHeight(wardTitle, width: inner, size: 24, weight: .bold)
        let height = 20 + titleHeight + 10 + textHeight(message, width: inner, size: 20) + 16 + zSize + 20
        let ward = Frame(x: left, y: y, width: contentWidth, height: height)
        composer.panel(ward, radius: 24)
        let heading = composer.text("ward.title", wardTitle, x: left + 20, y: y + 20, width: inner,
                                    size: 24, weight: .bold, color: Palette.parchment, role: .heading)
        let body = composer.text("ward.message", message, x: left + 20, y: heading.maxY + 10, width: inner, size: 20,
                                 color: Palette.parchment)
        let z = Frame(x: left + (contentWidth - zSize) / 2, y: body.maxY + 16, width: zSize, height: zSize)
        drawMarkOfZ(z)
        composer.declare(ElementContract(id: "ward", role: .container, frame: ward, label: "Ward",
                                         hint: "Scrub with two fingers in a Z to dismiss."))
        if !timed {
            drawNote("Practice ward: no timer.", y: ward.maxY + 16, roundedWidth: true)
        }
    }

    mutating func drawMarkOfZ(_ frame: Frame) {
        composer.artwork(.markOfZ, id: "z-hint", frame: frame, label: "The Mark of Z", asset: "mark-of-z")
    }

    func slug(_ name: String) -> String { QuestArt.slug(name) }
}
