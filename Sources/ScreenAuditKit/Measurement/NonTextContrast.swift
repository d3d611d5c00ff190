import ColorScience
import Foundation
import Imaging

/// The contrast of a component without text against what surrounds it: what `contrast.nontext`
/// judges, and where `design.palette` and `design.consistency` read a component's colour.
public enum NonTextContrastOutcome: Equatable, Sendable {
    /// The best-contrasting colour that covers a visible part of the component, against the
    /// colour adjacent to it.
    case measured(ratio: Double, component: RGB8, background: RGB8)
    case notMeasurable(String)
}

extension ScreenContext {
    /// `measureNonTextContrast` of `rect` with the ring the checks use: 2 pt of what surrounds it.
    /// Measured once per frame and kind on a screen: `contrast.nontext`, `design.palette` and
    /// `design.consistency` all read the same control. (The sampling pass before the audit has a
    /// context of its own, so it measures again.)
    func nonTextContrast(in rect: PixelRect, glyph: Bool = false) -> NonTextContrastOutcome {
        nonTextContrasts.outcome(for: rect, glyph: glyph) {
            measureNonTextContrast(in: image, rect: rect, ring: max(2, Int((2 * scale).rounded())), glyph: glyph)
        }
    }
}

/// The non-text contrasts measured on one screen, by frame and kind. Shared by the copies of a
/// screen's context (they hold the same pixels); a lock, since nothing stops two checks of one
/// screen from running at once.
final class NonTextContrastMemo: @unchecked Sendable {
    private struct Key: Hashable {
        let rect: PixelRect
        let glyph: Bool
    }

    private let lock = NSLock()
    private var outcomes: [Key: NonTextContrastOutcome] = [:]

    func outcome(for rect: PixelRect, glyph: Bool, measure: () -> NonTextContrastOutcome) -> NonTextContrastOutcome {
        let key = Key(rect: rect, glyph: glyph)
        if let known = lock.withLock({ outcomes[key] }) { return known }
        let measured = measure()
        lock.withLock { outcomes[key] = measured }
        return measured
    }
}

/// The adjacent background is the most common colour in a ring `ring` pixels wide just outside
/// `rect`; the component's colours are its most common colours inside (each covering at least 4 %
/// of the frame, so anti-aliased edges and noise do not count); the ratio is the highest contrast
/// of any of them with the background — its fill, its boundary or its glyph.
///
/// With `glyph` (a button, tab or link identified by an icon): the icon's glyph is what identifies
/// it, so its colours count down to 0.5 % of the frame (a thin outline icon), and each is also
/// judged against the colour that fills most of the frame, which is what surrounds the glyph (a
/// dark arrow on a pale search bar). A frame whose pixels are mostly of colours that each cover
/// little of it, or of over a thousand colours none covering a quarter of it, is a picture (a photo
/// thumbnail, a post's image): the picture identifies the control, and nothing is measured.
public func measureNonTextContrast(in image: PixelBuffer, rect: PixelRect, ring: Int, glyph: Bool = false) -> NonTextContrastOutcome {
    guard !rect.isEmpty else { return .notMeasurable("the frame lies outside the screenshot") }
    var outside: [UInt32: Int] = [:]
    let x0 = max(0, rect.x - ring), y0 = max(0, rect.y - ring)
    let x1 = min(image.width, rect.maxX + ring), y1 = min(image.height, rect.maxY + ring)
    let insideX0 = max(x0, rect.x), insideX1 = max(insideX0, min(x1, rect.maxX))
    let width = image.width
    @inline(__always) func key(_ pixels: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        UInt32(pixels[at] >> 2) << 12 | UInt32(pixels[at + 1] >> 2) << 6 | UInt32(pixels[at + 2] >> 2)
    }
    var ringPixels = 0
    var tallies: [UInt32: ColourTally] = [:]
    var backgroundSum = SIMD3<Int>.zero, backgroundCount = 0
    image.pixels.withUnsafeBufferPointer { pixels in
        // The ring: whole rows above and below the frame, and the columns either side of it.
        for y in y0..<y1 {
            let rowInside = y >= rect.y && y < rect.maxY
            for span in rowInside ? [x0..<insideX0, insideX1..<x1] : [x0..<x1] {
                var at = (y * width + span.lowerBound) * 4
                for _ in span {
                    outside[key(pixels, at), default: 0] += 1
                    at += 4
                }
                ringPixels += span.count
            }
        }
        guard ringPixels >= 8, let backgroundKey = outside.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
            return
        }
        for y in y0..<y1 {
            let rowInside = y >= rect.y && y < rect.maxY
            var at = (y * width + x0) * 4
            for x in x0..<x1 {
                let k = key(pixels, at)
                if rowInside && x >= insideX0 && x < insideX1 {
                    tallies[k, default: ColourTally()].add(pixels[at], pixels[at + 1], pixels[at + 2])
                } else if k == backgroundKey {
                    backgroundSum &+= SIMD3(Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
                    backgroundCount += 1
                }
                at += 4
            }
        }
    }
    guard backgroundCount > 0 else {
        return .notMeasurable("the element fills the screen: nothing adjacent to compare with")
    }
    func color(_ sum: SIMD3<Int>, _ count: Int) -> RGB8 {
        RGB8(red: UInt8((sum.x + count / 2) / count), green: UInt8((sum.y + count / 2) / count), blue: UInt8((sum.z + count / 2) / count))
    }
    let background = color(backgroundSum, backgroundCount)
    let significant = max(1, rect.area * 4 / 100)
    let inside = tallies.mapValues { (count: $0.count, sum: $0.sum) }
    var best: (ratio: Double, color: RGB8)?
    // What the best colour was judged against when it is a glyph on the frame's own fill.
    var glyphAgainst: RGB8?
    for (k, entry) in inside.sorted(by: { $0.key < $1.key }) where entry.count >= significant {
        _ = k
        let c = color(entry.sum, entry.count)
        let ratio = WCAG.contrastRatio(c, background)
        if best == nil || ratio > best!.ratio { best = (ratio, c) }
    }
    if glyph {
        // A picture: most pixels in colours that each cover under 0.5 % of the frame; or, a
        // photo with broad areas (a post's image: flags, a suit), over a thousand colours none of
        // which covers a quarter of it, where an icon's fill covers most of its button (a drawn
        // gradient with a glow, the quest engine's spell circle, has some 300).
        let rare = max(1, rect.area / 200)
        let scattered = inside.values.reduce(0) { $0 + ($1.count < rare ? $1.count : 0) }
        let largest = inside.values.map(\.count).max() ?? 0
        if inside.count > 64 && scattered * 2 >= rect.area || inside.count > 1000 && largest * 4 < rect.area {
            return .notMeasurable("the control shows a picture (\(inside.count) colours, most covering little of it): its content identifies it, and WCAG 2.2 SC 1.4.11 does not ask a picture's contrast")
        }
        if let fill = inside.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }) {
            let fillColor = color(fill.value.sum, fill.value.count)
            let glyphMinimum = max(6, rect.area / 200)
            for (k, entry) in inside.sorted(by: { $0.key < $1.key }) where k != fill.key && entry.count >= glyphMinimum {
                let c = color(entry.sum, entry.count)
                let ratio = WCAG.contrastRatio(c, fillColor)
                if ratio >= sameColourRatio, best == nil || ratio > best!.ratio {
                    best = (ratio, c)
                    glyphAgainst = fillColor
                }
            }
        }
    }
    guard let best else { return .notMeasurable("no colour covers a visible part of the element") }
    // Every colour inside is the surroundings' own (a white card on white, a photo's edge): there
    // is no fill, boundary or glyph to measure, and a ratio of 1.00:1 would be a verdict on nothing.
    guard best.ratio >= sameColourRatio else {
        return .notMeasurable("nothing inside the element differs from what surrounds it (\(background.hex)): no fill, boundary or glyph to measure")
    }
    return .measured(ratio: best.ratio, component: best.color, background: glyphAgainst ?? background)
}

/// The pixels of one colour key inside a frame: how many, and their channels' sums.
private struct ColourTally {
    var count = 0
    var sum = SIMD3<Int>.zero

    mutating func add(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        count += 1
        sum &+= SIMD3(Int(red), Int(green), Int(blue))
    }
}

/// Below this ratio two colours are one for a reader (a step or two of 8-bit noise, or JPEG
/// blocks): 1.02:1 is about two levels of mid grey.
let sameColourRatio = 1.02

/// The line that is the only graphic in `rect`, described ("a 1 px #E5E5E5 line"), or nil: every
/// pixel of the frame that differs from what surrounds it (the most common colour in a ring `ring`
/// pixels wide just outside it, or, where the frame fills the screen, inside it) lies in at most
/// `thickest` rows (or columns) that it crosses for at least three quarters of their length (a
/// list divider inset to align with the rows' text still does), and the line is at least eight
/// times as long as it is thick. A separator or a divider drawn across a tappable row, or a view
/// that is the line itself.
func separatorLine(in image: PixelBuffer, rect: PixelRect, ring: Int, thickest: Int) -> String? {
    guard !rect.isEmpty else { return nil }
    var counts: [UInt32: Int] = [:]
    let x0 = max(0, rect.x - ring), y0 = max(0, rect.y - ring)
    let x1 = min(image.width, rect.maxX + ring), y1 = min(image.height, rect.maxY + ring)
    func key(_ p: RGBA) -> UInt32 { UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue) }
    for y in y0..<y1 {
        for x in x0..<x1 where !(y >= rect.y && y < rect.maxY && x >= rect.x && x < rect.maxX) {
            counts[key(image[x, y]), default: 0] += 1
        }
    }
    if counts.isEmpty {
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { counts[key(image[x, y]), default: 0] += 1 } }
    }
    guard let backgroundKey = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return nil }
    let background = RGBA(red: UInt8(backgroundKey >> 16), green: UInt8((backgroundKey >> 8) & 0xFF), blue: UInt8(backgroundKey & 0xFF))
    /// Differs from the background by more than a step or two of 8-bit noise.
    func differs(_ p: RGBA) -> Bool {
        abs(Int(p.red) - Int(background.red)) > 3 || abs(Int(p.green) - Int(background.green)) > 3 || abs(Int(p.blue) - Int(background.blue)) > 3
    }
    var rows = [Int](repeating: 0, count: rect.height), columns = [Int](repeating: 0, count: rect.width)
    var sum = SIMD3<Int>.zero, marked = 0, rowsInked = 0, columnsInked = 0
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            let p = image[x, y]
            guard differs(p) else { continue }
            if rows[y - rect.y] == 0 { rowsInked += 1 }
            if columns[x - rect.x] == 0 { columnsInked += 1 }
            rows[y - rect.y] += 1
            columns[x - rect.x] += 1
            sum &+= SIMD3(Int(p.red), Int(p.green), Int(p.blue))
            marked += 1
        }
        // Drawn in more rows and more columns than a line is thick: no line (an icon, a fill).
        if rowsInked > thickest && columnsInked > thickest { return nil }
    }
    guard marked > 0 else { return nil }
    /// The lines `counts` (per row or column, `across` pixels each) form: every one with a
    /// differing pixel crosses the frame, they are next to each other, few and long enough.
    func thickness(_ counts: [Int], across: Int, along: Int) -> Int? {
        let inked = counts.indices.filter { counts[$0] > 0 }
        guard let first = inked.first, let last = inked.last, last - first + 1 == inked.count, inked.count <= thickest,
              along >= 8 * inked.count, inked.allSatisfy({ 4 * counts[$0] >= 3 * across }) else { return nil }
        return inked.count
    }
    guard let thick = thickness(rows, across: rect.width, along: rect.width) ?? thickness(columns, across: rect.height, along: rect.height) else {
        return nil
    }
    let color = RGB8(red: UInt8(sum.x / marked), green: UInt8(sum.y / marked), blue: UInt8(sum.z / marked))
    return "a \(thick) px \(color.hex) line"
}
