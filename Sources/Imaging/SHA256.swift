import ColorScience

/// SHA-256 (FIPS 180-4), for content digests of decoded pixels and stable fingerprints.
/// Written here because CryptoKit is Apple-only and no outside package can be fetched.
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    public init() {}

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            pending.append(byte)
            totalBytes &+= 1
            if pending.count == 64 {
                compress(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Fast path for large contiguous buffers (decoded images).
    public mutating func update(_ bytes: [UInt8]) {
        var index = 0
        if !pending.isEmpty {
            while index < bytes.count && pending.count < 64 {
                pending.append(bytes[index])
                index += 1
            }
            totalBytes &+= UInt64(index)
            if pending.count == 64 {
                compress(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        let whole = (bytes.count - index) / 64
        if whole > 0 {
            bytes.withUnsafeBytes { buffer in
                compressBlocks(buffer.baseAddress! + index, count: whole)
            }
            index += whole * 64
            totalBytes &+= UInt64(whole * 64)
        }
        if index < bytes.count {
            pending.append(contentsOf: bytes[index...])
            totalBytes &+= UInt64(bytes.count - index)
        }
    }

    public mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        for start in stride(from: 0, to: tail.count, by: 64) { compress(Array(tail[start..<(start + 64)])) }
        pending.removeAll()
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as 64 lower-case hex digits, as `shasum -a 256` prints it.
    public static func hexDigest(_ bytes: [UInt8]) -> String { Hex.digits(hash(bytes), uppercase: false) }

    private mutating func compress(_ block: [UInt8]) {
        block.withUnsafeBytes { compressBlocks($0.baseAddress!, count: 1) }
    }

    /// Compresses `count` 64-byte blocks starting at `blocks`. Written for debug builds as much as
    /// for release ones: state in locals, the message schedule and constants through pointers, and
    /// only the integer operators the compiler inlines without optimising (`&+`, `&>>`, `&<<`),
    /// so that the digests the tests pin cost milliseconds, not seconds, in `swift test`.
    private mutating func compressBlocks(_ blocks: UnsafeRawPointer, count: Int) {
        var h0 = state[0], h1 = state[1], h2 = state[2], h3 = state[3]
        var h4 = state[4], h5 = state[5], h6 = state[6], h7 = state[7]
        let bytes = blocks.assumingMemoryBound(to: UInt8.self)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            let w = schedule.baseAddress!
            Self.k.withUnsafeBufferPointer { constants in
                let k = constants.baseAddress!
                var block = 0
                while block < count {
                    let base = bytes + block * 64
                    var t = 0
                    while t < 16 {
                        let p = base + t * 4
                        w[t] = UInt32(p[0]) &<< 24 | UInt32(p[1]) &<< 16 | UInt32(p[2]) &<< 8 | UInt32(p[3])
                        t += 1
                    }
                    while t < 64 {
                        let x = w[t - 15], y = w[t - 2]
                        let s0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
                        let s1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                        t += 1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    t = 0
                    while t < 64 {
                        let s1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                        let choice = (e & f) ^ (~e & g)
                        let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let temp2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ temp1
                        d = c; c = b; b = a; a = temp1 &+ temp2
                        t += 1
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    block += 1
                }
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }
}

extension PixelBuffer {
    /// SHA-256 of the RGBA bytes, hex: equal digests mean equal pixels, whatever the file format.
    public var pixelDigest: String { SHA256.hexDigest(pixels) }
}
