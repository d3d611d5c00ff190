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

    /// `en-US/<device>/<route>.png`, relative to the screenshots root.
    public var screenshotPath: String { "en-US/\(device.id)/\(route.id).png" }
}

/// Draws the game's screens deterministically: the same route and device always give the same
/// pixels and the same contract.
public enum QuestRenderer {
    public static func render(_ route: Route, on device: DeviceProfile, defect: DefectPlan? = nil) -> RenderedFrame {
        var layout = Layout(route: route, device: device)
        layout.composer.defect = defect
        layout.draw()
        let path = "en-US/\(device.id)/\(route.id).png"
        var contract = layout.composer.contract(id: "\(device.id)/\(route.id)", screenshot: path)
        if let defect { DefectSeeder.applySpoken(defect, to: &contract) }
        return RenderedFrame(route: route, device: device, image: layout.composer.canvas.buffer, contract: contract)
    }

    /// Renders `route` with a defect chosen by `random` from its clean contract (or none: about a
    /// quarter of frames stay clean), and the ground truth of what was planted.
    public static func renderSeeded(_ route: Route, on device: DeviceProfile, random: inout SeededRandom) -> (RenderedFrame, SeededDefect?) {
        let clean = render(route, on: device)
        guard let plan = DefectSeeder.plan(for: clean.contract, random: &random) else { return (clean, nil) }
        let frame = render(route, on: device, defect: plan)
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

    init(route: Route, device: DeviceProfile) {
        self.route = route
        self.device = device
        let dark = route.kind == .lightsOff
        composer = ScreenComposer(device: device, background: dark ? Palette.night : Palette.panel)
        margin = device.isPad ? 48 : 16
        contentWidth = device.isPad ? 640 : device.width - 2 * margin
        left = ((device.width - contentWidth) / 2).rounded(.down)
        top = device.isPad ? 64 : (device.height < 700 ? 28 : 64)
        if !dark { Backdrop.paint(&composer.canvas, theme: .forQuest(route.quest), scale: device.scale) }
    }

    var quest: Quest? { route.quest.map(QuestCatalog.quest) }
    var compact: Bool { device.height < 700 }

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
        Double(ScreenComposer.wrap(text, width: width - 2, size: size, weight: weight).count) * ScreenComposer.lineHeight(size)
    }

    // MARK: - Hub

    mutating func drawHub() {
        let header = Frame(x: left, y: top, width: contentWidth, height: 76)
        composer.panel(header)
        composer.text("title", "Quest Board", x: left + 20, y: top + 18, width: contentWidth - 100, size: 28, weight: .bold,
                      color: Palette.parchment, role: .heading)
        composer.button("help", "?", frame: Frame(x: left + contentWidth - 64, y: top + 16, width: 44, height: 44),
                        hint: "Double-tap to open the VoiceOver gesture reference.", size: 22, label: "VoiceOver help", iconOnly: true)
        let cardHeight = compact ? 150.0 : 168
        let gap = compact ? 12.0 : 20
        let ranks = ["Best: Skilled", "Best: Legendary", "Not yet played"]
        var y = top + 76 + gap
        var badges: [String] = []
        for (index, quest) in QuestCatalog.hubQuests.enumerated() {
            let card = Frame(x: left, y: y, width: contentWidth, height: cardHeight)
            composer.panel(card, color: Palette.card, radius: 16)
            let id = quest.id.rawValue
            composer.relicIcon("\(id).thumbnail", frame: Frame(x: left + 16, y: y + 16, width: 72, height: 72),
                               color: BackdropTheme.forQuest(quest.id).glow, asset: "thumbnail-\(id)")
            let textLeft = left + 104, textWidth = contentWidth - 120
            let name = composer.text("\(id).name", quest.title, x: textLeft, y: y + 14, width: textWidth, size: 20,
                                     weight: .semibold, color: Palette.parchment)
            composer.text("\(id).goal", quest.goal, x: textLeft, y: name.maxY + 4, width: textWidth, size: 15,
                          color: Palette.secondary)
            let badgeText = ranks[index % ranks.count]
            let badgeWidth = StrokeFont.advance(of: badgeText, size: 13, weight: .semibold) + 24
            let badge = Frame(x: textLeft, y: y + cardHeight - 40, width: badgeWidth.rounded(.up), height: 28)
            composer.fill(badge, Palette.chip, radius: 14)
            composer.text("\(id).rank", badgeText, x: badge.x + 11, y: badge.y + 5, width: badgeWidth, size: 13,
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
        let diameter = (min(area.width, area.height) * 0.7).rounded(.down)
        let orb = Frame(x: (area.x + (area.width - diameter) / 2).rounded(.down), y: (area.y + (area.height - diameter) / 2).rounded(.down),
                        width: diameter, height: diameter)
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
        let height = 20 + 28 + 10 + textHeight(title, width: inner, size: 28, weight: .bold) + 10
            + textHeight(lead, width: inner, size: 17, weight: .semibold) + 12 + textHeight(body, width: inner, size: 20) + 24 + 56 + 20
        let y0 = panelTop(height: height, reference: 400, lift: 40)
        composer.panel(Frame(x: left, y: y0, width: contentWidth, height: height))
        let chipWidth = (StrokeFont.advance(of: chip, size: 13, weight: .semibold) + 24).rounded(.up)
        composer.fill(Frame(x: left + 20, y: y0 + 20, width: chipWidth, height: 28), Palette.chip, radius: 14)
        composer.text("chip", chip, x: left + 31, y: y0 + 25, width: chipWidth, size: 13, weight: .semibold, color: Palette.parchment)
        let titleFrame = composer.text("title", title, x: left + 20, y: y0 + 58, width: inner, size: 28, weight: .bold,
                                       color: Palette.parchment, role: .heading)
        let leadFrame = composer.text("gesture", lead, x: left + 20, y: titleFrame.maxY + 10, width: inner, size: 17,
                                      weight: .semibold, color: Palette.gold)
        let bodyFrame = composer.text("lesson", body, x: left + 20, y: leadFrame.maxY + 12, width: inner, size: 20,
                                      color: Palette.parchment)
        composer.button("begin", action, frame: Frame(x: left + 20, y: bodyFrame.maxY + 24, width: inner, height: 56),
                        hint: "Double-tap to begin.")
    }

    // MARK: - Relic stages

    mutating func drawRelicStage(relics: [String], title: String, timed: Bool) {
        let quest = quest!
        let inner = contentWidth - 40
        let target = relics[relics.count > 3 ? 3 : 2]
        let instruction = "Find the \(target)."
        let heading = "\(quest.title): \(title)"
        let headerHeight = 18 + textHeight(heading, width: inner, size: 22, weight: .bold) + 4
            + textHeight(instruction, width: inner, size: 17) + (timed ? 44 : 0) + 18
        composer.panel(Frame(x: left, y: top, width: contentWidth, height: headerHeight))
        let titleFrame = composer.text("title", heading, x: left + 20, y: top + 18, width: inner, size: 22,
                                       weight: .bold, color: Palette.parchment, role: .heading)
        let instructionFrame = composer.text("instruction", instruction, x: left + 20, y: titleFrame.maxY + 4, width: inner,
                                             size: 17, color: Palette.parchment)
        if timed {
            let y = instructionFrame.maxY + 10
            composer.text("timer", "0:38", x: left + 20, y: y, width: 60, size: 17, weight: .semibold, color: Palette.gold)
            composer.text("progress-text", "2 of \(relics.count) found", x: left + 84, y: y, width: 140, size: 15,
                          color: Palette.secondary)
            drawBar("time-left", frame: Frame(x: left + 232, y: y + 8, width: contentWidth - 252, height: 8), fraction: 0.84)
        }
        let rowHeight = compact && relics.count > 3 ? 50.0 : 60
        let gap = compact && relics.count > 3 ? 8.0 : 12
        var y = top + headerHeight + 16
        for (index, relic) in relics.enumerated() {
            let id = "relic.\(slug(relic))"
            let row = Frame(x: left, y: y, width: contentWidth, height: rowHeight)
            composer.panel(row, color: Palette.card, radius: 14)
            let icon = rowHeight - 16
            composer.relicIcon("\(id).icon", frame: Frame(x: left + 10, y: y + 8, width: icon, height: icon),
                               color: BackdropTheme.forQuest(quest.id).glow, asset: "relic-\(slug(relic))")
            let lineHeight = ScreenComposer.lineHeight(17)
            composer.text("\(id).name", relic, x: left + 20 + icon, y: y + (rowHeight - lineHeight) / 2, width: contentWidth - icon - 90,
                          size: 17, weight: .semibold, color: Palette.parchment)
            if index < 2 {
                let size = rowHeight - 24
                composer.marker(index == 0 ? "marker.correct" : "marker.wrong", correct: index == 0,
                                frame: Frame(x: left + contentWidth - size - 14, y: y + 12, width: size, height: size),
                                label: index == 0 ? "Found" : "Not this one")
            }
            // The row the check mark marks is the one chosen: VoiceOver says "selected" after it.
            composer.declare(ElementContract(id: id, role: .button, frame: row, label: relic, hint: "Double-tap to choose this relic.",
                                             accessibility: index == 0 ? AccessibilitySpec(traits: ["button", "selected"]) : nil))
            y += rowHeight + gap
        }
        composer.group("relic-state", ["marker.correct", "marker.wrong"])
        if !timed, y + 30 < device.height {
            let note = "No timer. Take your time."
            let width = StrokeFont.advance(of: note, size: 15, weight: .regular) + 32
            composer.panel(Frame(x: left, y: y, width: width, height: 32), radius: 16)
            composer.text("note", note, x: left + 15, y: y + 6, width: width, size: 15, color: Palette.secondary)
        }
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
        composer.text("timer", "0:12", x: left, y: y, width: 120, size: 34, weight: .bold, color: Palette.nightText)
        drawBar("time-left", frame: Frame(x: left + 130, y: y + 18, width: inner - 130, height: 8), fraction: 0.6,
                track: Palette.track, fill: Palette.nightText)
        y += ScreenComposer.lineHeight(34) + 16
        let columns = device.isPad ? 4 : 2
        let tileGap = 10.0
        let tileWidth = ((inner - tileGap * Double(columns - 1)) / Double(columns)).rounded(.down)
        let tileHeight = compact ? 48.0 : 60
        for (index, relic) in quest.finalRelics.enumerated() {
            let x = left + Double(index % columns) * (tileWidth + tileGap)
            let tileY = y + Double(index / columns) * (tileHeight + tileGap)
            let id = "relic.\(slug(relic))"
            let tile = Frame(x: x, y: tileY, width: tileWidth, height: tileHeight)
            composer.fill(tile, Palette.nightTile, radius: 12)
            let lineHeight = ScreenComposer.lineHeight(15)
            composer.text("\(id).name", relic, x: x + 12, y: tileY + (tileHeight - lineHeight) / 2, width: tileWidth - 24, size: 15,
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
        let height = 20 + textHeight(heading, width: inner, size: 22, weight: .bold) + 12 + 56 + 12 + 2 * ScreenComposer.lineHeight(20)
            + 12 + textHeight(result.summary, width: inner, size: 17) + 24 + 56 + 12 + 56 + 20
        let y0 = panelTop(height: height, reference: 460, lift: 30)
        composer.panel(Frame(x: left, y: y0, width: contentWidth, height: height))
        let title = composer.text("title", heading, x: left + 20, y: y0 + 20, width: inner, size: 22, weight: .bold,
                                  color: Palette.parchment, role: .heading)
        let badgeWidth = (StrokeFont.advance(of: rankName, size: 34, weight: .bold) + 48).rounded(.up)
        let badge = Frame(x: left + 20, y: title.maxY + 12, width: badgeWidth, height: 56)
        composer.fill(badge, Palette.gold, radius: 16)
        composer.text("rank", rankName, x: badge.x + 23, y: badge.y + (56 - ScreenComposer.lineHeight(34)) / 2, width: badgeWidth,
                      size: 34, weight: .bold, color: Palette.goldInk, role: .indicator)
        let timeFrame = composer.text("time", "Time \(time)", x: left + 20, y: badge.maxY + 12, width: inner, size: 20,
                                 color: Palette.parchment)
        let mistakes = composer.text("mistakes", "Mistakes \(result.mistakes)", x: left + 20, y: timeFrame.maxY, width: inner, size: 20,
                                     color: Palette.parchment)
        let summary = composer.text("summary", result.summary, x: left + 20, y: mistakes.maxY + 12, width: inner, size: 17,
                                    color: Palette.secondary)
        composer.button("again", "Play Again", frame: Frame(x: left + 20, y: summary.maxY + 24, width: inner, height: 56),
                        hint: "Double-tap to replay this quest.")
        composer.button("board", "Back to Quest Board", frame: Frame(x: left + 20, y: summary.maxY + 92, width: inner, height: 56),
                        hint: "Double-tap to return to the quest board.", fill: Palette.chip, ink: Palette.parchment)
    }

    // MARK: - Banishment wards

    mutating func drawWard(title: String, timed: Bool) {
        let inner = contentWidth - 40
        var y = top
        if timed {
            let header = Frame(x: left, y: y, width: contentWidth, height: 18 + ScreenComposer.lineHeight(22) + 8 + 24 + 18)
            composer.panel(header)
            let heading = composer.text("title", "Tower: beat 1 of 5", x: left + 20, y: y + 18, width: inner, size: 22, weight: .bold,
                                        color: Palette.parchment, role: .heading)
            composer.text("timer", "0:27", x: left + 20, y: heading.maxY + 8, width: 60, size: 17, weight: .semibold, color: Palette.gold)
            drawBar("time-left", frame: Frame(x: left + 90, y: heading.maxY + 16, width: contentWidth - 110, height: 8), fraction: 0.9)
            y = header.maxY + 20
        }
        let message = timed ? "A second ward rises between you and the stairs. Banish it." : "Draw a Z with two fingers to banish the ward."
        let zSize = min(contentWidth - 40, device.isPad ? 260 : (compact ? 150 : 200))
        let height = 20 + ScreenComposer.lineHeight(24) + 10 + textHeight(message, width: inner, size: 20) + 16 + zSize + 20
        let ward = Frame(x: left, y: y, width: contentWidth, height: height)
        composer.panel(ward, radius: 24)
        let heading = composer.text("ward.title", timed ? "The tower, first beat" : title, x: left + 20, y: y + 20, width: inner,
                                    size: 24, weight: .bold, color: Palette.parchment, role: .heading)
        let body = composer.text("ward.message", message, x: left + 20, y: heading.maxY + 10, width: inner, size: 20,
                                 color: Palette.parchment)
        let z = Frame(x: left + (contentWidth - zSize) / 2, y: body.maxY + 16, width: zSize, height: zSize)
        drawMarkOfZ(z)
        composer.declare(ElementContract(id: "ward", role: .container, frame: ward, label: "Ward",
                                         hint: "Scrub with two fingers in a Z to dismiss."))
        if !timed {
            let note = "Practice ward: no timer."
            let width = (StrokeFont.advance(of: note, size: 15, weight: .regular) + 32).rounded(.up)
            composer.panel(Frame(x: left, y: ward.maxY + 16, width: width, height: 32), radius: 16)
            composer.text("note", note, x: left + 15, y: ward.maxY + 22, width: width, size: 15, color: Palette.secondary)
        }
    }

    mutating func drawMarkOfZ(_ frame: Frame) {
        composer.artwork(.markOfZ, id: "z-hint", frame: frame, label: "The Mark of Z", asset: "mark-of-z")
    }

    func slug(_ name: String) -> String { QuestArt.slug(name) }
}
