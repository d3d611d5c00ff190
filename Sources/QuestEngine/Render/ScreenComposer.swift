import ColorScience
import Foundation
import Imaging
import ScreenContracts

/// Draws a screen and writes its contract at the same time, so every declared frame is exactly
/// where the pixels are. Layout is in points; drawing is in pixels at the device's scale.
struct ScreenComposer {
    var canvas: Canvas
    let device: DeviceProfile
    private(set) var elements: [ElementContract] = []
    private(set) var colorOnlyGroups: [ColorOnlyGroup] = []
    /// A defect to plant while drawing (seeded corpora only).
    var defect: DefectPlan?
    /// The text size the screen is drawn at: every text takes its style's size at it.
    let contentSize: ContentSize
    /// How far down the first screenful reaches. At another text size the screen scrolls: an
    /// element that would reach below it is neither drawn nor declared (it is below the fold).
    let fold: Double

    /// Without `drawing`, the composer lays out and declares on an empty canvas: the same
    /// contract, no pixels (drawing never decides layout; only a planted low-contrast defect
    /// reads the canvas, and it needs `drawing`).
    init(device: DeviceProfile, background: RGBA, contentSize: ContentSize = .l, drawing: Bool = true) {
        self.device = device
        self.contentSize = contentSize
        fold = contentSize == .l ? .infinity : device.height - device.bottomInset - 8
        canvas = drawing ? Canvas(width: device.pixelWidth, height: device.pixelHeight, background: background)
            : Canvas(width: 0, height: 0, background: background)
    }

    /// Whether `frame` lies wholly above the fold, so it is drawn and declared.
    func fits(_ frame: Frame) -> Bool { frame.maxY <= fold }

    /// The Apple text style of the game's text drawn at `size` points at L: the style whose L size it
    /// is (17 pt semibold or bold is a headline), else the nearest (24 pt: title2).
    static func style(forSize size: Double, weight: FontWeight) -> TextStyle {
        if size == 17 { return weight.isBold || weight == .semibold ? .headline : .body }
        return TextStyle.nearest(toPointSize: size)
    }

    /// The size text set at `size` points at L is drawn at on this screen: its style's size at the
    /// content size (a size between the table's, such as 24 pt, grows by its style's ratio).
    func scaled(_ size: Double, weight: FontWeight = .regular) -> Double {
        Self.scaled(size, weight: weight, to: contentSize)
    }

    static func scaled(_ size: Double, weight: FontWeight, to contentSize: ContentSize) -> Double {
        guard contentSize != .l else { return size }
        let style = style(forSize: size, weight: weight)
        let base = style.pointSize(at: .l)
        return size == base ? style.pointSize(at: contentSize) : (size * style.pointSize(at: contentSize) / base).rounded()
    }

    var scale: Double { device.scale }

    func pixels(_ frame: Frame) -> RectF {
        RectF(x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale)
    }

    /// Line height of text at `size` points.
    static func lineHeight(_ size: Double) -> Double { (size * 1.3).rounded(.up) }

    /// Splits `text` into lines no wider than `width` points at `size` and `weight`.
    static func wrap(_ text: String, width: Double, size: Double, weight: FontWeight) -> [String] {
        var lines: [String] = []
        var current = ""
        for whole in text.split(separator: " ") {
            // A word wider than the line is broken between letters, as UILabel does; the rest of
            // it goes on as a word.
            var word = String(whole)
            while StrokeFont.advance(of: word, size: size, weight: weight) > width, word.count > 1 {
                var head = ""
                for character in word {
                    guard StrokeFont.advance(of: head + String(character), size: size, weight: weight) <= width else { break }
                    head.append(character)
                }
                if head.isEmpty { head = String(word.first!) }
                if !current.isEmpty { lines.append(current) }
                lines.append(head)
                current = ""
                word = String(word.dropFirst(head.count))
            }
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, StrokeFont.advance(of: candidate, size: size, weight: weight) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Declares an element. Each one also declares its accessibility traits, as UIKit names them,
    /// from its role (a button `button`, a heading `header`), unless it gives its own.
    mutating func declare(_ element: ElementContract) {
        guard fits(element.frame) else { return }
        var element = element
        if element.accessibility?.traits == nil, let traits = Self.traits(for: element.role) {
            var spec = element.accessibility ?? AccessibilitySpec()
            spec.traits = traits
            element.accessibility = spec
        }
        elements.append(element)
    }

    /// The `UIAccessibilityTraits` an element of `role` carries in the game
    /// (developer.apple.com/documentation/uikit/uiaccessibilitytraits): a plain container has none.
    static func traits(for role: ElementRole) -> [String]? {
        switch role {
        case .button, .tab, .toggle: ["button"]
        case .link: ["link"]
        case .heading: ["header"]
        case .image: ["image"]
        case .text: ["staticText"]
        case .slider: ["adjustable"]
        case .indicator: ["updatesFrequently"]
        case .textField, .container: nil
        }
    }

    /// A colour-only group of the members drawn above the fold (two at least, to compare).
    mutating func group(_ id: String, _ members: [String]) {
        let shown = members.filter { member in elements.contains { $0.id == member } }
        guard shown.count >= 2 else { return }
        colorOnlyGroups.append(ColorOnlyGroup(id: id, elements: shown))
    }

    mutating func fill(_ frame: Frame, _ color: RGBA, radius: Double = 0) {
        if radius > 0 {
            canvas.fillRoundedRect(pixels(frame), radius: radius * scale, color: color)
        } else {
            canvas.fill(pixels(frame), color: color)
        }
    }

    /// An opaque reading panel with a thin edge.
    mutating func panel(_ frame: Frame, color: RGBA = Palette.panel, radius: Double = 18) {
        fill(Frame(x: frame.x - 1, y: frame.y - 1, width: frame.width + 2, height: frame.height + 2), Palette.panelEdge, radius: radius + 1)
        fill(frame, color, radius: radius)
    }

    enum Alignment { case leading, center }

    /// Draws wrapped text with its top-left (or top-centre) at `x`, `y` within `width`, declares it,
    /// and returns its frame (the lines' extent plus a point of padding). `size` is the text's size
    /// at L; it is drawn at its style's size for the screen's content size. Text reaching below the
    /// fold is neither drawn nor declared (its frame is still returned, for the layout to flow on).
    @discardableResult
    mutating func text(_ id: String, _ content: String, x: Double, y: Double, width: Double, size baseSize: Double,
                       weight: FontWeight = .regular, color: RGBA, role: ElementRole = .text,
                       alignment: Alignment = .leading, asset: String? = nil) -> Frame {
        let style = Self.style(forSize: baseSize, weight: weight)
        let size = scaled(baseSize, weight: weight)
        var lines = Self.wrap(content, width: width - 2, size: size, weight: weight)
        // The room the wrapped text takes: what follows is laid out below it, whatever is drawn.
        let laidOutLines = lines.count
        if let defect, defect.element == id, defect.kind == .truncatedTitle {
            lines = [Self.truncated(content, width: width - 2, size: size, weight: weight)]
        }
        let lineHeight = Self.lineHeight(size)
        let widest = lines.map { StrokeFont.advance(of: $0, size: size, weight: weight) }.max() ?? 0
        let left = alignment == .center ? x + (width - widest) / 2 : x
        let frame = Frame(x: (left - 1).rounded(.down), y: y, width: (widest + 2).rounded(.up), height: lineHeight * Double(lines.count))
        guard fits(frame) else { return frame }
        var ink = color
        var drawnSize = size
        var declaredSize = size
        if let defect, defect.element == id {
            switch defect.kind {
            case .lowContrast: ink = colour(reaching: defect.parameter, from: color, over: frame)
            case .smallText: drawnSize = defect.parameter
            case .offPalette: ink = Palette.offPalette
            // Drawn and declared at the off-ramp size, in the frame the ramp size laid out.
            case .offRamp: (drawnSize, declaredSize) = (defect.parameter, defect.parameter)
            // Drawn at its size at L, in the frame its style's size laid out; declared as laid out.
            case .fixedSizeText: drawnSize = defect.parameter
            default: break
            }
        }
        for (index, line) in lines.enumerated() {
            let advance = StrokeFont.advance(of: line, size: drawnSize, weight: weight)
            let lineX = alignment == .center ? x + (width - advance) / 2 : x
            // The glyphs sit centred in the line: ascender 0.74 em, descender 0.21 em.
            let baseline = y + Double(index) * lineHeight + (lineHeight - 0.95 * size) / 2 + 0.74 * size
            canvas.drawText(line, x: lineX * scale, baseline: baseline * scale, size: drawnSize * scale, weight: weight, color: ink)
        }
        declare(ElementContract(id: id, role: role, frame: frame, label: content,
                                text: TextSpec(content: content, pointSize: declaredSize, weight: weight, textStyle: style), asset: asset))
        // A planted truncated title leaves the layout as it was (its label kept the room it had):
        // the controls below do not move.
        return Frame(x: frame.x, y: frame.y, width: frame.width, height: lineHeight * Double(laidOutLines))
    }

    /// The longest start of `text` that fits `width` with "…" after it, on one line.
    static func truncated(_ text: String, width: Double, size: Double, weight: FontWeight) -> String {
        var kept = text
        while !kept.isEmpty, StrokeFont.advance(of: kept + "…", size: size, weight: weight) > width {
            kept.removeLast()
        }
        return kept.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// `ink` moved toward the background under `frame` until its contrast with it is at most
    /// `ratio` (a planted low-contrast defect). The background is the median-lightness pixel.
    func colour(reaching ratio: Double, from ink: RGBA, over frame: Frame) -> RGBA {
        let rect = pixels(frame)
        var samples: [(Double, RGB8)] = []
        for y in stride(from: Int(rect.y), to: min(canvas.buffer.height, Int(rect.maxY)), by: 2) {
            for x in stride(from: Int(rect.x), to: min(canvas.buffer.width, Int(rect.maxX)), by: 2) {
                let pixel = canvas.buffer[x, y].rgb
                samples.append((WCAG.relativeLuminance(pixel), pixel))
            }
        }
        guard !samples.isEmpty else { return ink }
        samples.sort { $0.0 < $1.0 }
        let background = samples[samples.count / 2].1
        func mixed(_ t: Double) -> RGB8 {
            func channel(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
            return RGB8(red: channel(ink.red, background.red), green: channel(ink.green, background.green),
                        blue: channel(ink.blue, background.blue))
        }
        // Contrast falls as the ink moves toward the background: find the least move that reaches `ratio`.
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if WCAG.contrastRatio(mixed(mid), background) > ratio { low = mid } else { high = mid }
        }
        return RGBA(mixed(high))
    }

    /// The height a button `width` wide needs for `title` (its size at L is `size`) on this screen:
    /// `minimum` at L, and at larger sizes enough for its wrapped lines with 12 pt above and below.
    func buttonHeight(_ title: String, width: Double, size: Double = 17, minimum: Double = 56) -> Double {
        let drawn = scaled(size, weight: .semibold)
        let lines = Self.wrap(title, width: width - 24, size: drawn, weight: .semibold).count
        return max(minimum, (Double(lines) * Self.lineHeight(drawn) + 24).rounded(.up))
    }

    /// A filled button with a centred title, wrapped within the button at larger text sizes. The
    /// element's frame is the whole button. A button reaching below the fold is not drawn.
    mutating func button(_ id: String, _ title: String, frame proposed: Frame, hint: String, fill: RGBA = Palette.gold,
                         ink: RGBA = Palette.goldInk, size baseSize: Double = 17, label: String? = nil, iconOnly: Bool = false) {
        guard fits(proposed) else { return }
        var frame = proposed
        if let defect, defect.kind == .smallTarget, defect.element == id {
            frame = Frame(x: frame.x, y: frame.y + (frame.height - defect.parameter) / 2, width: frame.width, height: defect.parameter)
        }
        if let defect, defect.kind == .misplacedAction, defect.element == id {
            frame = Frame(x: frame.x, y: frame.y + defect.parameter, width: frame.width, height: frame.height)
        }
        // Planted: the button keeps the size it had for its title at L (the title's width and 16 pt
        // each side, `defect.parameter` tall), centred where the grown one was laid out, while its
        // title grows and wraps within it.
        let notGrowing = defect.map { $0.kind == .buttonNotGrowing && $0.element == id } ?? false
        if notGrowing, let defect {
            // As narrow as its title at L, widened (in 8 pt steps) until its grown title takes two
            // lines, which then run out of the button at its top and bottom.
            var width = (StrokeFont.advance(of: title, size: baseSize, weight: .semibold) + 32).rounded(.up)
            let grown = scaled(baseSize, weight: .semibold)
            while width + 8 <= frame.width, Self.wrap(title, width: width - 24, size: grown, weight: .semibold).count > 2 { width += 8 }
            frame = Frame(x: (frame.x + (frame.width - width) / 2).rounded(.down), y: (frame.y + (frame.height - defect.parameter) / 2).rounded(.down),
                          width: width, height: defect.parameter)
        }
        self.fill(frame, fill, radius: min(14, frame.height / 2))
        let size = scaled(baseSize, weight: .semibold)
        let lines = iconOnly || contentSize == .l ? [title] : Self.wrap(title, width: (notGrowing ? frame : proposed).width - 24, size: size, weight: .semibold)
        let lineHeight = Self.lineHeight(size)
        for (index, line) in lines.enumerated() {
            let advance = StrokeFont.advance(of: line, size: size, weight: .semibold)
            let top = frame.y + (frame.height - lineHeight * Double(lines.count)) / 2 + Double(index) * lineHeight
            let baseline = top + (lineHeight - 0.95 * size) / 2 + 0.74 * size
            canvas.drawText(line, x: (frame.x + (frame.width - advance) / 2) * scale, baseline: baseline * scale,
                            size: size * scale, weight: .semibold, color: ink)
        }
        // An icon button (a lone "?") declares no text: it is a glyph, judged as a control by
        // contrast.nontext, and named by its accessibility label.
        declare(ElementContract(id: id, role: .button, frame: frame, label: label ?? title, hint: hint,
                                text: iconOnly ? nil : TextSpec(content: title, pointSize: size, weight: .semibold,
                                                                textStyle: Self.style(forSize: baseSize, weight: .semibold))))
    }

    /// A round state marker: a check for correct, a cross for wrong — shape and colour together.
    mutating func marker(_ id: String, correct: Bool, frame: Frame, label: String) {
        guard fits(frame) else { return }
        canvas.fillEllipse(in: pixels(frame), color: correct ? Palette.correct : Palette.wrong)
        let r = frame.width / 2, cx = frame.x + r, cy = frame.y + r
        let stroke = max(2, frame.width * 0.12) * scale
        let glyphs = !(defect?.kind == .colorOnly)
        if !glyphs {
            // Planted defect: the state is shown by colour alone.
        } else if correct {
            canvas.drawLine(from: ((cx - r * 0.45) * scale, cy * scale), to: ((cx - r * 0.1) * scale, (cy + r * 0.35) * scale),
                            width: stroke, color: Palette.white)
            canvas.drawLine(from: ((cx - r * 0.1) * scale, (cy + r * 0.35) * scale), to: ((cx + r * 0.5) * scale, (cy - r * 0.4) * scale),
                            width: stroke, color: Palette.white)
        } else {
            canvas.drawLine(from: ((cx - r * 0.38) * scale, (cy - r * 0.38) * scale), to: ((cx + r * 0.38) * scale, (cy + r * 0.38) * scale),
                            width: stroke, color: Palette.white)
            canvas.drawLine(from: ((cx + r * 0.38) * scale, (cy - r * 0.38) * scale), to: ((cx - r * 0.38) * scale, (cy + r * 0.38) * scale),
                            width: stroke, color: Palette.white)
        }
        declare(ElementContract(id: id, role: .indicator, frame: frame, label: label, accessibility: AccessibilitySpec(traits: ["image"])))
    }

    /// A relic icon or quest thumbnail: a faceted gem in the quest's glow colour on a dark tile.
    mutating func relicIcon(_ id: String, frame: Frame, color: RGBA, asset: String) {
        artwork(.gemTile(glow: color), id: id, frame: frame, asset: asset)
    }

    /// Draws a piece of the game's art (the same code path as the asset catalog's) and declares it.
    mutating func artwork(_ art: QuestArtwork, id: String, frame: Frame, role: ElementRole = .image, label: String? = nil,
                          hint: String? = nil, asset: String) {
        guard fits(frame) else { return }
        art.draw(on: &canvas, frame: frame, scale: scale)
        declare(ElementContract(id: id, role: role, frame: frame, label: label, hint: hint, asset: asset))
    }

    func contract(id: String, screenshot: String) -> ScreenContract {
        var contract = ScreenContract(id: id, screenshot: screenshot,
                                      device: DeviceSpec(name: device.name, scale: device.scale, width: device.width, height: device.height),
                                      elements: elements, colorOnlyGroups: colorOnlyGroups)
        if contentSize != .l {
            // The type ramp at this size: each ramp size at L, grown as its style grows.
            let ramp = Set(Palette.tokens.typeRamp?.map { Self.scaled($0, weight: .regular, to: contentSize) } ?? [])
                .union(Palette.tokens.typeRamp?.map { Self.scaled($0, weight: .semibold, to: contentSize) } ?? [])
            contract.design = DesignTokens(typeRamp: ramp.sorted())
        }
        return contract
    }
}
