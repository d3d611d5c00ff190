/// The elements a person meets on a dumped screen, derived from the whole tree as the platform's
/// touch system and screen reader do (the facts behind it: Google's Accessibility Test
/// Framework, `ViewHierarchyElementUtils` and its touch target checks; TalkBack's traversal): what
/// the system draws, which nodes take taps, which are one control, what a clickable container
/// speaks, and which elements are covered or cut so that what shows is not the element. The
/// table of cases is in docs/formats/hierarchies.md.
struct ElementModel {
    /// A node of the dump in drawing order (depth first: a later node is drawn above an earlier
    /// one that is not its ancestor).
    struct Node {
        var node: HierarchyNode
        var parent: Int?
        /// One past the last node below it: its descendants are `index + 1 ..< end`.
        var end: Int
        var inTabBar: Bool
        /// The system's (status bar, navigation bar, keyboard, another package's window).
        var system: Bool
        /// In points, as the dump states it (not clipped); nil without a usable frame.
        var frame: Frame?
        var childCount: Int
        /// The nearest `WebView` holding it (uiautomator): what is below one is a page's content.
        var webView: Int?
    }

    let format: HierarchyFormat
    let geometry: HierarchyImporter.ScreenGeometry
    var nodes: [Node] = []
    /// Each draft's node.
    var draftNodes: [Int] = []
    var drafts: [HierarchyImporter.Draft] = []
    var leftOut: [LeftOutEntry] = []
    var layoutContainers = 0
    /// Nodes that are layers filling most of the window (not targets, but drawn).
    var fullWindowLayers = Set<Int>()
    /// The package whose window is the app's (uiautomator).
    var appPackage: String?

    init(dump: HierarchyDump, geometry: HierarchyImporter.ScreenGeometry) {
        format = dump.format
        self.geometry = geometry
        appPackage = Self.appPackage(of: dump)
        // Flatten depth first, without recursion (dumps nest deeply).
        var stack: [(node: HierarchyNode, parent: Int?, inTabBar: Bool, system: Bool, webView: Int?)] = dump.roots.reversed().map { ($0, nil, false, false, nil) }
        while let (node, parent, inTabBar, inSystem, webView) = stack.popLast() {
            let type = HierarchyImporter.shortType(node.type)
            let system = inSystem || isSystem(node, type: type)
            let tabBar = inTabBar || type == "TabBar" || type == "TabWidget" || type == "TabLayout"
            let index = nodes.count
            var flat = node
            flat.children = []
            var frame: Frame?
            if let rect = node.frame, !node.flags.contains("inverted-bounds"), rect.width > 0, rect.height > 0 {
                let scale = geometry.unitsPerPoint
                frame = Frame(x: rect.x / scale, y: rect.y / scale, width: rect.width / scale, height: rect.height / scale)
            }
            nodes.append(Node(node: flat, parent: parent, end: index + 1, inTabBar: inTabBar, system: system, frame: frame,
                              childCount: node.children.count, webView: webView))
            let holdingWebView = dump.format == .uiautomator && type.hasSuffix("WebView") ? index : webView
            stack.append(contentsOf: node.children.reversed().map { ($0, index, tabBar, system, holdingWebView) })
        }
        // Subtree ends, from the last node back.
        for index in nodes.indices.reversed() {
            if let parent = nodes[index].parent { nodes[parent].end = max(nodes[parent].end, nodes[index].end) }
        }
    }

    /// Whether `node` starts a part of the tree the system draws, not the app.
    func isSystem(_ node: HierarchyNode, type: String) -> Bool {
        switch format {
        case .xcuitest, .appium: return type == "Keyboard" || type == "StatusBar"
        case .uiautomator:
            guard let package = node.package, let appPackage else { return false }
            return package != appPackage
        }
    }

    /// The app's package: the one holding most nodes outside the system UI and input methods
    /// (uiautomator2 and Appium dump every window: the status bar, the navigation bar, the
    /// keyboard); nil when no node names one.
    static func appPackage(of dump: HierarchyDump) -> String? {
        guard dump.format == .uiautomator else { return nil }
        var counts: [String: Int] = [:]
        var stack = dump.roots
        while let node = stack.popLast() {
            if let package = node.package { counts[package, default: 0] += 1 }
            stack.append(contentsOf: node.children)
        }
        func ranked(_ packages: [String: Int]) -> String? {
            packages.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
        }
        return ranked(counts.filter { !isSystemPackage($0.key) }) ?? ranked(counts)
    }

    /// The system UI and the keyboards (input methods).
    static func isSystemPackage(_ package: String) -> Bool {
        let lowered = package.lowercased()
        return lowered == "com.android.systemui" || lowered.contains("inputmethod") || lowered.contains("keyboard")
            || lowered.hasSuffix(".honeyboard") || lowered.contains("swiftkey")
    }

    /// The views an Android window keeps under the status and navigation bars.
    static func isSystemBarBackground(_ node: HierarchyNode) -> Bool {
        node.identifier == "android:id/statusBarBackground" || node.identifier == "android:id/navigationBarBackground"
    }

    /// A node as a reason names it: `Type 'label' (node N, line L)`.
    func name(_ index: Int) -> String {
        "\(HierarchyImporter.describe(nodes[index].node)) (node \(index + 1), line \(nodes[index].node.line))"
    }

    func isDescendant(_ index: Int, of ancestor: Int) -> Bool { index > ancestor && index < nodes[ancestor].end }

    // MARK: Deriving the elements

    mutating func derive(importer: HierarchyImporter) {
        let pagesMarkingTextClickable = webViewsMarkingEveryTextClickable()
        var index = 0
        while index < nodes.count {
            let flat = nodes[index]
            if flat.system || Self.isSystemBarBackground(flat.node) {
                // One entry for the system's subtree, not one per node.
                let below = flat.end - index - 1
                let type = HierarchyImporter.shortType(flat.node.type)
                let owner = Self.isSystemBarBackground(flat.node) ? "the app's backdrop for a system bar"
                    : flat.node.package.map { "package \($0)" } ?? (type == "Keyboard" ? "the keyboard" : "the status bar")
                leftOut.append(LeftOutEntry(reason: .systemUI, node: HierarchyImporter.describe(flat.node), position: index + 1, line: flat.node.line,
                                            detail: "drawn by the system, not the app (\(owner))\(below > 0 ? ", with the \(below) node\(below == 1 ? "" : "s") below it" : "")"))
                index = flat.end
                continue
            }
            defer { index += 1 }
            if HierarchyImporter.shortType(flat.node.type) == "Application" { continue }
            let holdsStaticText = format != .uiautomator
                && (index + 1..<flat.end).contains { HierarchyImporter.shortType(nodes[$0].node.type) == "StaticText" }
            switch importer.draft(flat.node, format: format, inTabBar: flat.inTabBar, geometry: geometry, holdsStaticText: holdsStaticText,
                                  isLeaf: flat.childCount == 0, web: webContent(index, pagesMarkingTextClickable: pagesMarkingTextClickable),
                                  holdsTarget: holdsTarget(index)) {
            case .layout: layoutContainers += 1
            case let .leftOut(reason, detail):
                leftOut.append(LeftOutEntry(reason: reason, node: HierarchyImporter.describe(flat.node), position: index + 1, line: flat.node.line, detail: detail))
            case var .element(draft):
                draft.described = HierarchyImporter.describe(flat.node)
                draft.inFixedSizeBar = isInFixedSizeBar(index, frame: draft.frame)
                draft.line = flat.node.line
                draft.position = index + 1
                // A clickable layer over most of the window (a map surface, Chrome's compositor
                // view) is not a target: every control on it would "overlap" it.
                let window = geometry.device.width * geometry.device.height
                if draft.role.isInteractive, draft.role != .textField, draft.role != .slider,
                   draft.frame.width * draft.frame.height >= 0.5 * window {
                    fullWindowLayers.insert(index)
                    leftOut.append(LeftOutEntry(reason: .fullWindowLayer, node: draft.described, position: index + 1, line: draft.line,
                                                detail: "a clickable layer over \(Int((100 * draft.frame.width * draft.frame.height / window).rounded())) % of the screen is not a target"))
                    continue
                }
                drafts.append(draft)
                draftNodes.append(index)
            }
        }
        mergeSameBounds()
        speakChildren()
        keepDescriptionsOffText()
        judgeVisibility()
    }

    /// Two targets with the same bounds, one holding the other (a chip and its clickable child)
    /// or side by side, are one control: the first keeps what the second says.
    mutating func mergeSameBounds() {
        var removed = Set<Int>()
        for (position, index) in draftNodes.enumerated() where drafts[position].role.isInteractive {
            let frame = drafts[position].frame
            guard let keeper = draftNodes.indices.prefix(position).last(where: { earlier in
                !removed.contains(earlier) && drafts[earlier].role.isInteractive && Self.sameBounds(drafts[earlier].frame, frame)
                    && (isDescendant(index, of: draftNodes[earlier]) || nodes[draftNodes[earlier]].parent == nodes[index].parent)
            }) else { continue }
            let merged = drafts[position]
            if drafts[keeper].label == nil { drafts[keeper].label = merged.label }
            if drafts[keeper].text == nil, !drafts[keeper].fromLabel {
                drafts[keeper].text = merged.text
                drafts[keeper].textIsHint = merged.textIsHint
            }
            if drafts[keeper].identifier == nil { drafts[keeper].identifier = merged.identifier }
            if drafts[keeper].name == nil { drafts[keeper].name = merged.name }
            // The description the app gave either node is the control's own (a clickable text
            // with a description, filling its clickable row): `label.text-mismatch` compares it
            // with the text, wherever the two stand.
            if drafts[keeper].accessibility?.label == nil, let described = merged.accessibility?.label {
                var accessibility = drafts[keeper].accessibility ?? AccessibilitySpec()
                accessibility.label = described
                drafts[keeper].accessibility = accessibility
            }
            if drafts[keeper].role == .button, [.toggle, .textField, .slider, .tab].contains(merged.role) { drafts[keeper].role = merged.role }
            removed.insert(position)
            leftOut.append(LeftOutEntry(reason: .sameBounds, node: merged.described, position: index + 1, line: merged.line,
                                        detail: "the same bounds as \(drafts[keeper].described) (node \(draftNodes[keeper] + 1)): one control on screen"))
        }
        guard !removed.isEmpty else { return }
        drafts = drafts.indices.filter { !removed.contains($0) }.map { drafts[$0] }
        draftNodes = draftNodes.indices.filter { !removed.contains($0) }.map { draftNodes[$0] }
    }

    // MARK: Web content

    /// A node of a page's content that says words: a leaf of the generic classes Chrome's and the
    /// old WebView's accessibility give text and links (`android.view.View`, `TextView`), with a
    /// description or text. Buttons, fields, check boxes and images of a page keep their classes
    /// and stay what they are.
    func isWebText(_ index: Int) -> Bool {
        let flat = nodes[index]
        guard flat.webView != nil, flat.childCount == 0, ["View", "TextView"].contains(HierarchyImporter.shortType(flat.node.type)) else { return false }
        return !(flat.node.label ?? "").isEmpty || !(flat.node.title ?? "").isEmpty
    }

    /// The WebViews whose page marks every text node clickable (the old WebView's accessibility
    /// does, a changelog's every line `clickable="true"`): there, clickable says nothing about a
    /// node being a control. Three text nodes at least, so that a page of one or two links is not
    /// taken for one.
    func webViewsMarkingEveryTextClickable() -> Set<Int> {
        guard format == .uiautomator else { return [] }
        var counts: [Int: (text: Int, clickable: Int)] = [:]
        for index in nodes.indices where isWebText(index) {
            guard let webView = nodes[index].webView else { continue }
            let clickable = HierarchyImporter.isActionable(nodes[index].node)
            counts[webView, default: (0, 0)].text += 1
            if clickable { counts[webView, default: (0, 0)].clickable += 1 }
        }
        return Set(counts.filter { $0.value.text >= 3 && $0.value.text == $0.value.clickable }.keys)
    }

    /// What a node inside a WebView is: text (not a control, whatever its clickable says, on a
    /// page that marks all its text so), a link inside a sentence (WCAG 2.2 SC 2.5.8's inline
    /// exception: "the target is in a sentence or its size is otherwise constrained by the
    /// line-height of non-target text"), or nil (a control of the page, or not web content).
    func webContent(_ index: Int, pagesMarkingTextClickable: Set<Int>) -> HierarchyImporter.WebContent? {
        guard let webView = nodes[index].webView else { return nil }
        let node = nodes[index].node
        let generic = ["View", "TextView"].contains(HierarchyImporter.shortType(node.type))
        guard generic else { return nil }
        if isWebText(index) && (!HierarchyImporter.isActionable(node) || pagesMarkingTextClickable.contains(webView)) { return .text }
        guard HierarchyImporter.isActionable(node), let parent = nodes[index].parent, let frame = nodes[index].frame else { return nil }
        // In a sentence: beside it, under the same parent, text that is not a target, on the same line.
        let inSentence = childIndices(parent).contains { sibling in
            guard sibling != index, !HierarchyImporter.isActionable(nodes[sibling].node), let other = nodes[sibling].frame,
                  (sibling..<nodes[sibling].end).contains(where: isWebText) else { return false }
            let shared = min(frame.maxY, other.maxY) - max(frame.y, other.y)
            return shared > 0.5 * min(frame.height, other.height)
        }
        return inSentence ? .inlineLink : nil
    }

    /// Whether something below the node takes taps or focus of its own: TalkBack focuses that
    /// in its place when the node has nothing to speak.
    func holdsTarget(_ index: Int) -> Bool {
        (index + 1..<nodes[index].end).contains { below in
            let node = nodes[below].node
            return !nodes[below].system && (HierarchyImporter.isActionable(node) || node.flags.contains("focusable")
                || HierarchyImporter.isScrolling(node, format: format))
        }
    }

    static func sameBounds(_ a: Frame, _ b: Frame) -> Bool {
        let e = TargetSpacing.nestingTolerance
        return abs(a.x - b.x) <= e && abs(a.y - b.y) <= e && abs(a.maxX - b.maxX) <= e && abs(a.maxY - b.maxY) <= e
    }

    /// A target with no label or text of its own speaks its children's: TalkBack reads a
    /// clickable row as the text of the nodes inside it that are not targets themselves.
    mutating func speakChildren() {
        guard format == .uiautomator else { return }
        for (position, index) in draftNodes.enumerated() where drafts[position].role.isInteractive
            && drafts[position].label == nil && drafts[position].text == nil {
            var spoken: [String] = []
            var child = index + 1
            while child < nodes[index].end {
                let node = nodes[child].node
                if nodes[child].system || (HierarchyImporter.isActionable(node) && !HierarchyImporter.isScrolling(node, format: format)) {
                    child = nodes[child].end
                    continue
                }
                if let said = node.label ?? node.title { spoken.append(said) }
                child += 1
            }
            guard !spoken.isEmpty else { continue }
            let label = String(spoken.joined(separator: ", ").prefix(400))
            drafts[position].label = label
            if drafts[position].name == nil { drafts[position].name = label }
        }
    }

    /// A clickable node's description stands in for text only where no text element lies in its
    /// frame: a card drawn over its own title and summary (TextViews beside it) has them checked
    /// as text, not its description measured on them again.
    mutating func keepDescriptionsOffText() {
        guard format == .uiautomator else { return }
        let textFrames = drafts.filter { $0.role == .text && !$0.fromLabel }.map(\.frame)
        for position in drafts.indices where drafts[position].fromLabel && drafts[position].role != .text {
            let frame = drafts[position].frame
            if textFrames.contains(where: { other in
                let cx = other.x + other.width / 2, cy = other.y + other.height / 2
                return cx > frame.x && cx < frame.maxX && cy > frame.y && cy < frame.maxY
            }) {
                drafts[position].fromLabel = false
            }
        }
    }

    // MARK: Visibility

    /// Marks each element that a later-drawn node covers, that a scrolling ancestor's edge may
    /// cut, or that the system draws over.
    mutating func judgeVisibility() {
        let coverers = coveringNodes()
        let systemBars = systemRegions()
        let above = windowsAbove()
        // Nodes that cover, by band of the screen's height, so that a tall dump is not
        // elements × nodes comparisons.
        let bandHeight = max(1, geometry.device.height / 64)
        // Clamped to the 64 bands of the screen (and one each side): a dump's frames may hold any
        // number, and only the part on screen can cover anything.
        func band(_ y: Double) -> Int { y.isFinite ? Int(min(65, max(-1, (y / bandHeight).rounded(.down)))) : 65 }
        func bands(_ frame: Frame) -> ClosedRange<Int> {
            let first = band(frame.y)
            return first...max(first, band(frame.maxY))
        }
        var byBand: [Int: [Int]] = [:]
        for coverer in coverers { if let frame = nodes[coverer].frame { for band in bands(frame) { byBand[band, default: []].append(coverer) } } }
        for (position, index) in draftNodes.enumerated() where drafts[position].hidden == nil && drafts[position].role != .container {
            let frame = drafts[position].frame
            if let bar = systemBars.first(where: { Self.overlaps($0.frame, frame) }) {
                drafts[position].hidden = (.covered, "under \(bar.name), which the system draws above the app")
                continue
            }
            if let window = above.first(where: { window in
                !isDescendant(index, of: window.root) && index != window.root && (window.dims || Self.overlaps(window.frame, frame))
            }) {
                drafts[position].hidden = (.covered, window.dims ? "behind \(name(window.root)), which dims the screen under it"
                    : "under \(name(window.root)), a window drawn above it")
                continue
            }
            if let edge = scrollEdge(of: index, frame: frame) {
                drafts[position].hidden = (.scrollEdge, edge)
                continue
            }
            // Bars are elevated: what is in one is drawn above the content, whatever the order
            // of the dump (iOS lists a navigation bar before the table scrolling under it).
            if insideBar(index) { continue }
            var seen = Set<Int>()
            for band in bands(frame) {
                for coverer in byBand[band] ?? [] where coverer >= nodes[index].end && seen.insert(coverer).inserted {
                    if covers(coverer, element: index, frame: frame, textual: drafts[position].isTextual) {
                        drafts[position].hidden = (.covered, "\(name(coverer)) is drawn above it")
                        break
                    }
                }
                if drafts[position].hidden != nil { break }
            }
        }
    }

    /// Nodes that hide what they are drawn over: elements, scrolling containers (a list of
    /// suggestions over the page) and full-window layers (a scrim).
    func coveringNodes() -> [Int] {
        // Elements, not containers kept for their identifier: a layout that holds a floating
        // button over the whole screen is not drawn over what it does not hold.
        var result = Set(draftNodes.indices.filter { drafts[$0].role != .container }.map { draftNodes[$0] })
        result.formUnion(fullWindowLayers)
        // iOS lists a table or scroll view after the bars drawn over it, and it fills the window
        // behind them: its order says nothing of what is above.
        let scrollersCover = format == .uiautomator
        for (index, flat) in nodes.enumerated() where !flat.system && flat.frame != nil
            && ((scrollersCover && HierarchyImporter.isScrolling(flat.node, format: format)) || Self.isBar(flat.node, format: format)) {
            result.insert(index)
        }
        return result.sorted()
    }

    /// The app's windows drawn above its main one, and alerts: a dialog's or a menu's window (a
    /// root of the app's package smaller than the largest; dumps list windows in no order one can
    /// rely on, but a dialog is always above the activity it belongs to), and XCUITest's `Alert`
    /// and `Sheet`. A dialog or an alert dims everything under it.
    func windowsAbove() -> [(root: Int, frame: Frame, dims: Bool)] {
        var result: [(root: Int, frame: Frame, dims: Bool)] = []
        switch format {
        case .xcuitest, .appium:
            for (index, flat) in nodes.enumerated() where !flat.system {
                let type = HierarchyImporter.shortType(flat.node.type)
                if type == "Alert" || type == "Sheet", let frame = flat.frame { result.append((index, frame, true)) }
            }
        case .uiautomator:
            let roots = nodes.indices.filter { nodes[$0].parent == nil && !nodes[$0].system && nodes[$0].frame != nil }
            guard roots.count > 1, let main = roots.max(by: { area(nodes[$0].frame!) < area(nodes[$1].frame!) || (area(nodes[$0].frame!) == area(nodes[$1].frame!) && $0 > $1) })
            else { return [] }
            for root in roots where root != main && area(nodes[root].frame!) < area(nodes[main].frame!) {
                let dims = (root..<nodes[root].end).contains { index in
                    let node = nodes[index].node
                    return ["android:id/parentPanel", "android:id/buttonPanel", "android:id/alertTitle"].contains(node.identifier ?? "")
                        || HierarchyImporter.shortType(node.type).contains("Dialog")
                }
                result.append((root, nodes[root].frame!, dims))
            }
        }
        return result
    }

    func area(_ frame: Frame) -> Double { frame.width * frame.height }

    /// Whether a bar holds the node.
    func insideBar(_ index: Int) -> Bool {
        var ancestor = nodes[index].parent
        while let current = ancestor {
            if Self.isBar(nodes[current].node, format: format) { return true }
            ancestor = nodes[current].parent
        }
        return false
    }

    /// Whether the node is an item of an iOS bar UIKit keeps at its size at every text size: in a
    /// tab bar or toolbar, or in a navigation bar but for its large title (which grows: Settings'
    /// "Settings", 41 pt tall at L). Android's bars scale their text in sp like any other.
    func isInFixedSizeBar(_ index: Int, frame: Frame) -> Bool {
        guard format != .uiautomator else { return false }
        var ancestor = nodes[index].parent
        while let current = ancestor {
            switch HierarchyImporter.shortType(nodes[current].node.type) {
            case "TabBar", "Toolbar": return true
            case "NavigationBar": return frame.height < Self.largeTitleHeight
            default: ancestor = nodes[current].parent
            }
        }
        return false
    }

    /// A text this tall in a navigation bar is its large title (Large Title is 34 pt with 41 pt
    /// leading at the default size; the inline title is 17 pt).
    static let largeTitleHeight = 30.0

    /// Navigation, tab and tool bars: drawn with a fill of their own over what scrolls under them.
    static func isBar(_ node: HierarchyNode, format: HierarchyFormat) -> Bool {
        let type = HierarchyImporter.shortType(node.type)
        switch format {
        case .xcuitest, .appium: return ["NavigationBar", "TabBar", "Toolbar"].contains(type)
        case .uiautomator:
            return ["Toolbar", "BottomNavigationView", "NavigationBarView", "BottomAppBar", "AppBarLayout", "TabLayout", "ActionBarContainer"]
                .contains { type.hasSuffix($0) }
        }
    }

    /// Whether `coverer`, drawn later, hides part of `element` (with `frame`). One inside the
    /// element drawn by the same parent (a badge on an icon, a label drawn as a sibling) does not:
    /// the element still shows whole; one from another branch (a floating button over a row of a
    /// list) does. One holding the element hides it when it is a panel (it has content of its
    /// own), a scrolling container or a full-window layer; a childless node over it is a touch
    /// overlay.
    ///
    /// Two texts side by side with one parent (the spans of a sentence, "By logging in, you agree
    /// with our" and "Terms of Service", whose frames overlap by their line's slack) do not cover
    /// each other.
    func covers(_ coverer: Int, element: Int, frame: Frame, textual: Bool) -> Bool {
        guard let other = nodes[coverer].frame, Self.overlaps(other, frame) else { return false }
        if textual, nodes[coverer].parent == nodes[element].parent, let position = draftNodes.firstIndex(of: coverer),
           drafts[position].isTextual {
            return false
        }
        if TargetSpacing.contains(frame, other) {
            guard let parent = nodes[element].parent else { return false }
            return !isDescendant(coverer, of: parent)
        }
        if TargetSpacing.contains(other, frame) {
            return nodes[coverer].childCount > 0 || fullWindowLayers.contains(coverer)
                || HierarchyImporter.isScrolling(nodes[coverer].node, format: format) || Self.isBar(nodes[coverer].node, format: format)
        }
        return true
    }

    /// Sharing more than half a point both ways.
    static func overlaps(_ a: Frame, _ b: Frame) -> Bool {
        let e = TargetSpacing.nestingTolerance
        return min(a.maxX, b.maxX) - max(a.x, b.x) > e && min(a.maxY, b.maxY) - max(a.y, b.y) > e
    }

    /// The edge of a scrolling ancestor the element stands against or past, along the way it
    /// scrolls, as the reason; nil when it is clear of them all. uiautomator gives the visible
    /// part's bounds, so a cut element ends at the edge; XCUITest gives the whole frame.
    func scrollEdge(of index: Int, frame: Frame) -> String? {
        let e = TargetSpacing.nestingTolerance
        var ancestor = nodes[index].parent
        while let current = ancestor {
            defer { ancestor = nodes[current].parent }
            guard HierarchyImporter.isScrolling(nodes[current].node, format: format), let scroller = nodes[current].frame else { continue }
            let name = name(current)
            // An element spanning the scroller from edge to edge (a pager's page at rest, the
            // list's only item) is what the scroller shows, not a part of something longer.
            var edges: [String] = []
            if scrollsVertically(current) {
                let top = frame.y <= scroller.y + e, bottom = frame.maxY >= scroller.maxY - e
                if top != bottom { edges.append(top ? "top" : "bottom") }
            }
            if scrollsHorizontally(current) {
                let left = frame.x <= scroller.x + e, right = frame.maxX >= scroller.maxX - e
                if left != right { edges.append(left ? "left" : "right") }
            }
            if !edges.isEmpty {
                return "against the \(edges.joined(separator: " and ")) edge of \(name), which scrolls: what shows may be part of it"
            }
        }
        return nil
    }

    /// Horizontal scroll views and pagers scroll sideways; lists whose items stand side by side
    /// do too; everything else scrolls up and down.
    func scrollsHorizontally(_ index: Int) -> Bool {
        let type = HierarchyImporter.shortType(nodes[index].node.type)
        if type.hasPrefix("Horizontal") || type.hasSuffix("ViewPager") || type == "ViewPager2" { return true }
        if type.hasSuffix("ScrollView") || type.hasSuffix("ListView") || type == "Table" { return false }
        // The first level below with two or more items decides.
        var level = index
        for _ in 0..<4 {
            let children = childIndices(level)
            if children.count == 1 { level = children[0]; continue }
            let frames = children.compactMap { nodes[$0].frame }
            guard frames.count >= 2 else { return false }
            let a = frames[0], b = frames[1]
            let sideBySide = min(a.maxY, b.maxY) - max(a.y, b.y) > 0.5 * min(a.height, b.height) && (a.maxX <= b.x + 0.5 || b.maxX <= a.x + 0.5)
            return sideBySide
        }
        return false
    }

    func scrollsVertically(_ index: Int) -> Bool {
        let type = HierarchyImporter.shortType(nodes[index].node.type)
        if type.hasPrefix("Horizontal") || type.hasSuffix("ViewPager") || type == "ViewPager2" { return false }
        return !scrollsHorizontally(index) || type.hasSuffix("WebView") || type.hasSuffix("MapView") || type == "Map"
    }

    func childIndices(_ index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        while child < nodes[index].end {
            result.append(child)
            child = nodes[child].end
        }
        return result
    }

    /// Where the system draws over the app: the windows of the status bar, the navigation bar
    /// and the keyboard when the dump holds them, and the bars' backgrounds the app's own
    /// window marks (`android:id/statusBarBackground`, `navigationBarBackground`).
    func systemRegions() -> [(frame: Frame, name: String)] {
        var regions: [(Frame, String)] = []
        let screenHeight = geometry.device.height
        var index = 0
        while index < nodes.count {
            let flat = nodes[index]
            let topOfSystem = flat.system && (flat.parent.map { !nodes[$0].system } ?? true)
            if topOfSystem {
                // A bar or a keyboard covers its whole window; a window over most of the screen
                // (a notification shade) only where it has content.
                if let frame = flat.frame, frame.height <= 0.6 * screenHeight {
                    regions.append((frame, "the \(name(index)) window"))
                } else {
                    for leaf in index..<flat.end where nodes[leaf].childCount == 0 {
                        if let frame = nodes[leaf].frame { regions.append((frame, name(leaf))) }
                    }
                }
                index = flat.end
                continue
            }
            if let frame = flat.frame, let id = flat.node.identifier,
               id == "android:id/statusBarBackground" || id == "android:id/navigationBarBackground" {
                regions.append((frame, id.hasSuffix("statusBarBackground") ? "the status bar" : "the navigation bar"))
            }
            index += 1
        }
        return regions
    }
}
