/// Why a node of a dump is not one of the screen's audited elements, or why an imported element's
/// pixel checks are not run: what a reviewer reads to see that nothing hard was quietly skipped.
/// The raw values are written to report.json; the table is in docs/formats/hierarchies.md.
public enum LeftOutReason: String, Codable, CaseIterable, Comparable, Sendable {
    // Nodes that are not elements a person meets.
    /// The status bar, the navigation bar, a keyboard, another package's window.
    case systemUI = "system-ui"
    /// A clickable layer that fills most of the window (a map surface, a compositor view): not a
    /// target, whatever its flags.
    case fullWindowLayer = "full-window-layer"
    /// A scrolling container (a list, a scroll view, a web view): it holds targets, it is not one.
    case scrollContainer = "scroll-container"
    /// A second node with the bounds of a target holding it: one control on screen.
    case sameBounds = "same-bounds"
    /// The dump marks it not visible, or it has no size or lies outside the screen.
    case notVisible = "not-visible"
    /// Its bounds end before they start (uiautomator, for a view outside its window).
    case invertedBounds = "inverted-bounds"
    /// A text element the dump gives no text, or an element it gives no frame.
    case incomplete = "incomplete"
    // Elements imported whose pixel checks are not run (size, spacing, clipping, contrast).
    /// Under a node drawn above it: a later sibling branch, a bar, a floating button, a panel.
    case covered = "covered"
    /// Against or cut by the edge of a scrolling ancestor: what shows may be part of it.
    case scrollEdge = "scroll-edge"
    /// Cut by the edge of the screen.
    case windowEdge = "window-edge"

    /// What report.md says for a count of them.
    public var summary: String {
        switch self {
        case .systemUI: "system UI (status bar, navigation bar, keyboard, other windows)"
        case .fullWindowLayer: "full-window layers (not targets)"
        case .scrollContainer: "scrolling containers (not targets)"
        case .sameBounds: "nodes with a target's own bounds (one control)"
        case .notVisible: "not visible (hidden, zero size or off screen)"
        case .invertedBounds: "bounds that end before they start"
        case .incomplete: "no text or no frame in the dump"
        case .covered: "covered by a node drawn above (checks not run)"
        case .scrollEdge: "against or cut by a scrolling edge (checks not run)"
        case .windowEdge: "cut by the screen's edge (checks not run)"
        }
    }

    /// Whether the element is imported, with its pixel checks not run, rather than left out.
    public var importsElement: Bool { self == .covered || self == .scrollEdge || self == .windowEdge }

    public static func < (a: LeftOutReason, b: LeftOutReason) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One node left out of the audit, or one element whose pixel checks are not run, and why.
public struct LeftOutEntry: Codable, Equatable, Sendable {
    public var reason: LeftOutReason
    /// The node as the dump describes it: its type and text or label.
    public var node: String
    /// The node's place in the dump, counting from 1 in document order (a dump written on one
    /// line is told apart by it).
    public var position: Int
    /// The dump's line the node starts on.
    public var line: Int
    /// The imported element whose checks are not run (`covered`, `scroll-edge`, `window-edge`).
    public var element: String?
    public var detail: String

    public init(reason: LeftOutReason, node: String, position: Int, line: Int, element: String? = nil, detail: String) {
        self.reason = reason
        self.node = node
        self.position = position
        self.line = line
        self.element = element
        self.detail = detail
    }

    /// The line `screenaudit import` prints and the screen's notes carry.
    public var note: String {
        let place = "\(node) (node \(position), line \(line))"
        return element.map { "\(place), element '\($0)': checks not run: \(detail)" } ?? "\(place): left out: \(detail)"
    }
}

/// What an imported screen's dump held and what of it the audit did not judge: report.json's
/// `hierarchy` on a screen audited from a dump.
public struct HierarchyOutline: Codable, Equatable, Sendable {
    /// `xcuitest`, `uiautomator` or `appium`.
    public var format: String
    /// Nodes in the dump.
    public var nodes: Int
    /// Elements imported (those in `leftOut` with an `element` included).
    public var elements: Int
    /// Layout nodes without text, label, identifier or action: counted, not listed.
    public var layoutContainers: Int
    public var leftOut: [LeftOutEntry]

    public init(format: String, nodes: Int, elements: Int, layoutContainers: Int, leftOut: [LeftOutEntry]) {
        self.format = format
        self.nodes = nodes
        self.elements = elements
        self.layoutContainers = layoutContainers
        self.leftOut = leftOut
    }

    /// How many entries each reason has, in the order of `LeftOutReason`.
    public var counts: [(reason: LeftOutReason, count: Int)] {
        var counts: [LeftOutReason: Int] = [:]
        for entry in leftOut { counts[entry.reason, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0]!) }
    }
}
