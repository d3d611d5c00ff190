import ColorScience
import Imaging

/// Geometry of WCAG 2.5.8's spacing exception, in points.
enum TargetSpacing {
    static let circleDiameter = 24.0

    static func isUndersized(_ frame: Frame) -> Bool { frame.width < circleDiameter || frame.height < circleDiameter }

    /// Rectangles sharing area (touching edges do not count).
    static func overlap(_ a: Frame, _ b: Frame) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
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
        for other in targets where other.id != element.id {
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
