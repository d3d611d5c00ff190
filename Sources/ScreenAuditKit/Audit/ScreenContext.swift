import Imaging

/// Everything a check may look at for one screen: its contract, its decoded sRGB pixels, and the
/// analysis of every text element's pixels, measured once and shared by the text checks.
public struct ScreenContext: Sendable {
    public let screen: ScreenContract
    public let image: PixelBuffer
    /// By element id: one analysis per text element.
    let textAnalyses: [String: TextAnalysis]

    /// `textParts`: what the run's checks need of each text element (nothing when no text check
    /// runs).
    public init(screen: ScreenContract, image: PixelBuffer, textParts: TextAnalysis.Parts = .all) {
        self.screen = screen
        self.image = image
        var analyses: [String: TextAnalysis] = [:]
        if !textParts.isEmpty {
            let scale = screen.device.scale
            for element in screen.elements where analyses[element.id] == nil {
                guard let text = element.text else { continue }
                let frame = PixelRect.snapping(x: element.frame.x, y: element.frame.y, width: element.frame.width,
                                               height: element.frame.height, scale: scale, clampedTo: image.width, image.height)
                analyses[element.id] = TextAnalysis(image: image, frame: frame, textHeight: text.pointSize.map { $0 * scale },
                                                    parts: textParts)
            }
        }
        textAnalyses = analyses
    }

    public var scale: Double { screen.device.scale }

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
