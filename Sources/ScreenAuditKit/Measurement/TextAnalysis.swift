import Imaging

/// What one text element's pixels say, measured once per screen and shared by the text checks:
/// `contrast.text` reads the contrast, `text.size` the coverage of the frame (shapes of the frame
/// removed), `text.clipped` the coverage of the frame and the ring of pixels around it. The
/// contrast's ink and background are what the coverage is projected on, so no pass is repeated.
public struct TextAnalysis: Sendable {
    /// What a run needs measured: the contrast alone, or the ink coverage as well.
    public struct Parts: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let contrast = Parts(rawValue: 1)
        public static let coverage = Parts(rawValue: 2)
        /// Whether the frame holds colours besides the text's two (`contrast.text`'s test before
        /// it looks for the text's own glyphs), read while the frame's pixels are at hand.
        public static let otherColors = Parts(rawValue: 4)
        /// The glyph geometry of the element's text (`text.size`, `design.type-ramp`, a label's
        /// test for being drawn as text), measured once on the coverage, which it implies.
        public static let geometry = Parts(rawValue: 8)
        /// The coverage and glyph geometry of text whose size is not declared (a UI hierarchy
        /// gives none): `contrast.text` tells large text by the size its glyphs measure.
        public static let geometryWhereSizeUndeclared = Parts(rawValue: 16)
        public static let all: Parts = [.contrast, .coverage, .otherColors, .geometry]
    }

    /// The element's frame in pixels of the screenshot.
    public let frame: PixelRect
    /// What was measured.
    public let parts: Parts
    public let contrast: TextContrastOutcome
    /// The frame and the ring of pixels just outside it, where the screenshot has them.
    let coverage: InkCoverageOutcome
    /// `TextRegion.holdsOtherColors` for the measured text and background colours, where they
    /// were measured on one background (`otherColors`); nil otherwise.
    public let holdsOtherColors: Bool?
    /// The glyph geometry measured with the analysis (`geometry`): of which text, with which
    /// proportion of cap height to x-height, and what it measured.
    let measuredGeometry: (content: String, capToXHeight: Double, outcome: TextGeometryOutcome)?

    /// Tables the measurements of one screen's elements reuse, one after another, rather than
    /// each taking and zeroing its own: one thread's, never shared.
    final class Scratch {
        /// The modal ink colour's count per 5-bit key, all zeros between measurements.
        private var inkCounts: [Int32]?

        func takeInkCounts() -> [Int32] {
            defer { inkCounts = nil }
            return inkCounts ?? TextContrastPasses.emptyInkCounts()
        }

        func returnInkCounts(_ counts: [Int32]) { inkCounts = counts }
    }

    /// `textHeight`: the text's size in pixels (point size × scale), if known; it sizes the tiles
    /// in which backgrounds are taken. `glyphs`: the text and proportion of cap height to x-height
    /// whose geometry `.geometry` measures now (without it, `geometry(content:capToXHeight:)`
    /// measures on each call).
    public init(image: PixelBuffer, frame: PixelRect, textHeight: Double?, parts: Parts = .all,
                glyphs: (content: String, capToXHeight: Double)? = nil) {
        self.init(image: image, frame: frame, textHeight: textHeight, parts: parts, glyphs: glyphs, scratch: nil)
    }

    /// With `scratch`, tables are reused from the measurement before (a screen's elements, one
    /// after another).
    init(image: PixelBuffer, frame: PixelRect, textHeight: Double?, parts: Parts,
         glyphs: (content: String, capToXHeight: Double)?, scratch: Scratch?) {
        var parts = parts
        if parts.contains(.geometryWhereSizeUndeclared) && textHeight == nil { parts.insert(.geometry) }
        if parts.contains(.geometry) { parts.insert(.coverage) }
        self.frame = frame
        self.parts = parts
        if let problem = textFrameProblem(frame, in: image) {
            contrast = .notMeasurable(problem)
            coverage = .notMeasurable(problem)
            holdsOtherColors = nil
            measuredGeometry = nil
            return
        }
        // One read of the frame's pixels serves every pass: the contrast reads the runs (every
        // second pixel of every second row for large text), the coverage every pixel, the test
        // for other colours the runs too (the frame's pixels again in a run without coverage).
        let grid = TileGrid(frame: frame, textHeight: textHeight)
        let sampled = contrastSamplesEverySecondPixel(textHeight: textHeight)
        func otherColors(_ contrast: TextContrastOutcome, runs: FrameRuns?) -> Bool? {
            guard parts.contains(.otherColors), case let .measured(m) = contrast, !m.backgroundVaries else { return nil }
            if let runs { return TextRegion.holdsOtherColors(runs: runs, frameHeight: frame.height, foreground: m.foreground, background: m.background) }
            return TextRegion.holdsOtherColors(in: image, frame: frame, foreground: m.foreground, background: m.background)
        }
        guard parts.contains(.coverage) else {
            contrast = TextContrastPasses(runs: FrameRuns(image: image, rect: frame, grid: grid, step: sampled ? 2 : 1), scratch: scratch).measure()
            holdsOtherColors = otherColors(contrast, runs: nil)
            coverage = .notMeasurable("the ink coverage was not measured in this run")
            measuredGeometry = nil
            return
        }
        let runs = FrameRuns(image: image, rect: frame, grid: grid)
        contrast = TextContrastPasses(runs: sampled ? runs.sampledEverySecondPixel() : runs, scratch: scratch).measure()
        holdsOtherColors = otherColors(contrast, runs: runs)
        switch contrast {
        case let .notMeasurable(reason):
            coverage = .notMeasurable(reason)
        case let .measured(measurement):
            coverage = measureInkCoverage(in: image, rect: frame, runs: runs, contrast: measurement, ring: true)
        }
        let coverage = coverage
        measuredGeometry = parts.contains(.geometry) ? glyphs.map { glyphs in
            (glyphs.content, glyphs.capToXHeight, Self.measureGeometry(coverage, content: glyphs.content, capToXHeight: glyphs.capToXHeight))
        } : nil
    }

    /// The edges of the frame that glyph strokes run into (`text.clipped`).
    public var frameEdgeInk: FrameEdgeInkOutcome {
        switch coverage {
        case let .notMeasurable(reason): .notMeasurable(reason)
        case let .measured(coverage): measureInkAtFrameEdges(coverage)
        }
    }

    /// Whether the frame's ink reads as the text `content` rather than an icon: its glyph
    /// geometry can be measured (lines, a baseline, capitals' or lower-case heights), and its
    /// tallest line falls apart into at least half as many separate pieces as `content` has
    /// letters (at least two): a word is a row of glyphs, an icon one or two shapes. What decides
    /// whether a button's label, which a UI hierarchy lists without a text element, is drawn in
    /// its frame as text.
    public func showsText(_ content: String, capToXHeight: Double) -> Bool {
        guard case let .measured(text) = geometry(content: content, capToXHeight: capToXHeight),
              case let .measured(coverage) = self.coverage,
              let line = text.lines.max(by: { $0.bottomRow - $0.topRow < $1.bottomRow - $1.topRow }) else { return false }
        let map = coverage.frameOnly()
        var pieces = 0, inPiece = false
        map.values.withUnsafeBufferPointer { values in
            for column in 0..<map.width {
                var inked = false
                for row in line.topRow...line.bottomRow where values[row * map.width + column] >= InkCoverage.inkLevel {
                    inked = true
                    break
                }
                if inked && !inPiece { pieces += 1 }
                inPiece = inked
            }
        }
        let letters = TextMetricsExpectation(content).letters
        return pieces >= max(2, (letters + 1) / 2)
    }

    /// The baseline, x-height and cap height of the text (`text.size`), on the frame's coverage
    /// without the ring and without the shapes that are the frame's own (borders, corners); see
    /// `measureTextGeometry`. Measured with the analysis when asked for its text and proportion
    /// (see `glyphs`), or now.
    public func geometry(content: String?, capToXHeight: Double) -> TextGeometryOutcome {
        if let measuredGeometry, measuredGeometry.content == content, measuredGeometry.capToXHeight == capToXHeight {
            return measuredGeometry.outcome
        }
        return Self.measureGeometry(coverage, content: content, capToXHeight: capToXHeight)
    }

    static func measureGeometry(_ coverage: InkCoverageOutcome, content: String?, capToXHeight: Double) -> TextGeometryOutcome {
        let text: InkCoverageOutcome
        switch coverage {
        case let .notMeasurable(reason): text = .notMeasurable(reason)
        case let .measured(coverage): text = .measured(coverage.frameOnly().removingFrameShapes())
        }
        return measureTextGeometry(text, content: content, capToXHeight: capToXHeight)
    }
}
