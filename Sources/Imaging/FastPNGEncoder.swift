import CImagingShim

/// Writes PNGs for review images written by the hundred (overlays, previews) about 2.7 times faster
/// than libpng with zlib's fastest level, for files about as large: every row Up-filtered (PNG specification,
/// 9.2), then a deflate stream (RFC 1951) whose only matches are runs, a byte repeating the one
/// before it or the pixel before it (a flat fill, and a row like the one above, which the Up
/// filter turns into zeros), with Huffman codes built for each block of rows (RFC 1951, 3.2.7).
/// The same pixels always give the same bytes, with no library in between.
public enum FastPNGEncoder {
    /// Encodes an RGBA buffer as 8-bit RGB when every pixel is opaque, RGBA otherwise, with an
    /// sRGB chunk (perceptual intent), as `PNGEncoder` does.
    public static func encode(_ buffer: PixelBuffer) throws -> [UInt8] {
        try encode(stacking: [buffer])
    }

    /// Encodes `parts`, all of one width, as one image: their rows one after the other (an
    /// overlay's screenshot and its legend strip, with no copy of the screenshot to join them).
    public static func encode(stacking parts: [PixelBuffer]) throws -> [UInt8] {
        let width = parts.first?.width ?? 0, height = parts.reduce(0) { $0 + $1.height }
        guard width > 0, height > 0, width <= 1 << 24, height <= Int(Int32.max) else {
            throw ImagingError.encodeFailed(detail: "image size \(width) × \(height) is not encodable")
        }
        guard parts.allSatisfy({ $0.width == width }) else {
            throw ImagingError.encodeFailed(detail: "stacked parts differ in width: \(parts.map(\.width))")
        }
        // RGB unless a pixel is not opaque, which the encoder checks as it filters each row.
        guard let stream = RunDeflater.zlibStream(of: parts, width: width, height: height, channels: 3)
            ?? RunDeflater.zlibStream(of: parts, width: width, height: height, channels: 4) else {
            throw ImagingError.encodeFailed(detail: "the deflate stream of a \(width) × \(height) image could not be written")
        }
        let channels = stream.channels
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        png.appendChunk("sRGB", [0])
        png.appendChunk("IDAT", stream.bytes)
        png.appendChunk("IEND", [])
        return png
    }
}

/// The deflate side of `FastPNGEncoder`: Up-filtered rows in, a zlib stream (RFC 1950) out.
enum RunDeflater {
    /// Rows are compressed in blocks of about this many filtered bytes, each with its own codes.
    static let blockBytes = 1 << 20

    /// The rows of `parts`, one after the other (`height` in all, `width` pixels each), with
    /// `channels` 3 (RGB: nil as soon as a pixel is not opaque) or 4 (RGBA).
    static func zlibStream(of parts: [PixelBuffer], width: Int, height: Int, channels: Int) -> (bytes: [UInt8], channels: Int)? {
        let rowBytes = 1 + width * channels
        let rowsPerBlock = max(1, blockBytes / rowBytes)
        var writer = BitWriter()
        writer.bytes.reserveCapacity(width * height / 2)
        // CMF: deflate with a 32 KiB window; FLG: the fastest level, no dictionary, a multiple of 31.
        writer.bytes += [0x78, 0x01]
        var adler = Adler32()
        // Left uninitialised (a screenshot's worth of zeros took 3 % of an overlay): each block's
        // rows are filtered into `raw` before they are read, and `findRuns` writes every token it
        // returns.
        let blockCapacity = min(height, rowsPerBlock) * rowBytes
        var raw = [UInt8](unsafeUninitializedCapacity: blockCapacity) { $1 = blockCapacity }
        var tokens = [UInt32](unsafeUninitializedCapacity: blockCapacity) { $1 = blockCapacity }
        var rowsInBlock = 0, rowsDone = 0
        // The last row of the part before, which the first row of the next is filtered against.
        var lastRow: [UInt8] = []
        var opaque = true
        func filter(_ current: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?) {
            guard opaque else { return }
            raw.withUnsafeMutableBufferPointer { raw in
                opaque = filterUp(current, above: above, width: width, channels: channels, into: raw.baseAddress! + rowsInBlock * rowBytes)
            }
            guard opaque else { return }
            rowsInBlock += 1
            rowsDone += 1
            guard rowsInBlock == rowsPerBlock || rowsDone == height else { return }
            raw.withUnsafeBufferPointer { raw in
                tokens.withUnsafeMutableBufferPointer { tokens in
                    var frequencies = Frequencies()
                    let count = findRuns(in: UnsafeBufferPointer(rebasing: raw[0..<(rowsInBlock * rowBytes)]), pixelBytes: channels,
                                         tokens: tokens.baseAddress!, frequencies: &frequencies, adler: &adler)
                    writeBlock(UnsafeBufferPointer(rebasing: tokens[0..<count]), frequencies: frequencies, last: rowsDone == height, to: &writer)
                }
            }
            rowsInBlock = 0
        }
        for part in parts where part.height > 0 {
            part.pixels.withUnsafeBufferPointer { pixels in
                let base = pixels.baseAddress!
                if lastRow.isEmpty {
                    filter(base, above: nil)
                } else {
                    lastRow.withUnsafeBufferPointer { filter(base, above: $0.baseAddress!) }
                }
                for row in 1..<part.height { filter(base + row * width * 4, above: base + (row - 1) * width * 4) }
                lastRow = Array(pixels[(part.height - 1) * width * 4..<part.height * width * 4])
            }
        }
        guard opaque else { return nil }
        writer.alignToByte()
        writer.bytes.appendBigEndian(adler.value)
        return (writer.bytes, channels)
    }

    /// One row (RGBA pixels at `current`, the row above at `above`, none for the first row) with
    /// filter type 2 (Up): each byte less the one above it, alpha left out for three channels.
    /// False when three channels would drop an alpha that is not 255 (what it wrote then stands for
    /// nothing).
    static func filterUp(_ current: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, width: Int, channels: Int,
                         into out: UnsafeMutablePointer<UInt8>) -> Bool {
        out[0] = 2
        let target = out + 1
        // Most rows of a screenshot repeat the row above: all zeros (and as opaque as the row above).
        if let above, sak_bytes_equal(current, above, width * 4) != 0 {
            target.update(repeating: 0, count: width * channels)
            return true
        }
        switch (above, channels) {
        case (nil, 4):
            target.update(from: current, count: width * 4)
        case let (above?, 4):
            for index in 0..<width * 4 { target[index] = current[index] &- above[index] }
        case (_, _):
            // Vectorised in the shim, which checks the alphas as it reads them: a byte loop here
            // took a third of the encoder's own time, and a separate opacity pass a fifth.
            if sak_png_up_filter_rgb(current, above, width, target) == 0 { return false }
        }
        return true
    }

    /// A token: a literal byte (below 256), or `matchFlag | length << 8 | distance code`.
    static let matchFlag: UInt32 = 1 << 31

    struct Frequencies {
        var literals = [Int](repeating: 0, count: 286)
        var distances = [Int](repeating: 0, count: 30)
    }

    /// Splits `data` into literals and runs of at least three bytes that repeat the byte one back
    /// (distance 1) or the pixel one back (distance `pixelBytes`), the longer of the two (the
    /// nearer on a tie), at most 258 bytes each, written to `tokens` (room for one a byte);
    /// returns how many. `adler` takes in every byte, a run of one byte at once.
    static func findRuns(in data: UnsafeBufferPointer<UInt8>, pixelBytes: Int, tokens: UnsafeMutablePointer<UInt32>,
                         frequencies: inout Frequencies, adler: inout Adler32) -> Int {
        let count = data.count
        guard let bytes = data.baseAddress else { return 0 }
        var index = 0, written = 0
        func runLength(_ start: Int, distance: Int) -> Int {
            // Most bytes of text and photos start no run: one comparison tells.
            guard start >= distance, bytes[start] == bytes[start - distance] else { return 0 }
            var length = 1
            let limit = min(258, count - start)
            while length + 8 <= limit,
                  UnsafeRawPointer(bytes + start + length).loadUnaligned(as: UInt64.self)
                    == UnsafeRawPointer(bytes + start + length - distance).loadUnaligned(as: UInt64.self) {
                length += 8
            }
            while length < limit, bytes[start + length] == bytes[start + length - distance] { length += 1 }
            return length
        }
        frequencies.literals.withUnsafeMutableBufferPointer { literals in
            frequencies.distances.withUnsafeMutableBufferPointer { distances in
                lengthCodes.withUnsafeBufferPointer { lengthCodes in
                    while index < count {
                        var length = 0, distance = 1
                        if index + 2 < count {
                            length = runLength(index, distance: 1)
                            // A run as long as a match can be (258, or the rest of the data) is
                            // taken: the pixel one back cannot beat it, only tie, and ties go to
                            // the nearer. Most bytes of a screenshot's overlay end here.
                            if pixelBytes != 1 && length < min(258, count - index) {
                                let other = runLength(index, distance: pixelBytes)
                                if other > length { (length, distance) = (other, pixelBytes) }
                            }
                        }
                        if length >= 3 {
                            let code = distance - 1
                            tokens[written] = matchFlag | UInt32(length) << 8 | UInt32(code)
                            literals[Int(lengthCodes[length].symbol)] += 1
                            distances[code] += 1
                            if distance == 1 {
                                adler.add(bytes[index - 1], repeated: length)
                            } else {
                                adler.add(UnsafeBufferPointer(start: bytes + index, count: length))
                            }
                            index += length
                        } else {
                            let byte = bytes[index]
                            tokens[written] = UInt32(byte)
                            literals[Int(byte)] += 1
                            adler.add(byte)
                            index += 1
                        }
                        written += 1
                    }
                }
            }
        }
        return written
    }

    /// The length symbol (257–285), its extra bits and their value, for each match length 0...258
    /// (RFC 1951, 3.2.5); entries below 3 are unused.
    static let lengthCodes: [(symbol: UInt16, extraBits: UInt8, extra: UInt16)] = {
        let bases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let extras: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var table = [(symbol: UInt16, extraBits: UInt8, extra: UInt16)](repeating: (0, 0, 0), count: 259)
        for length in 3...258 {
            let code = length == 258 ? 28 : bases.lastIndex { $0 <= length }!
            table[length] = (UInt16(257 + code), extras[code], UInt16(length - bases[code]))
        }
        return table
    }()

    /// The order code-length code lengths are stored in (RFC 1951, 3.2.7).
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// One block with dynamic Huffman codes (BTYPE 10).
    static func writeBlock(_ tokens: UnsafeBufferPointer<UInt32>, frequencies: Frequencies, last: Bool, to writer: inout BitWriter) {
        var literals = frequencies.literals, distances = frequencies.distances
        literals[256] = 1
        // Every code must be complete: at least two symbols in each (an unused one costs nothing).
        if literals.lazy.filter({ $0 > 0 }).count < 2 { literals[0] = max(literals[0], 1) }
        for code in 0..<2 where distances.lazy.filter({ $0 > 0 }).count < 2 { distances[code] = max(distances[code], 1) }
        let literalLengths = HuffmanCode.lengths(for: literals, limit: 15)
        let distanceLengths = HuffmanCode.lengths(for: distances, limit: 15)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)

        // The two code lengths sequences as one, run-length coded with symbols 16–18.
        let sequence = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
        var lengthSymbols: [(symbol: Int, extraBits: Int, extra: Int)] = []
        var lengthFrequencies = [Int](repeating: 0, count: 19)
        var at = 0
        while at < sequence.count {
            let value = sequence[at]
            var run = 1
            while at + run < sequence.count, sequence[at + run] == value { run += 1 }
            var left = run
            if value == 0 {
                while left >= 11 { let n = min(138, left); lengthSymbols.append((18, 7, n - 11)); left -= n }
                if left >= 3 { lengthSymbols.append((17, 3, left - 3)); left = 0 }
            } else {
                lengthSymbols.append((Int(value), 0, 0))
                left -= 1
                while left >= 3 { let n = min(6, left); lengthSymbols.append((16, 2, n - 3)); left -= n }
            }
            for _ in 0..<left { lengthSymbols.append((Int(value), 0, 0)) }
            at += run
        }
        for entry in lengthSymbols { lengthFrequencies[entry.symbol] += 1 }
        if lengthFrequencies.lazy.filter({ $0 > 0 }).count < 2 { lengthFrequencies[lengthFrequencies[0] > 0 ? 1 : 0] = 1 }
        let codeLengthLengths = HuffmanCode.lengths(for: lengthFrequencies, limit: 7)
        let storedCount = max(4, (codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)

        writer.write(last ? 1 : 0, count: 1)
        writer.write(2, count: 2)
        writer.write(UInt64(literalCount - 257), count: 5)
        writer.write(UInt64(distanceCount - 1), count: 5)
        writer.write(UInt64(storedCount - 4), count: 4)
        for symbol in codeLengthOrder[0..<storedCount] { writer.write(UInt64(codeLengthLengths[symbol]), count: 3) }
        let codeLengthCodes = HuffmanCode.codes(for: codeLengthLengths)
        for entry in lengthSymbols {
            writer.write(UInt64(codeLengthCodes[entry.symbol]), count: Int(codeLengthLengths[entry.symbol]))
            if entry.extraBits > 0 { writer.write(UInt64(entry.extra), count: entry.extraBits) }
        }

        let literalCodes = HuffmanCode.codes(for: literalLengths), distanceCodes = HuffmanCode.codes(for: distanceLengths)
        // Each token's bits, code and extra bits together, at most 15 + 5 + 15 bits.
        var literalTable = [UInt64](repeating: 0, count: 256)
        for byte in 0..<256 { literalTable[byte] = UInt64(literalCodes[byte]) | UInt64(literalLengths[byte]) << 48 }
        var matchTable = [UInt64](repeating: 0, count: 259 * 4)
        for length in 3...258 {
            let code = lengthCodes[length]
            let symbol = Int(code.symbol)
            for distance in 0..<4 where distanceLengths[distance] > 0 {
                let lengthBits = Int(literalLengths[symbol])
                var bits = UInt64(literalCodes[symbol]) | UInt64(code.extra) << lengthBits
                bits |= UInt64(distanceCodes[distance]) << (lengthBits + Int(code.extraBits))
                let total = lengthBits + Int(code.extraBits) + Int(distanceLengths[distance])
                matchTable[length * 4 + distance] = bits | UInt64(total) << 48
            }
        }
        literalTable.withUnsafeBufferPointer { literalTable in
            matchTable.withUnsafeBufferPointer { matchTable in
                writer.writeTokens(tokens) { token in
                    token & matchFlag == 0 ? literalTable[Int(token)] : matchTable[Int(token >> 8 & 0x1FF) * 4 + Int(token & 3)]
                }
            }
        }
        writer.write(UInt64(literalCodes[256]), count: Int(literalLengths[256]))
    }
}

/// Huffman codes as deflate stores them: lengths from frequencies, canonical codes from lengths.
enum HuffmanCode {
    /// Code lengths for `frequencies` (0 for unused symbols) no longer than `limit` bits, with a
    /// complete code when two or more symbols are used. Ties are broken by symbol, so the same
    /// frequencies always give the same lengths.
    static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let symbols = frequencies.indices.filter { frequencies[$0] > 0 }.sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
        let n = symbols.count
        guard n > 1 else {
            if let only = symbols.first { lengths[only] = 1 }
            return lengths
        }
        // Huffman's construction with two queues: the leaves by weight, then the joined nodes,
        // which are made in order of weight.
        var weight = symbols.map { frequencies[$0] } + [Int](repeating: 0, count: n - 1)
        var parent = [Int](repeating: 0, count: 2 * n - 1)
        var leaf = 0, joined = n
        func lightest(before next: Int) -> Int {
            if leaf < n && (joined >= next || weight[leaf] <= weight[joined]) {
                leaf += 1
                return leaf - 1
            }
            joined += 1
            return joined - 1
        }
        for next in n..<(2 * n - 1) {
            let a = lightest(before: next), b = lightest(before: next)
            weight[next] = weight[a] + weight[b]
            parent[a] = next
            parent[b] = next
        }
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        var perLength = [Int](repeating: 0, count: max(limit, n) + 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
            if node < n { perLength[min(depth[node], limit)] += 1 }
        }
        // Codes cut to `limit` bits overfill the code space: lengthen shorter ones until it is
        // exactly full again (Kraft's sum of 2^-length is 1).
        var space = 0
        for length in 1...limit { space += perLength[length] << (limit - length) }
        while space > 1 << limit {
            perLength[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            space -= 1
        }
        // The rarest symbols take the longest codes.
        var next = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<perLength[length] {
                lengths[symbols[next]] = UInt8(length)
                next += 1
            }
        }
        return lengths
    }

    /// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed, as deflate's bit order
    /// writes a code's first bit lowest.
    static func codes(for lengths: [UInt8]) -> [UInt16] {
        var perLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + perLength[length - 1]) << 1
            nextCode[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value >> bit & 1 == 1 { reversed |= 1 << (Int(length) - 1 - bit) }
            return UInt16(reversed)
        }
    }
}

/// Bits written lowest first into bytes, as deflate orders them.
struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// Writes each token's bits as `entry` gives them: the bits in the low 48, their count above
    /// (at most 23, as `write` says, so fewer than 64 are ever pending). The block's bytes go to
    /// memory sized for five a token, with none of the array's checks a byte, then onto `bytes`
    /// at once.
    mutating func writeTokens(_ tokens: UnsafeBufferPointer<UInt32>, entry: (UInt32) -> UInt64) {
        let valueMask: UInt64 = (1 << 48) - 1
        var pending = self.pending, pendingCount = self.pendingCount
        let capacity = tokens.count * 5 + 8
        let block = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            var written = 0
            for token in tokens {
                let bits = entry(token)
                pending |= (bits & valueMask) &<< UInt64(pendingCount)
                pendingCount &+= Int(bits &>> 48)
                if pendingCount >= 32 {
                    raw.storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, toByteOffset: written, as: UInt32.self)
                    written &+= 4
                    pending &>>= 32
                    pendingCount &-= 32
                }
            }
            initialized = written
        }
        bytes.append(contentsOf: block)
        self.pending = pending
        self.pendingCount = pendingCount
    }

    /// Writes the low `count` bits of `bits`: at most 32 at a time, as fewer than 32 are pending.
    /// (A token is at most 23: a 15-bit length code, 5 extra bits, and a distance code of at most
    /// 3 bits, as only four distances are ever used.)
    @inline(__always) mutating func write(_ bits: UInt64, count: Int) {
        pending |= bits << pendingCount
        pendingCount += count
        if pendingCount >= 32 {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian) { bytes.append(contentsOf: $0) }
            pending >>= 32
            pendingCount -= 32
        }
    }

    /// Pads with zero bits to a whole byte and writes out every pending byte.
    mutating func alignToByte() {
        while pendingCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount = max(0, pendingCount - 8)
        }
    }
}

/// The Adler-32 checksum a zlib stream ends with (RFC 1950, 8.2): `a` the sum of the bytes plus
/// one, `b` the sum of the successive values of `a`, both modulo 65521. The sums are reduced only
/// every few thousand bytes (they cannot overflow 64 bits in between), and a run of one byte is
/// added at once: n bytes of value v add n·v to `a`, and n·a + v·n(n+1)/2 to `b`.
struct Adler32 {
    private var a: UInt64 = 1
    private var b: UInt64 = 0
    private var unreduced = 0

    @inline(__always) mutating func add(_ byte: UInt8) {
        a &+= UInt64(byte)
        b &+= a
        unreduced &+= 1
        if unreduced >= 4096 { reduce() }
    }

    @inline(__always) mutating func add(_ byte: UInt8, repeated count: Int) {
        let n = UInt64(count), v = UInt64(byte)
        b &+= n &* a &+ v &* (n &* (n &+ 1) / 2)
        a &+= n &* v
        unreduced &+= count
        if unreduced >= 4096 { reduce() }
    }

    mutating func add(_ data: UnsafeBufferPointer<UInt8>) {
        for byte in data { add(byte) }
    }

    private mutating func reduce() {
        a %= 65521
        b %= 65521
        unreduced = 0
    }

    var value: UInt32 { UInt32(b % 65521) << 16 | UInt32(a % 65521) }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        // The CRC-32 of PNG chunks (PNG specification, annex D), zlib's.
        let crc = sak_crc32(sak_crc32(0, typeBytes, typeBytes.count), data, data.count)
        appendBigEndian(crc)
    }
}

