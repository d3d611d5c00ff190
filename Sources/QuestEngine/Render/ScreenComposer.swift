import ColorScience
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

    init(device: DeviceProfile, background: RGBA) {
        self.device = device
        canvas = Canvas(width: device.pixelWidth, height: device.pixelHeight, background: background)
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
        for word in text.split(separator: " ") {
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

    mutating func group(_ id: String, _ members: [String]) {
        colorOnlyGroups.append(ColorOnlyGroup(id: id, elements: members))
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
    /// and returns its frame (the lines' extent plus a point of padding).
    @discardableResult
    mutating func text(_ id: String, _ content: String, x: Double, y: Double, width: Double, size: Double,
                       weight: FontWeight = .regular, color: RGBA, role: ElementRole = .text,
                       alignment: Alignment = .leading, asset: String? = nil) -> Frame {
        let lines = Self.wrap(content, width: width - 2, size: size, weight: weight)
        let lineHeight = Self.lineHeight(size)
        let widest = lines.map { StrokeFont.advance(of: $0, size: size, weight: weight) }.max() ?? 0
        let left = alignment == .center ? x + (width - widest) / 2 : x
        let frame = Frame(x: (left - 1).rounded(.down), y: y, width: (widest + 2).rounded(.up), height: lineHeight * Double(lines.count))
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
                                text: TextSpec(content: content, pointSize: declaredSize, weight: weight), asset: asset))
        return frame
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

    /// A filled button with a centred title. The element's frame is the whole button.
    mutating func button(_ id: String, _ title: String, frame proposed: Frame, hint: String, fill: RGBA = Palette.gold,
                         ink: RGBA = Palette.goldInk, size: Double = 17, label: String? = nil, iconOnly: Bool = false) {
        var frame = proposed
        if let defect, defect.kind == .smallTarget, defect.element == id {
            frame = Frame(x: frame.x, y: frame.y + (frame.height - defect.parameter) / 2, width: frame.width, height: defect.parameter)
        }
        if let defect, defect.kind == .misplacedAction, defect.element == id {
            frame = Frame(x: frame.x, y: frame.y + defect.parameter, width: frame.width, height: frame.height)
        }
        self.fill(frame, fill, radius: min(14, frame.height / 2))
        let advance = StrokeFont.advance(of: title, size: size, weight: .semibold)
        let lineHeight = Self.lineHeight(size)
        let top = frame.y + (frame.height - lineHeight) / 2
        let baseline = top + (lineHeight - 0.95 * size) / 2 + 0.74 * size
        canvas.drawText(title, x: (frame.x + (frame.width - advance) / 2) * scale, baseline: baseline * scale,
                        size: size * scale, weight: .semibold, color: ink)
        // An icon button (a lone "?") declares no text: it is a glyph, judged as a control by
        // contrast.nontext, and named by its accessibility label.
        declare(ElementContract(id: id, role: .button, frame: frame, label: label ?? title, hint: hint,
                                text: iconOnly ? nil : TextSpec(content: title, pointSize: size, weight: .semibold)))
    }

    /// A round state marker: a check for correct, a cross for wrong — shape and colour together.
    mutating func marker(_ id: String, correct: Bool, frame: Frame, label: String) {
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
        art.draw(on: &canvas, frame: frame, scale: scale)
        declare(ElementContract(id: id, role: role, frame: frame, label: label, hint: hint, asset: asset))
    }

    func contract(id: String, screenshot: String) -> ScreenContract {
        ScreenContract(id: id, screenshot: screenshot,
                       device: DeviceSpec(name: device.name, scale: device.scale, width: device.width, height: device.height),
                       elements: elements, colorOnlyGroups: colorOnlyGroups)
    }
}
