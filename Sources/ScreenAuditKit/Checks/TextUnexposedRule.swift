import ColorScience
import Imaging

/// `text.unexposed` — text the screen shows that no element exposes: a line of text found in the
/// pixels (`TextDetector`) that lies in no element carrying text (a text element, or a control
/// with a label). Custom-drawn labels and text baked into images are what VoiceOver cannot read.
/// Runs only when asked (`--detect-text`): the detector can mistake a glyph-like icon for text.
public struct TextUnexposedRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.textUnexposed,
        title: "Text not exposed to assistive technology",
        reference: "WCAG 2.2 SC 1.1.1 Non-text Content and 1.4.5 Images of Text; SC 4.1.2 Name, Role, Value",
        defaultSeverity: .warning,
        rationale: "Text drawn into an image or a custom view without an element behind it is invisible to VoiceOver and cannot be resized or translated by the system.")

    public static let examples: [CheckExample] = [
        CheckExample("a label declared as text", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("text drawn into an image", element: "text@13,45", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("banner", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.elements[0] = ElementContract(id: "banner", role: .image, frame: Frame(x: 10, y: 40, width: 150, height: 26))
            return screen.context()
        },
    ]

    public init() {}

    /// What `text.unexposed` reports for a line: where its glyphs are, in points.
    public struct Measured: RuleMeasurement {
        /// The element the text lies in without being exposed by it (an image), if any.
        public var insideElement: String?
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(insideElement: String?, glyphs: PixelRect, scale: Double) {
            self.insideElement = insideElement
            x = (Double(glyphs.x) / scale).rounded(places: 1)
            y = (Double(glyphs.y) / scale).rounded(places: 1)
            width = (Double(glyphs.width) / scale).rounded(places: 1)
            height = (Double(glyphs.height) / scale).rounded(places: 1)
        }

        public func message(_ facts: FindingFacts) -> String {
            let place = "a line of text at \(Words.number(x)), \(Words.number(y)) pt (\(Words.number(width)) × \(Words.number(height)) pt)"
            if let insideElement { return "\(place) lies in '\(insideElement)', which does not expose text: VoiceOver cannot read it" }
            return "\(place) lies in no element: VoiceOver cannot reach it"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { insideElement.map { "in \($0)" } ?? "no element" }

        public func requiredText(_ facts: FindingFacts) -> String? { "an element with its text" }

        public var fingerprintBucket: String { insideElement ?? "-" }
    }

    /// Whether an element exposes text where it is drawn: text elements, and controls with a label.
    static func exposesText(_ element: ElementContract) -> Bool {
        element.text != nil || (element.role.isInteractive && element.spokenLabel?.isEmpty == false)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let scale = screen.scale
        var detection = TextDetector(scale: scale).detect(in: screen.image)
        if let known = KnownScreenSizes.entry(width: screen.image.width, height: screen.image.height), known.scale == scale {
            let top = Int((known.statusBar(landscape: screen.image.width > screen.image.height) * scale).rounded())
            detection.lines.removeAll { $0.glyphs.maxY <= top }
        }
        let ids = detection.elements(scale: scale).map(\.id)
        let frames = screen.screen.elements.map { screen.pixelRect(for: $0.frame) }
        var results: [CheckResult] = []
        var passed = Set<String>()
        for (line, id) in zip(detection.lines, ids) {
            let cx = line.glyphs.x * 2 + line.glyphs.width, cy = line.glyphs.y * 2 + line.glyphs.height
            let holders = screen.screen.elements.indices.filter { index in
                let f = frames[index]
                return cx >= f.x * 2 && cx <= f.maxX * 2 && cy >= f.y * 2 && cy <= f.maxY * 2
            }
            if let exposing = holders.first(where: { Self.exposesText(screen.screen.elements[$0]) }) {
                let element = screen.screen.elements[exposing]
                if passed.insert(element.id).inserted {
                    results.append(CheckResult(rule: Self.descriptor.id, element: element.id, status: .pass, severity: Self.descriptor.defaultSeverity,
                                               frame: frames[exposing],
                                               measured: .textUnexposed(Measured(insideElement: nil, glyphs: line.glyphs, scale: scale))))
                }
                continue
            }
            let inside = holders.first.map { screen.screen.elements[$0].id }
            results.append(CheckResult(rule: Self.descriptor.id, element: id, status: .fail, severity: Self.descriptor.defaultSeverity,
                                       frame: line.frame, measured: .textUnexposed(Measured(insideElement: inside, glyphs: line.glyphs, scale: scale))))
        }
        return results
    }
}
