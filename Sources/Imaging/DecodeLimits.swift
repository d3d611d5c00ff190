/// Caps checked against an image's header before any pixel memory is allocated, so that a tiny
/// file claiming gigapixels fails fast.
public struct DecodeLimits: Equatable, Sendable {
    public var maxWidth: Int
    public var maxHeight: Int
    public var maxPixels: Int
    /// Files larger than this are not read into memory.
    public var maxFileBytes: Int

    public init(maxWidth: Int = 32_768, maxHeight: Int = 32_768, maxPixels: Int = 100_000_000,
                maxFileBytes: Int = 512 * 1024 * 1024) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    /// The defaults fit a 13" iPad Pro screenshot (2064 × 2752 px, 5.7 MP) many times over: up to
    /// 32768 px a side and 100 MP (about 400 MB decoded).
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
}
