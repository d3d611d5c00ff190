import Imaging

/// A tab bar in a screenshot's pixels: a row of two to six short labels along the bottom of the
/// screen, their baselines level, each under an icon centred above it, their centres evenly
/// spaced. iOS draws a tab bar item's label at 10 pt (UITabBarItem's title; Apple HIG, "Tab bars"),
/// below the 11 pt the audit asks of the app's own text: the system's size is not the app's error.
public enum TabBarLabels {
    /// The point size iOS draws tab bar item labels at (compact tab bars: 10 pt).
    public static let labelPointSize = 10.0

    /// The indices of `lines` that are the labels of a tab bar, or none. `scale`: pixels per point.
    public static func find(_ lines: [DetectedTextLine], in image: PixelBuffer, scale: Double) -> [Int] {
        let screenHeight = Double(image.height) / scale
        // Labels sit in the bottom 100 pt: a 49 pt bar above a 34 pt home indicator at most.
        let candidates = lines.indices.filter { index in
            let line = lines[index].glyphs
            let bottom = Double(line.maxY) / scale, height = Double(line.height) / scale
            return bottom >= screenHeight - 100 && height <= 16 && Double(line.width) / scale <= 140
        }
        guard candidates.count >= 2 else { return [] }
        // The largest group whose vertical centres agree within 3 pt.
        var best: [Int] = []
        for anchor in candidates {
            let centre = Double(lines[anchor].glyphs.y) + Double(lines[anchor].glyphs.height) / 2
            let group = candidates.filter { index in
                abs(Double(lines[index].glyphs.y) + Double(lines[index].glyphs.height) / 2 - centre) <= 3 * scale
            }
            if group.count > best.count { best = group }
        }
        guard (2...6).contains(best.count) else { return [] }
        let ordered = best.sorted { lines[$0].glyphs.x < lines[$1].glyphs.x }
        // Evenly spaced: the gaps between centres within a quarter of their mean.
        let centres = ordered.map { Double(lines[$0].glyphs.x) + Double(lines[$0].glyphs.width) / 2 }
        let gaps = zip(centres.dropFirst(), centres).map { $0 - $1 }
        if gaps.count >= 2 {
            let mean = gaps.reduce(0, +) / Double(gaps.count)
            guard gaps.allSatisfy({ abs($0 - mean) <= 0.25 * mean }) else { return [] }
        }
        // Each under an icon: ink in the 30 pt above the label, centred on it.
        guard ordered.allSatisfy({ hasIconAbove(lines[$0].glyphs, in: image, scale: scale) }) else { return [] }
        return ordered
    }

    /// Where the tab bar holding `labels` starts, in pixels from the image's top, less 3 pt: the
    /// labels' bottom is about 50 pt below the bar's top edge (a 49 pt bar in UIKit, its labels a
    /// point or two from its bottom); a line of the content reaching within 3 pt of that edge runs
    /// under the bar. Nil without labels.
    public static func barTop(_ lines: [DetectedTextLine], labels: [Int], scale: Double) -> Double? {
        guard let bottom = labels.map({ lines[$0].glyphs.maxY }).max() else { return nil }
        return Double(bottom) - 53 * scale
    }

    /// Whether pixels that differ from the label's background lie in a band up to 34 pt above the
    /// label, within 14 pt of its centre either way: an icon.
    static func hasIconAbove(_ label: PixelRect, in image: PixelBuffer, scale: Double) -> Bool {
        let centre = label.x + label.width / 2
        let half = Int((14 * scale).rounded())
        let x0 = max(0, centre - half), x1 = min(image.width, centre + half)
        let y1 = max(0, label.y - Int((1 * scale).rounded())), y0 = max(0, label.y - Int((34 * scale).rounded()))
        guard x1 > x0, y1 > y0 else { return false }
        // The background: the pixel just left of the label's top row, or its top-left corner.
        let background = image[max(0, label.x - 1), label.y]
        func differs(_ p: RGBA) -> Bool {
            abs(Int(p.red) - Int(background.red)) + abs(Int(p.green) - Int(background.green)) + abs(Int(p.blue) - Int(background.blue)) > 60
        }
        var inked = 0
        for y in y0..<y1 {
            for x in x0..<x1 where differs(image[x, y]) { inked += 1 }
        }
        // An icon of a few points' strokes: at least 12 pt² of ink.
        return Double(inked) >= 12 * scale * scale
    }
}
