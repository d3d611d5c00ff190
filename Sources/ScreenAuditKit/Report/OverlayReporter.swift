import ColorScience
import Foundation
import Imaging

/// `overlays/<screen>.png`: the screenshot, dimmed outside the findings, each finding's frame
/// outlined with a numbered badge matching report.md, and a legend strip. Severity is told apart by
/// more than colour: errors are solid outlines with an "E" badge, warnings dashed with "W", review
/// notes dotted with "I", and results that could not be judged dotted with "?". Pure: pixels and
/// findings in, pixels out.
public enum OverlayReporter {
    /// The results not run that an overlay marks with "?": those a reviewer should look at. An
    /// element a dump shows covered, cut by a scrolling or the screen's edge, marks inactive, or
    /// identifies by its text is not judged by design, and report.md and report.json say why;
    /// marking each would bury a real screen under badges.
    public static func reviewNotes(_ checked: [CheckedEntry]) -> [CheckedEntry] {
        checked.filter { entry in
            guard entry.status == .notRun else { return false }
            guard let reason = entry.reason else { return true }
            return !HierarchyImporter.isImportReason(reason) && !reason.hasPrefix("identified by its text")
        }
    }

    public static let directory = "overlays"

    /// The file name for a screen id (`iPhone_large/hub` → `iPhone_large__hub.png`).
    public static func fileName(for screenID: String) -> String {
        String(screenID.map { $0 == "\\" || $0 == ":" ? "_" : $0 }).replacingOccurrences(of: "/", with: "__") + ".png"
    }

    struct Style {
        var color: RGBA
        var stroke: StrokeStyle
        var letter: String
    }

    static func style(_ severity: Severity, waived: Bool = false) -> Style {
        if waived { return Style(color: RGBA(red: 0x6E, green: 0x6E, blue: 0x73), stroke: .dotted, letter: "I") }
        switch severity {
        case .error: return Style(color: RGBA(red: 0xD7, green: 0x00, blue: 0x15), stroke: .solid, letter: "E")
        case .warning: return Style(color: RGBA(red: 0xB2, green: 0x5E, blue: 0x00), stroke: .dashed(on: 10, off: 6), letter: "W")
        case .info: return Style(color: RGBA(red: 0x00, green: 0x5A, blue: 0xC2), stroke: .dotted, letter: "I")
        }
    }

    /// The thin outline of a checked element without findings (`outlines`).
    static let checkedColor = RGBA(red: 0x00, green: 0x7A, blue: 0x5E)

    /// Draws `findings` (numbered from `firstNumber`, in order) over `image`, with a legend strip
    /// below it. `scale` sizes outlines and badges. `outlines`: frames drawn with a thin line under
    /// the findings (every element checked, where a run wants them shown). With `firstNumber` nil
    /// the badges are left out (one shard's overlay: `badged` adds them once the whole run's
    /// numbers are known). Every outline is drawn before any badge, so no outline crosses a badge.
    public static func render(_ image: PixelBuffer, findings: [Finding], firstNumber: Int?, scale: Double,
                              notRun: [CheckedEntry] = [], outlines: [PixelRect] = []) -> PixelBuffer {
        let parts = renderParts(image, findings: findings, firstNumber: firstNumber, scale: scale, notRun: notRun, outlines: outlines)
        return PixelBuffer(width: parts.screen.width, height: parts.screen.height + parts.legend.height,
                           pixels: parts.screen.pixels + parts.legend.pixels)
    }

    /// What `render` draws, as its two parts: the screenshot drawn over (in place, when the caller
    /// hands over the only copy of `image`: no screenshot-sized memory is taken), and the legend
    /// strip that goes below it. `FastPNGEncoder` writes them as one image.
    public static func renderParts(_ image: consuming PixelBuffer, findings: [Finding], firstNumber: Int?, scale: Double,
                                   notRun: [CheckedEntry] = [], outlines: [PixelRect] = []) -> (screen: PixelBuffer, legend: PixelBuffer) {
        var canvas = Canvas(buffer: consume image)
        let imageHeight = canvas.height
        // Dim everything but the findings' frames.
        let framed = findings.compactMap(\.frame)
        canvas.dim(by: framed.isEmpty ? 0 : 0.45, keeping: framed)
        let line = max(2, 2 * scale)
        for frame in outlines {
            canvas.stroke(rect(frame), lineWidth: max(1, scale), color: checkedColor, style: .solid)
        }
        for finding in findings {
            guard let frame = finding.frame else { continue }
            let style = style(finding)
            canvas.stroke(rect(frame), lineWidth: line, color: style.color, style: style.stroke)
        }
        // Review notes: results that could not be judged, dotted (their "?" badges are not
        // numbered: report.md lists them under "Not run").
        for frame in notRun.compactMap(\.frame) {
            canvas.stroke(rect(frame), lineWidth: line, color: style(.info).color, style: .dotted)
        }
        if let firstNumber {
            drawBadges(on: &canvas, imageHeight: imageHeight, findings: findings, firstNumber: firstNumber, scale: scale, notRun: notRun)
        }
        var legend = Canvas(width: canvas.width, height: legendHeight(scale), background: RGBA(red: 255, green: 255, blue: 255))
        drawLegend(on: &legend, imageHeight: 0, scale: scale)
        return (canvas.buffer, legend.buffer)
    }

    /// `overlay` (drawn by `render` without numbers) with its badges: the findings numbered from
    /// `firstNumber`, and a "?" on each result not run. The same pixels `render` gives with the
    /// number.
    public static func badged(_ overlay: PixelBuffer, findings: [Finding], firstNumber: Int, scale: Double,
                              notRun: [CheckedEntry] = []) -> PixelBuffer {
        var canvas = Canvas(buffer: overlay)
        drawBadges(on: &canvas, imageHeight: overlay.height - legendHeight(scale), findings: findings, firstNumber: firstNumber,
                   scale: scale, notRun: notRun)
        return canvas.buffer
    }

    static func legendHeight(_ scale: Double) -> Int { Int((28 * scale).rounded()) }

    static func rect(_ frame: PixelRect) -> RectF {
        RectF(x: Double(frame.x), y: Double(frame.y), width: Double(frame.width), height: Double(frame.height))
    }

    /// Each framed finding's badge above its top-left corner ("12E": numbers follow report.md, every
    /// finding counting, drawn or not), and each result not run's "?" above its top-right corner.
    /// Badges stay on the screenshot, its first `imageHeight` rows.
    static func drawBadges(on canvas: inout Canvas, imageHeight: Int, findings: [Finding], firstNumber: Int, scale: Double,
                           notRun: [CheckedEntry]) {
        let line = max(2, 2 * scale)
        let badge = 22 * scale
        let size = 13 * scale
        let white = RGBA(red: 255, green: 255, blue: 255)
        // Findings on the same frame share one badge ("12E · 13I"), coloured as the most serious
        // of them, so no badge hides another.
        var groups: [(frame: PixelRect, numbered: [(number: Int, finding: Finding)])] = []
        for (index, finding) in findings.enumerated() {
            guard let frame = finding.frame else { continue }
            if let at = groups.firstIndex(where: { $0.frame == frame }) {
                groups[at].numbered.append((firstNumber + index, finding))
            } else {
                groups.append((frame, [(firstNumber + index, finding)]))
            }
        }
        func rank(_ finding: Finding) -> Int {
            if finding.waived { return 0 }
            switch finding.severity {
            case .error: return 3
            case .warning: return 2
            case .info: return 1
            }
        }
        // Every badge first, then where each goes: outside all flagged frames, on no other badge.
        var badges: [(request: BadgeLayout.Request, text: String, color: RGBA)] = []
        for (frame, numbered) in groups {
            let lead = numbered.max { rank($0.finding) < rank($1.finding) }!.finding
            let text = numbered.map { "\($0.number)\(Self.style($0.finding).letter)" }.joined(separator: " · ")
            let width = max(badge, StrokeFont.advance(of: text, size: size, weight: .bold) + 10 * scale)
            badges.append((BadgeLayout.Request(frame: rect(frame), width: width, height: badge), text, style(lead).color))
        }
        for frame in notRun.compactMap(\.frame) {
            badges.append((BadgeLayout.Request(frame: rect(frame), width: badge, height: badge, trailing: true), "?", style(.info).color))
        }
        let obstacles = groups.map { rect($0.frame) } + notRun.compactMap(\.frame).map(rect)
        let bounds = RectF(x: 0, y: 0, width: Double(canvas.buffer.width), height: Double(imageHeight))
        let placements = BadgeLayout.place(badges.map(\.request), obstacles: obstacles, bounds: bounds, gap: line, leaderWidth: max(1, scale))
        for ((_, text, color), placement) in zip(badges, placements) {
            if let leader = placement.leader { canvas.fill(leader, color: color) }
            let badgeRect = placement.badge
            canvas.fillRoundedRect(badgeRect, radius: 5 * scale, color: color)
            let advance = StrokeFont.advance(of: text, size: size, weight: .bold)
            canvas.drawText(text, x: badgeRect.x + (badgeRect.width - advance) / 2, baseline: badgeRect.y + badge * 0.72, size: size,
                            weight: .bold, color: white)
        }
    }

    /// The three styles, each with its letter and word, on white below the screenshot.
    static func drawLegend(on canvas: inout Canvas, imageHeight: Int, scale: Double) {
        let legendHeight = canvas.buffer.height - imageHeight
        let line = max(2, 2 * scale)
        canvas.fill(RectF(x: 0, y: Double(imageHeight), width: Double(canvas.buffer.width), height: Double(legendHeight)),
                    color: RGBA(red: 255, green: 255, blue: 255))
        var x = 8 * scale
        let baseline = Double(imageHeight) + Double(legendHeight) * 0.68
        for (letter, word, color, stroke) in [("E", "error", style(.error).color, StrokeStyle.solid),
                                               ("W", "warning", style(.warning).color, StrokeStyle.dashed(on: 10, off: 6)),
                                               ("I", "info / waived / ? not run", style(.info).color, StrokeStyle.dotted)] {
            let sample = RectF(x: x, y: Double(imageHeight) + 7 * scale, width: 28 * scale, height: 14 * scale)
            canvas.stroke(sample, lineWidth: line, color: color, style: stroke)
            canvas.drawText(letter, x: x + 10 * scale, baseline: baseline, size: 11 * scale, weight: .bold, color: color)
            canvas.drawText(word, x: x + 36 * scale, baseline: baseline, size: 12 * scale, color: RGBA(red: 0x1C, green: 0x1C, blue: 0x1E))
            x += 36 * scale + StrokeFont.advance(of: word, size: 12 * scale, weight: .regular) + 20 * scale
        }
    }

    static func style(_ finding: Finding) -> Style { style(finding.severity, waived: finding.waived) }
}
