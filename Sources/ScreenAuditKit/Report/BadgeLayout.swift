import Imaging

/// Where an overlay's badges go: outside every flagged frame, never on another badge, inside the
/// screenshot. Each badge tries the places beside its frame first (above, below, left, right), then
/// further above or below in steps, where a leader joins it to its frame. Pure and deterministic:
/// the same frames give the same places.
public enum BadgeLayout {
    public struct Request: Equatable, Sendable {
        /// The frame the badge belongs to, in pixels.
        public var frame: RectF
        public var width: Double
        public var height: Double
        /// Try the frame's right end first (a "?" badge, so it does not sit where a number would).
        public var trailing: Bool

        public init(frame: RectF, width: Double, height: Double, trailing: Bool = false) {
            self.frame = frame
            self.width = width
            self.height = height
            self.trailing = trailing
        }
    }

    public struct Placement: Equatable, Sendable {
        public var badge: RectF
        /// A vertical leader from the badge to its frame, where the badge is not beside it.
        public var leader: RectF?
    }

    static func intersects(_ a: RectF, _ b: RectF) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// Places `requests` in order inside `bounds`, keeping `gap` pixels from frames and badges.
    /// `obstacles`: every flagged frame, whose inside no badge may cover.
    public static func place(_ requests: [Request], obstacles: [RectF], bounds: RectF, gap: Double, leaderWidth: Double) -> [Placement] {
        var placed: [RectF] = []
        var placements: [Placement] = []
        func inside(_ r: RectF) -> Bool {
            r.x >= bounds.x && r.y >= bounds.y && r.x + r.width <= bounds.x + bounds.width && r.y + r.height <= bounds.y + bounds.height
        }
        func clearOfBadges(_ r: RectF) -> Bool {
            let padded = RectF(x: r.x - gap / 2, y: r.y - gap / 2, width: r.width + gap, height: r.height + gap)
            return !placed.contains { intersects(padded, $0) }
        }
        func clearOfFrames(_ r: RectF) -> Bool { !obstacles.contains { intersects(r, $0) } }
        for request in requests {
            let f = request.frame, w = request.width, h = request.height
            let above = f.y - h - gap, below = f.y + f.height + gap
            var candidates: [(RectF, Bool)] = [
                (RectF(x: f.x - gap, y: above, width: w, height: h), false),
                (RectF(x: f.x + f.width - w + gap, y: above, width: w, height: h), false),
                (RectF(x: f.x - gap, y: below, width: w, height: h), false),
                (RectF(x: f.x + f.width - w + gap, y: below, width: w, height: h), false),
                (RectF(x: f.x - w - gap, y: f.y, width: w, height: h), false),
                (RectF(x: f.x + f.width + gap, y: f.y, width: w, height: h), false),
            ]
            if request.trailing { candidates.swapAt(0, 1); candidates.swapAt(2, 3) }
            // Further out: rows above and below, each tried from the frame's left end along its width.
            let columns = max(1, min(8, Int((f.width + gap) / (w + gap))))
            for step in 1...12 {
                let offset = Double(step) * (h + gap)
                for column in 0..<columns {
                    let x = f.x - gap + Double(column) * (w + gap)
                    candidates.append((RectF(x: x, y: above - offset, width: w, height: h), true))
                    candidates.append((RectF(x: x, y: below + offset, width: w, height: h), true))
                }
            }
            let chosen = candidates.first { inside($0.0) && clearOfFrames($0.0) && clearOfBadges($0.0) }
                ?? candidates.first { inside($0.0) && clearOfBadges($0.0) }
                ?? (RectF(x: min(max(bounds.x, f.x - gap), bounds.x + bounds.width - w), y: min(max(bounds.y, above), bounds.y + bounds.height - h),
                          width: w, height: h), false)
            var leader: RectF?
            if chosen.1 {
                let x = chosen.0.x + min(h / 2, w / 2)
                leader = chosen.0.y < f.y
                    ? RectF(x: x, y: chosen.0.y + h, width: leaderWidth, height: f.y - chosen.0.y - h)
                    : RectF(x: x, y: f.y + f.height, width: leaderWidth, height: chosen.0.y - f.y - f.height)
            }
            placed.append(chosen.0)
            placements.append(Placement(badge: chosen.0, leader: leader))
        }
        return placements
    }
}
