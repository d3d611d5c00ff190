import Foundation

/// A screen contract made from a UI hierarchy dump, and what a reviewer should know about how
/// (elements clipped to the screen, elements left out and why).
public struct ImportedScreen: Equatable, Sendable {
    public var contract: ScreenContract
    public var notes: [String]
    /// What the dump held and what of it is not judged, and why.
    public var outline: HierarchyOutline

    /// Every note a reviewer should read: the screen's, then one per node left out.
    public var allNotes: [String] { notes + outline.leftOut.map(\.note) }
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
        var model = ElementModel(dump: dump, geometry: geometry)
        model.derive(importer: self)
        let drafts = model.drafts
        let ids = Self.uniqueIDs(drafts)
        var leftOut = model.leftOut
        var elements: [ElementContract] = []
        for (draft, id) in zip(drafts, ids) {
            var disabled: [String: String] = draft.inactive ? Self.inactiveExemptions : [:]
            if draft.inFixedSizeBar { disabled[RuleID.textScales] = Self.fixedSizeBarReason }
            if draft.textIsHint { disabled[RuleID.labelTextMismatch] = Self.hintTextReason }
            if draft.inlineLink {
                disabled[RuleID.targetSize] = Self.inlineLinkReason
                disabled[RuleID.targetSpacing] = Self.inlineLinkReason
            }
            if let hidden = draft.hidden {
                for rule in Self.visibilityRules { disabled[rule] = "\(hidden.reason.rawValue): \(hidden.detail)" }
                leftOut.append(LeftOutEntry(reason: hidden.reason, node: draft.described, position: draft.position, line: draft.line, element: id,
                                            detail: hidden.detail))
            }
            var accessibility = draft.accessibility
            // A clickable view with nothing below it that takes focus, and no words, is the control
            // a person meets, unnamed (not passed over) — where the dump shows it whole: against a
            // scrolling edge or the screen's edge uiautomator leaves out the views out of view (its
            // dumper skips nodes not visible to the user), so that nothing below it speaks is not
            // known; under another node, what it holds cannot be seen.
            let unnamedControl = draft.nothingBelowTakesFocus && draft.hidden == nil
            if draft.passedOverWithoutWords, !unnamedControl, (draft.label ?? draft.text ?? "").isEmpty {
                accessibility = accessibility ?? AccessibilitySpec()
                accessibility?.hidden = true
            }
            elements.append(ElementContract(
                id: id, role: draft.role, frame: draft.frame, label: draft.label,
                text: draft.fromLabel ? draft.label.map { TextSpec(content: $0, fromLabel: true) } : draft.text.map { TextSpec(content: $0) },
                checks: Self.checks(disabled: disabled, tabBarLabel: draft.tabBarLabel && dump.format != .uiautomator),
                accessibility: accessibility))
        }
        leftOut.sort { ($0.position, $0.reason) < ($1.position, $1.reason) }
        var checks: CheckOverrides?
        if dump.format == .uiautomator, let androidTargetProfile { checks = CheckOverrides(targetProfile: androidTargetProfile) }
        var contract = ScreenContract(id: id, screenshot: screenshot, device: geometry.device, elements: elements, checks: checks)
        contract.framesFrom = ScreenContract.framesFromHierarchy
        let outline = HierarchyOutline(format: dump.format.rawValue, nodes: model.nodes.count, elements: elements.count, layoutContainers: model.layoutContainers,
                                       leftOut: leftOut)
        return ImportedScreen(contract: contract, notes: notes, outline: outline)
    }

    /// An element's `checks`: the rules switched off, and for a tab bar item's label on iOS the
    /// 10 pt UIKit draws it at as its minimum (not the app's 11 pt).
    static func checks(disabled: [String: String], tabBarLabel: Bool) -> CheckOverrides? {
        guard !disabled.isEmpty || tabBarLabel else { return nil }
        return CheckOverrides(disable: disabled.isEmpty ? nil : disabled, minimumTextSize: tabBarLabel ? TabBarLabels.labelPointSize : nil)
    }

    /// Whether a rule's disabled reason is one the import wrote (inactive, covered, cut).
    static func isImportReason(_ reason: String) -> Bool {
        guard let colon = reason.firstIndex(of: ":") else { return false }
        let head = reason[..<colon]
        return head == "inactive" || head == "inline" || head == "hint" || LeftOutReason(rawValue: String(head))?.importsElement == true
    }

    /// The rules an element that may be covered or cut does not get: what shows of it is not the
    /// element (WCAG's checks, and ATF's NOT_RUN against a scrollable edge).
    /// The design rules read colours and sizes from the pixels too: what covers an element is
    /// not its colour.
    static let visibilityRules = [RuleID.targetSize, RuleID.targetSpacing, RuleID.textClipped, RuleID.textTruncated, RuleID.textSize, RuleID.contrastText,
                                  RuleID.contrastNonText, RuleID.layoutOverlap, RuleID.orderReading, RuleID.textScales,
                                  RuleID.designPalette, RuleID.designTypeRamp, RuleID.designConsistency]

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
        /// The node as the report names it, and its line.
        var described = ""
        var position = 0
        var line = 0
        /// Why what shows of it is not the element (covered, cut): its pixel checks are not run.
        var hidden: (reason: LeftOutReason, detail: String)?

        /// A text inside a tab bar, or a tab whose label stands in for its text.
        var tabBarLabel = false
        /// Inside an iOS navigation bar, tab bar or toolbar, whose text UIKit keeps at its size at
        /// every text size (the Large Content Viewer shows it larger instead).
        var inFixedSizeBar = false
        /// What the dump records the screen reader is given: the node's own description (Android's
        /// `content-desc`, iOS's label), value and states.
        var accessibility: AccessibilitySpec?
        /// TalkBack passes over it if it ends up with nothing to speak: a clickable Android view
        /// holding other views, not marked NAF.
        var passedOverWithoutWords = false
        /// No node below it takes taps or focus: none would be focused in its place.
        var nothingBelowTakesFocus = false
        /// A link inside a sentence of a page (WCAG 2.2 SC 2.5.8's inline exception).
        var inlineLink = false
        /// The text it shows is its hint (uiautomator's `hint` is the same text): a placeholder
        /// or a suggestion, not its label.
        var textIsHint = false

        /// It shows text (its own, or its description standing in for it).
        var isTextual: Bool { text != nil || fromLabel }
    }

    /// The rules an inactive component is exempt from, with the reason the report gives:
    /// WCAG 2.2 SC 1.4.3 ("text or images of text that are part of an inactive user interface
    /// component … have no contrast requirement") and SC 1.4.11 (inactive components).
    /// Why a text in an iOS bar is not held to grow: UIKit's navigation bars, tab bars and
    /// toolbars keep their size and offer the Large Content Viewer (Apple, WWDC 2019 session 261,
    /// "Large Content Viewer: Ensuring Readability for Everyone").
    static let fixedSizeBarReason = "in a navigation bar, tab bar or toolbar: UIKit keeps bars at their size at every text size and shows their items in the Large Content Viewer instead"

    /// Why a link in a sentence is not held to a target size: WCAG 2.2 SC 2.5.8 Target Size
    /// (Minimum), exception "Inline: The target is in a sentence or its size is otherwise
    /// constrained by the line-height of non-target text".
    static let inlineLinkReason = "inline: a link inside a sentence of a web page, which WCAG 2.2 SC 2.5.8 exempts from target size and spacing (its inline exception)"

    /// Why a control showing its hint is not compared with its name: Android's TextView gives the
    /// screen reader its hint as its text while it has none (`TextView.getTextForAccessibility`),
    /// and uiautomator writes the hint beside it; a hint or a rotating suggestion ("Search
    /// 'running shoes'") is not the control's visible label (WCAG 2.2 SC 2.5.3 Understanding: the
    /// label is the text that labels the control).
    static let hintTextReason = "hint: the text it shows is its hint (the dump's hint attribute is the same text), not its visible label"

    /// What a node inside a WebView is, when it is not one of the page's controls.
    enum WebContent {
        /// Text of the page: not a control, whatever its `clickable` says.
        case text
        /// A link in a sentence: a control, exempt from target size.
        case inlineLink
    }

    static let inactiveExemptions = [
        RuleID.contrastText: "inactive: the dump marks the element not enabled, and WCAG 2.2 SC 1.4.3 sets no contrast minimum for inactive components",
        RuleID.contrastNonText: "inactive: the dump marks the element not enabled, and WCAG 2.2 SC 1.4.11 sets no contrast minimum for inactive components",
    ]

    /// What a node of the dump becomes on its own, before the nodes around it are considered.
    enum Outcome {
        case element(Draft)
        /// A layout node with nothing to say or do: counted, not listed.
        case layout
        case leftOut(LeftOutReason, String)
    }

    /// The element `node` becomes, or why it is none.
    /// `holdsStaticText`: a `StaticText` is below it; `isLeaf`: nothing is.
    /// `web`: what it is as a page's content; `holdsTarget`: a node below it takes taps or focus.
    func draft(_ node: HierarchyNode, format: HierarchyFormat, inTabBar: Bool, geometry: ScreenGeometry, holdsStaticText: Bool,
               isLeaf: Bool, web: WebContent? = nil, holdsTarget: Bool = true) -> Outcome {
        var role = Self.role(of: node, format: format, inTabBar: inTabBar)
        switch web {
        case .text: role = .text
        case .inlineLink: role = .link
        case nil: break
        }
        let text: String?
        switch format {
        case .xcuitest, .appium: text = role == .text ? [node.label, node.value, node.title].compactMap { $0 }.first { !$0.isEmpty } : nil
        case .uiautomator: text = [.text, .button, .toggle, .tab, .link].contains(role) ? node.title : nil
        }
        let label = format == .uiautomator ? (node.label ?? node.title) : node.label
        // A UIButton draws its title without a StaticText child: the label stands in for the
        // text, checked as text only where the pixels show it (an icon-only button is a control).
        var labelAsText: String?
        if format != .uiautomator, [.button, .link, .tab].contains(role), let label, !label.isEmpty, !holdsStaticText {
            labelAsText = label
        }
        // Flutter and Compose draw text without an Android TextView: the node says it only in its
        // content description (a focusable `View` 'Welcome Homee,', a clickable `Button` 'Log In'
        // with no `text`). The description stands in for the text, judged as text only where the
        // pixels show it as text (an icon button's description is no text on screen).
        if format == .uiautomator, isLeaf, node.title == nil, let described = node.label, !described.isEmpty {
            if [.button, .link, .tab].contains(role) {
                labelAsText = described
            } else if (role == .container && Self.shortType(node.type) == "View" && node.flags.contains("focusable")) || web == .text {
                role = .text
                labelAsText = described
            }
        }
        if role == .container && node.identifier == nil && label == nil {
            return Self.isScrolling(node, format: format) && Self.isActionable(node) ? .leftOut(.scrollContainer, "a scrolling container holds targets; it is not one") : .layout
        }
        if role == .text && text == nil && labelAsText == nil { return .leftOut(.incomplete, "the dump gives the text element no text") }
        guard let rect = node.frame else { return .leftOut(.incomplete, "the dump gives it no frame") }
        if node.flags.contains("inverted-bounds") {
            return .leftOut(.invertedBounds, "its bounds end before they start, as uiautomator writes them for a view outside its window")
        }
        let scale = geometry.unitsPerPoint
        let frame = Frame(x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale)
        guard frame.width > 0, frame.height > 0 else { return .leftOut(.notVisible, "its frame has zero size (offscreen or hidden)") }
        if node.flags.contains("offscreen") { return .leftOut(.notVisible, "the dump marks it not visible to the user") }
        let device = geometry.device
        let x0 = max(0, frame.x), y0 = max(0, frame.y)
        let x1 = min(device.width, frame.x + frame.width), y1 = min(device.height, frame.y + frame.height)
        guard x1 > x0, y1 > y0 else { return .leftOut(.notVisible, "its frame lies outside the screen") }
        var draft = Draft(role: role, frame: Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                          label: role == .text && labelAsText == nil ? nil : label, text: text,
                          fromLabel: labelAsText != nil && text == nil, identifier: nil, name: text ?? label,
                          inactive: node.flags.contains("disabled") || node.flags.contains("Disabled"))
        let tolerance = 0.5
        var cut: [String] = []
        if frame.y < -tolerance { cut.append("top") }
        if frame.maxX > device.width + tolerance { cut.append("right") }
        if frame.maxY > device.height + tolerance { cut.append("bottom") }
        if frame.x < -tolerance { cut.append("left") }
        if !cut.isEmpty && role != .container {
            draft.hidden = (.windowEdge, "its frame reaches past the screen's \(cut.joined(separator: ", ")) edge: what shows is part of it")
        }
        var identifier = node.identifier.flatMap { $0.isEmpty ? nil : $0 }
        if let full = identifier, let range = full.range(of: ":id/") { identifier = String(full[range.upperBound...]) }
        draft.identifier = identifier
        draft.tabBarLabel = inTabBar && (role == .text || (role == .tab && draft.fromLabel))
        draft.accessibility = Self.accessibility(of: node, format: format)
        // TalkBack focuses a clickable view that holds other views only when it has something to
        // speak (ATF's shouldFocusView: "leaves that are accessibility focusable always gain
        // focus"; a focusable view with descendants only when it speaks): one without is passed
        // over, and its children are focused instead. uiautomator's NAF marks the ones it would
        // focus with nothing to say. When nothing below it takes taps or focus (its only child an
        // image without a description), no child is focused in its place: the control a person
        // meets (by touch, TalkBack's explore-by-touch) is this one, with no name (WCAG 2.2 SC
        // 4.1.2), and it is not passed over where the dump shows it whole.
        draft.passedOverWithoutWords = format == .uiautomator && !isLeaf && !node.flags.contains("naf")
        draft.nothingBelowTakesFocus = !holdsTarget
        draft.inlineLink = web == .inlineLink
        draft.textIsHint = format == .uiautomator && role.isInteractive && text != nil && node.placeholder != nil && text == node.placeholder
        return .element(draft)
    }

    /// `Type 'label'` (the label or text cut to 40 characters), as notes and report.json name a node.
    static func describe(_ node: HierarchyNode) -> String {
        let said = [node.label, node.title, node.value].compactMap { $0 }.first { !$0.isEmpty }
        return "\(node.type)\(said.map { " '\($0.prefix(40))'" } ?? "")"
    }

    /// uiautomator's clickable or long-clickable: a node the touch system sends taps to (a
    /// checkable Switch in a row the row's click toggles is not one).
    /// A node the dump marks not enabled and not focusable (an action bar's logo, `enabled="false"`)
    /// takes no taps and no focus: decoration, whatever its `clickable` says (Android's
    /// `View.onTouchEvent`: "a disabled view that is clickable still consumes the touch events, it
    /// just doesn't respond to them"; not focusable, TalkBack does not land on it).
    static func isActionable(_ node: HierarchyNode) -> Bool {
        guard node.flags.contains("clickable") || node.flags.contains("long-clickable") else { return false }
        return !(node.flags.contains("disabled") && !node.flags.contains("focusable"))
    }

    /// Containers that scroll (lists, scroll views, pagers) and surfaces that draw their own
    /// content (web, map and video views): they hold targets, they are not targets.
    static func isScrolling(_ node: HierarchyNode, format: HierarchyFormat) -> Bool {
        let type = shortType(node.type)
        switch format {
        case .xcuitest, .appium:
            return ["ScrollView", "Table", "CollectionView", "WebView", "Map"].contains(type)
        case .uiautomator:
            if node.flags.contains("scrollable") { return true }
            return ["ScrollView", "RecyclerView", "ListView", "GridView", "ViewPager", "WebView", "MapView", "SurfaceView", "TextureView"]
                .contains { type.hasSuffix($0) }
        }
    }

    /// The class name without its package (`android.widget.TextView` → `TextView`).
    static func shortType(_ type: String) -> String {
        type.split(separator: ".").last.map(String.init) ?? type
    }

    /// The role of an element: the table in docs/formats/hierarchies.md.
    /// What the dump records of the node for the screen reader: its own description (uiautomator's
    /// `content-desc`; XCUITest's and Appium's label), its value, and the states it speaks
    /// (`selected`, `checked`, `notEnabled`); nil when it records none.
    static func accessibility(of node: HierarchyNode, format: HierarchyFormat) -> AccessibilitySpec? {
        var traits: [String] = []
        if node.flags.contains("selected") || node.flags.contains("Selected") { traits.append("selected") }
        if node.flags.contains("checked") { traits.append("checked") }
        if node.flags.contains("disabled") || node.flags.contains("Disabled") { traits.append("notEnabled") }
        let label = node.label.flatMap { $0.isEmpty ? nil : $0 }
        let value = format == .uiautomator ? nil : node.value.flatMap { $0.isEmpty ? nil : $0 }
        guard label != nil || value != nil || !traits.isEmpty else { return nil }
        return AccessibilitySpec(label: label, value: value, traits: traits.isEmpty ? nil : traits)
    }

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
            // Only what the touch system sends taps to is a target (ATF's touch target checks take
            // clickable and long-clickable views): a Button class inside a tappable row that is
            // not itself clickable is the row's text or icon, a Switch that is not is the row's
            // state indicator. Scrolling containers and surfaces are never targets.
            let actionable = isActionable(node) && !isScrolling(node, format: format)
            let hasText = node.title.map { !$0.isEmpty } ?? false
            switch type {
            case "Switch", "SwitchCompat", "SwitchMaterial", "MaterialSwitch", "ToggleButton", "CheckBox", "RadioButton",
                 "MaterialCheckBox", "MaterialRadioButton", "CheckedTextView":
                return actionable ? .toggle : (type == "CheckedTextView" && hasText ? .text : .indicator)
            case "SeekBar", "Slider", "RangeSlider": return .slider
            case "EditText", "AutoCompleteTextView", "MultiAutoCompleteTextView", "TextInputEditText", "SearchView":
                return actionable || node.flags.contains("focusable") || node.flags.contains("focused") ? .textField : (hasText ? .text : .container)
            case "Button", "ImageButton", "MaterialButton", "FloatingActionButton", "ExtendedFloatingActionButton", "CompoundButton":
                if actionable { return inTabBar ? .tab : .button }
                return hasText ? .text : (type == "ImageButton" || type == "FloatingActionButton" ? .image : .container)
            case "ProgressBar": return .indicator
            default:
                if actionable && (type.hasSuffix("TabView") || inTabBar) { return .tab }
                if actionable { return .button }
                if type == "TextView" || hasText { return .text }
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
