import Imaging

/// A line of text found in a screenshot's pixels.
public struct DetectedTextLine: Equatable, Sendable {
    /// The glyphs' bounds, in pixels.
    public var glyphs: PixelRect
    /// The bounds with a margin of background around them (a third of the line's height, at
    /// least two pixels, within the image): the frame the text checks measure.
    public var frame: PixelRect
    /// The pieces of ink the line is made of.
    public var pieces: Int

    public init(glyphs: PixelRect, frame: PixelRect, pieces: Int) {
        self.glyphs = glyphs
        self.frame = frame
        self.pieces = pieces
    }
}

/// What a detection found: the lines, top to bottom, and why nothing could be judged where that is
/// so.
public struct TextDetection: Equatable, Sendable {
    public var lines: [DetectedTextLine]
    /// Set when the pixels could not be searched (too few pixels, no flat background anywhere,
    /// too many pieces of ink to be a screen of text).
    public var unsearched: String?
}

/// Finds the lines of text in a screenshot from its pixels alone, with no model: UI text is glyphs
/// on a flat or slowly varying fill. Passes: the dominant colour of each tile (`BackgroundTiles`),
/// the pixels that differ from every background near them (`InkMask`), the connected pieces of
/// that ink (`findInkComponents`), the rows of glyph-sized pieces at word-space gaps
/// (`TextLineGrouping`) less those a drawing holds (`DrawnLines`), and single glyphs placed as
/// text is (`LoneGlyphs`); a line takes in the three dots of an ellipsis ending it
/// (`TrailingDots`). Deterministic: the same pixels give the same lines.
public struct TextDetector: Sendable {
    /// Pixels per point (3 for an @3x screenshot).
    public var scale: Double
    /// More glyph-like pieces than this is a texture or noise, not a screen of text.
    public static let maximumPieces = 40_000

    public init(scale: Double) {
        self.scale = scale
    }

    /// Tiles of six points (18 pixels at @3x), at least 10 pixels: smaller than the padding
    /// around most labels, larger than a glyph's stroke.
    var tileSize: Int { max(10, Int((6 * scale).rounded())) }

    public func detect(in image: PixelBuffer) -> TextDetection {
        let grouping = TextLineGrouping(scale: scale)
        guard image.width >= grouping.minimumGlyphHeight * 2, image.height >= grouping.minimumGlyphHeight else {
            return TextDetection(lines: [], unsearched: "the image is too small to hold text")
        }
        let backgrounds = BackgroundTiles(image: image, tileSize: tileSize)
        guard backgrounds.modes.contains(where: { $0 >= 0 }) else {
            return TextDetection(lines: [], unsearched: "no part of the image has a flat background to read text on")
        }
        let mask = InkMask(image: image, backgrounds: backgrounds, sampledTilesAreWhole: scale >= 2)
        let components = findInkComponents(in: mask)
        let pieces = components.filter { grouping.isGlyphLike($0, imageWidth: image.width) }
        guard pieces.count <= Self.maximumPieces else {
            return TextDetection(lines: [], unsearched: "\(pieces.count) glyph-sized pieces of ink: a texture or noise, not text")
        }
        let rows = grouping.lines(of: pieces, mask: mask)
        let drawn = DrawnLines(pieces: pieces, lines: rows, width: image.width, height: image.height)
        var lines: [(glyphs: PixelRect, pieces: Int)] = rows.map { members in
            (members.dropFirst().reduce(pieces[members[0]].rect) { $0.union(pieces[$1].rect) }, members.count)
        }.filter { !drawn.isDrawn($0.glyphs, pieces: $0.pieces, image: image, backgrounds: backgrounds) }
        // Single glyphs the layout shows to be text (a value under its label, a list's index letters).
        // (The pieces of a row a drawing holds are not offered again one by one.)
        let lone = pieces.indices.filter { !drawn.inLines[$0] }.map { pieces[$0] }
        lines += LoneGlyphs(scale: scale).accepted(lone, lines: lines, mask: mask, backgrounds: backgrounds, grouping: grouping).map { ($0.rect, 1) }
        // An ellipsis ending a line belongs to it (`text.truncated` reads it there).
        let dots = TrailingDots(components: components)
        lines = lines.map { line in
            let grown = dots.extending(line.glyphs)
            return (grown.glyphs, line.pieces + grown.dots)
        }
        lines = Self.mergingFragments(lines)
        var counts = [Int32](repeating: 0, count: 1 << 15)
        return TextDetection(lines: lines.compactMap { line in
            let margin = max(2, line.glyphs.height / 3)
            let frame = line.glyphs.outset(by: margin, clampedTo: image.width, image.height)
            guard Self.flatShare(of: frame, in: image, counts: &counts) >= Self.minimumFlatShare else { return nil }
            return DetectedTextLine(glyphs: line.glyphs, frame: frame, pieces: line.pieces)
        }, unsearched: nil)
    }

    /// A line of text stands on a fill: in the square windows along its frame (as wide as the frame
    /// is tall), one colour (within 8 levels a channel) holds at least a fifth of the median
    /// window. Inside a photo (sky, ice, spray) no colour does, however glyph-like the pieces of its
    /// texture; a gradient or a translucent material behind text still does, window by window. On
    /// the shared corpus's real screenshots lines inside photos held 6–18 % (one 23 %), lines on
    /// text 18 % or more, nearly all over 20 %.
    static let minimumFlatShare = 0.2

    /// The median over square windows along `rect` of the share of a window's pixels in its most
    /// common colour bin (8 levels a channel). `counts`: 2¹⁵ zeros, left zero (reused across lines).
    static func flatShare(of rect: PixelRect, in image: PixelBuffer, counts: inout [Int32]) -> Double {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        let side = max(8, rect.height)
        var shares: [Double] = []
        var touched: [Int] = []
        image.pixels.withUnsafeBytes { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                var x0 = rect.x
                while x0 < rect.maxX {
                    let width = min(side, rect.maxX - x0)
                    // A narrow last window is judged with the one before it.
                    if width < side / 2, !shares.isEmpty { break }
                    touched.removeAll(keepingCapacity: true)
                    // Pixels in runs of one bin (the top five bits of R, G and B, as a
                    // little-endian word holds them), counted a run at a time.
                    var run: Int32 = 0, runBits: UInt32 = 0
                    func countRun() {
                        guard run > 0 else { return }
                        let key = Int(runBits >> 3 & 0x1F) << 10 | Int(runBits >> 11 & 0x1F) << 5 | Int(runBits >> 19 & 0x1F)
                        if counts[key] == 0 { touched.append(key) }
                        counts[key] &+= run
                    }
                    for y in rect.y..<rect.maxY {
                        var offset = (y * image.width + x0) * 4
                        for _ in 0..<width {
                            let bits = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) & 0x00F8_F8F8
                            if bits != runBits {
                                countRun()
                                (runBits, run) = (bits, 0)
                            }
                            run &+= 1
                            offset &+= 4
                        }
                    }
                    countRun()
                    var best: Int32 = 0
                    for key in touched {
                        best = max(best, counts[key])
                        counts[key] = 0
                    }
                    shares.append(Double(best) / Double(width * rect.height))
                    x0 += side
                }
            }
        }
        return shares.sorted()[shares.count / 2]
    }

    /// Lines that lie mostly (half their area or more) inside a larger line's box are pieces of
    /// its glyphs that did not join it (the inside of a heavy letter): they join it.
    static func mergingFragments(_ lines: [(glyphs: PixelRect, pieces: Int)]) -> [(glyphs: PixelRect, pieces: Int)] {
        let bySize = lines.indices.sorted { (lines[$0].glyphs.area, $1) > (lines[$1].glyphs.area, $0) }
        var kept: [Int] = []
        var merged = lines
        for index in bySize {
            let box = lines[index].glyphs
            if let host = kept.first(where: { overlap(merged[$0].glyphs, box) * 2 >= box.area }) {
                merged[host].glyphs = merged[host].glyphs.union(box)
                merged[host].pieces += lines[index].pieces
            } else {
                kept.append(index)
            }
        }
        return kept.sorted { (lines[$0].glyphs.y, lines[$0].glyphs.x) < (lines[$1].glyphs.y, lines[$1].glyphs.x) }.map { merged[$0] }
    }

    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Int {
        max(0, min(a.maxX, b.maxX) - max(a.x, b.x)) * max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
    }
}

extension TextDetection {
    /// One text element a line, for the audit and for a contract to start from: the line's frame
    /// in points, id `text@X,Y` from its glyphs' top-left corner in whole points (`#2`, `#3`… for
    /// lines that share one), no content (the pixels do not say what the text reads) and no
    /// declared size (the text checks measure it from the glyphs).
    public func elements(scale: Double) -> [ElementContract] {
        var used: [String: Int] = [:]
        return lines.map { line in
            var id = "text@\(Int((Double(line.glyphs.x) / scale).rounded())),\(Int((Double(line.glyphs.y) / scale).rounded()))"
            let seen = used[id, default: 0] + 1
            used[id] = seen
            if seen > 1 { id += "#\(seen)" }
            let frame = Frame(x: Double(line.frame.x) / scale, y: Double(line.frame.y) / scale,
                              width: Double(line.frame.width) / scale, height: Double(line.frame.height) / scale)
            return ElementContract(id: id, role: .text, frame: frame, text: TextSpec(content: ""))
        }
    }
}
