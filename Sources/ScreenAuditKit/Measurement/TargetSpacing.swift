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

    /// The first target (in drawing order) that the 24-unit circle centred on `element` reaches,
    /// or whose own circle it reaches when that one is undersized too; nil when the circle is clear.
    static func circleBlocker(for element: ElementContract, among targets: [ElementContract]) -> String? {
        let cx = element.frame.x + element.frame.width / 2, cy = element.frame.y + element.frame.height / 2
        let radius = circleDiameter / 2
        // A target holding this one (its row, its card) is where a tap beside it is meant to go.
        for other in targets where other.id != element.id && !contains(other.frame, element.frame) {
            if distance(cx, cy, to: other.frame) < radius { return other.id }
            if isUndersized(other.frame) {
                let ox = other.frame.x + other.frame.width / 2, oy = other.frame.y + other.frame.height / 2
                let d = ((cx - ox) * (cx - ox) + (cy - oy) * (cy - oy)).squareRoot()
                if d < circleDiameter { return other.id }
            }
        }
        return nil
    }

    /// The effective targets of a screen's `interactive` elements, by id. A target the screenshot
    /// does not show (see `ScreenContext.undrawnTargetReason`), or whose spacing is not judged (an
    /// inline link, a covered node), covers nothing.
    static func effectiveTargets(on screen: ScreenContext, among interactive: [ElementContract],
                                 profile: TargetProfile) -> [String: EffectiveTarget] {
        let drawn = interactive.filter {
            screen.undrawnTargetReason($0) == nil && screen.screen.overrides(for: $0).disabledReason(for: RuleID.targetSpacing) == nil
        }
        return EffectiveTarget.of(drawn, minimum: profile.minimum)
    }

    /// Why a target that targets above cover whole is not judged.
    static func coveredWholeReason(_ coveredBy: [String]) -> String {
        let names = coveredBy.map { "'\($0)'" }.joined(separator: ", ")
        return "covered whole by \(names), drawn above it: a tap on it lands on \(coveredBy.count == 1 ? "that target" : "those targets") (one control in two nodes, or a target under others), which are judged instead"
    }
}

/// The part of a target a finger meets: its frame less the parts of other targets drawn above it
/// (issue #45). A tap lands on the topmost target under the finger; a target holding this one (its
/// row, its card) is not above it, since the platform gives a tap to the innermost target first
/// (Android's `ViewGroup.dispatchTouchEvent` asks children before itself, UIKit's `hitTest`
/// subviews before their view).
struct EffectiveTarget: Equatable, Sendable {
    /// The largest rectangle of the frame no target above covers (the one whose shorter side is
    /// longest), or nil when targets above cover all of it.
    var area: Frame?
    /// Ids of the targets above that take part of the frame, in drawing order.
    var coveredBy: [String]

    /// How thin an overlap may be and still be left out, as a fraction of the minimum size: list
    /// rows and menu items whose bounds run into their neighbour's by a few pixels (1–6 px on the
    /// real dumps of issue #45, under 2.2 dp) lose nothing a fingertip could tell apart.
    static let sliverFraction = 1.0 / 16

    /// At most this many targets above are taken out exactly; more than that (a frame under a
    /// whole grid) is judged on the first ones, which is already far below any minimum.
    static let maximumCovers = 8

    /// Effective targets of `targets`, in drawing order (a later one is drawn above an earlier),
    /// by id. `minimum` sets what a sliver is.
    static func of(_ targets: [ElementContract], minimum: Double) -> [String: EffectiveTarget] {
        let sliver = minimum * sliverFraction
        var result: [String: EffectiveTarget] = [:]
        for (index, element) in targets.enumerated() {
            let frame = element.frame
            var covers: [(id: String, rect: Frame)] = []
            for other in targets[(index + 1)...] where other.id != element.id {
                guard let overlap = intersection(frame, other.frame) else { continue }
                // A target holding this one is where taps beside it go, not above it; an identical
                // frame is the same control's other node, drawn above it.
                if contains(other.frame, frame) && other.frame != frame { continue }
                if min(overlap.width, overlap.height) <= sliver { continue }
                covers.append((other.id, overlap))
            }
            if covers.isEmpty {
                result[element.id] = EffectiveTarget(area: frame, coveredBy: [])
                continue
            }
            let area = largestFreeRectangle(in: frame, avoiding: covers.prefix(maximumCovers).map(\.rect))
            result[element.id] = EffectiveTarget(area: area, coveredBy: covers.map(\.id))
        }
        return result
    }

    static func intersection(_ a: Frame, _ b: Frame) -> Frame? {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle of `frame` that meets none of `holes` whose shorter side is longest (then
    /// the larger), from the holes' edges as candidate sides; nil when the holes cover it all.
    static func largestFreeRectangle(in frame: Frame, avoiding holes: [Frame]) -> Frame? {
        func cuts(_ values: [Double], _ low: Double, _ high: Double) -> [Double] {
            Array(Set(values.filter { $0 > low && $0 < high } + [low, high])).sorted()
        }
        let xs = cuts(holes.flatMap { [$0.x, $0.maxX] }, frame.x, frame.maxX)
        let ys = cuts(holes.flatMap { [$0.y, $0.maxY] }, frame.y, frame.maxY)
        var best: Frame?
        var bestKey = (0.0, 0.0)
        for i in xs.indices {
            for j in xs.indices where j > i {
                for k in ys.indices {
                    for l in ys.indices where l > k {
                        let candidate = Frame(x: xs[i], y: ys[k], width: xs[j] - xs[i], height: ys[l] - ys[k])
                        let key = (min(candidate.width, candidate.height), candidate.width * candidate.height)
                        guard key > bestKey else { continue }
                        if holes.contains(where: { intersection($0, candidate) != nil }) { continue }
                        best = candidate
                        bestKey = key
                    }
                }
            }
        }
        return best
    }

    static func contains(_ outer: Frame, _ inner: Frame) -> Bool { TargetSpacing.contains(outer, inner) }
}

/// A target size held against a minimum where it was measured: on a screen from a dump, in whole
/// device pixels (the dump's bounds), against the minimum as the platform turns it into pixels
/// (rounded, as Android's `TypedValue` does); on a contract, in points to the tenth the report
/// prints. A target the report calls 48 × 48 never fails a 48 × 48 minimum.
struct TargetMeasure {
    var scale: Double
    var inPixels: Bool

    func meets(_ length: Double, _ minimum: Double) -> Bool {
        if inPixels { return (length * scale).rounded() >= (minimum * scale).rounded() }
        return length.rounded(places: 1) >= minimum
    }

    func meets(_ frame: Frame, _ minimum: Double) -> Bool { meets(frame.width, minimum) && meets(frame.height, minimum) }
}
