import ColorScience
import Imaging

/// `layout.safe-area` — review only: an interactive or text element reaches into the device's
/// unsafe areas (status bar or Dynamic Island, home indicator, rounded corners), from the device's
/// profile (`DeviceProfiles`) or the contract's `device.safeArea`. Runs on screens whose contract
/// declares `design` tokens or `device.safeArea`.
public struct LayoutSafeAreaRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.layoutSafeArea, title: "Element in an unsafe area",
        reference: "Apple HIG Layout: safe areas; UIKit safeAreaInsets",
        defaultSeverity: .info,
        rationale: "Controls and text under the status bar, the Dynamic Island, the home indicator or a rounded corner are covered, clipped or hard to reach.")

    static func device(_ screen: inout ExampleScreen) { screen.safeArea = SafeAreaInsets(top: 20, left: 0, bottom: 17, right: 0, cornerRadius: 12) }

    public static let examples: [CheckExample] = [
        CheckExample("a button clear of the home indicator", element: "button", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            device(&screen)
            screen.control("button", role: .button, frame: Frame(x: 40, y: 50, width: 120, height: 44), fill: RGB8(red: 0x0A, green: 0x84, blue: 0xFF))
            return screen.context()
        },
        CheckExample("a button over the home indicator", element: "button", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            device(&screen)
            screen.control("button", role: .button, frame: Frame(x: 40, y: 70, width: 120, height: 44), fill: RGB8(red: 0x0A, green: 0x84, blue: 0xFF))
            return screen.context()
        },
    ]

    public init() {}

    /// What `layout.safe-area` reports: the area reached, its inset and how far the element reaches in.
    public struct Measured: RuleMeasurement {
        /// `top`, `bottom`, `left`, `right` or `corner`.
        public var area: String?
        /// The area's inset (for a corner: its radius), in points.
        public var inset: Double?
        /// How far the element reaches into it, in points.
        public var depth: Double?
        /// Where the insets come from: the device's name, or the contract.
        public var profile: String?

        public init(area: String? = nil, inset: Double? = nil, depth: Double? = nil, profile: String? = nil) {
            self.area = area
            self.inset = inset
            self.depth = depth
            self.profile = profile
        }

        var areaName: String {
            switch area {
            case "top": "top unsafe area (status bar or sensor housing"
            case "bottom": "bottom unsafe area (home indicator"
            case "corner": "rounded corner (radius"
            default: "\(area ?? "?") unsafe area (inset"
            }
        }

        public func message(_ facts: FindingFacts) -> String {
            "reaches \(Words.number(depth)) pt into the \(areaName), \(Words.number(inset)) pt) of \(profile ?? "the device")"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\(Words.number(depth)) pt into the \(area ?? "?") area" }

        public func requiredText(_ facts: FindingFacts) -> String? { "clear of it (\(Words.number(facts.threshold)) pt allowed)" }

        public var fingerprintBucket: String { "area:\(area ?? "-")" }
    }

    /// How far `frame` reaches into each unsafe area of a `width` × `height` pt screen, deepest first.
    static func intrusions(of frame: Frame, insets: SafeAreaInsets, width: Double, height: Double) -> [(area: String, inset: Double, depth: Double)] {
        var found: [(area: String, inset: Double, depth: Double)] = []
        if insets.top > 0 { found.append(("top", insets.top, insets.top - frame.y)) }
        if insets.bottom > 0 { found.append(("bottom", insets.bottom, frame.maxY - (height - insets.bottom))) }
        if insets.left > 0 { found.append(("left", insets.left, insets.left - frame.x)) }
        if insets.right > 0 { found.append(("right", insets.right, frame.maxX - (width - insets.right))) }
        if let r = insets.cornerRadius, r > 0 {
            // The point of the frame nearest each corner, against the corner's circle.
            for (cx, cy) in [(r, r), (width - r, r), (r, height - r), (width - r, height - r)] {
                let px = cx < width / 2 ? frame.x : frame.maxX, py = cy < height / 2 ? frame.y : frame.maxY
                let beyond = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() - r
                let inCorner = (cx < width / 2 ? px < cx : px > cx) && (cy < height / 2 ? py < cy : py > cy)
                if inCorner { found.append(("corner", r, beyond)) }
            }
        }
        return found.filter { $0.depth > 0 }.sorted { $0.depth > $1.depth }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let device = screen.screen.device
        // Review-only rules run where the contract asks for the design audit (`design`, or the
        // device's own `safeArea`).
        guard screen.screen.design != nil || device.safeArea != nil,
              let (insets, profile) = DeviceProfiles.safeArea(of: device) else { return [] }
        let allowed = screen.screen.design?.tolerances.points ?? DesignTolerance().resolved.points
        return screen.screen.elements.compactMap { element in
            guard element.role.isInteractive || screen.text(of: element) != nil else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            let deepest = Self.intrusions(of: element.frame, insets: insets, width: device.width, height: device.height).first
            guard let deepest, deepest.depth > allowed else {
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .pass, severity: Self.descriptor.defaultSeverity,
                                   frame: rect, measured: .layoutSafeArea(Measured()), threshold: allowed)
            }
            let measured = Measured(area: deepest.area, inset: deepest.inset, depth: deepest.depth.rounded(places: 1), profile: profile)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: .fail, severity: Self.descriptor.defaultSeverity,
                               frame: rect, measured: .layoutSafeArea(measured), threshold: allowed)
        }
    }
}
