import Imaging

/// Everything a check may look at for one screen: its contract and its decoded sRGB pixels.
public struct ScreenContext: Sendable {
    public let screen: ScreenContract
    public let image: PixelBuffer

    public init(screen: ScreenContract, image: PixelBuffer) {
        self.screen = screen
        self.image = image
    }

    public var scale: Double { screen.device.scale }

    /// A frame in points as whole pixels of the screenshot: snapped outward, clamped to the image.
    public func pixelRect(for frame: Frame) -> PixelRect {
        PixelRect.snapping(x: frame.x, y: frame.y, width: frame.width, height: frame.height, scale: scale,
                           clampedTo: image.width, image.height)
    }
}
