import ColorScience
import Imaging

/// A tiny screen that shows what a check passes or fails. Every check ships at least one of each;
/// one generic test runs them all, so a rule cannot ship without both, and docs/checks shows them.
public struct CheckExample: Sendable {
    public var title: String
    /// The element (or colour-only group) the verdict is about.
    public var element: String
    public var expected: CheckStatus
    /// The other screens of the example's run (`design.consistency` compares a screen with them).
    public var peers: @Sendable () -> [ScreenContext]
    public var make: @Sendable () -> ScreenContext

    public init(_ title: String, element: String, expected: CheckStatus, peers: @escaping @Sendable () -> [ScreenContext] = { [] },
                make: @escaping @Sendable () -> ScreenContext) {
        self.title = title
        self.element = element
        self.expected = expected
        self.peers = peers
        self.make = make
    }

    /// Runs `check` on the example's screen, prepared for the example's whole run and shown its
    /// screens' pixels as the runner shows them.
    public func run(_ check: any AuditCheck) -> (context: ScreenContext, results: [CheckResult]) {
        let context = make()
        let run = peers() + [context]
        var prepared = check.preparing(for: run.map(\.screen))
        let samples = run.filter { prepared.samples($0.screen) }.map { prepared.sample($0) }
        if !samples.isEmpty { prepared = prepared.sampled(samples) }
        return (context, prepared.run(context).filter { $0.element == element })
    }
}

/// A 200 × 120 pt screen at @2x for examples: a background colour, drawn shapes and their elements.
public struct ExampleScreen {
    public var canvas: Canvas
    public var elements: [ElementContract] = []
    public var groups: [ColorOnlyGroup] = []
    /// The screen's design tokens (the design rules' examples).
    public var design: DesignTokens?
    /// The device's unsafe areas (`layout.safe-area`'s examples; the example device has no profile).
    public var safeArea: SafeAreaInsets?
    public let scale = 2.0

    public init(background: RGB8) {
        canvas = Canvas(width: 400, height: 240, background: RGBA(background))
    }

    func pixels(_ f: Frame) -> RectF { RectF(x: f.x * scale, y: f.y * scale, width: f.width * scale, height: f.height * scale) }

    public mutating func label(_ id: String, _ text: String, at frame: Frame, size: Double, color: RGB8, weight: FontWeight = .regular) {
        canvas.drawText(text, x: (frame.x + 2) * scale, baseline: (frame.y + size * 1.05) * scale, size: size * scale, weight: weight,
                        color: RGBA(color))
        elements.append(ElementContract(id: id, role: .text, frame: frame, text: TextSpec(content: text, pointSize: size, weight: weight)))
    }

    public mutating func control(_ id: String, role: ElementRole, frame: Frame, fill: RGB8?, glyph: String? = nil, glyphColor: RGB8 = RGB8(red: 255, green: 255, blue: 255)) {
        if let fill { canvas.fillEllipse(in: pixels(frame), color: RGBA(fill)) }
        if let glyph {
            let size = frame.height * 0.6
            let advance = StrokeFont.advance(of: glyph, size: size, weight: .bold)
            canvas.drawText(glyph, x: (frame.x + (frame.width - advance) / 2) * scale, baseline: (frame.y + frame.height / 2 + size * 0.35) * scale,
                            size: size * scale, weight: .bold, color: RGBA(glyphColor))
        }
        elements.append(ElementContract(id: id, role: role, frame: frame))
    }

    /// The screen at a text size, as the variant of another screen (`text.scales`' examples).
    public func context(id: String, contentSize: ContentSize, variantOf: String?) -> ScreenContext {
        var screen = context(id: id).screen
        screen.contentSize = contentSize
        screen.variantOf = variantOf
        return ScreenContext(screen: screen, image: canvas.buffer)
    }

    public func context(id: String = "example") -> ScreenContext {
        ScreenContext(screen: ScreenContract(id: id, screenshot: "\(id).png", device: DeviceSpec(scale: scale, width: 200, height: 120, safeArea: safeArea),
                                             elements: elements, colorOnlyGroups: groups, design: design),
                      image: canvas.buffer)
    }
}
