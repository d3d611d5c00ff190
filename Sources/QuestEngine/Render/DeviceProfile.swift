/// The devices the game's screenshot routes are captured on (fastlane's output folders).
public struct DeviceProfile: Equatable, Hashable, Sendable {
    /// The folder name under `en-US/`: `iPhone_small`, `iPhone_large`, `iPad`.
    public let id: String
    public let name: String
    /// Screen size in points.
    public let width: Double
    public let height: Double
    /// Pixels per point.
    public let scale: Double
    /// The home indicator's safe-area inset at the bottom, in points (UIKit's `safeAreaInsets`):
    /// none on a home-button iPhone, 34 pt on a Face ID iPhone, 20 pt on an iPad Pro.
    public let bottomInset: Double

    public static let iPhoneSmall = DeviceProfile(id: "iPhone_small", name: "iPhone small", width: 375, height: 667, scale: 2, bottomInset: 0)
    public static let iPhoneLarge = DeviceProfile(id: "iPhone_large", name: "iPhone large", width: 440, height: 956, scale: 3, bottomInset: 34)
    public static let iPad = DeviceProfile(id: "iPad", name: "iPad", width: 1032, height: 1376, scale: 2, bottomInset: 20)

    public static let all: [DeviceProfile] = [.iPhoneSmall, .iPhoneLarge, .iPad]

    public static func named(_ id: String) -> DeviceProfile? { all.first { $0.id == id } }

    public var pixelWidth: Int { Int(width * scale) }
    public var pixelHeight: Int { Int(height * scale) }
    public var isPad: Bool { width >= 700 }
}
