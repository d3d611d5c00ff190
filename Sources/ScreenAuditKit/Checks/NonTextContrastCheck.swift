import ColorScience
import Imaging

/// `contrast.nontext` — WCAG 2.2 SC 1.4.11: an interactive element or indicator without text must
/// stand out from what is next to it by 3:1, through its fill, its boundary or its glyph.
public struct NonTextContrastCheck: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.contrastNonText, title: "Non-text contrast",
        reference: "WCAG 2.2 SC 1.4.11 Non-text Contrast (AA): 3:1",
        defaultSeverity: .error,
        rationale: "Controls and state indicators that barely differ from their surroundings cannot be found or read by people with low vision.")

    public static let examples: [CheckExample] = [
        CheckExample("a dark grey toggle knob on white, 7:1", element: "knob", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("knob", role: .toggle, frame: Frame(x: 60, y: 30, width: 50, height: 50), fill: RGB8(red: 0x59, green: 0x59, blue: 0x59))
            return screen.context()
        },
        CheckExample("a pale grey indicator on white, 1.6:1", element: "dot", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("dot", role: .indicator, frame: Frame(x: 60, y: 30, width: 50, height: 50), fill: RGB8(red: 0xCC, green: 0xCC, blue: 0xCC))
            return screen.context()
        },
    ]

    public var minimumRatio: Double

    public init(minimumRatio: Double = ContrastRequirement.nonTextAA.minimumRatio) { self.minimumRatio = minimumRatio }

    /// What `contrast.nontext` reports for an element; the ratio cut to hundredths.
    public struct Measured: RuleMeasurement {
        public var ratio: Double?
        /// The component's best-contrasting visible colour, and the colour adjacent to it.
        public var component: String?
        public var background: String?

        public init(ratio: Double? = nil, component: String? = nil, background: String? = nil) {
            self.ratio = ratio
            self.component = component
            self.background = background
        }

        public func message(_ facts: FindingFacts) -> String {
            "non-text contrast \(Words.ratio(ratio)):1 (\(component ?? "?") against \(background ?? "?")) is below the "
                + "\(facts.threshold.map(Words.number) ?? "3"):1 minimum"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            "\(Words.ratio(ratio)):1, \(component ?? "?") against \(background ?? "?")"
        }

        public func requiredText(_ facts: FindingFacts) -> String? { facts.threshold.map { "\(Words.number($0)):1" } ?? "—" }

        /// The whole-number part of the ratio.
        public var fingerprintBucket: String { ratio.map { "ratio:\(Int($0.rounded(.down)))" } ?? "-" }
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard element.role.isInteractive || element.role == .indicator, element.text == nil else { return nil }
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .nonTextContrast(Measured()), threshold: minimumRatio, reason: reason)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let textFrames = screen.screen.elements.filter { screen.text(of: $0) != nil }.map(\.frame)
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive || element.role == .indicator, screen.text(of: element) == nil else { return nil }
            // A control that holds a text element is identified by its text (checked by contrast.text).
            let holdsText = textFrames.contains { frame in
                let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
                return cx > element.frame.x && cx < element.frame.maxX && cy > element.frame.y && cy < element.frame.maxY
            }
            guard !holdsText else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            switch screen.nonTextContrast(in: rect) {
            case let .notMeasurable(reason):
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun,
                                   severity: Self.descriptor.defaultSeverity, frame: rect, measured: .nonTextContrast(Measured()),
                                   threshold: minimumRatio, reason: reason)
            case let .measured(ratio, component, background):
                return CheckResult(rule: Self.descriptor.id, element: element.id,
                                   status: ratio >= minimumRatio ? .pass : .fail, severity: Self.descriptor.defaultSeverity,
                                   frame: rect,
                                   measured: .nonTextContrast(Measured(ratio: RatioDisplay.hundredths(ratio), component: component.hex,
                                                                       background: background.hex)),
                                   threshold: minimumRatio)
            }
        }
    }
}

public enum NonTextContrastOutcome: Equatable, Sendable {
    /// The best-contrasting colour that covers a visible part of the component, against the
    /// colour adjacent to it.
    case measured(ratio: Double, component: RGB8, background: RGB8)
    case notMeasurable(String)
}

extension ScreenContext {
    /// `measureNonTextContrast` of `rect` with the ring the checks use: 2 pt of what surrounds it.
    func nonTextContrast(in rect: PixelRect) -> NonTextContrastOutcome {
        measureNonTextContrast(in: image, rect: rect, ring: max(2, Int((2 * scale).rounded())))
    }
}

/// The adjacent background is the most common colour in a ring `ring` pixels wide just outside
/// `rect`; the component's colours are its most common colours inside (each covering at least 4 %
/// of the frame, so anti-aliased edges and noise do not count); the ratio is the highest contrast
/// of any of them with the background — its fill, its boundary or its glyph.
public func measureNonTextContrast(in image: PixelBuffer, rect: PixelRect, ring: Int) -> NonTextContrastOutcome {
    guard !rect.isEmpty else { return .notMeasurable("the frame lies outside the screenshot") }
    var outside: [UInt32: Int] = [:]
    let x0 = max(0, rect.x - ring), y0 = max(0, rect.y - ring)
    let x1 = min(image.width, rect.maxX + ring), y1 = min(image.height, rect.maxY + ring)
    func key(_ p: RGBA) -> UInt32 { UInt32(p.red >> 2) << 12 | UInt32(p.green >> 2) << 6 | UInt32(p.blue >> 2) }
    var ringPixels = 0
    for y in y0..<y1 {
        for x in x0..<x1 where x < rect.x || x >= rect.maxX || y < rect.y || y >= rect.maxY {
            outside[key(image[x, y]), default: 0] += 1
            ringPixels += 1
        }
    }
    guard ringPixels >= 8, let backgroundKey = outside.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
        return .notMeasurable("the element fills the screen: nothing adjacent to compare with")
    }
    var inside: [UInt32: (count: Int, sum: SIMD3<Int>)] = [:]
    var backgroundSum = SIMD3<Int>.zero, backgroundCount = 0
    for y in y0..<y1 {
        for x in x0..<x1 {
            let pixel = image[x, y]
            let k = key(pixel)
            let isInside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
            if isInside {
                let entry = inside[k] ?? (0, .zero)
                inside[k] = (entry.count + 1, entry.sum &+ SIMD3(Int(pixel.red), Int(pixel.green), Int(pixel.blue)))
            } else if k == backgroundKey {
                backgroundSum &+= SIMD3(Int(pixel.red), Int(pixel.green), Int(pixel.blue))
                backgroundCount += 1
            }
        }
    }
    func color(_ sum: SIMD3<Int>, _ count: Int) -> RGB8 {
        RGB8(red: UInt8((sum.x + count / 2) / count), green: UInt8((sum.y + count / 2) / count), blue: UInt8((sum.z + count / 2) / count))
    }
    let background = color(backgroundSum, backgroundCount)
    let significant = max(1, rect.area * 4 / 100)
    var best: (ratio: Double, color: RGB8)?
    for (k, entry) in inside.sorted(by: { $0.key < $1.key }) where entry.count >= significant {
        _ = k
        let c = color(entry.sum, entry.count)
        let ratio = WCAG.contrastRatio(c, background)
        if best == nil || ratio > best!.ratio { best = (ratio, c) }
    }
    guard let best else { return .notMeasurable("no colour covers a visible part of the element") }
    return .measured(ratio: best.ratio, component: best.color, background: background)
}
