import ColorScience
import Foundation
import Imaging

/// Builders for test images: PNGs of every layout, hand-made chunks, ICC profiles.
enum TestImages {
    /// Packs one sample per entry into PNG row bytes at `bitDepth` (1, 2, 4, 8 or 16 bits).
    static func pack(_ samples: [Int], samplesPerRow: Int, bitDepth: Int) -> [UInt8] {
        var out: [UInt8] = []
        for rowStart in stride(from: 0, to: samples.count, by: samplesPerRow) {
            let row = samples[rowStart..<(rowStart + samplesPerRow)]
            switch bitDepth {
            case 16:
                for sample in row { out += [UInt8(sample >> 8), UInt8(sample & 0xFF)] }
            case 8:
                for sample in row { out.append(UInt8(sample)) }
            default:
                var byte = 0, used = 0
                for sample in row {
                    byte = byte << bitDepth | sample
                    used += bitDepth
                    if used == 8 {
                        out.append(UInt8(byte))
                        byte = 0
                        used = 0
                    }
                }
                if used > 0 { out.append(UInt8(byte << (8 - used))) }
            }
        }
        return out
    }

    /// A sample value that varies over the image and covers 0 and the maximum.
    static func sample(x: Int, y: Int, channel: Int, maximum: Int) -> Int {
        if x == 0 && y == 0 { return 0 }
        if x == 1 && y == 0 { return maximum }
        let value = x * 7 + y * 13 + channel * 29 + x * y
        // Spread 16-bit samples over the whole range so that rounding and truncation differ.
        return maximum > 255 ? value * 251 % (maximum + 1) : value % (maximum + 1)
    }

    /// 8-bit value libpng produces for a sample of `bitDepth` bits: exact scaling for low depths,
    /// rounding for 16-bit.
    static func to8Bit(_ value: Int, bitDepth: Int) -> UInt8 {
        let maximum = (1 << bitDepth) - 1
        return UInt8((Double(value) * 255 / Double(maximum)).rounded())
    }

    // MARK: - Chunks by hand

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG whose IHDR claims `width` × `height` 8-bit RGB, with a token IDAT.
    static func pngHeaderOnly(width: UInt32, height: UInt32) -> [UInt8] {
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        // A valid zlib stream of one empty stored block.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        return pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// Offsets of each chunk in a PNG: (type, offset of the length field, data length).
    static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var result: [(String, Int, Int)] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            result.append((type, offset, length))
            offset += 12 + length
        }
        return result
    }

    /// An opaque RGB test card: flat areas of `colors` in vertical bands.
    static func bands(width: Int, height: Int, colors: [RGB8]) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                buffer[x, y] = RGBA(colors[x * colors.count / width])
            }
        }
        return buffer
    }

    static func rgbSamples(_ buffer: PixelBuffer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(buffer.width * buffer.height * 3)
        for index in stride(from: 0, to: buffer.pixels.count, by: 4) {
            out += buffer.pixels[index..<(index + 3)]
        }
        return out
    }

    // MARK: - ICC profiles

    /// A minimal RGB display profile (ICC v2): header, `desc`, `wtpt`, colorants and gamma curves.
    /// `colorants` are rXYZ, gXYZ, bXYZ (D50-adapted).
    static func iccProfile(description: String, colorants: [[Double]]) -> [UInt8] {
        func s15(_ value: Double) -> [UInt8] { bigEndian(UInt32(bitPattern: Int32((value * 65536).rounded()))) }
        func xyzTag(_ v: [Double]) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + s15(v[0]) + s15(v[1]) + s15(v[2]) }
        var text = Array(description.utf8) + [0]
        var desc = Array("desc".utf8) + [0, 0, 0, 0] + bigEndian(UInt32(text.count)) + text
        desc += [UInt8](repeating: 0, count: 4 + 4 + 2 + 1 + 67) // Unicode and ScriptCode parts, empty
        text = []
        let curve = Array("curv".utf8) + [0, 0, 0, 0] + bigEndian(1) + [0x02, 0x33, 0, 0] // gamma 2.2 (u8Fixed8)
        let tags: [(String, [UInt8])] = [
            ("desc", desc),
            ("wtpt", xyzTag([0.9642, 1.0, 0.8249])),
            ("rXYZ", xyzTag(colorants[0])),
            ("gXYZ", xyzTag(colorants[1])),
            ("bXYZ", xyzTag(colorants[2])),
            ("rTRC", curve),
            ("gTRC", curve),
            ("bTRC", curve),
            ("cprt", Array("text".utf8) + [0, 0, 0, 0] + Array("none".utf8) + [0]),
        ]
        var table: [UInt8] = bigEndian(UInt32(tags.count))
        var body: [UInt8] = []
        var offset = 128 + 4 + tags.count * 12
        for (signature, data) in tags {
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            table += Array(signature.utf8) + bigEndian(UInt32(offset)) + bigEndian(UInt32(data.count))
            body += padded
            offset += padded.count
        }
        var header = [UInt8](repeating: 0, count: 128)
        let size = bigEndian(UInt32(128 + table.count + body.count))
        header.replaceSubrange(0..<4, with: size)
        header.replaceSubrange(8..<12, with: [0x02, 0x10, 0, 0])        // version 2.1
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        header.replaceSubrange(68..<80, with: s15(0.9642) + s15(1.0) + s15(0.8249)) // D50 PCS illuminant
        return header + table + body
    }

    static let displayP3Colorants: [[Double]] = [
        [0.515121, 0.241196, -0.001053],
        [0.291977, 0.692245, 0.041885],
        [0.157104, 0.066574, 0.784073],
    ]

    static let sRGBColorants: [[Double]] = [
        [0.436065674, 0.222488403, 0.013916016],
        [0.385147095, 0.716873169, 0.097076416],
        [0.143066406, 0.060607910, 0.714096069],
    ]

    /// Adobe RGB (1998) colorants, D50-adapted: neither sRGB nor Display P3.
    static let adobeRGBColorants: [[Double]] = [
        [0.6097, 0.3111, 0.0195],
        [0.2053, 0.6257, 0.0609],
        [0.1492, 0.0632, 0.7446],
    ]
}

/// A small deterministic random generator (SplitMix64), so mutation tests repeat exactly.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
