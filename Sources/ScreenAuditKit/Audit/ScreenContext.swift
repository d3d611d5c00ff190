import Imaging

/// Everything a check may look at for one screen: its contract, its decoded sRGB pixels, and the
/// analysis of every text element's pixels, measured once and shared by the text checks.
public struct ScreenContext: Sendable {
    public let screen: ScreenContract
    public let image: PixelBuffer
    /// By element id: one analysis per text element.
    let textAnalyses: [String: TextAnalysis]
    /// Ids of the elements whose text is their label (`TextSpec.fromLabel`) and whose pixels do
    /// not show it as text (an icon-only button).
    let undrawnLabels: Set<String>
    /// The elements come from a UI hierarchy dump (`framesFrom: hierarchy`), which lists what
    /// the app laid out, drawn or not yet (a web page still loading): a target whose frame shows
    /// nothing is not judged.
    public var fromDump = false
    /// The non-text contrasts measured so far, shared by the checks that read them.
    let nonTextContrasts = NonTextContrastMemo()

    /// `textParts`: what the run's checks need of each text element (nothing when no text check
    /// runs).
    public init(screen: ScreenContract, image: PixelBuffer, textParts: TextAnalysis.Parts = .all) {
        self.screen = screen
        self.image = image
        fromDump = screen.framesFrom == ScreenContract.framesFromHierarchy
        var analyses: [String: TextAnalysis] = [:]
        var undrawn = Set<String>()
        let scale = screen.device.scale
        let scratch = TextAnalysis.Scratch()
        for element in screen.elements where analyses[element.id] == nil {
            guard let text = element.text else { continue }
            // A label standing in for text is measured whatever the run checks: whether it is
            // drawn decides which checks apply to the element.
            let fromLabel = text.fromLabel == true
            guard !textParts.isEmpty || fromLabel else { continue }
            let frame = PixelRect.snapping(x: element.frame.x, y: element.frame.y, width: element.frame.width,
                                           height: element.frame.height, scale: scale, clampedTo: image.width, image.height)
            let analysis = TextAnalysis(image: image, frame: frame, textHeight: text.pointSize.map { $0 * scale },
                                        parts: fromLabel ? .all : textParts,
                                        glyphs: (text.content, TextSizeRule.defaultCapToXHeight), scratch: scratch)
            analyses[element.id] = analysis
            if fromLabel && !analysis.showsText(text.content, capToXHeight: TextSizeRule.defaultCapToXHeight) { undrawn.insert(element.id) }
        }
        textAnalyses = analyses
        undrawnLabels = undrawn
    }

    /// The text `element` shows: its declared text, or its label where the pixels show it as
    /// text; nil for an element without text, or whose label is not drawn as text (an icon).
    public func text(of element: ElementContract) -> TextSpec? {
        guard let text = element.text, !undrawnLabels.contains(element.id) else { return nil }
        return text
    }

    public var scale: Double { screen.device.scale }

    /// Why a target's size and spacing are not judged on this screen, or nil: on a screen from a
    /// dump, a frame and the 2 pt around it all of one colour show no control at all.
    func undrawnTargetReason(_ element: ElementContract) -> String? {
        guard fromDump else { return nil }
        let rect = pixelRect(for: element.frame)
        guard !rect.isEmpty, isOneColour(image, rect: rect, ring: max(2, Int((2 * scale).rounded()))) else { return nil }
        return "nothing is drawn in its frame or around it (one colour): the screenshot does not show this control (still loading, or an invisible area)"
    }

    /// A frame in points as whole pixels of the screenshot: snapped outward, clamped to the image.
    public func pixelRect(for frame: Frame) -> PixelRect {
        PixelRect.snapping(x: frame.x, y: frame.y, width: frame.width, height: frame.height, scale: scale,
                           clampedTo: image.width, image.height)
    }

    /// The analysis of a text element's pixels holding at least `parts`: the shared one, or (for
    /// an element or a part the context was not built with) measured now.
    public func textAnalysis(for element: ElementContract, needing parts: TextAnalysis.Parts) -> TextAnalysis {
        let frame = pixelRect(for: element.frame)
        if let shared = textAnalyses[element.id], shared.frame == frame, shared.parts.isSuperset(of: parts) { return shared }
        return TextAnalysis(image: image, frame: frame, textHeight: element.text?.pointSize.map { $0 * scale }, parts: parts)
    }
}

/// Whether every pixel of `rect` and of a ring `ring` pixels wide around it is one colour (within
/// two levels a channel, as a PNG of a flat fill is, and a JPEG nearly). Stops at the first pixel
/// that differs, so a drawn control costs a few rows.
func isOneColour(_ image: PixelBuffer, rect: PixelRect, ring: Int) -> Bool {
    let x0 = max(0, rect.x - ring), y0 = max(0, rect.y - ring)
    let x1 = min(image.width, rect.maxX + ring), y1 = min(image.height, rect.maxY + ring)
    guard x1 > x0, y1 > y0 else { return false }
    let first = image[x0, y0]
    func near(_ a: UInt8, _ b: UInt8) -> Bool { (a > b ? a - b : b - a) <= 2 }
    for y in y0..<y1 {
        for x in x0..<x1 {
            let pixel = image[x, y]
            if !near(pixel.red, first.red) || !near(pixel.green, first.green) || !near(pixel.blue, first.blue) { return false }
        }
    }
    return true
}
