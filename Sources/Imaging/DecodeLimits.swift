/// Caps checked against an image's header before any pixel memory is allocated, so that a tiny
/// file claiming gigapixels fails fast.
public struct DecodeLimits: Equatable, Sendable {
    public var maxWidth: Int
    public var maxHeight: Int
    public var maxPixels: Int
    /// Files larger than this are not read into memory.
    public var maxFileBytes: Int
    /// The decoder's own working memory beside the decoded frame. A progressive JPEG keeps every
    /// DCT coefficient until its last scan, 2 bytes per sample (6 bytes a pixel in colour): judged
    /// from the header before decoding, and enforced on libjpeg's allocator as well. Baseline JPEG
    /// and PNG decode a few rows at a time and need far less.
    public var maxWorkingBytes: Int

    public init(maxWidth: Int = 32_768, maxHeight: Int = 32_768, maxPixels: Int = 100_000_000,
                maxFileBytes: Int = 512 * 1024 * 1024, maxWorkingBytes: Int = 256 * 1024 * 1024) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.maxWorkingBytes = maxWorkingBytes
    }

    /// The defaults fit a 13" iPad Pro screenshot (2064 × 2752 px, 5.7 MP) many times over: up to
    /// 32768 px a side and 100 MP (about 400 MB decoded), and 256 MB of decoder working memory (a
    /// progressive colour JPEG of up to about 44 MP).
    public static let `default` = DecodeLimits()

    /// A description of the first limit `width` × `height` breaks, or nil when it fits.
    public func violation(width: Int, height: Int) -> String? {
        if width > maxWidth { return "width \(width) px exceeds the limit of \(maxWidth) px" }
        if height > maxHeight { return "height \(height) px exceeds the limit of \(maxHeight) px" }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            return "\(width) × \(height) px exceeds the limit of \(maxPixels) pixels"
        }
        return nil
    }

    /// Why a progressive JPEG of this size is refused before decoding, or nil: its coefficient
    /// buffers (2 bytes per sample, every component at full size, a bound on subsampled ones)
    /// would exceed `maxWorkingBytes`.
    public func progressiveViolation(width: Int, height: Int, components: Int) -> String? {
        let (samples, overflow) = width.multipliedReportingOverflow(by: height)
        let bytes = overflow ? Int.max : samples.multipliedReportingOverflow(by: 2 * max(1, components)).partialValue
        guard overflow || bytes > maxWorkingBytes else { return nil }
        return "a progressive JPEG of \(width) × \(height) px needs about \(bytes / 1_048_576) MB of decoder memory, over the limit of \(maxWorkingBytes / 1_048_576) MB"
    }
}
