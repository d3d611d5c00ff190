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
    /// Pixels of about the ink colour (glyph cores and their inner edges); estimated from a
    /// quarter of the pixels where the text is large.
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
/// One read of the frame's pixels into runs of equal colours (`FrameRuns`), then four passes over
/// the runs (a quarter of the pixels for large text), nothing over the rest of the screen.
/// `textHeight`: the text's size in pixels (point size × scale), if known.
public func measureTextContrast(in image: PixelBuffer, rect: PixelRect, textHeight: Double?) -> TextContrastOutcome {
    if let problem = textFrameProblem(rect, in: image) { return .notMeasurable(problem) }
    let step = contrastSamplesEverySecondPixel(textHeight: textHeight) ? 2 : 1
    return TextContrastPasses(runs: FrameRuns(image: image, rect: rect, grid: TileGrid(frame: rect, textHeight: textHeight), step: step))
        .measure()
}

/// Why the pixels of `rect` cannot hold measurable text, if they cannot.
func textFrameProblem(_ rect: PixelRect, in image: PixelBuffer) -> String? {
    guard !rect.isEmpty, rect.x >= 0, rect.y >= 0, rect.maxX <= image.width, rect.maxY <= image.height else {
        return "the frame lies outside the screenshot"
    }
    guard rect.width >= 4, rect.height >= 4 else {
        return "the frame is too small to hold text (\(rect.width) × \(rect.height) px)"
    }
    return nil
}

/// Whether the contrast passes may read every second pixel of every second row: where the text is
/// at least 36 px tall (about 3 px strokes), sampling that way still lands on every stroke's core.
func contrastSamplesEverySecondPixel(textHeight: Double?) -> Bool { (textHeight ?? 0) >= 36 }

/// The four passes of `measureTextContrast`, in integer arithmetic over the frame's runs of equal
/// pixels (`FrameRuns`), one function a pass. Every pass gathers statistics (medians, a robust
/// maximum, a modal colour, counts and means); where glyph strokes are several pixels wide the runs
/// hold every second pixel of every second row.
struct TextContrastPasses {
    let runs: FrameRuns
    /// Tables one measurement after another may reuse (`TextAnalysis.Scratch`): nil takes new ones.
    var scratch: TextAnalysis.Scratch? = nil

    var grid: TileGrid { runs.grid }
    var step: Int { runs.step }

    static let lumaBins = 64


    func measure() -> TextContrastOutcome {
        let backgrounds = provisionalBackgrounds()
        let sampledCount = Int(backgrounds.sampled.reduce(0, &+))
        guard let thresholdSquared = inkThreshold(backgrounds.colors, sampledCount: sampledCount) else {
            return .notMeasurable("the frame is one colour: no text pixels to measure")
        }
        let modal = modalInkColor(backgrounds.colors, thresholdSquared: thresholdSquared)
        guard modal.farPixels >= max(4, sampledCount / 1000), modal.count > 0 else {
            return .notMeasurable("no text pixels found in the frame")
        }
        let separation = separateInkFromBackground(backgrounds.colors, modalKey: modal.key)
        return localContrasts(separation, sampled: backgrounds.sampled, modalKey: modal.key)
    }

    // MARK: Pass 1 — provisional backgrounds

    /// Each tile's provisional background: from per-tile histograms of lightness (64 bins of the
    /// 8-bit luma, with colour sums), the median lightness bin and its neighbours. Text covers less
    /// than half of a tile this size, so the median lies in the background even where the
    /// background is a busy texture whose lightness spreads over many bins.
    func provisionalBackgrounds() -> (colors: [SIMD3<Int32>], sampled: [Int32]) {
        let tiles = grid.count
        let bins = Self.lumaBins
        var binCount = [Int32](repeating: 0, count: tiles * bins)
        var binSum = [Int32](repeating: 0, count: tiles * bins * 3)
        binCount.withUnsafeMutableBufferPointer { counts in
            binSum.withUnsafeMutableBufferPointer { sums in
                runs.forEachSegmentRuns { tile, colors, lengths in
                    let base = tile * bins
                    for run in colors.indices {
                        let (r, g, b) = colors[run].runChannels
                        let n = Int32(lengths[run])
                        // Rec. 709 luma weights in 1/256ths (0.2126, 0.7152, 0.0722).
                        let slot = base + Int((54 &* r &+ 183 &* g &+ 19 &* b) >> 10)
                        counts[slot] &+= n
                        sums[slot * 3] &+= r &* n
                        sums[slot * 3 + 1] &+= g &* n
                        sums[slot * 3 + 2] &+= b &* n
                    }
                }
            }
        }
        var provisional = [SIMD3<Int32>](repeating: .zero, count: tiles)
        var sampled = [Int32](repeating: 0, count: tiles)
        for tile in 0..<tiles {
            sampled[tile] = binCount[(tile * bins)..<((tile + 1) * bins)].reduce(0, &+)
        }
        for tile in 0..<tiles {
            let half = sampled[tile]
            var median = 0, below: Int32 = 0
            for bin in 0..<bins {
                below += binCount[tile * bins + bin]
                if below * 2 >= half { median = bin; break }
            }
            var total: Int32 = 0
            var sum = SIMD3<Int32>.zero
            for bin in max(0, median - 1)...min(bins - 1, median + 1) {
                let slot = tile * bins + bin
                total += binCount[slot]
                sum &+= SIMD3(binSum[slot * 3], binSum[slot * 3 + 1], binSum[slot * 3 + 2])
            }
            if total > 0 { provisional[tile] = (sum &+ SIMD3(repeating: total / 2)) / SIMD3(repeating: total) }
        }
        return (provisional, sampled)
    }

    // MARK: Pass 2 — how far ink lies from the background

    /// The squared distance from its tile's background beyond which a pixel is ink: 45 % of the
    /// frame's robust maximum distance (the farthest distance shared by a meaningful number of
    /// pixels), from a histogram of squared distances in 64ths. nil when nothing stands out.
    func inkThreshold(_ provisional: [SIMD3<Int32>], sampledCount: Int) -> Int32? {
        var distanceHistogram = [Int](repeating: 0, count: (3 * 255 * 255) / 64 + 1)
        distanceHistogram.withUnsafeMutableBufferPointer { histogram in
            runs.forEachSegmentRuns { tile, colors, lengths in
                let bg = provisional[tile]
                var near = 0
                for run in colors.indices {
                    let (r, g, b) = colors[run].runChannels
                    let dr = r &- bg.x, dg = g &- bg.y, db = b &- bg.z
                    let squared = dr &* dr &+ dg &* dg &+ db &* db
                    // Only the far tail matters; the many pixels within 8 levels are just counted.
                    if squared < 64 { near += Int(lengths[run]) } else { histogram[Int(squared >> 6)] += Int(lengths[run]) }
                }
                histogram[0] += near
            }
        }
        let meaningful = max(3, sampledCount / 2000)
        var robustBin = 0, atLeast = 0
        for bin in stride(from: distanceHistogram.count - 1, through: 0, by: -1) {
            atLeast += distanceHistogram[bin]
            if atLeast >= meaningful { robustBin = bin; break }
        }
        let robustMaximum = Double(robustBin * 64 + 32).squareRoot()
        guard robustBin > 0, robustMaximum >= 8 else { return nil }
        let threshold = max(6, robustMaximum * 0.45)
        return Int32(threshold * threshold)
    }

    // MARK: Pass 3 — the ink colour, roughly

    /// The modal 5-bit colour (`key`: 5 bits each of red, green, blue) among pixels far from their
    /// background, how many pixels it holds, and how many pixels are far at all.
    func modalInkColor(_ provisional: [SIMD3<Int32>], thresholdSquared: Int32) -> (key: Int, count: Int32, farPixels: Int) {
        // A count for every key: 128 KiB to zero, unless the scratch's table (all zeros between
        // measurements) is at hand.
        var inkCount = scratch?.takeInkCounts() ?? Self.emptyInkCounts()
        // The keys counted, in the order met: the modal key is looked for among them alone.
        var keys: [Int] = []
        var farPixels = 0
        inkCount.withUnsafeMutableBufferPointer { counts in
            runs.forEachSegmentRuns { tile, colors, lengths in
                let bg = provisional[tile]
                var far = 0
                for run in colors.indices {
                    let (r, g, b) = colors[run].runChannels
                    let dr = r &- bg.x, dg = g &- bg.y, db = b &- bg.z
                    if dr &* dr &+ dg &* dg &+ db &* db >= thresholdSquared {
                        let key = Int((r >> 3) << 10 | (g >> 3) << 5 | (b >> 3))
                        if counts[key] == 0 { keys.append(key) }
                        counts[key] &+= Int32(lengths[run])
                        far += Int(lengths[run])
                    }
                }
                farPixels += far
            }
        }
        // The most common key, the lowest of equals; 0 when nothing is far.
        var modalKey = 0
        for key in keys where inkCount[key] > inkCount[modalKey] || (inkCount[key] == inkCount[modalKey] && key < modalKey) {
            modalKey = key
        }
        let modalCount = inkCount[modalKey]
        if let scratch {
            // Back to all zeros: only the keys counted were touched.
            for key in keys { inkCount[key] = 0 }
            scratch.returnInkCounts(inkCount)
        }
        return (modalKey, modalCount, farPixels)
    }

    /// A zero count for each 5-bit colour key.
    static func emptyInkCounts() -> [Int32] { [Int32](repeating: 0, count: 1 << 15) }

    // MARK: Pass 4 — ink and background, tile by tile

    /// What pass 4 finds in each tile, and the exact colours of the glyph cores.
    struct Separation {
        var tileInk: [Int]
        var inkPixels = 0
        var backgroundSum: [SIMD3<Int>]
        var backgroundCount: [Int]
        var flatSum: [SIMD3<Int>]
        var flatCount: [Int]
        /// Counts of the exact colours within the modal 5-bit colour (3 low bits per channel).
        var exact = [Int32](repeating: 0, count: 512)

        init(tiles: Int) {
            tileInk = [Int](repeating: 0, count: tiles)
            backgroundSum = [SIMD3<Int>](repeating: .zero, count: tiles)
            backgroundCount = [Int](repeating: 0, count: tiles)
            flatSum = backgroundSum
            flatCount = backgroundCount
        }
    }

    /// The centre of the modal 5-bit colour: within 4 levels of the ink, close enough to sort pixels.
    static func approximateInk(_ modalKey: Int) -> SIMD3<Int32> {
        SIMD3<Int32>(Int32((modalKey >> 10) & 31) * 8 + 4, Int32((modalKey >> 5) & 31) * 8 + 4, Int32(modalKey & 31) * 8 + 4)
    }

    /// With the ink known, each tile is read against its own separation between ink and
    /// background, so text is found where it barely stands out (the failing end of a gradient) as
    /// well as where it is plain. A pixel is ink within 30 % of that separation of the ink colour,
    /// background within 30 % of the background colour. Within the modal 5-bit colour, exact
    /// colours are counted: glyph cores are one colour, while the anti-aliased pixels sharing the
    /// bin are each a slightly different blend.
    func separateInkFromBackground(_ provisional: [SIMD3<Int32>], modalKey: Int) -> Separation {
        let approximateInk = Self.approximateInk(modalKey)
        var result = Separation(tiles: grid.count)
        let modal = Int32(modalKey)
        result.exact.withUnsafeMutableBufferPointer { exactCounts in
            runs.forEachSegmentRuns { tile, colors, lengths in
                let bg = provisional[tile]
                let separation = bg &- approximateInk
                let separationSquared = (separation &* separation).wrappedSum()
                guard separationSquared >= 16 else { return }
                let limitSquared = separationSquared * 9 / 100
                var inkHere = 0, backgroundHere = 0, flatHere = 0
                var backgroundR = 0, backgroundG = 0, backgroundB = 0, flatR = 0, flatG = 0, flatB = 0
                for run in colors.indices {
                    let (r, g, b) = colors[run].runChannels
                    let n = Int(lengths[run])
                    let ir = r &- approximateInk.x, ig = g &- approximateInk.y, ib = b &- approximateInk.z
                    if ir &* ir &+ ig &* ig &+ ib &* ib <= limitSquared {
                        inkHere += n
                        let key: Int32 = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                        if key == modal {
                            let low: Int32 = (r & 7) << 6 | (g & 7) << 3 | (b & 7)
                            exactCounts[Int(low)] &+= Int32(n)
                        }
                    } else {
                        let dr = r &- bg.x, dg = g &- bg.y, db = b &- bg.z
                        let d = dr &* dr &+ dg &* dg &+ db &* db
                        if d <= limitSquared {
                            backgroundHere += n
                            backgroundR &+= Int(r) &* n; backgroundG &+= Int(g) &* n; backgroundB &+= Int(b) &* n
                            if d <= 4 {
                                flatHere += n
                                flatR &+= Int(r) &* n; flatG &+= Int(g) &* n; flatB &+= Int(b) &* n
                            }
                        }
                    }
                }
                result.tileInk[tile] += inkHere
                result.inkPixels += inkHere
                result.backgroundCount[tile] += backgroundHere
                result.backgroundSum[tile] &+= SIMD3(backgroundR, backgroundG, backgroundB)
                result.flatCount[tile] += flatHere
                result.flatSum[tile] &+= SIMD3(flatR, flatG, flatB)
            }
        }
        return result
    }

    // MARK: The verdict's numbers

    /// The ink colour (the most common exact colour of the glyph cores) against the background of
    /// every tile holding text: its exact colour where it is flat (most background pixels within 2
    /// levels of it), else the mean of its background pixels, which follows a gradient across the
    /// tile. The lowest contrast is the verdict; the range is reported when backgrounds vary.
    func localContrasts(_ separation: Separation, sampled: [Int32], modalKey: Int) -> TextContrastOutcome {
        let exact = separation.exact
        var core = 0
        for index in 1..<512 where exact[index] > exact[core] { core = index }
        let foreground: RGB8
        if exact[core] > 0 {
            let base = SIMD3<Int32>(Int32((modalKey >> 10) & 31) * 8, Int32((modalKey >> 5) & 31) * 8, Int32(modalKey & 31) * 8)
            foreground = RGB8(red: UInt8(base.x + Int32(core >> 6)), green: UInt8(base.y + Int32((core >> 3) & 7)),
                              blue: UInt8(base.z + Int32(core & 7)))
        } else {
            let approximateInk = Self.approximateInk(modalKey)
            foreground = RGB8(red: UInt8(approximateInk.x), green: UInt8(approximateInk.y), blue: UInt8(approximateInk.z))
        }

        var worst: (ratio: Double, background: RGB8)?
        var best = 0.0
        var lightest: (luminance: Double, color: RGB8)?
        var darkest: (luminance: Double, color: RGB8)?
        for tile in 0..<grid.count
        where separation.backgroundCount[tile] > 0 && separation.tileInk[tile] >= max(4, Int(sampled[tile]) / 200) {
            let flat = separation.flatCount[tile] * 10 >= separation.backgroundCount[tile] * 7
            let sum = flat ? separation.flatSum[tile] : separation.backgroundSum[tile]
            let total = flat ? separation.flatCount[tile] : separation.backgroundCount[tile]
            let color = RGB8(red: UInt8((sum.x + total / 2) / total), green: UInt8((sum.y + total / 2) / total),
                             blue: UInt8((sum.z + total / 2) / total))
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
            inkPixels: separation.inkPixels * step * step))
    }
}
