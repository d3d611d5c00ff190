import ColorScience
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
    func nonTextContrast(in rect: PixelRect) -> NonTextContrastOutcome {
        measureNonTextContrast(in: image, rect: rect, ring: max(2, Int((2 * scale).rounded())))
    }
}

/// The adjacent background is the most common colour in a ring `ring` pixels wide just outside
/// `rect`; the component's colours are its most common colours inside (each covering at least 4 %
/// of the frame, so anti-aliased edges and noise do not count); the ratio is the highest contrast
/// of any of them with the background — its fill, its boundary or its glyph.
public func measureNonTextContrast(in image: PixelBuffer, rect: PixelRect, ring: Int) -> NonTextContrastOutcome {
    guard !rect.isEmpty else { return .notMeasurable("the frame lies outside the screenshot") }
    var outside: [UInt32: Int] = [:]
    let x0 = max(0, rect.x - ring), y0 = max(0, rect.y - ring)
    let x1 = min(image.width, rect.maxX + ring), y1 = min(image.height, rect.maxY + ring)
    func key(_ p: RGBA) -> UInt32 { UInt32(p.red >> 2) << 12 | UInt32(p.green >> 2) << 6 | UInt32(p.blue >> 2) }
    var ringPixels = 0
    for y in y0..<y1 {
        for x in x0..<x1 where x < rect.x || x >= rect.maxX || y < rect.y || y >= rect.maxY {
            outside[key(image[x, y]), default: 0] += 1
            ringPixels += 1
        }
    }
    guard ringPixels >= 8, let backgroundKey = outside.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
        return .notMeasurable("the element fills the screen: nothing adjacent to compare with")
    }
    var inside: [UInt32: (count: Int, sum: SIMD3<Int>)] = [:]
    var backgroundSum = SIMD3<Int>.zero, backgroundCount = 0
    for y in y0..<y1 {
        for x in x0..<x1 {
            let pixel = image[x, y]
            let k = key(pixel)
            let isInside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
            if isInside {
                let entry = inside[k] ?? (0, .zero)
                inside[k] = (entry.count + 1, entry.sum &+ SIMD3(Int(pixel.red), Int(pixel.green), Int(pixel.blue)))
            } else if k == backgroundKey {
                backgroundSum &+= SIMD3(Int(pixel.red), Int(pixel.green), Int(pixel.blue))
                backgroundCount += 1
            }
        }
    }
    func color(_ sum: SIMD3<Int>, _ count: Int) -> RGB8 {
        RGB8(red: UInt8((sum.x + count / 2) / count), green: UInt8((sum.y + count / 2) / count), blue: UInt8((sum.z + count / 2) / count))
    }
    let background = color(backgroundSum, backgroundCount)
    let significant = max(1, rect.area * 4 / 100)
    var best: (ratio: Double, color: RGB8)?
    for (k, entry) in inside.sorted(by: { $0.key < $1.key }) where entry.count >= significant {
        _ = k
        let c = color(entry.sum, entry.count)
        let ratio = WCAG.contrastRatio(c, background)
        if best == nil || ratio > best!.ratio { best = (ratio, c) }
    }
    guard let best else { return .notMeasurable("no colour covers a visible part of the element") }
    // Every colour inside is the surroundings' own (a white card on white, a photo's edge): there
    // is no fill, boundary or glyph to measure, and a ratio of 1.00:1 would be a verdict on nothing.
    guard best.ratio >= sameColourRatio else {
        return .notMeasurable("nothing inside the element differs from what surrounds it (\(background.hex)): no fill, boundary or glyph to measure")
    }
    return .measured(ratio: best.ratio, component: best.color, background: background)
}

/// Below this ratio two colours are one for a reader (a step or two of 8-bit noise, or JPEG
/// blocks): 1.02:1 is about two levels of mid grey.
let sameColourRatio = 1.02
