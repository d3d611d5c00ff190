/// The pixel sizes of full-screen screenshots of Apple devices, and the scale each was taken at:
/// how `scan` knows a screenshot's points without being told. Sizes from Apple's "Screenshot
/// specifications" (App Store Connect Help) and the iOS device display tables (HIG, Layout:
/// "Specifications"); portrait, a landscape capture is the same size turned.
public enum KnownScreenSizes {
    public struct Entry: Equatable, Sendable {
        /// The devices that take screenshots of this size.
        public var devices: String
        public var pixelWidth: Int
        public var pixelHeight: Int
        public var scale: Double
        /// The status bar's height in points, portrait: 20 on iPhones with a home button, 24 on
        /// iPads, 44 to 54 on iPhones with a notch or the Dynamic Island. (iPhones show none in
        /// landscape; iPads keep 24.)
        public var statusBar: Double

        public var isPad: Bool { devices.hasPrefix("iPad") }

        /// The status bar of a screenshot of this size in the given orientation.
        public func statusBar(landscape: Bool) -> Double {
            landscape && !isPad ? 0 : statusBar
        }
    }

    public static let portrait: [Entry] = [
        Entry(devices: "iPhone 4, 4s", pixelWidth: 640, pixelHeight: 960, scale: 2, statusBar: 20),
        Entry(devices: "iPhone 5, 5s, SE (1st generation)", pixelWidth: 640, pixelHeight: 1136, scale: 2, statusBar: 20),
        Entry(devices: "iPhone 6, 6s, 7, 8, SE (2nd and 3rd generation)", pixelWidth: 750, pixelHeight: 1334, scale: 2, statusBar: 20),
        Entry(devices: "iPhone 6 Plus, 6s Plus, 7 Plus, 8 Plus", pixelWidth: 1242, pixelHeight: 2208, scale: 3, statusBar: 20),
        Entry(devices: "iPhone X, XS, 11 Pro", pixelWidth: 1125, pixelHeight: 2436, scale: 3, statusBar: 44),
        Entry(devices: "iPhone XR, 11", pixelWidth: 828, pixelHeight: 1792, scale: 2, statusBar: 44),
        Entry(devices: "iPhone XS Max, 11 Pro Max", pixelWidth: 1242, pixelHeight: 2688, scale: 3, statusBar: 44),
        Entry(devices: "iPhone 12 mini, 13 mini", pixelWidth: 1080, pixelHeight: 2340, scale: 3, statusBar: 50),
        Entry(devices: "iPhone 12, 12 Pro, 13, 13 Pro, 14, 16e", pixelWidth: 1170, pixelHeight: 2532, scale: 3, statusBar: 47),
        Entry(devices: "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", pixelWidth: 1284, pixelHeight: 2778, scale: 3, statusBar: 47),
        Entry(devices: "iPhone 14 Pro, 15, 15 Pro, 16", pixelWidth: 1179, pixelHeight: 2556, scale: 3, statusBar: 54),
        Entry(devices: "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus", pixelWidth: 1290, pixelHeight: 2796, scale: 3, statusBar: 54),
        Entry(devices: "iPhone 16 Pro, 17, 17 Pro", pixelWidth: 1206, pixelHeight: 2622, scale: 3, statusBar: 54),
        Entry(devices: "iPhone Air", pixelWidth: 1260, pixelHeight: 2736, scale: 3, statusBar: 54),
        Entry(devices: "iPhone 16 Pro Max, 17 Pro Max", pixelWidth: 1320, pixelHeight: 2868, scale: 3, statusBar: 54),
        Entry(devices: "iPad 2, iPad mini (1st generation)", pixelWidth: 768, pixelHeight: 1024, scale: 1, statusBar: 24),
        Entry(devices: "iPad (3rd–6th generation), iPad Air, Air 2, iPad mini 2–5, iPad Pro 9.7-inch", pixelWidth: 1536, pixelHeight: 2048, scale: 2, statusBar: 24),
        Entry(devices: "iPad (7th–9th generation)", pixelWidth: 1620, pixelHeight: 2160, scale: 2, statusBar: 24),
        Entry(devices: "iPad Pro 10.5-inch, iPad Air (3rd generation)", pixelWidth: 1668, pixelHeight: 2224, scale: 2, statusBar: 24),
        Entry(devices: "iPad Pro 11-inch (1st–4th generation)", pixelWidth: 1668, pixelHeight: 2388, scale: 2, statusBar: 24),
        Entry(devices: "iPad Pro 11-inch (M4 and later)", pixelWidth: 1668, pixelHeight: 2420, scale: 2, statusBar: 24),
        Entry(devices: "iPad Air (4th generation and later, 11-inch), iPad (10th generation and later)", pixelWidth: 1640, pixelHeight: 2360, scale: 2, statusBar: 24),
        Entry(devices: "iPad mini (6th generation and later)", pixelWidth: 1488, pixelHeight: 2266, scale: 2, statusBar: 24),
        Entry(devices: "iPad Pro 12.9-inch, iPad Air 13-inch", pixelWidth: 2048, pixelHeight: 2732, scale: 2, statusBar: 24),
        Entry(devices: "iPad Pro 13-inch (M4 and later)", pixelWidth: 2064, pixelHeight: 2752, scale: 2, statusBar: 24),
    ]

    /// The entry for a screenshot of `width` × `height` pixels, portrait or landscape; nil when no
    /// Apple device takes screenshots of that size.
    public static func entry(width: Int, height: Int) -> Entry? {
        portrait.first { ($0.pixelWidth, $0.pixelHeight) == (width, height) || ($0.pixelWidth, $0.pixelHeight) == (height, width) }
    }
}
