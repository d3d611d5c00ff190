import Imaging

/// The background colours of a screenshot, tile by tile: the colour most of a tile's pixels share,
/// or none where no colour dominates (a photo, noise, a dense texture). UI text stands on flat or
/// slowly varying fills, so a glyph's pixels are the ones that differ from every background near
/// them.
struct BackgroundTiles: Sendable {
    let tileSize: Int
    let columns: Int
    let rows: Int
    /// Per tile, row by row: the dominant colour packed as 0xRRGGBB, or -1 where none dominates.
    let modes: [Int32]
    /// Per tile: how many of its samples the dominant colour holds.
    let shares: [Int32]
    /// Per tile: whether its dominant colour is a background (`backgroundTiles`).
    let isBackground: [Bool]
    /// Per tile: whether every sample fell in one colour bin (a flat fill, most of a screen).
    let uniform: [Bool]

    /// The share of a tile's sampled pixels that must fall in one colour bin for it to have a
    /// background: 40 % keeps tiles half covered by glyph strokes, and leaves out photos, where
    /// no bin of 32 levels per channel holds that many.
    static let minimumShare = 0.4

    init(image: PixelBuffer, tileSize: Int) {
        self.tileSize = tileSize
        let columns = (image.width + tileSize - 1) / tileSize, rows = (image.height + tileSize - 1) / tileSize
        self.columns = columns
        self.rows = rows
        var modes = [Int32](repeating: -1, count: columns * rows)
        var shares = [Int32](repeating: 0, count: columns * rows)
        var uniform = [Bool](repeating: false, count: columns * rows)
        var samples: [UInt32] = []
        samples.reserveCapacity(tileSize * tileSize)
        var counts = [Int32](repeating: 0, count: 1 << 15)
        let width = image.width, height = image.height, size = tileSize
        image.pixels.withUnsafeBytes { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                for row in 0..<rows {
                    for column in 0..<columns {
                        let x0 = column * size, y0 = row * size
                        let x1 = min(width, x0 + size), y1 = min(height, y0 + size)
                        let found = Self.dominantColor(pixels, width: width, x0: x0, y0: y0, x1: x1, y1: y1, samples: &samples, counts: counts)
                        modes[row * columns + column] = found.color
                        shares[row * columns + column] = found.samples
                        uniform[row * columns + column] = found.uniform
                    }
                }
            }
        }
        self.modes = modes
        self.shares = shares
        self.uniform = uniform
        isBackground = Self.backgroundTiles(modes: modes, shares: shares, columns: columns, rows: rows, tolerance: InkMask.threshold / 2)
    }

    /// The mean colour of the most common bin (32 levels a channel; of two as common, the one
    /// with the lower red, then green, then blue bin) among every second pixel of every second row
    /// of the tile, or -1 when that bin holds less than `minimumShare` of them. `samples` is
    /// scratch space; `counts`: 2¹⁵ zeros, left zero.
    private static func dominantColor(_ pixels: UnsafeRawBufferPointer, width: Int, x0: Int, y0: Int, x1: Int, y1: Int,
                                      samples: inout [UInt32], counts: UnsafeMutableBufferPointer<Int32>)
        -> (color: Int32, samples: Int32, uniform: Bool) {
        // A pixel as a little-endian word holds R, G, B, A from its low byte up; its bin is the
        // top five bits of R, G and B.
        let binBits: UInt32 = 0x00F8_F8F8
        func key(_ bits: UInt32) -> Int { Int(bits >> 3 & 0x1F) << 10 | Int(bits >> 11 & 0x1F) << 5 | Int(bits >> 19 & 0x1F) }
        samples.removeAll(keepingCapacity: true)
        let firstPixel = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: (y0 * width + x0) * 4, as: UInt32.self))
        // Most tiles of a screen are one exact colour: every sample is the first, and so is their mean.
        var y = y0, exact = true
        while y < y1, exact {
            var offset = (y * width + x0) * 4
            let end = (y * width + x1) * 4
            while offset < end {
                if UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) & 0x00FF_FFFF
                    != firstPixel & 0x00FF_FFFF {
                    exact = false
                    break
                }
                offset &+= 8
            }
            y += 2
        }
        if exact {
            let samplesPerRow = (x1 - x0 + 1) / 2, sampledRows = (y1 - y0 + 1) / 2
            return (Int32(firstPixel & 0xFF) << 16 | Int32(firstPixel >> 8 & 0xFF) << 8 | Int32(firstPixel >> 16 & 0xFF),
                    Int32(samplesPerRow * sampledRows), true)
        }
        let first = firstPixel & binBits
        var uniform = true
        y = y0
        while y < y1 {
            var offset = (y * width + x0) * 4
            let end = (y * width + x1) * 4
            while offset < end {
                let pixel = UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if pixel & binBits != first { uniform = false }
                samples.append(pixel)
                offset &+= 8
            }
            y += 2
        }
        guard !samples.isEmpty else { return (-1, 0, false) }
        var modal = first, count = samples.count
        if !uniform {
            var touched: [Int] = []
            count = 0
            for pixel in samples {
                let bin = key(pixel)
                if counts[bin] == 0 { touched.append(bin) }
                counts[bin] &+= 1
            }
            var best = 0
            for bin in touched {
                let members = Int(counts[bin])
                if members > count || (members == count && bin < best) { (best, count) = (bin, members) }
                counts[bin] = 0
            }
            modal = UInt32(best >> 10 & 0x1F) << 3 | UInt32(best >> 5 & 0x1F) << 11 | UInt32(best & 0x1F) << 19
        }
        guard Double(count) >= minimumShare * Double(samples.count) else { return (-1, 0, false) }
        // The bin's mean colour, from the same samples.
        var red = 0, green = 0, blue = 0, members = 0
        for pixel in samples where pixel & binBits == modal {
            red += Int(pixel & 0xFF)
            green += Int(pixel >> 8 & 0xFF)
            blue += Int(pixel >> 16 & 0xFF)
            members += 1
        }
        let color = Int32((red + members / 2) / members) << 16 | Int32((green + members / 2) / members) << 8
            | Int32((blue + members / 2) / members)
        return (color, Int32(count), uniform)
    }

    /// The distinct backgrounds of a tile and its eight neighbours: what a pixel of the tile must
    /// differ from to be ink. Colours within `tolerance` of one already listed are left out.
    func candidates(column: Int, row: Int, tolerance: Int) -> [Int32] {
        var found: [Int32] = []
        for dy in -1...1 {
            let r = row + dy
            guard r >= 0, r < rows else { continue }
            for dx in -1...1 {
                let c = column + dx
                guard c >= 0, c < columns, isBackground[r * columns + c] else { continue }
                let mode = modes[r * columns + c]
                guard !found.contains(where: { Self.distance($0, mode) <= tolerance }) else { continue }
                found.append(mode)
            }
        }
        return found
    }

    /// The background most of the tiles just around `rect` (its ring of neighbouring tiles) hold,
    /// when three quarters of them or more have one (a piece standing on a fill, not at the edge
    /// of a photo); nil otherwise.
    func background(around rect: PixelRect) -> Int32? {
        let ring = ringTiles(around: rect)
        var counts: [Int32: Int] = [:]
        for tile in ring where isBackground[tile] { counts[modes[tile], default: 0] += 1 }
        guard counts.values.reduce(0, +) * 4 >= ring.count * 3 else { return nil }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The colour most of the tiles just around `rect` hold (colours within 12 levels a channel
    /// counted as one), whether or not they are backgrounds: the fill beside a logo whose own
    /// shapes and a textured backdrop leave no ring of background tiles. nil when no tile has one.
    func commonColor(around rect: PixelRect) -> Int32? {
        var colors: [(color: Int32, tiles: Int)] = []
        for tile in ringTiles(around: rect) where modes[tile] >= 0 {
            let mode = modes[tile]
            if let slot = colors.firstIndex(where: { Self.distance($0.color, mode) <= InkMask.threshold / 2 }) {
                colors[slot].tiles += 1
            } else {
                colors.append((mode, 1))
            }
        }
        return colors.max { $0.tiles < $1.tiles }?.color
    }

    /// The tiles (row by row) of the ring one tile outside the tiles `rect` covers, within the image.
    func ringTiles(around rect: PixelRect) -> [Int] {
        let c0 = max(0, rect.x / tileSize - 1), c1 = min(columns - 1, (rect.maxX - 1) / tileSize + 1)
        let r0 = max(0, rect.y / tileSize - 1), r1 = min(rows - 1, (rect.maxY - 1) / tileSize + 1)
        var ring: [Int] = []
        for row in r0...r1 {
            for column in c0...c1 where row == r0 || row == r1 || column == c0 || column == c1 { ring.append(row * columns + column) }
        }
        return ring
    }

    /// The largest difference of one channel between two packed colours.
    static func distance(_ a: Int32, _ b: Int32) -> Int {
        max(abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)), abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)),
            abs(Int(a & 0xFF) - Int(b & 0xFF)))
    }

    /// Which tiles' colours are backgrounds. Tiles inside the strokes of a heavy title take the
    /// ink's colour as their own, so a tile's colour counts only where it holds the area around
    /// it: more of the samples of the 5 × 5 tiles centred on it (30 points square) than any other
    /// colour, as the fill behind text does and a glyph's strokes never do; or where it belongs to
    /// a region of touching tiles of that colour (each within `tolerance` of the next, which lets a
    /// gradient run on) of `largeRegion` tiles.
    static func backgroundTiles(modes: [Int32], shares: [Int32], columns: Int, rows: Int, tolerance: Int) -> [Bool] {
        var sets = UnionFind(count: modes.count)
        func join(_ a: Int, _ b: Int) {
            guard modes[a] >= 0, modes[b] >= 0, distance(modes[a], modes[b]) <= tolerance else { return }
            sets.join(a, b)
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                if column > 0 { join(index, index - 1) }
                if row > 0 { join(index, index - columns) }
            }
        }
        var regionSize = [Int](repeating: 0, count: modes.count)
        for index in modes.indices where modes[index] >= 0 { regionSize[sets.root(index)] += 1 }
        var result = [Bool](repeating: false, count: modes.count)
        var colors: [(color: Int32, samples: Int)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                let mode = modes[index]
                guard mode >= 0 else { continue }
                if regionSize[sets.root(index)] >= largeRegion {
                    result[index] = true
                    continue
                }
                colors.removeAll(keepingCapacity: true)
                for r in max(0, row - 2)...min(rows - 1, row + 2) {
                    for c in max(0, column - 2)...min(columns - 1, column + 2) {
                        let other = modes[r * columns + c]
                        guard other >= 0 else { continue }
                        if let slot = colors.firstIndex(where: { distance($0.color, other) <= tolerance }) {
                            colors[slot].samples += Int(shares[r * columns + c])
                        } else {
                            colors.append((other, Int(shares[r * columns + c])))
                        }
                    }
                }
                let own = colors.first { distance($0.color, mode) <= tolerance }?.samples ?? 0
                result[index] = colors.allSatisfy { $0.samples <= own }
            }
        }
        return result
    }

    /// Tiles in a region that is a background whatever its shape: 64 tiles of six points is a
    /// 48 × 48 pt area, more than any glyph's strokes cover.
    static let largeRegion = 64
}
