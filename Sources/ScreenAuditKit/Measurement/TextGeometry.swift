import ColorScience
import Imaging

/// One line of text as the pixels show it. Positions are pixels from the frame's top edge.
public struct TextLineGeometry: Equatable, Sendable {
    /// The first and last rows holding the line's ink (accents and descenders included).
    public var topRow: Int
    public var bottomRow: Int
    /// Where the glyphs stand, to a fraction of a pixel: the bottom edge most columns share.
    public var baseline: Double

    public init(topRow: Int, bottomRow: Int, baseline: Double) {
        self.topRow = topRow
        self.bottomRow = bottomRow
        self.baseline = baseline
    }
}

/// What the pixels of a text frame say about the size of its text.
public struct TextGeometry: Equatable, Sendable {
    public var lines: [TextLineGeometry]
    /// Height above the baseline of the capitals' (and digits') tops, in pixels; nil when the
    /// text shows none.
    public var capHeight: Double?
    /// Height above the baseline of the lower-case letters' tops, in pixels; nil when the text
    /// shows none.
    public var xHeight: Double?
    /// For text mostly in a script without capitals (Chinese, Japanese, Korean): the height of its
    /// lines' ink, top to bottom, in pixels (the median over the lines); nil otherwise.
    public var ideographHeight: Double?

    public init(lines: [TextLineGeometry], capHeight: Double?, xHeight: Double?, ideographHeight: Double? = nil) {
        self.lines = lines
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.ideographHeight = ideographHeight
    }
}

public enum TextGeometryOutcome: Equatable, Sendable {
    case measured(TextGeometry)
    /// The pixels cannot support a measurement; the reason says why.
    case notMeasurable(String)
}

/// Which vertical metrics a string's glyphs reach, read from its characters: what the levels found
/// in the pixels are expected to be. Unknown scripts set none of these.
struct TextMetricsExpectation: Equatable, Sendable {
    /// Capitals and digits: tops at the cap height.
    var capitals = 0
    /// Lower-case letters: tops (or shoulders and bowls) at the x-height.
    var lowercase = 0
    /// Glyphs that rise above the cap height: the lower-case b d f h k l, and brackets and
    /// slashes, which reach the ascender in SF Pro as in the stroke font.
    var ascenders = 0
    /// Letters that reach below the baseline (g j p q y).
    var descenders = 0
    /// Letters and digits of any script: what can be measured at all.
    var letters = 0
    /// Lower-case letters whose tops stand at the x-height (not b d f h k l).
    var xHeightTops = 0
    /// Han ideographs, kana and hangul: glyphs drawn in a square body, without capitals.
    var ideographs = 0
    /// Capitals outside ASCII (Å, É, Ø): most carry a mark above the cap height.
    var accentedCapitals = 0

    /// Ink rises above the capitals: accents over them, or brackets and slashes.
    var hasMarksAboveCapitals: Bool { accentedCapitals > 0 || ascenders > 0 }

    init(_ content: String?) {
        let content = content ?? ""
        // ASCII text (most labels) byte by byte: each byte is a character there, with the same
        // classes, and hashing `Character`s for the sets below cost more than the rest.
        if content.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in content.utf8 { countASCII(byte) }
        } else {
            countCharacters(content)
        }
    }

    /// The counts from `content`'s characters, whatever their script (`init` for non-ASCII text).
    init(characters content: String) {
        countCharacters(content)
    }

    private mutating func countCharacters(_ content: String) {
        for character in content {
            if character.isLetter || character.isNumber { letters += 1 }
            if let scalar = character.unicodeScalars.first, Self.isIdeographic(scalar) { ideographs += 1 }
            if Self.ascenderMarks.contains(character) {
                ascenders += 1
            } else if character.isUppercase || character.isNumber || Self.capHeightMarks.contains(character) {
                capitals += 1
                // A capital with a mark above it (Å, É): its ink rises over the cap height.
                if character.isUppercase, !character.isASCII { accentedCapitals += 1 }
            } else if character.isLowercase {
                lowercase += 1
                if let base = character.unicodeScalars.first {
                    if Self.ascenderLetters.unicodeScalars.contains(base) { ascenders += 1 } else { xHeightTops += 1 }
                    if Self.descenderLetters.unicodeScalars.contains(base) { descenders += 1 }
                }
            }
        }
    }

    private mutating func countASCII(_ byte: UInt8) {
        let isUpper = (0x41...0x5A).contains(byte), isLower = (0x61...0x7A).contains(byte), isDigit = (0x30...0x39).contains(byte)
        if isUpper || isLower || isDigit { letters += 1 }
        if Self.asciiAscenderMarks.contains(byte) {
            ascenders += 1
        } else if isUpper || isDigit || Self.asciiCapHeightMarks.contains(byte) {
            capitals += 1
        } else if isLower {
            lowercase += 1
            if Self.asciiAscenderLetters.contains(byte) { ascenders += 1 } else { xHeightTops += 1 }
            if Self.asciiDescenderLetters.contains(byte) { descenders += 1 }
        }
    }

    // The sets below as bytes, for `countASCII`.
    private static let asciiAscenderMarks = ascenderMarks.compactMap(\.asciiValue)
    private static let asciiCapHeightMarks = capHeightMarks.compactMap(\.asciiValue)
    private static let asciiAscenderLetters = Array(ascenderLetters.utf8)
    private static let asciiDescenderLetters = Array(descenderLetters.utf8)

    /// Lower-case letters (and letters built on them, as é on e) that rise to the ascender.
    static let ascenderLetters = "bdfhkl"
    /// Lower-case letters (and letters built on them) that reach below the baseline.
    static let descenderLetters = "gjpqy"

    /// Punctuation that reaches the cap height or above, like capitals. Not # (its bars stop
    /// under the cap height in many faces, 0.64 em against 0.705 in the stroke font: "Card #"
    /// read 8 % small by it), @ (round, centred on the x-height) or * (a superior mark).
    static let capHeightMarks: Set<Character> = ["!", "?", "%", "&", "'", "\""]
    /// Punctuation that reaches the ascender, like b d f h k l.
    static let ascenderMarks: Set<Character> = ["(", ")", "[", "]", "{", "}", "/", "\\", "|"]

    var isKnown: Bool { capitals > 0 || lowercase > 0 }

    /// Ideographs, kana or hangul are among the letters: the text is sized by their square body.
    /// Latin letters beside them ("Yahoo首頁") stand within that body, except descenders, which
    /// can only make the size read larger, never smaller.
    var isIdeographic: Bool { ideographs > 0 }

    /// Han (CJK Unified Ideographs and Extension A, compatibility ideographs), hiragana, katakana
    /// and hangul syllables and jamo (Unicode blocks).
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x1100...0x11FF, 0x3130...0x318F,
             0xAC00...0xD7AF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }
}

/// Measures the baseline, x-height and cap height of the text whose ink coverage is `coverage`.
///
/// 1. Ink coverage (see `measureInkCoverage`, shapes of the frame removed): every pixel's share of
///    glyph, 0...255.
/// 2. Lines: runs of rows holding ink. Runs much shorter than the tallest (the dots of 'i', accents
///    separated from their letters) join the nearest tall run.
/// 3. Per line and column, the top and bottom edges of the ink to a fraction of a pixel: the row
///    where coverage first reaches half, corrected by the coverage of the partly covered rows at
///    the edge (an edge at y = 10.3 leaves row 10 70 % covered).
/// 4. The baseline is the bottom edge most columns share (flat bottoms and the lowest points of
///    round ones; descenders are fewer and lower). Heights of column tops above it are pooled over
///    the lines.
/// 5. Levels are heights many columns share. The x-height and the cap height are levels about
///    `capToXHeight` apart; which one a lone level is comes from `content` (capitals or lower case).
///
/// Two passes over the coverage map, then work per column.
func measureTextGeometry(_ coverage: InkCoverageOutcome, content: String?, capToXHeight: Double = 0.705 / 0.53) -> TextGeometryOutcome {
    let expectation = TextMetricsExpectation(content)
    if let content, !content.isEmpty, expectation.letters == 0 {
        return .notMeasurable("too little text to measure: \"\(content)\" has no letters or digits")
    }
    switch coverage {
    case let .notMeasurable(reason):
        return .notMeasurable(reason)
    case let .measured(coverage):
        return TextGeometryReader(coverage: coverage, expectation: expectation, capToXHeight: capToXHeight).measure()
    }
}

/// Why a frame's glyph geometry is not measured when no row of it holds ink.
let noTextPixels = "no text pixels found in the frame"

/// Steps 2–5 of `measureTextGeometry`, over the coverage map.
struct TextGeometryReader {
    let coverage: InkCoverage
    let expectation: TextMetricsExpectation
    let capToXHeight: Double

    /// Levels narrower than this (in pixels) hold the columns whose tops (or bottoms) coincide.
    static let levelWidth = 0.3
    /// The smallest level the reader trusts, in pixels: below it a glyph is a few pixels of blur.
    static let smallestLevel = 4.0
    /// Ascender (b d f h k l) ÷ cap height: 0.74 ÷ 0.705 em in SF Pro, as in the stroke font.
    static let ascenderToCapHeight = 0.74 / 0.705

    /// One column's edge: where it is, and how much it counts.
    struct Sample: Comparable {
        var value: Double
        var weight: Double
        static func < (a: Sample, b: Sample) -> Bool { a.value < b.value }
    }

    /// The top and bottom edges of one column's ink, in pixels from the frame's top.
    struct ColumnEdges {
        var top: Double
        var bottom: Double
        /// The column, in pixels from the frame's left edge.
        var column: Int = 0
    }

    func measure() -> TextGeometryOutcome {
        let lines = findLines()
        guard !lines.isEmpty else { return .notMeasurable(noTextPixels) }
        var measuredLines: [TextLineGeometry] = []
        var heights: [Sample] = []
        for line in lines {
            let edges = columnEdges(rows: line)
            let lineHeight = Double(line.count)
            guard let baseline = baseline(edges, lineHeight: lineHeight, lineBottom: Double(line.upperBound)) else { continue }
            measuredLines.append(TextLineGeometry(topRow: line.lowerBound, bottomRow: line.upperBound - 1, baseline: baseline))
            let inkHeight = baseline - Double(line.lowerBound)
            // Tops below 48 % of the line's tallest ink are dots, commas and dashes: the x-height
            // is above half of any line's height (0.53 em of at most 1 em with accents).
            let lowest = max(1, 0.48 * inkHeight)
            for column in edges where baseline - column.top >= lowest {
                // A column counts by how far its ink reaches down: the full body of a letter (a
                // stem, the sides and bowls of round letters) counts once; a thin bar alone (a
                // dash, an arch, the bar of 'T') counts as the square of its share, so a wide
                // dash cannot outvote the letters.
                let reach = min(1, (column.bottom - column.top) / (0.4 * inkHeight))
                heights.append(Sample(value: baseline - column.top, weight: reach * reach))
            }
        }
        if expectation.isIdeographic {
            // Ideographs, kana and hangul have no cap height or x-height: their body is a square
            // whose ink fills most of the em; each line's ink, top to bottom, is that body.
            let heights = lines.map { Double($0.count) }.sorted()
            let median = heights[heights.count / 2]
            guard median >= Self.smallestLevel else { return .notMeasurable("too little text to measure: the glyphs are a few pixels high") }
            let drawn = measuredLines.isEmpty ? lines.map { TextLineGeometry(topRow: $0.lowerBound, bottomRow: $0.upperBound - 1, baseline: Double($0.upperBound)) } : measuredLines
            if lines.contains(where: { $0.lowerBound == 0 }) {
                return .notMeasurable("the text reaches the frame's top edge: its height cannot be measured")
            }
            return .measured(TextGeometry(lines: drawn, capHeight: nil, xHeight: nil, ideographHeight: median))
        }
        guard !measuredLines.isEmpty else { return .notMeasurable("no baseline found: the ink has no common bottom edge") }
        Self.sortByValue(&heights)
        let peaks = Self.levels(heights, width: Self.levelWidth).filter { $0.value >= Self.smallestLevel }
        guard let strongest = peaks.first, strongest.support >= 2, var (capHeight, xHeight) = chooseLevels(peaks) else {
            return .notMeasurable("too little text to measure: no capitals or lower-case letters found")
        }
        // Capitals without lower case, or text of unknown content: diagonal and round capitals
        // (A, V, W, S, C) make few columns at the cap height and many at levels below it (a
        // hyphen's, an S's bowl), so the level chosen may lie well under the line's top. Where the
        // tallest ink stands a quarter higher than the level chosen, and several columns reach it
        // (a T's bar, an A's apex, a Z's top), the top is the cap height: "AT-ST" and "A-Z" on a
        // segmented control read 30 % small otherwise.
        if let chosen = capHeight, !expectation.isKnown || (expectation.capitals > 0 && expectation.lowercase == 0),
           let top = heights.last?.value, top >= 1.25 * chosen, heights.filter({ $0.value >= 0.95 * top }).count >= 3 {
            capHeight = top
            xHeight = nil
        }
        // Capitals alone (or a lone level of unknown content): pointed and round capitals (A, V,
        // W, O, C) and the ends of bars reach the cap height in a few columns each, so levels
        // lower down (a W's inner points, a B's waist, an A's sloping sides) can be the strongest:
        // "WAVY" and "TAB" read 5–8 % small from them. The tops of the tallest columns, where
        // at least two reach, are the cap height (round letters overshoot it by about 1 %).
        if let chosen = capHeight, xHeight == nil, !expectation.isKnown || (expectation.capitals > 0 && expectation.lowercase == 0),
           !expectation.hasMarksAboveCapitals, let top = heights.last?.value, top > chosen, top <= 1.12 * chosen {
            let reach = heights.filter { $0.value >= top - max(0.5, 0.02 * top) }
            if reach.count >= 2 { capHeight = reach[reach.count / 2].value }
        }
        // A level at the frame's top edge may be cut off: its height would understate the text.
        let tallest = capHeight ?? xHeight ?? 0
        if measuredLines.contains(where: { $0.baseline - tallest < 0.5 }) {
            return .notMeasurable("the text reaches the frame's top edge: its height cannot be measured")
        }
        return .measured(TextGeometry(lines: measuredLines, capHeight: capHeight, xHeight: xHeight))
    }

    // MARK: Lines

    /// Rows of each line of text, top to bottom.
    func findLines() -> [Range<Int>] {
        let width = coverage.width
        var rowHasInk = [Bool](repeating: false, count: coverage.height)
        coverage.values.withUnsafeBufferPointer { values in
            for row in 0..<coverage.height {
                rowHasInk[row] = InkCoverage.firstInk(in: values, from: row * width, to: row * width + width) != nil
            }
        }
        var runs: [Range<Int>] = []
        var start: Int?
        for row in 0...coverage.height {
            let inked = row < coverage.height && rowHasInk[row]
            if inked, start == nil { start = row }
            if !inked, let first = start {
                runs.append(first..<row)
                start = nil
            }
        }
        guard let tallest = runs.map(\.count).max() else { return [] }
        // Runs under 45 % of the tallest are marks (dots, accents) or stray pixels: each joins the
        // nearest tall run when it lies within half a line of it, and is dropped otherwise.
        let isTall = runs.map { Double($0.count) >= Double(tallest) * 0.45 }
        var lines = zip(runs, isTall).filter(\.1).map(\.0)
        for (run, tall) in zip(runs, isTall) where !tall {
            var nearest: (index: Int, gap: Int)?
            for (index, line) in lines.enumerated() {
                let gap = run.lowerBound >= line.upperBound ? run.lowerBound - line.upperBound : line.lowerBound - run.upperBound
                if nearest == nil || gap < nearest!.gap { nearest = (index, gap) }
            }
            if let nearest, Double(nearest.gap) <= Double(tallest) * 0.5 {
                let line = lines[nearest.index]
                lines[nearest.index] = min(line.lowerBound, run.lowerBound)..<max(line.upperBound, run.upperBound)
            }
        }
        return lines
    }

    // MARK: Edges

    /// For every column with ink in `rows`: the top edge of its topmost ink and the bottom edge of
    /// its lowest, in pixels from the frame's top, to a fraction of a pixel.
    func columnEdges(rows: Range<Int>) -> [ColumnEdges] {
        let width = coverage.width, height = coverage.height
        var firstInk = [Int](repeating: -1, count: width)
        var lastInk = [Int](repeating: -1, count: width)
        // Eight pixels at a time: the top bit of each byte is "at least half ink". Rows are read
        // top down for each column's first ink and bottom up for its last; a mask per eight
        // columns says which have ink already, so a column is marked once each way.
        let fullWords = width / 8, words = (width + 7) / 8
        var seen = [UInt64](repeating: 0, count: words)
        coverage.values.withUnsafeBufferPointer { values in
            firstInk.withUnsafeMutableBufferPointer { firstInk in
                lastInk.withUnsafeMutableBufferPointer { lastInk in
                    seen.withUnsafeMutableBufferPointer { seen in
                        let raw = UnsafeRawPointer(values.baseAddress!)
                        @inline(__always) func mark(_ ink: UInt64, word: Int, row: Int, into marks: UnsafeMutableBufferPointer<Int>) {
                            seen[word] |= ink
                            var bits = ink
                            while bits != 0 {
                                marks[word &* 8 &+ bits.trailingZeroBitCount >> 3] = row
                                bits &= bits &- 1
                            }
                        }
                        @inline(__always) func scan(row: Int, into marks: UnsafeMutableBufferPointer<Int>) {
                            let base = row &* width
                            for word in 0..<fullWords {
                                let ink = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base &+ word &* 8, as: UInt64.self))
                                    & 0x8080_8080_8080_8080 & ~seen[word]
                                if ink != 0 { mark(ink, word: word, row: row, into: marks) }
                            }
                            if fullWords < words {
                                let ink = Self.halfInkBits(values, at: base &+ fullWords &* 8, count: width - fullWords * 8) & ~seen[fullWords]
                                if ink != 0 { mark(ink, word: fullWords, row: row, into: marks) }
                            }
                        }
                        for row in rows { scan(row: row, into: firstInk) }
                        for index in 0..<words { seen[index] = 0 }
                        for row in rows.reversed() { scan(row: row, into: lastInk) }
                    }
                }
            }
        }
        var edges: [ColumnEdges] = []
        edges.reserveCapacity(width)
        coverage.values.withUnsafeBufferPointer { values in
            func at(_ column: Int, _ row: Int) -> Double {
                row >= 0 && row < height ? Double(values[row * width + column]) / 255 : 0
            }
            for column in 0..<width where firstInk[column] >= 0 {
                // The first half-covered row and up to two partly covered rows beyond it.
                let top = firstInk[column]
                var coveredAbove = at(column, top)
                for above in 1...2 {
                    let value = at(column, top - above)
                    if value <= 0 { break }
                    coveredAbove += value
                }
                let bottom = lastInk[column]
                var coveredBelow = at(column, bottom)
                for below in 1...2 {
                    let value = at(column, bottom + below)
                    if value <= 0 { break }
                    coveredBelow += value
                }
                edges.append(ColumnEdges(top: Double(top + 1) - coveredAbove, bottom: Double(bottom) + coveredBelow, column: column))
            }
        }
        return edges
    }

    /// The top bit of each of the `count` (at most eight) bytes at `offset`, in place: set where
    /// the coverage is at least `InkCoverage.inkLevel`.
    @inline(__always)
    static func halfInkBits(_ values: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) -> UInt64 {
        if count == 8 {
            return UInt64(littleEndian: UnsafeRawPointer(values.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                & 0x8080_8080_8080_8080
        }
        var bits: UInt64 = 0
        for byte in 0..<count where values[offset + byte] >= InkCoverage.inkLevel { bits |= 0x80 << (8 * UInt64(byte)) }
        return bits
    }

    /// The bottom edge most columns share, among columns whose ink spans at least 30 % of the
    /// line: dashes, hyphens and underscores are flat and wide enough to outnumber the letters
    /// standing on the line, but thin. Descenders end lower, and where they outnumber the letters
    /// on the line ("gypsy"), a strong level about a fifth of a line above the strongest is the
    /// baseline.
    func baseline(_ edges: [ColumnEdges], lineHeight: Double, lineBottom: Double) -> Double? {
        var bottoms: [Sample] = []
        bottoms.reserveCapacity(edges.count)
        for column in edges where column.bottom - column.top >= 0.3 * lineHeight {
            bottoms.append(Sample(value: column.bottom, weight: 1))
        }
        Self.sortByValue(&bottoms)
        let levels = Self.levels(bottoms, width: Self.levelWidth)
        guard let strongest = levels.first else { return nil }
        // Without descenders, nothing stands below the baseline: the lowest level many columns
        // share is it, and a stronger one above is a bar (the crossbar of an A, whose inside
        // columns end on it, outnumbers the legs in "AT-ST"). Text of unknown content may have
        // descenders: a level below the strongest counts only with most of its support.
        // The columns ending near the line's bottom are counted together: the points of a V or
        // a W and the feet of an A end a fraction of a pixel apart, in levels of their own.
        if expectation.descenders == 0, strongest.value < lineBottom - 0.1 * lineHeight {
            let low = bottoms.filter { $0.value >= lineBottom - 0.1 * lineHeight && $0.value > strongest.value + 0.12 * lineHeight }
            if !low.isEmpty, Double(low.count) >= (expectation.isKnown ? 0.3 : 0.6) * strongest.support {
                return low[low.count / 2].value
            }
        }
        guard expectation.descenders > 0 || !expectation.isKnown else { return strongest.value }
        // Only when the strongest level is the bottom of the ink (descenders outnumbering the
        // letters on the line) is the baseline above it; otherwise the strongest level is the
        // baseline, and levels above it are arms and bars (the middle arm of an F).
        guard strongest.value >= lineBottom - 0.1 * lineHeight else { return strongest.value }
        let above = levels.filter {
            $0.value < strongest.value - 0.12 * lineHeight && $0.value > strongest.value - 0.35 * lineHeight
                && $0.support * 2 >= strongest.support
                && Double(Self.openColumns(endingAt: $0.value, in: edges, lineHeight: lineHeight)) * 2 >= strongest.support
        }
        return above.first?.value ?? strongest.value
    }

    /// How many columns end on `level` other than those enclosed by ink reaching well below it on
    /// both sides within the same run of inked columns: the inside of an A or an H ends on its
    /// bar, between legs that go on down to the baseline. Letters standing on a baseline with
    /// descenders beside them ("gypsy") are not enclosed: a descender is on one side at most.
    /// In "A-Z" on a real segmented control the A's bar had as many columns as half the columns
    /// ending on the line, and was taken for the baseline of a line with descenders (9.3 pt for 13).
    static func openColumns(endingAt level: Double, in edges: [ColumnEdges], lineHeight: Double) -> Int {
        let near = 0.5, below = max(1.5, 0.06 * lineHeight)
        var open = 0
        for (index, column) in edges.enumerated() where abs(column.bottom - level) <= near {
            func reachesBelow(step: Int) -> Bool {
                var other = index + step, previous = column.column
                while other >= 0, other < edges.count, abs(edges[other].column - previous) == 1 {
                    if edges[other].bottom > level + below { return true }
                    if edges[other].bottom < level - below { return false }
                    previous = edges[other].column
                    other += step
                }
                return false
            }
            if !(reachesBelow(step: -1) && reachesBelow(step: 1)) { open += 1 }
        }
        return open
    }

    // MARK: Levels

    /// Sorts `samples` by value, keeping equal values in their order, as `sort()` does: counted
    /// into buckets an eighth of a pixel wide (which keeps that order and puts every pair of
    /// buckets in order), then each bucket put in order by insertion. Edges are fractions of a
    /// pixel in a frame some hundred pixels tall, a thousand or so a frame, few to a bucket out of
    /// order: this takes about half the comparison sort's time. Anything else (a negative value,
    /// one not finite, a range too wide for the buckets) goes to `sort()`.
    static func sortByValue(_ samples: inout [Sample]) {
        let bucketsPerPixel = 8.0
        var highest = 0.0
        for sample in samples {
            guard sample.value >= 0, sample.value < 1_048_576 else {
                samples.sort()
                return
            }
            highest = max(highest, sample.value)
        }
        let bucketCount = Int(highest * bucketsPerPixel) + 1
        guard samples.count > 1, bucketCount <= 16 * samples.count + 4096 else {
            samples.sort()
            return
        }
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        for sample in samples { starts[Int(sample.value * bucketsPerPixel) + 1] += 1 }
        for bucket in 0..<bucketCount { starts[bucket + 1] += starts[bucket] }
        let count = samples.count
        samples = [Sample](unsafeUninitializedCapacity: count) { sorted, initialized in
            for sample in samples {
                let bucket = Int(sample.value * bucketsPerPixel)
                (sorted.baseAddress! + starts[bucket]).initialize(to: sample)
                starts[bucket] += 1
            }
            initialized = count
            // Only values in one bucket can be out of order now; moving each back past the
            // greater ones before it (never past an equal one) keeps equal values in their order.
            for index in 1..<count {
                let sample = sorted[index]
                var at = index
                while at > 0, sorted[at - 1].value > sample.value {
                    sorted[at] = sorted[at - 1]
                    at -= 1
                }
                sorted[at] = sample
            }
        }
    }

    /// A value many columns share: `support` is the weight of the columns within `levelWidth` of
    /// each other there.
    struct Level: Equatable {
        var value: Double
        var support: Double
    }

    /// Levels in sorted `samples`, strongest first: windows `width` wide holding the most weight,
    /// none overlapping another. Edges pile up at a level from one side only (round tops and the
    /// round ends of stems fall short of it, nothing passes it), and callers pass heights and
    /// bottoms so that side is below: a level's value is the 80th percentile of its window.
    static func levels(_ samples: [Sample], width: Double) -> [Level] {
        guard !samples.isEmpty else { return [] }
        // The window starting at each sample: where it ends and the weight it holds.
        var ends = [Int](repeating: 0, count: samples.count)
        var weights = [Double](repeating: 0, count: samples.count)
        var end = 0
        var weight = samples[0].weight
        for start in samples.indices {
            if start > 0 {
                weight -= samples[start - 1].weight
                if end < start {
                    end = start
                    weight = samples[start].weight
                }
            }
            while end + 1 < samples.count, samples[end + 1].value <= samples[start].value + width {
                end += 1
                weight += samples[end].weight
            }
            ends[start] = end
            weights[start] = weight
        }
        var taken = [Bool](repeating: false, count: samples.count)
        var result: [Level] = []
        while result.count < 12 {
            var best: Int?
            for start in samples.indices where !taken[start] && !taken[ends[start]] {
                if best == nil || weights[start] > weights[best!] { best = start }
            }
            guard let best, weights[best] >= 1 || result.isEmpty else { break }
            let window = best...ends[best]
            let edge = window.lowerBound + Int((Double(window.upperBound - window.lowerBound) * 0.8).rounded())
            result.append(Level(value: samples[edge].value, support: weights[best]))
            // Nothing within a window's width of this one may form another level.
            var low = best
            while low > 0, samples[low - 1].value >= samples[best].value - width { low -= 1 }
            var high = ends[best]
            while high + 1 < samples.count, samples[high + 1].value <= samples[ends[best]].value + width { high += 1 }
            for index in low...high { taken[index] = true }
        }
        return result
    }

    /// The cap height and x-height among the levels of the column tops.
    ///
    /// Where `content` has lower case and at most half as many capitals, the strongest level is
    /// the x-height: every lower-case letter reaches it. Otherwise the strongest level is tried
    /// both ways, as the x-height with a level `capToXHeight` above it, and as the capitals' with
    /// one below; the pair holding more columns wins. The tall window is wide enough for the
    /// stroke font's x-height at every weight (cap ÷ x-height 1.28 at black to 1.37 at ultralight)
    /// and for ascenders about 5 % above the cap height, and leaves out the top of 't' and the dot
    /// of 'i' at regular weight (1.22 and 1.24).
    func chooseLevels(_ peaks: [Level]) -> (capHeight: Double?, xHeight: Double?)? {
        guard let strongest = peaks.first else { return nil }
        let capitals = expectation.capitals > 0, lowercase = expectation.lowercase > 0
        // Capitals and digits alone: the strongest level is the cap height (accents above it, as
        // the ring of 'Å', are fewer).
        if capitals && !lowercase { return (strongest.value, nil) }
        func strongestLevel(in window: ClosedRange<Double>) -> Level? {
            peaks.first { window.contains($0.value) && $0.support >= max(1.5, strongest.support / 10) }
        }
        func tallWindow(over xHeight: Double) -> ClosedRange<Double> { (xHeight * capToXHeight * 0.95)...(xHeight * capToXHeight * 1.1) }
        let below = strongestLevel(in: (strongest.value / capToXHeight / 1.1)...(strongest.value / capToXHeight / 0.95))
        let xHeight: Double
        // Text of unknown content (found in the pixels): a few capitals or ascenders over a line
        // of lower case make a weak level, yet any level at their height above the strongest
        // says the strongest is the x-height.
        let unknownOverLowercase = !expectation.isKnown && peaks.contains {
            tallWindow(over: strongest.value).contains($0.value) && $0.support >= max(1.5, strongest.support / 40)
        }
        if unknownOverLowercase {
            xHeight = strongest.value
        } else if lowercase && expectation.xHeightTops >= 2 * expectation.capitals && expectation.xHeightTops > 0 {
            // Unless a level below is nearly as strong: capitals and marks outnumber it after all.
            if let below, below.support >= strongest.support * 0.6 { xHeight = below.value } else { xHeight = strongest.value }
        } else {
            switch (strongestLevel(in: tallWindow(over: strongest.value)), below) {
            case let (above?, below?): xHeight = above.support >= below.support ? strongest.value : below.value
            case (.some, nil): xHeight = strongest.value
            case let (nil, below?): xHeight = below.value
            case (nil, nil): return lowercase && !capitals ? (nil, strongest.value) : (strongest.value, nil)
            }
        }
        // Lower case without capitals: whatever rises above the x-height is not the cap height.
        if expectation.isKnown && !capitals { return (nil, xHeight) }
        let window = tallWindow(over: xHeight)
        let tall = peaks.filter { window.contains($0.value) && $0.support >= 1.5 }
        guard let tallest = tall.first else { return (nil, xHeight) }
        guard expectation.ascenders > 0 || !expectation.isKnown else { return (tallest.value, xHeight) }
        // Capitals and ascenders, 5 % apart. The strongest tall level's height over the x-height
        // says which it is (cap ÷ x-height 1.33, ascender ÷ x-height 1.40 in SF Pro): a pair of
        // levels cannot, as the round ends of stems leave a weaker level up to 6 % below any level.
        // Below ascenders, the capitals are a strong level 5 % lower, or the ratio gives them.
        guard tallest.value / xHeight >= capToXHeight * (1 + Self.ascenderToCapHeight) / 2 else { return (tallest.value, xHeight) }
        let belowAscenders = tall.first {
            $0.value < tallest.value && $0.support >= 0.4 * tallest.support
                && abs(tallest.value / $0.value / Self.ascenderToCapHeight - 1) < 0.015
        }
        return (belowAscenders?.value ?? tallest.value / Self.ascenderToCapHeight, xHeight)
    }
}
