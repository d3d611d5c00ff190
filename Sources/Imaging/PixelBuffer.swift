import CImagingShim
import ColorScience
import Foundation

/// One pixel: 8-bit sRGB components and straight (not premultiplied) alpha.
public struct RGBA: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(_ color: RGB8, alpha: UInt8 = 255) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
    }

    public var rgb: RGB8 { RGB8(red: red, green: green, blue: blue) }
}

/// An image in memory: 8-bit RGBA in sRGB, rows top to bottom with no padding.
/// Every decoder produces one and every check reads one.
public struct PixelBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel in reading order.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "PixelBuffer needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: RGBA = RGBA(red: 0, green: 0, blue: 0, alpha: 0)) {
        precondition(width >= 0 && height >= 0, "PixelBuffer dimensions must not be negative")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if fill != RGBA(red: 0, green: 0, blue: 0, alpha: 0) {
            pixels.withUnsafeMutableBytes { Self.repeatFirstPixel(fill, across: $0) }
        }
        self.pixels = pixels
    }

    /// Writes `color` into the first pixel of `bytes`, then doubles the written run by copying it
    /// onto the rest: a handful of `memcpy` calls instead of a store per byte, which matters in
    /// debug builds, where a per-byte loop over a 2064 × 2752 frame took a fifth of the demo.
    static func repeatFirstPixel(_ color: RGBA, across bytes: UnsafeMutableRawBufferPointer) {
        guard bytes.count >= 4, let base = bytes.baseAddress else { return }
        base.storeBytes(of: color.red, toByteOffset: 0, as: UInt8.self)
        base.storeBytes(of: color.green, toByteOffset: 1, as: UInt8.self)
        base.storeBytes(of: color.blue, toByteOffset: 2, as: UInt8.self)
        base.storeBytes(of: color.alpha, toByteOffset: 3, as: UInt8.self)
        var written = 4
        while written < bytes.count {
            let chunk = min(written, bytes.count - written)
            (base + written).copyMemory(from: base, byteCount: chunk)
            written += chunk
        }
    }

    public var bytesPerRow: Int { width * 4 }

    /// Same size and the same bytes, compared as memory: an element-by-element comparison of two
    /// frames took a second in debug builds.
    public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixels.count == rhs.pixels.count else { return false }
        return lhs.pixels.withUnsafeBytes { a in
            rhs.pixels.withUnsafeBytes { b in
                a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
    }

    public subscript(x: Int, y: Int) -> RGBA {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
            let offset = (y * width + x) * 4
            return RGBA(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
            let offset = (y * width + x) * 4
            pixels[offset] = newValue.red
            pixels[offset + 1] = newValue.green
            pixels[offset + 2] = newValue.blue
            pixels[offset + 3] = newValue.alpha
        }
    }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBytes { Self.isOpaque($0) }
    }

    /// Asks the CPU to bring the `bytes` bytes at `start` into its caches ahead of a read (a hint:
    /// it changes nothing and never faults). For passes that read a frame's rows one after the
    /// other, some way into a frame too large for the caches: the next row's pixels arrive while
    /// the current row's are read.
    public static func prefetch(_ start: UnsafeRawPointer, bytes: Int) {
        guard bytes > 0 else { return }
        sak_prefetch(start, bytes)
    }

    /// How many of the `count` pixels at `start` have the colour `rgb` (red in the low byte, then
    /// green and blue; alpha not compared), from the first to the first that differs: four pixels
    /// a step in the shim (SSE2 or NEON).
    @inline(__always)
    public static func sameColorRun(_ start: UnsafeRawPointer, count: Int, rgb: UInt32) -> Int {
        guard count > 0 else { return 0 }
        return sak_same_color_run(start.assumingMemoryBound(to: UInt8.self), count, rgb)
    }

    /// Whether every RGBA pixel in `bytes` has alpha 255, two pixels at a time (their alpha bytes
    /// are the top byte of each half of a little-endian word).
    static func isOpaque(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        var offset = 0
        while offset + 8 <= bytes.count {
            if UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & alphas != alphas { return false }
            offset += 8
        }
        return offset + 4 > bytes.count || bytes[offset + 3] == 255
    }
}

extension PixelBuffer: CustomStringConvertible, CustomDebugStringConvertible {
    /// Its size and a digest of its pixels, never the pixels: a test that takes a screenshot as
    /// an argument, or compares two, prints a line, not 12 MB of numbers.
    public var description: String {
        "PixelBuffer(\(width) × \(height), sha256 \(SHA256.hexDigest(pixels).prefix(16)))"
    }

    public var debugDescription: String { description }
}
