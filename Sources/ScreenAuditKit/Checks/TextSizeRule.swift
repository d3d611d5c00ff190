import ColorScience
import Imaging

/// `text.size` — text renders at a readable size: its point size, estimated from the cap height
/// (or x-height) the pixels show, is at least the minimum, and not clearly smaller than the size the
/// contract declares (text shrunk to fit, or Dynamic Type not honoured).
public struct TextSizeRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.textSize,
        title: "Text size",
        reference: "Apple HIG Typography: 11 pt is the smallest Dynamic Type size at the default setting (Caption 2)",
        defaultSeverity: .error,
        rationale: "Text below 11 pt is hard to read for many people, and text that renders smaller than its font size (shrunk to fit, or fixed instead of following Dynamic Type) defeats the reader's chosen size.")

    public static let examples: [CheckExample] = [
        CheckExample("17 pt text", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("9 pt text", element: "label", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 90, height: 16), size: 9,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    /// The smallest acceptable size in points. Default 11: Apple HIG, the Caption 2 text style at
    /// the default Dynamic Type setting. A contract's `checks.minimumTextSize` overrides it.
    public var minimumPointSize: Double
    /// How much smaller than its declared size text may render before it is reported as shrunk:
    /// 0.15 flags a 17 pt label drawn below 14.45 pt. Default 0.15, wide enough that measurement
    /// error (well under 1 pt) never trips it.
    public var shrinkTolerance: Double
    /// Cap height ÷ point size of the font. Default 0.705: SF Pro's cap height (1443 of 2048 units
    /// per em), which the stroke font copies. A contract's `checks.capHeightRatio` overrides it.
    public var capHeightRatio: Double
    /// x-height ÷ point size, used when the text shows no capitals. Default 0.53: SF Pro's (and the
    /// stroke font's, at regular weight). Scaled with a contract's `capHeightRatio`; set it with
    /// `capHeightRatio` for another font, as the measurement looks for the two heights in this
    /// proportion.
    public var xHeightRatio: Double

    /// How far below the minimum, in pixels of cap height, a measurement may fall and still pass:
    /// edges are located to about a tenth of a pixel, but round tops and stem ends fall short of the
    /// true height, so text drawn at exactly the minimum can read a little under it. Half a pixel
    /// is 0.35 pt at @2x and 0.24 pt at @3x; a 10 pt label still fails an 11 pt minimum.
    public var measurementTolerance: Double = 0.5

    /// SF Pro's cap height over its x-height (0.705 ÷ 0.53), what text geometry separates them by.
    public static let defaultCapToXHeight = 0.705 / 0.53

    public init(minimumPointSize: Double = 11, shrinkTolerance: Double = 0.15, capHeightRatio: Double = 0.705,
                xHeightRatio: Double = 0.53) {
        self.minimumPointSize = minimumPointSize
        self.shrinkTolerance = shrinkTolerance
        self.capHeightRatio = capHeightRatio
        self.xHeightRatio = xHeightRatio
    }

    /// What `text.size` reports for an element: sizes in points and heights in pixels, to a tenth.
    public struct Measured: RuleMeasurement {
        public var minimumPointSize: Double
        public var declaredPointSize: Double?
        public var estimatedPointSize: Double?
        public var lines: Int?
        public var capHeightPixels: Double?
        public var xHeightPixels: Double?
        /// Shapes in the frame beside the text (an icon, a dot, a chevron) left out of the
        /// measurement.
        public var setAside: Int?

        public init(minimumPointSize: Double, declaredPointSize: Double?) {
            self.minimumPointSize = minimumPointSize.rounded(places: 1)
            self.declaredPointSize = declaredPointSize?.rounded(places: 1)
        }

        public func message(_ facts: FindingFacts) -> String {
            let estimate = Words.number(estimatedPointSize)
            if facts.severity == .warning, let declaredPointSize {
                return "text renders at about \(estimate) pt, clearly smaller than its declared \(Words.number(declaredPointSize)) pt "
                    + "(shrunk to fit, or Dynamic Type not honoured)"
            }
            return "text renders at about \(estimate) pt, below the \(facts.threshold.map(Words.number) ?? "11") pt minimum"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "≈ \(Words.number(estimatedPointSize)) pt" }

        public func requiredText(_ facts: FindingFacts) -> String? { facts.threshold.map { "\(Words.number($0)) pt" } ?? "—" }
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard let text = element.text else { return nil }
        let minimum = screen.overrides(for: element).minimumTextSize ?? minimumPointSize
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .textSize(Measured(minimumPointSize: minimum, declaredPointSize: text.pointSize)),
                           threshold: minimum, reason: reason)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard let text = screen.text(of: element) else { return nil }
            return check(element, text: text, on: screen)
        }
    }

    /// What the glyphs of `text` measure: their geometry, the point size it gives and the
    /// proportion of the point size it was taken from; or why they cannot be measured.
    struct GlyphSize {
        var geometry: TextGeometry
        var pointSize: Double
        var ratio: Double
        /// Shapes in the frame beside the text, left out of the measurement.
        var setAside: Int?
        /// The analysis whose coverage the geometry was measured on: what the text's weight is
        /// read from.
        var analysis: TextAnalysis?
        /// Where the text lines are in the frame, when other shapes were found beside them.
        var region: TextRegion?
    }

    /// The x-height of a font whose cap height is `capRatio` of its point size, as a fraction of
    /// the point size: a font with another cap height is assumed to keep SF Pro's proportion of
    /// x-height to it.
    func xHeightRatio(capRatio: Double) -> Double { xHeightRatio * capRatio / capHeightRatio }

    /// The cap height over the x-height the glyphs of such a font are measured with.
    func capToXHeight(capRatio: Double) -> Double { capRatio / xHeightRatio(capRatio: capRatio) }

    func glyphSize(of element: ElementContract, text: TextSpec, on screen: ScreenContext) -> Result<GlyphSize, NotMeasurable> {
        let capRatio = screen.screen.overrides(for: element).capHeightRatio ?? capHeightRatio
        let xRatio = xHeightRatio(capRatio: capRatio)
        let geometry: TextGeometry
        let analysis = screen.textAnalysis(for: element, needing: .coverage)
        switch analysis.geometry(content: text.content, capToXHeight: capToXHeight(capRatio: capRatio)) {
        case let .notMeasurable(reason):
            // No row of the frame holds ink of the text's colours: the text the dump names is
            // not drawn there (a launcher hides its dock's app names).
            return .failure(NotMeasurable(reason: reason, textNotShown: reason == noTextPixels))
        case let .measured(measurement): geometry = measurement
        }
        // SF Pro's cap height is 0.705 of the point size (1443 of 2048 units per em) and its
        // x-height 0.53: the point size is the measured height over its ratio. Capitals are
        // preferred; text without them (all lower case) is sized by its x-height.
        guard var size = Self.size(of: geometry, scale: screen.scale, capRatio: capRatio, xRatio: xRatio) else {
            return .failure(NotMeasurable(reason: "too little text to measure: no capitals or lower-case letters found"))
        }
        size.analysis = analysis
        // An icon, a dot or a chevron in the frame takes part in the measurement of the whole
        // frame: an icon taller than the text makes it read large, one beside a short word makes
        // the word's levels its own. Where the size would fail, or would make undeclared text
        // large, the glyphs of the text lines alone are measured again, the other shapes set aside.
        // Shapes the detector tells apart from the text lines (a dot, an icon, a chevron, an
        // avatar beside or above them) are set aside whatever the size; where none is found, a
        // size that fails or makes undeclared text large is measured again on the lines' region
        // alone (a filled icon whose inside reads as background is no piece of ink).
        // Most frames hold their text alone: the lines are looked for where the measurement is
        // suspicious or the frame holds a filled shape (a dot, a filled icon, an avatar).
        let suspicious = size.pointSize < minimumPointSize + 0.5 || (text.pointSize == nil && size.pointSize >= 18)
        if suspicious || analysis.holdsFilledShape(capHeight: size.pointSize * capRatio * screen.scale),
           let refined = Self.glyphsAlone(of: element, text: text, on: screen, capRatio: capRatio, xRatio: xRatio, evenAlone: suspicious) {
            size = refined
        }
        // Text at the size measured must fit the frame: a launcher's app name hidden under its
        // icon, or an icon beside a short label, measures as glyphs a hundred points high that no
        // line of this text could be. Then the ink is not the text's.
        let expectation = TextMetricsExpectation(text.content)
        let narrowest = (Double(expectation.ideographs) * 0.9 + Double(max(0, expectation.letters - expectation.ideographs)) * 0.25) * size.pointSize
        let room = element.frame.width * Double(max(1, geometry.lines.count)) * 1.25
        if narrowest > room {
            return .failure(NotMeasurable(
                reason: "the ink in the frame is not this text: \"\(text.content.prefix(40))\" at the \(Words.number(size.pointSize.rounded(places: 1))) pt its glyphs measure would be at least \(Words.number(narrowest.rounded())) pt wide, in a frame \(Words.number(element.frame.width.rounded(places: 1))) pt wide (an icon or picture drawn in its place?)",
                textNotShown: true))
        }
        return .success(size)
    }

    /// The point size a geometry gives: from the ideographs' body, the cap height or the x-height.
    static func size(of geometry: TextGeometry, scale: Double, capRatio: Double, xRatio: Double) -> GlyphSize? {
        if let ideographHeight = geometry.ideographHeight {
            return GlyphSize(geometry: geometry, pointSize: ideographHeight / scale / ideographInkRatio, ratio: ideographInkRatio)
        } else if let capHeight = geometry.capHeight {
            return GlyphSize(geometry: geometry, pointSize: capHeight / scale / capRatio, ratio: capRatio)
        } else if let xHeight = geometry.xHeight {
            return GlyphSize(geometry: geometry, pointSize: xHeight / scale / xRatio, ratio: xRatio)
        }
        return nil
    }

    /// The size of the text lines' glyphs alone, when the frame holds other shapes the detector
    /// tells apart from them (`TextRegion`); nil when it holds none, or the lines cannot be measured.
    static func glyphsAlone(of element: ElementContract, text: TextSpec, on screen: ScreenContext, capRatio: Double,
                            xRatio: Double, evenAlone: Bool) -> GlyphSize? {
        let rect = screen.pixelRect(for: element.frame)
        guard let region = TextRegion.find(in: screen.image, frame: rect, scale: screen.scale, evenAlone: evenAlone), region.text != rect,
              region.text.width < rect.width || region.text.height < rect.height else { return nil }
        let analysis = TextAnalysis(image: screen.image, frame: region.text, textHeight: text.pointSize.map { $0 * screen.scale },
                                    parts: [.contrast, .coverage])
        guard case let .measured(geometry) = analysis.geometry(content: text.content, capToXHeight: capRatio / xRatio),
              var size = size(of: geometry, scale: screen.scale, capRatio: capRatio, xRatio: xRatio) else { return nil }
        // The shapes set aside: the pieces found beside the lines, or the rest of the frame as one.
        size.setAside = max(1, region.setAside.count)
        size.analysis = analysis
        size.region = region
        return size
    }

    /// The ink of a line of Han, kana or hangul, top to bottom, as a share of the point size:
    /// their ideographic character face fills about 0.92 of the em (the OpenType 'icfb' and
    /// 'icft' baselines of Noto Sans CJK / Source Han Sans), and a label's tallest glyphs reach it:
    /// on real Android screenshots, Chrome's 12 sp tile titles (维基百科, 要聞港聞) measure 11.9–12.2 pt.
    static let ideographInkRatio = 0.92

    struct NotMeasurable: Error {
        var reason: String
        /// The frame shows no glyphs of this text: none at all, or ink too wide for the frame at
        /// the size it measures (an icon).
        var textNotShown = false
    }

    func check(_ element: ElementContract, text: TextSpec, on screen: ScreenContext) -> CheckResult {
        let overrides = screen.screen.overrides(for: element)
        let minimum = overrides.minimumTextSize ?? minimumPointSize
        let rect = screen.pixelRect(for: element.frame)
        var measured = Measured(minimumPointSize: minimum, declaredPointSize: text.pointSize)
        func notRun(_ reason: String) -> CheckResult {
            CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                        frame: rect, measured: .textSize(measured), threshold: minimum, reason: reason)
        }
        let size: GlyphSize
        switch glyphSize(of: element, text: text, on: screen) {
        case let .failure(failure): return notRun(failure.reason)
        case let .success(measuredSize): size = measuredSize
        }
        let geometry = size.geometry, estimate = size.pointSize, ratio = size.ratio
        measured.estimatedPointSize = estimate.rounded(places: 1)
        measured.lines = geometry.lines.count
        measured.capHeightPixels = geometry.capHeight?.rounded(places: 1)
        measured.xHeightPixels = geometry.xHeight?.rounded(places: 1)
        measured.setAside = size.setAside

        let tolerance = measurementTolerance / screen.scale / ratio
        if estimate < minimum - tolerance {
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: .fail, severity: .error, frame: rect,
                               measured: .textSize(measured), threshold: minimum)
        }
        if let declared = text.pointSize, estimate < declared * (1 - shrinkTolerance) {
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: .fail, severity: .warning, frame: rect,
                               measured: .textSize(measured), threshold: declared)
        }
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .pass, severity: Self.descriptor.defaultSeverity,
                           frame: rect, measured: .textSize(measured), threshold: minimum)
    }
}
