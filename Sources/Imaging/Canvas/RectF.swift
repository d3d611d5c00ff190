/// A rectangle in fractional pixels, origin top-left, y down: where the canvas draws.
public struct RectF: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ rect: PixelRect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// True when the rectangle covers no area or any of its numbers (or its far edges) is NaN or
    /// infinite; the canvas draws nothing for such a rectangle.
    public var isEmpty: Bool {
        !(x.isFinite && y.isFinite && width.isFinite && height.isFinite && maxX.isFinite && maxY.isFinite)
            || width <= 0 || height <= 0
    }

    /// The rectangle moved inward by `dx` on the left and right and `dy` at the top and bottom
    /// (outward for negative values).
    public func insetBy(dx: Double, dy: Double) -> RectF {
        RectF(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}
