import ColorScience
import Imaging

/// What the pixels of a text frame say about its contrast.
public struct TextContrastMeasurement: Equatable, Sendable {
    /// The glyph cores' colour (anti-aliased edges are blends and are not used).
    public var foreground: RGB8
    /// The local background where the contrast is lowest.
    public var background: RGB8
    /// The lowest local contrast around the glyphs: the one the verdict uses.
    public var worstRatio: Double
    /// The highest local contrast around the glyphs.
    public var bestRatio: Double
    /// The lightest and darkest local backgrounds next to text.
    public var lightestBackground: RGB8
    public var darkestBackground: RGB8
    /// True when the local backgrounds differ enough to matter (gradients, art, photos).
    public var backgroundVaries: Bool
    /// Pixels that differ clearly from their local background (glyph cores and edges).
    public var inkPixels: Int
}

public enum TextContrastOutcome: Equatable, Sendable {
    case measured(TextContrastMeasurement)
    /// The pixels cannot support a verdict; the reason says why.
    case notMeasurable(String)
}

/// Measures the contrast of the text inside `rect`, from the pixels alone.
///
/// 1. The frame is cut into square tiles about 1.5 text heights wide. In each, the provisional
///    background is the median lightness (text covers a minority of any tile that size), and its
///    colour is the mean of the pixels of about that lightness.
/// 2. Ink is what lies far from its tile's background: farther than 45 % of the frame's robust
///    maximum distance. The ink colour is the most common 5-bit colour among ink pixels, and within
///    it the most common exact colour — the glyph cores, which carry the true colour, while
///    anti-aliased edges spread over many blends. Each tile's background is then refined to the
///    mean of its pixels that are clearly background (to their exact colour where it is flat).
/// 3. With the ink colour known, each tile is read again against its own ink-to-background
///    separation, so text is found where it barely stands out as well as where it is plain.
/// 4. The contrast is taken per tile that holds text, between the ink colour and that tile's
///    background; the lowest is the verdict, and the range is reported when backgrounds vary.
///
/// Four passes over the frame's pixels, nothing over the rest of the screen.
/// `textHeight`: the text's size in pixels (point size × scale), if known.
public func measureTextContrast(in image: PixelBuffer, rect: PixelRect, textHeight: Double?) -> TextContrastOutcome {
    let width = rect.width, height = rect.height
    let count = width * height
    guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.maxX <= image.width, rect.maxY <= image.height else {
        return .notMeasurable("the frame lies outside the screenshot")
    }
    guard width >= 4, height >= 4 else { return .notMeasurable("the frame is too small to hold text (\(width) × \(height) px)") }

    let side = min(256, max(12, Int(((textHeight ?? Double(height)) * 1.5).rounded())))
    let tilesX = max(1, (width + side / 2) / side)
    let tilesY = max(1, (height + side / 2) / side)
    let tileCount = tilesX * tilesY
    let tileWidth = Double(width) / Double(tilesX)
    let tileHeight = Double(height) / Double(tilesY)
    let tileOfX = (0..<width).map { min(tilesX - 1, Int(Double($0) / tileWidth)) }
    let tileRowOfY = (0..<height).map { min(tilesY - 1, Int(Double($0) / tileHeight)) * tilesX }

    // Pass 1: per-tile histograms of lightness (64 bins of the 8-bit luma) with colour sums.
    let bins = 64
    var binCount = [Int32](repeating: 0, count: tileCount * bins)
    var binSum = [Int64](repeating: 0, count: tileCount * bins * 3)
    var tilePixels = [Int32](repeating: 0, count: tileCount)
    image.pixels.withUnsafeBufferPointer { pixels in
        binCount.withUnsafeMutableBufferPointer { counts in
            binSum.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    var offset = ((rect.y + y) * image.width + rect.x) * 4
                    let row = tileRowOfY[y]
                    for x in 0..<width {
                        let r = Int(pixels[offset]), g = Int(pixels[offset + 1]), b = Int(pixels[offset + 2])
                        // Rec. 709 luma weights in 1/256ths (0.2126, 0.7152, 0.0722).
                        let luma = (54 * r + 183 * g + 19 * b) >> 8
                        let slot = (row + tileOfX[x]) * bins + (luma >> 2)
                        counts[slot] += 1
                        sums[slot * 3] += Int64(r)
                        sums[slot * 3 + 1] += Int64(g)
                        sums[slot * 3 + 2] += Int64(b)
                        offset += 4
                    }
                }
            }
        }
    }
    for tile in 0..<tileCount {
        tilePixels[tile] = binCount[(tile * bins)..<((tile + 1) * bins)].reduce(0, +)
    }

    // Each tile's provisional background: the median lightness bin and its neighbours. Text
    // covers less than half of a tile this size, so the median lies in the background even where
    // the background is a busy texture whose lightness spreads over many bins.
    var background = [SIMD3<Double>](repeating: .zero, count: tileCount)
    for tile in 0..<tileCount {
        var mode = 0
        var below: Int32 = 0
        for bin in 0..<bins {
            below += binCount[tile * bins + bin]
            if below * 2 >= tilePixels[tile] { mode = bin; break }
        }
        var total = 0.0
        var sum = SIMD3<Double>.zero
        for bin in max(0, mode - 1)...min(bins - 1, mode + 1) {
            let slot = tile * bins + bin
            total += Double(binCount[slot])
            sum += SIMD3(Double(binSum[slot * 3]), Double(binSum[slot * 3 + 1]), Double(binSum[slot * 3 + 2]))
        }
        background[tile] = total > 0 ? sum / total : .zero
    }

    // Pass 2: each pixel's distance from its tile's background; a histogram of distances.
    var distance = [UInt16](repeating: 0, count: count)
    var distanceHistogram = [Int](repeating: 0, count: 443)
    image.pixels.withUnsafeBufferPointer { pixels in
        distance.withUnsafeMutableBufferPointer { distances in
            var index = 0
            for y in 0..<height {
                var offset = ((rect.y + y) * image.width + rect.x) * 4
                let row = tileRowOfY[y]
                for x in 0..<width {
                    let bg = background[row + tileOfX[x]]
                    let dr = Double(pixels[offset]) - bg.x, dg = Double(pixels[offset + 1]) - bg.y, db = Double(pixels[offset + 2]) - bg.z
                    let d = min(442, Int((dr * dr + dg * dg + db * db).squareRoot()))
                    distances[index] = UInt16(d)
                    distanceHistogram[d] += 1
                    index += 1
                    offset += 4
                }
            }
        }
    }
    // The robust maximum: the farthest distance shared by a meaningful number of pixels.
    let meaningful = max(3, count / 2000)
    var robustMaximum = 0
    var atLeast = 0
    for d in stride(from: 442, through: 0, by: -1) {
        atLeast += distanceHistogram[d]
        if atLeast >= meaningful { robustMaximum = d; break }
    }
    guard robustMaximum >= 8 else {
        return .notMeasurable("the frame is one colour: no text pixels to measure")
    }
    let inkThreshold = UInt16(max(6, Int((Double(robustMaximum) * 0.45).rounded())))

    // Pass 3: the ink colour is the modal 5-bit colour among pixels far from their background.
    let notInk = UInt16.max
    var inkKeys = [UInt16](repeating: notInk, count: count)
    var inkCount = [Int32](repeating: 0, count: 1 << 15)
    var farPixels = 0
    image.pixels.withUnsafeBufferPointer { pixels in
        distance.withUnsafeBufferPointer { distances in
            inkKeys.withUnsafeMutableBufferPointer { keys in
                inkCount.withUnsafeMutableBufferPointer { counts in
                    var index = 0
                    for y in 0..<height {
                        var offset = ((rect.y + y) * image.width + rect.x) * 4
                        for _ in 0..<width {
                            if distances[index] >= inkThreshold {
                                let key = UInt16(pixels[offset] >> 3) << 10 | UInt16(pixels[offset + 1] >> 3) << 5
                                    | UInt16(pixels[offset + 2] >> 3)
                                keys[index] = key
                                counts[Int(key)] += 1
                                farPixels += 1
                            }
                            index += 1
                            offset += 4
                        }
                    }
                }
            }
        }
    }
    var modalKey = 0
    for key in 1..<inkCount.count where inkCount[key] > inkCount[modalKey] { modalKey = key }
    guard farPixels >= max(4, count / 1000), inkCount[modalKey] > 0 else {
        return .notMeasurable("no text pixels found in the frame")
    }
    // Within the modal 5-bit colour, the most frequent exact colour: glyph cores are one colour,
    // while the anti-aliased pixels that share the bin are each a slightly different blend.
    var exact: [UInt32: Int] = [:]
    inkKeys.withUnsafeBufferPointer { keys in
        for index in 0..<count where keys[index] == UInt16(modalKey) {
            let offset = ((rect.y + index / width) * image.width + rect.x + index % width) * 4
            let color = UInt32(image.pixels[offset]) << 16 | UInt32(image.pixels[offset + 1]) << 8 | UInt32(image.pixels[offset + 2])
            exact[color, default: 0] += 1
        }
    }
    let core = exact.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
    let ink = SIMD3(Double(core >> 16), Double((core >> 8) & 0xFF), Double(core & 0xFF))
    let foreground = rgb(ink)

    // Pass 4: with the ink colour known, each tile is read against its own separation between ink
    // and background, so text is found where it barely stands out (the end of a gradient that
    // fails) as well as where it is plain. A pixel is ink when it lies within 30 % of that
    // separation of the ink colour, background when within 30 % of the background colour.
    let separation = background.map { ((($0 - ink) * ($0 - ink)).sum()).squareRoot() }
    var tileInk = [Int](repeating: 0, count: tileCount)
    var inkPixels = 0
    var backgroundSum = [SIMD3<Double>](repeating: .zero, count: tileCount)
    var backgroundCount = [Int](repeating: 0, count: tileCount)
    // Pixels within 2 levels of the provisional colour give the exact colour of a flat
    // background, untouched by the faint anti-aliased fringes that the wider mean takes in.
    var flatSum = [SIMD3<Double>](repeating: .zero, count: tileCount)
    var flatCount = [Int](repeating: 0, count: tileCount)
    image.pixels.withUnsafeBufferPointer { pixels in
        distance.withUnsafeBufferPointer { distances in
            var index = 0
            for y in 0..<height {
                var offset = ((rect.y + y) * image.width + rect.x) * 4
                let row = tileRowOfY[y]
                for x in 0..<width {
                    let tile = row + tileOfX[x]
                    let limit = separation[tile] * 0.3
                    if separation[tile] >= 4 {
                        let color = SIMD3(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]))
                        let toInk = color - ink
                        if (toInk * toInk).sum() <= limit * limit {
                            tileInk[tile] += 1
                            inkPixels += 1
                        } else if Double(distances[index]) <= limit {
                            backgroundSum[tile] += color
                            backgroundCount[tile] += 1
                            if distances[index] <= 2 {
                                flatSum[tile] += color
                                flatCount[tile] += 1
                            }
                        }
                    }
                    index += 1
                    offset += 4
                }
            }
        }
    }
    for tile in 0..<tileCount where backgroundCount[tile] > 0 {
        // Flat when most background pixels sit within 2 levels of the provisional colour.
        background[tile] = flatCount[tile] * 10 >= backgroundCount[tile] * 7
            ? flatSum[tile] / Double(flatCount[tile])
            : backgroundSum[tile] / Double(backgroundCount[tile])
    }

    // Tiles holding text, judged against their own background. A tile whose "background" is the
    // ink itself (heavy glyphs filling it) has no separation and is left out.
    var worst: (ratio: Double, background: RGB8)?
    var best = 0.0
    var lightest: (luminance: Double, color: RGB8)?
    var darkest: (luminance: Double, color: RGB8)?
    for tile in 0..<tileCount where backgroundCount[tile] > 0 && tileInk[tile] >= max(4, Int(tilePixels[tile]) / 200) {
        let color = rgb(background[tile])
        let ratio = WCAG.contrastRatio(foreground, color)
        let luminance = WCAG.relativeLuminance(color)
        if worst == nil || ratio < worst!.ratio { worst = (ratio, color) }
        best = max(best, ratio)
        if lightest == nil || luminance > lightest!.luminance { lightest = (luminance, color) }
        if darkest == nil || luminance < darkest!.luminance { darkest = (luminance, color) }
    }
    guard let worst, let lightest, let darkest else {
        return .notMeasurable("no background found around the text (the glyphs fill the frame)")
    }
    // Backgrounds that differ by more than 10 % in contrast terms are reported as a range.
    let varies = WCAG.contrastRatio(luminance: lightest.luminance, darkest.luminance) >= 1.1
    return .measured(TextContrastMeasurement(
        foreground: foreground, background: worst.background, worstRatio: worst.ratio, bestRatio: best,
        lightestBackground: lightest.color, darkestBackground: darkest.color, backgroundVaries: varies,
        inkPixels: inkPixels))
}

private func rgb(_ value: SIMD3<Double>) -> RGB8 {
    func channel(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
    return RGB8(red: channel(value.x), green: channel(value.y), blue: channel(value.z))
}
