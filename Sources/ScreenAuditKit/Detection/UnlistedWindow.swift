import ColorScience
import Imaging
import ScreenContracts

/// A window the dump does not list, drawn over the app: a system share sheet or "Send mail"
/// chooser sliding up from the bottom, with the scrim that darkens the app behind it (Android
/// dims a window behind a dialog to 40 % by default, `backgroundDimAmount` 0.6). A
/// `uiautomator dump` lists one window, the app's, so the elements it gives stand under the
/// panel or behind the scrim: their pixels are not the app's (white reads as #666666) and no
/// pixel finding about them is true (issue #45, two of the seven MotorEase screens).
///
/// Found from the pixels and the dump together:
/// - a light panel: from a row down to the bottom of the app, a band of one colour across the whole
///   width (its top margin), then content, with both side margins of that colour nearly all the
///   way down, and an edge at its top where the row above differs;
/// - no element of the dump begins at that row across the width (the app's own footer or card
///   would be a node);
/// - above it, the app is dimmed: hardly a pixel brighter than `dimmedCeiling`, where an app
///   undimmed has white text or a white background somewhere.
struct UnlistedWindow: Equatable, Sendable {
    /// The panel's top, in pixels.
    var top: Int
    /// Its bottom: the app's bottom, in pixels.
    var bottom: Int
    /// The panel's background.
    var color: RGBA
    /// The brightest channel of the app's pixels above it (a dimmed app's white).
    var brightestAbove: UInt8

    /// The margin at the top of the panel, one colour across the width, in points.
    static let topBand = 8.0
    /// A panel is at least this share of the app's height.
    static let minimumHeightShare = 0.2
    /// Channel values a dimmed app hardly exceeds (white at 40 % is 102).
    static let dimmedCeiling: UInt8 = 150
    /// The share of the app's pixels above the panel that may exceed it (a status icon, a
    /// notification light drawn above the scrim).
    static let brightShare = 0.005

    /// The panel over `image`, or nil. `elements`: the dump's element frames in pixels; the
    /// app spans them.
    static func find(in image: PixelBuffer, scale: Double, elements: [PixelRect]) -> UnlistedWindow? {
        guard let first = elements.first, image.width > 0 else { return nil }
        var appTop = first.y, appBottom = first.maxY
        for rect in elements.dropFirst() {
            appTop = min(appTop, rect.y)
            appBottom = max(appBottom, rect.maxY)
        }
        appTop = max(0, appTop)
        appBottom = min(image.height, appBottom)
        let band = max(4, Int((topBand * scale).rounded()))
        let minimumHeight = Int(Double(appBottom - appTop) * minimumHeightShare)
        guard appBottom - appTop > 2 * band, minimumHeight > band else { return nil }
        let width = image.width
        let uniform = (appTop..<appBottom).map { rowColor(image, y: $0) }
        func color(_ y: Int) -> RGBA? { uniform[y - appTop] }
        // From the top down, the first row that opens a panel: the status bar and the app's top
        // bar come first, so a panel is never looked for in the top tenth.
        var y = appTop + max(1, (appBottom - appTop) / 10)
        while y + band <= appBottom - minimumHeight {
            defer { y += 1 }
            // A light panel: over a dimmed app, a dark one (a dark theme's sheet) cannot be told
            // from the app's own dark page, and is not looked for.
            guard let c = color(y), max(c.red, c.green, c.blue) > dimmedCeiling, color(y - 1).map({ !near($0, c) }) ?? true else { continue }
            guard (y..<(y + band)).allSatisfy({ color($0).map { near($0, c) } ?? false }) else { continue }
            guard differingShare(image, y: y - 1, from: c) >= 0.5 else { continue }
            guard marginsHold(image, color: c, from: y, to: appBottom) else { continue }
            // The panel holds something: rows of items, not an empty page.
            let busy = (y..<appBottom).filter { color($0) == nil }.count
            guard busy * 20 >= appBottom - y else { continue }
            let edgeTolerance = 3 * scale
            if elements.contains(where: { Double(abs($0.y - y)) <= edgeTolerance && $0.width * 5 >= width * 4 }) { continue }
            guard let brightest = dimmedBrightest(image, from: appTop + Int((32 * scale).rounded()), to: y - 1) else { return nil }
            return UnlistedWindow(top: y, bottom: appBottom, color: c, brightestAbove: brightest)
        }
        return nil
    }

    static func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 3) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    }

    /// The row's colour when every pixel of it is that colour (within 3 levels), else nil.
    static func rowColor(_ image: PixelBuffer, y: Int) -> RGBA? {
        let c = image[0, y]
        for x in 1..<image.width where !near(image[x, y], c) { return nil }
        return c
    }

    static func differingShare(_ image: PixelBuffer, y: Int, from c: RGBA) -> Double {
        guard y >= 0 else { return 1 }
        var differing = 0
        for x in 0..<image.width where !near(image[x, y], c, 12) { differing += 1 }
        return Double(differing) / Double(image.width)
    }

    /// Whether the first and last columns keep the panel's colour on 90 % of its rows.
    static func marginsHold(_ image: PixelBuffer, color c: RGBA, from top: Int, to bottom: Int) -> Bool {
        var held = 0
        for y in top..<bottom where near(image[1, y], c) && near(image[image.width - 2, y], c) { held += 1 }
        return held * 10 >= (bottom - top) * 9
    }

    /// The brightest channel among the rows `top..<bottom` when they are dimmed (hardly a pixel
    /// above `dimmedCeiling`), else nil. Sampled every other pixel.
    static func dimmedBrightest(_ image: PixelBuffer, from top: Int, to bottom: Int) -> UInt8? {
        guard bottom > top else { return nil }
        var bright = 0, sampled = 0
        var brightest: UInt8 = 0
        for y in stride(from: top, to: bottom, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image[x, y]
                let channel = max(p.red, p.green, p.blue)
                sampled += 1
                if channel > dimmedCeiling { bright += 1 } else if channel > brightest { brightest = channel }
            }
        }
        guard Double(bright) <= Double(sampled) * brightShare else { return nil }
        return brightest
    }

    /// What the report says of an element the panel covers, and of one behind its scrim.
    func coveredReason(scale: Double) -> String {
        "covered: a window the dump does not list is drawn over it (a panel from \(top) px, \(Words.number((Double(top) / scale).rounded(places: 1))) pt, to the bottom, as a system share sheet or chooser is): the pixels there are that window's"
    }

    func dimmedReason() -> String {
        "covered: behind the scrim of a window the dump does not list (a panel over the lower part of the screen): the app is dimmed, no pixel of it brighter than \(RGB8(red: brightestAbove, green: brightestAbove, blue: brightestAbove).hex), so its colours are not the app's"
    }

    /// Every rule that judges an element, the screen-reader rules with the pixel rules: while
    /// another window is over the app, a screen reader meets that window, and the dump the app's
    /// nodes come from may be of another moment (DNS Hero's dump holds a search form while the
    /// screenshot shows its crash page), so nothing a person could check on the screenshot is
    /// left to report about them. The screen's own rules (its screenshot, its dump) still run.
    static let judgedElementRules = RuleID.all.filter {
        ![RuleID.screenshotUnreadable, RuleID.screenshotSizeMismatch, RuleID.hierarchyMissing, RuleID.hierarchyUnreadable].contains($0)
    }

    /// Marks the screen's elements not judged, with the reason for each, and
    /// gives the note the screen's report carries; nil when no unlisted window is found.
    static func apply(to screen: inout ScreenContract, image: PixelBuffer) -> String? {
        let scale = screen.device.scale
        let rects = screen.elements.map {
            PixelRect.snapping(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height, scale: scale,
                               clampedTo: image.width, image.height)
        }
        guard let window = find(in: image, scale: scale, elements: rects.filter { !$0.isEmpty }) else { return nil }
        let covered = window.coveredReason(scale: scale), dimmed = window.dimmedReason()
        var under = 0, behind = 0
        for index in screen.elements.indices {
            let reason: String
            if rects[index].maxY > window.top { reason = covered; under += 1 } else { reason = dimmed; behind += 1 }
            let disable = Dictionary(uniqueKeysWithValues: judgedElementRules.map { ($0, reason) })
            let overrides = CheckOverrides(disable: disable)
            screen.elements[index].checks = overrides.merged(over: screen.elements[index].checks ?? CheckOverrides())
        }
        return "a window the dump does not list covers the app from \(window.top) px down (a system share sheet or chooser), and its scrim dims the rest (no pixel brighter than \(RGB8(red: window.brightestAbove, green: window.brightestAbove, blue: window.brightestAbove).hex)): \(under) elements under it and \(behind) behind its scrim are not judged (by any rule: a screen reader meets that window, and what the pixels show of the app is not the app's)"
    }
}
