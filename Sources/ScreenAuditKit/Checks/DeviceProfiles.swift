/// The unsafe areas of every iPhone and iPad screenshot size `KnownScreenSizes` lists: what the
/// system draws over or cuts away, portrait, in points — the status bar or sensor housing at the
/// top, the home indicator at the bottom, and the radius of the display's rounded corners. The
/// insets are those UIKit reports as `safeAreaInsets` on each device (top, bottom; landscape moves
/// the top inset to both sides and leaves 21 pt for the home indicator); the corner radii are the
/// displays' (39 pt on iPhone X to 62 pt on iPhone 16 Pro). A contract's `device.safeArea`
/// overrides them for a device not listed or measured otherwise.
public enum DeviceProfiles {
    struct Portrait {
        var top: Double
        var bottom: Double
        var corner: Double
    }

    /// By portrait pixel size.
    static let table: [String: Portrait] = [
        // Home button: the 20 pt status bar only (hidden in landscape), square corners.
        "640x960": Portrait(top: 20, bottom: 0, corner: 0),
        "640x1136": Portrait(top: 20, bottom: 0, corner: 0),
        "750x1334": Portrait(top: 20, bottom: 0, corner: 0),
        "1242x2208": Portrait(top: 20, bottom: 0, corner: 0),
        // Face ID iPhones: sensor housing or Dynamic Island, home indicator, rounded corners.
        "1125x2436": Portrait(top: 44, bottom: 34, corner: 39),
        "828x1792": Portrait(top: 48, bottom: 34, corner: 41.5),
        "1242x2688": Portrait(top: 44, bottom: 34, corner: 39),
        "1080x2340": Portrait(top: 50, bottom: 34, corner: 44),
        "1170x2532": Portrait(top: 47, bottom: 34, corner: 47.33),
        "1284x2778": Portrait(top: 47, bottom: 34, corner: 53.33),
        "1179x2556": Portrait(top: 59, bottom: 34, corner: 55),
        "1290x2796": Portrait(top: 59, bottom: 34, corner: 55),
        "1206x2622": Portrait(top: 62, bottom: 34, corner: 62),
        "1260x2736": Portrait(top: 62, bottom: 34, corner: 62),
        "1320x2868": Portrait(top: 62, bottom: 34, corner: 62),
        // iPads with a home button: the status bar; square corners.
        "768x1024": Portrait(top: 20, bottom: 0, corner: 0),
        "1536x2048": Portrait(top: 20, bottom: 0, corner: 0),
        "1620x2160": Portrait(top: 20, bottom: 0, corner: 0),
        "1668x2224": Portrait(top: 20, bottom: 0, corner: 0),
        // iPads with the home indicator (2048 × 2732 also fits the first 12.9-inch iPads Pro,
        // which had a home button: the stricter profile is taken).
        "1668x2388": Portrait(top: 24, bottom: 20, corner: 18),
        "1668x2420": Portrait(top: 24, bottom: 20, corner: 18),
        "1640x2360": Portrait(top: 24, bottom: 20, corner: 18),
        "1488x2266": Portrait(top: 24, bottom: 20, corner: 18),
        "2048x2732": Portrait(top: 24, bottom: 20, corner: 18),
        "2064x2752": Portrait(top: 24, bottom: 20, corner: 18),
    ]

    /// The unsafe areas of `device`: its contract's `safeArea`, else its size's profile turned to
    /// its orientation; nil for a device of no known size. `source` names where they came from.
    public static func safeArea(of device: DeviceSpec) -> (insets: SafeAreaInsets, source: String)? {
        if let declared = device.safeArea { return (declared, "the contract's device.safeArea") }
        let (w, h) = (device.pixelWidth, device.pixelHeight)
        guard let portrait = table["\(min(w, h))x\(max(w, h))"], let entry = KnownScreenSizes.entry(width: w, height: h) else { return nil }
        let corner = portrait.corner > 0 ? portrait.corner : nil
        guard w > h else {
            return (SafeAreaInsets(top: portrait.top, left: 0, bottom: portrait.bottom, right: 0, cornerRadius: corner), entry.devices)
        }
        if entry.isPad { return (SafeAreaInsets(top: portrait.top, left: 0, bottom: portrait.bottom, right: 0, cornerRadius: corner), entry.devices) }
        // An iPhone on its side: no status bar; a Face ID iPhone keeps its housing's inset on both
        // sides and 21 pt for the home indicator.
        let side = portrait.bottom > 0 ? portrait.top : 0
        return (SafeAreaInsets(top: 0, left: side, bottom: portrait.bottom > 0 ? 21 : 0, right: side, cornerRadius: corner), entry.devices)
    }
}
