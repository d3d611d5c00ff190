import Foundation

/// A screen contract made from a UI hierarchy dump, and what a reviewer should know about how
/// (elements clipped to the screen, elements left out and why).
public struct ImportedScreen: Equatable, Sendable {
    public var contract: ScreenContract
    public var notes: [String]
}

/// Turns a parsed dump into the contract the audit reads: every element a user sees or acts on,
/// with its role, its frame in points and its text, and ids that stay the same for the same UI.
///
/// Frames: XCUITest's are points already, and the scale is the screenshot's pixel width over the
/// window's point width (1, 2 or 3, within 1 %); uiautomator's are pixels, divided by the
/// density the run gives (pixels per dp). Dumps carry no font sizes: text elements get none, and
/// the checks measure the size from the glyphs.
public struct HierarchyImporter: Sendable {
    /// Android: pixels per dp (2.625 for 420 dpi). Needed for uiautomator dumps.
    public var density: Double?
    /// The `target.size` profile Android screens get; nil leaves the run's.
    public var androidTargetProfile: String?

    public init(density: Double? = nil, androidTargetProfile: String? = "android") {
        self.density = density
        self.androidTargetProfile = androidTargetProfile
    }

    public func importScreen(_ dump: HierarchyDump, id: String, screenshot: String, pixelWidth: Int, pixelHeight: Int,
                             file: String) throws(HierarchyError) -> ImportedScreen {
        let geometry: ScreenGeometry
        // Appium's iOS source is XCUITest's tree written as XML: the same types, points, roles.
        switch dump.format {
        case .xcuitest, .appium: geometry = try Self.xcuitestGeometry(dump, pixelWidth: pixelWidth, pixelHeight: pixelHeight, file: file)
        case .uiautomator:
            guard let density, density.isFinite, density > 0 else {
                throw HierarchyError(file: file, line: 0, message: "a uiautomator dump gives bounds in pixels: the density (pixels per dp) is needed to read them in points")
            }
            geometry = try Self.uiautomatorGeometry(dump, density: density, pixelWidth: pixelWidth, pixelHeight: pixelHeight, file: file)
        }
        var notes: [String] = []
        if dump.hiddenNodes > 0 {
            notes.append("\(dump.hiddenNodes) element\(dump.hiddenNodes == 1 ? "" : "s") left out: the dump marks \(dump.hiddenNodes == 1 ? "it" : "them") not visible (visible=\"false\"), or \(dump.hiddenNodes == 1 ? "it is" : "they are") inside one it does")
        }
        var drafts: [Draft] = []
        // Depth first, carrying what the ancestors say: a tab bar makes its buttons tabs; a
        // keyboard is the system's, not the app's.
        var stack: [(node: HierarchyNode, inTabBar: Bool)] = dump.roots.reversed().map { ($0, false) }
        while let (node, inTabBar) = stack.popLast() {
            let type = Self.shortType(node.type)
            if type == "Keyboard" { continue }
            let tabBar = inTabBar || type == "TabBar" || type == "TabWidget" || type == "TabLayout"
            stack.append(contentsOf: node.children.reversed().map { ($0, tabBar) })
            if type == "Application" { continue }
            if let draft = draft(node, format: dump.format, inTabBar: inTabBar, geometry: geometry, notes: &notes) {
                drafts.append(draft)
            }
        }
        let ids = Self.uniqueIDs(drafts)
        let elements = zip(drafts, ids).map { draft, id in
            ElementContract(id: id, role: draft.role, frame: draft.frame, label: draft.label,
                            text: draft.fromLabel ? draft.label.map { TextSpec(content: $0, fromLabel: true) } : draft.text.map { TextSpec(content: $0) },
                            checks: draft.inactive ? CheckOverrides(disable: Self.inactiveExemptions) : nil)
        }
        var checks: CheckOverrides?
        if dump.format == .uiautomator, let androidTargetProfile { checks = CheckOverrides(targetProfile: androidTargetProfile) }
        let contract = ScreenContract(id: id, screenshot: screenshot, device: geometry.device, elements: elements, checks: checks)
        return ImportedScreen(contract: contract, notes: notes)
    }

    // MARK: Geometry

    struct ScreenGeometry {
        var device: DeviceSpec
        /// Dump units per point: 1 for XCUITest, the density for uiautomator.
        var unitsPerPoint: Double
    }

    static func xcuitestGeometry(_ dump: HierarchyDump, pixelWidth: Int, pixelHeight: Int, file: String) throws(HierarchyError) -> ScreenGeometry {
        guard let window = dump.nodes.first(where: { $0.type == "Window" && ($0.frame?.width ?? 0) > 0 && ($0.frame?.height ?? 0) > 0 }),
              let frame = window.frame else {
            throw HierarchyError(file: file, line: 0, message: "no Window with a frame in the dump: the screen's size in points is unknown")
        }
        func scale(_ pixels: Int, _ points: Double) -> Double? {
            let ratio = Double(pixels) / points
            return [1.0, 2, 3].first { abs(ratio - $0) <= 0.01 * $0 }
        }
        if let across = scale(pixelWidth, frame.width), let down = scale(pixelHeight, frame.height), across == down {
            return ScreenGeometry(device: DeviceSpec(scale: across, width: frame.width, height: frame.height), unitsPerPoint: 1)
        }
        let pixels = "\(pixelWidth)×\(pixelHeight) px"
        let points = "\(Words.number(frame.width.rounded(places: 2)))×\(Words.number(frame.height.rounded(places: 2))) pt"
        if scale(pixelWidth, frame.height) != nil, scale(pixelHeight, frame.width) != nil {
            let shot = pixelWidth > pixelHeight ? "landscape" : "portrait", tree = frame.width > frame.height ? "landscape" : "portrait"
            throw HierarchyError(file: file, line: window.line,
                                 message: "the screenshot is \(shot) (\(pixels)) but the dump's window is \(tree) (\(points)): capture both in the same orientation")
        }
        throw HierarchyError(file: file, line: window.line,
                             message: "the screenshot (\(pixels)) is not the dump's window (\(points)) at @1x, @2x or @3x: is this the dump of this screenshot?")
    }

    static func uiautomatorGeometry(_ dump: HierarchyDump, density: Double, pixelWidth: Int, pixelHeight: Int,
                                    file: String) throws(HierarchyError) -> ScreenGeometry {
        // A root that fills the screen turned a quarter: the screenshot and the dump disagree.
        if let root = dump.roots.first, let frame = root.frame, frame.x == 0, frame.y == 0, pixelWidth != pixelHeight,
           abs(frame.width - Double(pixelHeight)) <= 2, abs(frame.height - Double(pixelWidth)) <= 2 {
            throw HierarchyError(file: file, line: root.line,
                                 message: "the screenshot is \(pixelWidth)×\(pixelHeight) px but the dump's root is \(Int(frame.width))×\(Int(frame.height)) px: capture both in the same orientation")
        }
        return ScreenGeometry(device: DeviceSpec(scale: density, width: Double(pixelWidth) / density, height: Double(pixelHeight) / density),
                              unitsPerPoint: density)
    }

    // MARK: Elements

    /// An element before its id is chosen.
    struct Draft {
        var role: ElementRole
        var frame: Frame
        var label: String?
        var text: String?
        /// The text is the label, to be checked only where the pixels show it.
        var fromLabel = false
        /// The dump's identifier (without Android's `package:id/`), when it has one.
        var identifier: String?
        /// What a made-up id is built from: the text or label.
        var name: String?
        /// The dump marks it not enabled: an inactive component, which WCAG's contrast minimums
        /// exempt.
        var inactive = false
    }

    /// The rules an inactive component is exempt from, with the reason the report gives:
    /// WCAG 2.2 SC 1.4.3 ("text or images of text that are part of an inactive user interface
    /// component … have no contrast requirement") and SC 1.4.11 (inactive components).
    static let inactiveExemptions = [
        RuleID.contrastText: "inactive: the dump marks the element not enabled, and WCAG 2.2 SC 1.4.3 sets no contrast minimum for inactive components",
        RuleID.contrastNonText: "inactive: the dump marks the element not enabled, and WCAG 2.2 SC 1.4.11 sets no contrast minimum for inactive components",
    ]

    /// The element `node` becomes, or nil (with a note when a visible element is left out).
    func draft(_ node: HierarchyNode, format: HierarchyFormat, inTabBar: Bool, geometry: ScreenGeometry, notes: inout [String]) -> Draft? {
        let role = Self.role(of: node, format: format, inTabBar: inTabBar)
        let text: String?
        switch format {
        case .xcuitest, .appium: text = role == .text ? [node.label, node.value, node.title].compactMap { $0 }.first { !$0.isEmpty } : nil
        case .uiautomator: text = [.text, .button, .toggle, .tab, .link].contains(role) ? node.title : nil
        }
        let label = format == .uiautomator ? (node.label ?? node.title) : node.label
        // A UIButton draws its title without a StaticText child: the label stands in for the
        // text, checked as text only where the pixels show it (an icon-only button is a control).
        var labelAsText: String?
        if format != .uiautomator, [.button, .link, .tab].contains(role), let label, !label.isEmpty,
           !node.descendants.contains(where: { Self.shortType($0.type) == "StaticText" }) {
            labelAsText = label
        }
        let described = "\(node.type)\(label.map { " '\($0.prefix(40))'" } ?? "") (line \(node.line))"
        if role == .container && node.identifier == nil && label == nil { return nil }
        if role == .text && text == nil {
            notes.append("\(described): not checked: the dump gives the text element no text")
            return nil
        }
        guard let rect = node.frame else {
            notes.append("\(described): not checked: the dump gives it no frame")
            return nil
        }
        if node.flags.contains("inverted-bounds") {
            notes.append("\(described): not checked: its bounds end before they start, as uiautomator writes them for a view outside its window")
            return nil
        }
        let scale = geometry.unitsPerPoint
        let frame = Frame(x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale)
        guard frame.width > 0, frame.height > 0 else {
            notes.append("\(described): not checked: its frame has zero size (offscreen or hidden)")
            return nil
        }
        if node.flags.contains("offscreen") {
            notes.append("\(described): not checked: not visible to the user")
            return nil
        }
        let device = geometry.device
        let x0 = max(0, frame.x), y0 = max(0, frame.y)
        let x1 = min(device.width, frame.x + frame.width), y1 = min(device.height, frame.y + frame.height)
        guard x1 > x0, y1 > y0 else {
            notes.append("\(described): not checked: its frame lies outside the screen")
            return nil
        }
        var clipped = frame
        if x0 != frame.x || y0 != frame.y || x1 != frame.x + frame.width || y1 != frame.y + frame.height {
            clipped = Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            notes.append("\(described): its frame reaches outside the screen; clipped to the screen")
        }
        var identifier = node.identifier.flatMap { $0.isEmpty ? nil : $0 }
        if let full = identifier, let range = full.range(of: ":id/") { identifier = String(full[range.upperBound...]) }
        return Draft(role: role, frame: clipped, label: role == .text ? nil : label, text: text, fromLabel: labelAsText != nil && text == nil,
                     identifier: identifier, name: text ?? label,
                     inactive: node.flags.contains("disabled") || node.flags.contains("Disabled"))
    }

    /// The class name without its package (`android.widget.TextView` → `TextView`).
    static func shortType(_ type: String) -> String {
        type.split(separator: ".").last.map(String.init) ?? type
    }

    /// The role of an element: the table in docs/formats/hierarchies.md.
    public static func role(of node: HierarchyNode, format: HierarchyFormat, inTabBar: Bool = false) -> ElementRole {
        let type = shortType(node.type)
        switch format {
        case .xcuitest, .appium:
            switch type {
            case "StaticText": return .text
            case "Button": return inTabBar ? .tab : .button
            case "Link": return .link
            case "Switch", "Toggle", "CheckBox", "RadioButton": return .toggle
            case "Slider": return .slider
            case "TextField", "SecureTextField", "SearchField", "TextView": return .textField
            case "Image", "Icon": return .image
            case "PageIndicator", "ActivityIndicator", "ProgressIndicator": return .indicator
            default: return .container
            }
        case .uiautomator:
            let clickable = node.flags.contains("clickable")
            switch type {
            case "Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch", "ToggleButton", "CheckBox", "RadioButton",
                 "MaterialCheckBox", "MaterialRadioButton", "CheckedTextView":
                return .toggle
            case "SeekBar", "Slider", "RangeSlider": return .slider
            case "EditText", "AutoCompleteTextView", "MultiAutoCompleteTextView", "TextInputEditText", "SearchView": return .textField
            case "Button", "ImageButton", "MaterialButton", "FloatingActionButton", "ExtendedFloatingActionButton", "CompoundButton":
                return inTabBar ? .tab : .button
            case "ProgressBar": return .indicator
            default:
                if type.hasSuffix("TabView") || (inTabBar && clickable) { return .tab }
                if clickable { return .button }
                if type == "TextView" || (node.title.map { !$0.isEmpty } ?? false) { return .text }
                if type == "ImageView" { return .image }
                return .container
            }
        }
    }

    /// Ids: the dump's identifier where it is unique on the screen, else the role and a slug of
    /// the text or label (`button-sign-in`); repeats get `-2`, `-3` in document order.
    static func uniqueIDs(_ drafts: [Draft]) -> [String] {
        var identifierCounts: [String: Int] = [:]
        for draft in drafts { if let identifier = draft.identifier { identifierCounts[identifier, default: 0] += 1 } }
        let bases = drafts.map { draft -> String in
            if let identifier = draft.identifier, identifierCounts[identifier] == 1 { return identifier }
            let slug = draft.name.map(slugify) ?? ""
            return slug.isEmpty ? draft.role.rawValue : "\(draft.role.rawValue)-\(slug)"
        }
        var used = Set<String>()
        return bases.map { base in
            var candidate = base, number = 1
            while used.contains(candidate) {
                number += 1
                candidate = "\(base)-\(number)"
            }
            used.insert(candidate)
            return candidate
        }
    }

    /// Lower-case ASCII letters and digits, other runs as one hyphen, at most 40 characters.
    static func slugify(_ text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        // Accented letters keep their base letter ("Résumé" → "resume").
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            let lowered = Character(scalar).lowercased()
            if lowered.count == 1, let ascii = lowered.unicodeScalars.first, ascii.isASCII,
               ascii.properties.isAlphabetic || ("0"..."9").contains(ascii) {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(ascii)
                if slug.count >= 40 { break }
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }
}
