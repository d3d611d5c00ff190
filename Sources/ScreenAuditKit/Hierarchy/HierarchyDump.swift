/// The formats of UI hierarchy dumps the audit reads.
public enum HierarchyFormat: String, CaseIterable, Sendable {
    /// `XCUIApplication().debugDescription` (XCUITest): frames in points.
    case xcuitest
    /// `uiautomator dump` XML (Android): bounds in pixels.
    case uiautomator
    /// Appium's iOS page source (`driver.page_source`, WebDriverAgent's XML): frames in points,
    /// XCUITest's element types.
    case appium

    /// The format `text` is written in, from its content: Appium's iOS page source is XML whose
    /// first element is `<AppiumAUT>` or an `XCUIElementType…`; uiautomator dumps are other XML
    /// (after the line `adb … uiautomator dump /dev/tty` may print first); everything else is
    /// read as an XCUITest description. From a dump's first bytes (4 KB are plenty).
    public static func recognize<Bytes: Collection>(head bytes: Bytes) -> HierarchyFormat where Bytes.Element == UInt8 {
        recognize(Substring(decoding: bytes.prefix(4096), as: UTF8.self))
    }

    public static func recognize(_ text: Substring) -> HierarchyFormat {
        let lines = text.split(maxSplits: 8, omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).prefix(8)
        guard let xml = lines.first(where: { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            return ["<?xml", "<hierarchy", "<AppiumAUT", "<XCUIElementType"].contains { trimmed.hasPrefix($0) }
        }) else { return .xcuitest }
        // The first element decides (past the declaration and comments).
        var rest = text[xml.startIndex...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("?") || rest.hasPrefix("!") { continue }
            return rest.hasPrefix("AppiumAUT") || rest.hasPrefix("XCUIElementType") ? .appium : .uiautomator
        }
        return .uiautomator
    }
}

/// One element of a dump, with what the dump says about it and its children.
public struct HierarchyNode: Equatable, Sendable {
    /// The element type or class as the dump names it: `Button`, `StaticText`,
    /// `android.widget.TextView`.
    public var type: String
    /// What follows the type in parentheses (`Main` in `Window (Main)`).
    public var qualifier: String?
    /// As the dump states it: points (XCUITest) or pixels (uiautomator); nil where the dump gives
    /// no frame (XCUITest's application line).
    public var frame: Frame?
    /// XCUITest `identifier`, uiautomator `resource-id`.
    public var identifier: String?
    /// XCUITest `label`, uiautomator `content-desc`.
    public var label: String?
    /// XCUITest `value`; uiautomator `text` for editable fields.
    public var value: String?
    /// XCUITest `title`, uiautomator `text`.
    public var title: String?
    /// XCUITest `placeholderValue`.
    public var placeholder: String?
    /// Bare traits as the dump writes them: `Selected`, `Disabled`, `Keyboard Focused`; for
    /// uiautomator `clickable`, `checkable`, `checked`, `selected`, `password`, `disabled` and
    /// `offscreen` (not visible to the user).
    public var flags: Set<String>
    /// The line of the dump the element starts on (1-based).
    public var line: Int
    /// uiautomator's `package`: the app (or system component) whose window holds the node.
    public var package: String?
    public var children: [HierarchyNode]

    public init(type: String, qualifier: String? = nil, frame: Frame? = nil, identifier: String? = nil,
                label: String? = nil, value: String? = nil, title: String? = nil, placeholder: String? = nil,
                flags: Set<String> = [], line: Int, package: String? = nil, children: [HierarchyNode] = []) {
        self.type = type
        self.qualifier = qualifier
        self.frame = frame
        self.identifier = identifier
        self.label = label
        self.value = value
        self.title = title
        self.placeholder = placeholder
        self.flags = flags
        self.line = line
        self.package = package
        self.children = children
    }

    /// Every node below this one, depth first, in document order (without recursion: dumps can
    /// nest deeply).
    public var descendants: [HierarchyNode] {
        var result: [HierarchyNode] = []
        var stack = children.reversed() as [HierarchyNode]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

/// A parsed dump: its top-level elements, in document order.
public struct HierarchyDump: Equatable, Sendable {
    public var format: HierarchyFormat
    public var roots: [HierarchyNode]
    /// uiautomator's `rotation` (0, 1, 2 or 3 quarter turns); nil for XCUITest.
    public var rotation: Int?
    /// Nodes the dump marks not visible (Appium's `visible="false"`), left out with what is below
    /// them.
    public var hiddenNodes: Int

    public init(format: HierarchyFormat, roots: [HierarchyNode], rotation: Int? = nil, hiddenNodes: Int = 0) {
        self.format = format
        self.roots = roots
        self.rotation = rotation
        self.hiddenNodes = hiddenNodes
    }

    /// Every element, depth first, in document order.
    public var nodes: [HierarchyNode] {
        roots.flatMap { [$0] + $0.descendants }
    }
}

/// Bounds on what a dump may hold, checked as it is read.
public struct HierarchyLimits: Equatable, Sendable {
    public var maxBytes: Int
    public var maxElements: Int
    public var maxDepth: Int

    public init(maxBytes: Int = 16 * 1024 * 1024, maxElements: Int = 20_000, maxDepth: Int = 256) {
        self.maxBytes = maxBytes
        self.maxElements = maxElements
        self.maxDepth = maxDepth
    }
}

/// Why a dump cannot be read: the file, the line (0 for the whole file) and what is wrong.
public struct HierarchyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var limit: InputLimit?

    public init(file: String, line: Int, message: String, limit: InputLimit? = nil) {
        self.file = file
        self.line = line
        self.message = message
        self.limit = limit
    }

    public var description: String { line > 0 ? "\(file): line \(line): \(message)" : "\(file): \(message)" }
}
