// Fuzz target `png`: `ImageDecoder.decode(_:file:)` on PNG-shaped bytes.
// Run with `scripts/fuzz.sh png SECONDS`; seeds come from Fuzz/seeds/png and Samples/.
import Foundation
import Imaging

/// 8 MP covers every real screenshot among the seeds (an iPad 13" capture is 5.7 MP), so their
/// colour and private chunks are reached, while a tiny input that claims a huge size cannot cost
/// hundreds of megabytes per run. libpng stops at the first byte of missing or corrupt data, so a
/// run costs what the input holds, not what its header claims (compare Fuzz/jpeg/main.swift).
/// The default limits are tested in HostileInputTests.
let limits = DecodeLimits(maxPixels: 8_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    repairChunkCRCs(&bytes)
    checkDecoderContract(bytes, file: "fuzz.png", limits: limits)
    return 0
}

/// libpng stops at the first chunk whose CRC does not match, so almost every mutation of a chunk's
/// data would end there. Rewriting each CRC lets mutations reach the chunk's parser, as libpng's own
/// fuzzer does with `png_set_crc_action`; a bad CRC is tested in HostileInputTests.
func repairChunkCRCs(_ bytes: inout [UInt8]) {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return }
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard length <= bytes.count - offset - 12 else { return }
        let crc = CRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
        let end = offset + 8 + length
        bytes[end] = UInt8(crc >> 24)
        bytes[end + 1] = UInt8(crc >> 16 & 0xFF)
        bytes[end + 2] = UInt8(crc >> 8 & 0xFF)
        bytes[end + 3] = UInt8(crc & 0xFF)
        offset = end + 4
    }
}

/// The CRC-32 of PNG (ISO 3309 / ITU-T V.42; PNG specification, annex D).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
