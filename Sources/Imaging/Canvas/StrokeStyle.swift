/// How a rectangle's outline is drawn along its perimeter.
public enum StrokeStyle: Sendable, Equatable {
    case solid
    /// Dashes `on` pixels long separated by gaps `off` pixels long, measured along the perimeter
    /// clockwise from the top-left corner.
    case dashed(on: Double, off: Double)
    /// Round dots as wide as the line, about two line widths apart, spaced so the pattern closes
    /// evenly around the rectangle.
    case dotted
}
