/// Reads the XML page source Appium's XCUITest driver returns for an iOS app
/// (`driver.page_source`, WebDriverAgent's `/source`): `<AppiumAUT>` around
/// `<XCUIElementTypeApplication>`, one element per node, named for its type, with `type`, `name`,
/// `label`, `value`, `enabled`, `visible`, `accessible` and integer `x`, `y`, `width`, `height`
/// in points.
///
/// What each attribute means, from the driver's reference (appium-xcuitest-driver,
/// docs/reference/element-attributes.md): `name` is the element's identifier, or its label when
/// it has none; `visible` is read from the accessibility layer; `accessible` says whether the
/// element is an accessibility element, the ones VoiceOver focuses. Nodes that are not visible
/// are left out with everything below them, counted in `hiddenNodes`.
///
/// The nodes take XCUITest's short type names (`Button`, `StaticText`, `Window`), so that the
/// importer reads the tree as it reads `debugDescription`.
public struct AppiumSourceParser: Sendable {
    public var limits: HierarchyLimits

    public init(limits: HierarchyLimits = HierarchyLimits()) { self.limits = limits }

    static let typePrefix = "XCUIElementType"

    public func parse(_ bytes: [UInt8], file: String) throws(HierarchyError) -> HierarchyDump {
        var reader = try XMLReader.document(bytes, file: file, limits: limits, what: "the page source", expecting: "the XML of Appium's page source",
                                            firstElement: "'<AppiumAUT>' or '<XCUIElementTypeApplication …>' as Appium's page source writes it")
        // Each open element, or nil for one left out (not visible, or inside one that is not).
        var open: [HierarchyNode?] = []
        var roots: [HierarchyNode] = []
        var budget = XMLReader.ElementBudget(limits: limits)
        var hidden = 0
        var sawWrapper = false, finished = false
        while !finished, let token = try reader.next() {
            switch token {
            case let .start(name, attributes, selfClosing, line):
                if name == "AppiumAUT" && open.isEmpty && !sawWrapper && roots.isEmpty {
                    sawWrapper = true
                    if selfClosing { finished = true }
                    continue
                }
                try budget.admit(depth: open.count, line: line, file: file)
                let node: HierarchyNode?
                if open.contains(where: { $0 == nil }) || attributes["visible"] == "false" {
                    hidden += 1
                    node = nil
                } else {
                    node = try Self.node(name: name, attributes, line: line, file: file)
                }
                if selfClosing { Self.attach(node, to: &open, roots: &roots) } else { open.append(node) }
            case let .end(name, line):
                if name == "AppiumAUT" && open.isEmpty && sawWrapper {
                    finished = true
                    continue
                }
                guard let node = open.popLast() else {
                    throw HierarchyError(file: file, line: line, message: "'</\(name)>' closes nothing")
                }
                Self.attach(node, to: &open, roots: &roots)
                if open.isEmpty && !sawWrapper { finished = true }
            }
        }
        guard open.isEmpty, finished else {
            throw HierarchyError(file: file, line: reader.line, message: "the XML ends inside an element: the page source is cut short")
        }
        guard !roots.isEmpty else {
            throw HierarchyError(file: file, line: reader.line, message: hidden > 0 ? "no visible element in the page source" : "the page source holds no elements")
        }
        return HierarchyDump(format: .appium, roots: roots, hiddenNodes: hidden)
    }

    static func attach(_ node: HierarchyNode?, to open: inout [HierarchyNode?], roots: inout [HierarchyNode]) {
        guard let node else { return }
        if open.isEmpty {
            roots.append(node)
        } else {
            open[open.count - 1]?.children.append(node)
        }
    }

    /// One element: its type without `XCUIElementType`, its frame in points, what it says.
    static func node(name: String, _ attributes: [String: String], line: Int, file: String) throws(HierarchyError) -> HierarchyNode {
        let typeName = attributes["type"].flatMap { $0.isEmpty ? nil : $0 } ?? name
        guard typeName.hasPrefix(typePrefix), typeName.count > typePrefix.count else {
            throw HierarchyError(file: file, line: line,
                                 message: "'\(typeName.prefix(60))' is not an XCUIElementType: this is not an iOS page source (an Android one is read as uiautomator)")
        }
        var node = HierarchyNode(type: String(typeName.dropFirst(typePrefix.count)), line: line)
        func nonEmpty(_ key: String) -> String? { attributes[key].flatMap { $0.isEmpty ? nil : $0 } }
        node.label = nonEmpty("label")
        node.value = nonEmpty("value")
        node.placeholder = nonEmpty("placeholderValue")
        // `name` is the identifier where one is set, else the label again.
        if let name = nonEmpty("name"), name != node.label { node.identifier = name }
        if attributes["enabled"] == "false" { node.flags.insert("Disabled") }
        if attributes["selected"] == "true" { node.flags.insert("Selected") }
        if attributes["focused"] == "true" { node.flags.insert("Focused") }
        if attributes["accessible"] == "true" { node.flags.insert("accessible") }
        let keys = ["x", "y", "width", "height"]
        let present = keys.filter { attributes[$0] != nil }
        guard present.isEmpty || present.count == 4 else {
            throw HierarchyError(file: file, line: line,
                                 message: "a frame needs x, y, width and height; found only \(present.joined(separator: ", "))")
        }
        if present.count == 4 {
            let values = keys.map { attributes[$0].flatMap { Double($0) } }
            guard let x = values[0], let y = values[1], let width = values[2], let height = values[3],
                  [x, y, width, height].allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }), width >= 0, height >= 0 else {
                throw HierarchyError(file: file, line: line,
                                     message: "x, y, width and height must be numbers of points, width and height not negative; found \(keys.map { "\($0)=\"\(attributes[$0]!.prefix(20))\"" }.joined(separator: " "))")
            }
            node.frame = Frame(x: x, y: y, width: width, height: height)
        }
        return node
    }
}
