/// A rectangle of whole pixels, origin top-left: what checks measure and overlays outline.
public struct PixelRect: Codable, Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle `(x, y, width, height)` given in points at `scale`, snapped outward to whole
    /// pixels and clamped to a `bounds.width` × `bounds.height` image. Empty when nothing is left.
    public static func snapping(x: Double, y: Double, width: Double, height: Double, scale: Double,
                                clampedTo imageWidth: Int, _ imageHeight: Int) -> PixelRect {
        // A thousandth of a pixel of tolerance keeps 16.0 × 3 = 47.99999… from snapping to 47.
        let epsilon = 0.001
        let x0 = max(0, Int((x * scale + epsilon).rounded(.down)))
        let y0 = max(0, Int((y * scale + epsilon).rounded(.down)))
        let x1 = min(imageWidth, Int(((x + width) * scale - epsilon).rounded(.up)))
        let y1 = min(imageHeight, Int(((y + height) * scale - epsilon).rounded(.up)))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The rectangle grown by `margin` pixels on every side, clamped to a `imageWidth` × `imageHeight` image.
    public func outset(by margin: Int, clampedTo imageWidth: Int, _ imageHeight: Int) -> PixelRect {
        let x0 = max(0, x - margin), y0 = max(0, y - margin)
        return PixelRect(x: x0, y: y0, width: min(imageWidth, maxX + margin) - x0, height: min(imageHeight, maxY + margin) - y0)
    }
}
