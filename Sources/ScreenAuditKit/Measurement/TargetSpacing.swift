import ColorScience
import Imaging

/// Geometry of WCAG 2.5.8's spacing exception, in points.
enum TargetSpacing {
    static let circleDiameter = 24.0

    static func isUndersized(_ frame: Frame) -> Bool { frame.width < circleDiameter || frame.height < circleDiameter }

    /// Rectangles sharing area (touching edges do not count), unless one holds the other. Edges
    /// within `edgeTolerance` touch: rows of a list that share a pixel edge come out of a
    /// division by the density a rounding error apart.
    static func overlap(_ a: Frame, _ b: Frame) -> Bool {
        let e = edgeTolerance
        return a.x < b.maxX - e && b.x < a.maxX - e && a.y < b.maxY - e && b.y < a.maxY - e && !nested(a, b)
    }

    static let edgeTolerance = 0.01

    /// How far a frame may stand out of one holding it and still be inside: bounds in pixels
    /// divided by a density, and frames rounded by the tools that write them, are off by a
    /// fraction of a point.
    static let nestingTolerance = 0.5

    /// Whether one frame holds the other: a control inside a tappable row or card, a chip and its
    /// tappable child with the same bounds, a button over a map layer that fills the window. The
    /// platform sends a tap to the innermost target, so the two are distinct targets, not two
    /// controls a tap could hit at once (and nodes with identical bounds are one control).
    static func nested(_ a: Frame, _ b: Frame) -> Bool {
        contains(a, b) || contains(b, a)
    }

    static func contains(_ outer: Frame, _ inner: Frame) -> Bool {
        inner.x >= outer.x - nestingTolerance && inner.y >= outer.y - nestingTolerance
            && inner.maxX <= outer.maxX + nestingTolerance && inner.maxY <= outer.maxY + nestingTolerance
    }

    /// Distance from a point to a rectangle (0 inside).
    static func distance(_ x: Double, _ y: Double, to frame: Frame) -> Double {
        let dx = max(frame.x - x, 0, x - frame.maxX)
        let dy = max(frame.y - y, 0, y - frame.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// True when the 24-unit circle centred on `element` reaches no other target, nor the circle
    /// of another undersized target.
    static func circleIsClear(for element: ElementContract, among targets: [ElementContract]) -> Bool {
        let cx = element.frame.x + element.frame.width / 2, cy = element.frame.y + element.frame.height / 2
        let radius = circleDiameter / 2
        // A target holding this one (its row, its card) is where a tap beside it is meant to go.
        for other in targets where other.id != element.id && !contains(other.frame, element.frame) {
            if distance(cx, cy, to: other.frame) < radius { return false }
            if isUndersized(other.frame) {
                let ox = other.frame.x + other.frame.width / 2, oy = other.frame.y + other.frame.height / 2
                let d = ((cx - ox) * (cx - ox) + (cy - oy) * (cy - oy)).squareRoot()
                if d < circleDiameter { return false }
            }
        }
        return true
    }
}
