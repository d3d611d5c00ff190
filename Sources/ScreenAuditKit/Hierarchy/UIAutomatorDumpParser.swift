/// Reads the XML `uiautomator dump` writes (`<hierarchy rotation="0">` with nested `<node>`s,
/// bounds in pixels as `[x0,y0][x1,y1]`), and the same tree written with class names as tags
/// (Appium's page source). Text before the XML and after it (`UI hierchary dumped to: /dev/tty`,
/// which `adb exec-out uiautomator dump /dev/tty` prints) is skipped.
///
/// The XML is read by a small strict reader: elements, attributes in either quote, the five
/// named entities and numeric ones, comments and the declaration. No DTD, no namespaces, no
/// entity definitions: a dump has none, and a file that does is not a dump.
public struct UIAutomatorDumpParser: Sendable {
    public var limits: HierarchyLimits

    public init(limits: HierarchyLimits = HierarchyLimits()) { self.limits = limits }

    public func parse(_ bytes: [UInt8], file: String) throws(HierarchyError) -> HierarchyDump {
        var reader = try XMLReader.document(bytes, file: file, limits: limits, what: "the dump", expecting: "the XML of uiautomator dump",
                                            firstElement: "'<hierarchy rotation=\"0\">' as uiautomator dump writes it")
        var rotation: Int?
        var open: [HierarchyNode] = []
        var roots: [HierarchyNode] = []
        var budget = XMLReader.ElementBudget(limits: limits)
        var sawHierarchy = false
        var finished = false
        while !finished, let token = try reader.next() {
            switch token {
            case let .start(name, attributes, selfClosing, line):
                if name == "hierarchy" && open.isEmpty && !sawHierarchy {
                    sawHierarchy = true
                    if let value = attributes["rotation"] {
                        guard let quarterTurns = Int(value), (0...3).contains(quarterTurns) else {
                            throw HierarchyError(file: file, line: line, message: "rotation must be 0, 1, 2 or 3, found '\(value)'")
                        }
                        rotation = quarterTurns
                    }
                    if selfClosing { finished = true }
                    continue
                }
                try budget.admit(depth: open.count, line: line, file: file)
                let node = try Self.node(name: name, attributes, line: line, file: file)
                if selfClosing { Self.attach(node, to: &open, roots: &roots) } else { open.append(node) }
            case let .end(name, line):
                if name == "hierarchy" && open.isEmpty && sawHierarchy {
                    finished = true
                    continue
                }
                guard let node = open.popLast() else {
                    throw HierarchyError(file: file, line: line, message: "'</\(name)>' closes nothing")
                }
                Self.attach(node, to: &open, roots: &roots)
                if open.isEmpty && !sawHierarchy { finished = true }
            }
        }
        guard open.isEmpty, finished || (!sawHierarchy && !roots.isEmpty) else {
            throw HierarchyError(file: file, line: reader.line, message: "the XML ends inside an element: the dump is cut short")
        }
        guard !roots.isEmpty else {
            throw HierarchyError(file: file, line: reader.line, message: "the hierarchy holds no nodes")
        }
        return HierarchyDump(format: .uiautomator, roots: roots, rotation: rotation)
    }

    static func attach(_ node: HierarchyNode, to open: inout [HierarchyNode], roots: inout [HierarchyNode]) {
        if open.isEmpty { roots.append(node) } else { open[open.count - 1].children.append(node) }
    }

    /// One `<node>` (or an element named for its class).
    static func node(name: String, _ attributes: [String: String], line: Int, file: String) throws(HierarchyError) -> HierarchyNode {
        let type = attributes["class"].flatMap { $0.isEmpty ? nil : $0 } ?? (name == "node" ? "android.view.View" : name)
        var node = HierarchyNode(type: type, line: line)
        func nonEmpty(_ key: String) -> String? { attributes[key].flatMap { $0.isEmpty ? nil : $0 } }
        node.identifier = nonEmpty("resource-id")
        node.label = nonEmpty("content-desc")
        node.title = nonEmpty("text")
        node.placeholder = nonEmpty("hint")
        node.package = nonEmpty("package")
        for flag in ["clickable", "checkable", "checked", "selected", "password", "focusable", "focused", "scrollable", "long-clickable"]
        where attributes[flag] == "true" {
            node.flags.insert(flag)
        }
        if attributes["enabled"] == "false" { node.flags.insert("disabled") }
        // uiautomator's "Not Accessibility Friendly": a clickable node with no text or description
        // in it or below it.
        if attributes["NAF"] == "true" { node.flags.insert("naf") }
        if attributes["visible-to-user"] == "false" { node.flags.insert("offscreen") }
        if let bounds = attributes["bounds"] {
            guard let corners = parseBounds(bounds) else {
                throw HierarchyError(file: file, line: line,
                                     message: "bounds must be '[x0,y0][x1,y1]' in whole pixels, found '\(bounds.prefix(60))'")
            }
            // uiautomator writes bounds that end before they start for a view outside its
            // window (a row scrolled under a bar, a page off to the side): nothing of it shows.
            if corners.x1 < corners.x0 || corners.y1 < corners.y0 {
                node.flags.insert("inverted-bounds")
                node.frame = Frame(x: Double(corners.x0), y: Double(corners.y0), width: 0, height: 0)
            } else {
                node.frame = Frame(x: Double(corners.x0), y: Double(corners.y0), width: Double(corners.x1 - corners.x0),
                                   height: Double(corners.y1 - corners.y0))
            }
        }
        return node
    }

    /// `[x0,y0][x1,y1]` → the corners as written, or nil.
    static func parseBounds(_ text: String) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let parts = text.split(whereSeparator: { $0 == "[" || $0 == "]" || $0 == "," })
        guard parts.count == 4, text.hasPrefix("["), text.hasSuffix("]"),
              text.filter({ $0 == "[" }).count == 2, text.filter({ $0 == "," }).count == 2 else { return nil }
        let values = parts.compactMap { Int($0.trimmingSpaces) }
        guard values.count == 4, values.allSatisfy({ abs($0) <= 1_000_000 }) else { return nil }
        return (values[0], values[1], values[2], values[3])
    }
}

/// The strict little XML reader behind `UIAutomatorDumpParser`.
struct XMLReader {
    enum Token {
        case start(name: String, attributes: [String: String], selfClosing: Bool, line: Int)
        case end(name: String, line: Int)
    }

    let bytes: [UInt8]
    let file: String
    var index = 0
    /// The line `index` is on (1-based).
    var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// A reader at the start of the XML in `bytes`, once they are known to be text within the
    /// input-bytes limit. `what` names the input ("the dump"), `expecting` what it should be, and
    /// `firstElement` what its XML starts with, for the messages.
    static func document(_ bytes: [UInt8], file: String, limits: HierarchyLimits, what: String, expecting: String,
                         firstElement: String) throws(HierarchyError) -> XMLReader {
        guard bytes.count <= limits.maxBytes else {
            throw HierarchyError(file: file, line: 0, message: "\(what) is \(bytes.count) bytes, over the input-bytes limit of \(limits.maxBytes)",
                                 limit: .inputBytes)
        }
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
            throw HierarchyError(file: file, line: 0, message: "not a text file (binary data or invalid UTF-8): expected \(expecting)")
        }
        var reader = XMLReader(bytes: bytes, file: file)
        guard reader.skipToDocument() else {
            throw HierarchyError(file: file, line: 0, message: "no XML found: expected \(firstElement)")
        }
        return reader
    }

    /// The elements a document may hold, counted as they open, and how deep they may nest.
    struct ElementBudget {
        let limits: HierarchyLimits
        var count = 0

        mutating func admit(depth: Int, line: Int, file: String) throws(HierarchyError) {
            count += 1
            guard count <= limits.maxElements else {
                throw HierarchyError(file: file, line: line, message: "more than \(limits.maxElements) elements, the elements limit", limit: .elements)
            }
            guard depth < limits.maxDepth else {
                throw HierarchyError(file: file, line: line, message: "elements nested deeper than \(limits.maxDepth) levels, the json-depth limit",
                                     limit: .jsonDepth)
            }
        }
    }

    func failure(_ message: String) -> HierarchyError { HierarchyError(file: file, line: line, message: message) }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    func starts(with text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    /// Moves to the XML declaration or the first element, past any text before them.
    mutating func skipToDocument() -> Bool {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count,
               bytes[index + 1] == UInt8(ascii: "?") || Self.isNameStart(bytes[index + 1]) {
                return true
            }
            advance()
        }
        return false
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    mutating func skipSpaces() { while index < bytes.count, Self.isSpace(bytes[index]) { advance() } }

    /// The next element tag, past text, comments and processing instructions; nil at the end.
    mutating func next() throws(HierarchyError) -> Token? {
        while true {
            // Text between tags carries nothing in a dump (the trailing "UI hierchary dumped to"
            // line included).
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { advance() }
            guard index < bytes.count else { return nil }
            if starts(with: "<?") {
                guard let end = find("?>") else { throw failure("a '<?' declaration without its closing '?>'") }
                advance(end + 2 - index)
                continue
            }
            if starts(with: "<!--") {
                guard let end = find("-->") else { throw failure("a comment without its closing '-->'") }
                advance(end + 3 - index)
                continue
            }
            if starts(with: "<!") { throw failure("DTDs and CDATA sections are not part of a uiautomator dump") }
            let tagLine = line
            advance()
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { advance() }
            let name = try readName(what: "an element name")
            if closing {
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("'</\(name)' is not closed with '>'") }
                advance()
                return .end(name: name, line: tagLine)
            }
            var attributes: [String: String] = [:]
            while true {
                skipSpaces()
                guard index < bytes.count else { throw failure("the tag '<\(name)' is cut short") }
                if bytes[index] == UInt8(ascii: ">") {
                    advance()
                    return .start(name: name, attributes: attributes, selfClosing: false, line: tagLine)
                }
                if starts(with: "/>") {
                    advance(2)
                    return .start(name: name, attributes: attributes, selfClosing: true, line: tagLine)
                }
                let key = try readName(what: "an attribute name")
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("attribute '\(key)' has no '=' and value") }
                advance()
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw failure("the value of '\(key)' must be quoted")
                }
                let quote = bytes[index]
                advance()
                let start = index
                while index < bytes.count, bytes[index] != quote {
                    guard bytes[index] != UInt8(ascii: "<") else { throw failure("'<' inside the value of '\(key)'") }
                    advance()
                }
                guard index < bytes.count else { throw failure("the value of '\(key)' has no closing quote") }
                let value = try decodeEntities(bytes[start..<index])
                advance()
                guard attributes.updateValue(value, forKey: key) == nil else { throw failure("attribute '\(key)' appears twice") }
            }
        }
    }

    func find(_ text: String) -> Int? {
        let utf8 = Array(text.utf8)
        var position = index
        while position + utf8.count <= bytes.count {
            if bytes[position..<(position + utf8.count)].elementsEqual(utf8) { return position }
            position += 1
        }
        return nil
    }

    mutating func readName(what: String) throws(HierarchyError) -> String {
        let start = index
        guard index < bytes.count, Self.isNameStart(bytes[index]) else { throw failure("expected \(what)") }
        while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and `&#xH;` replaced.
    func decodeEntities(_ raw: ArraySlice<UInt8>) throws(HierarchyError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result: [UInt8] = []
        var position = raw.startIndex
        while position < raw.endIndex {
            let byte = raw[position]
            guard byte == UInt8(ascii: "&") else {
                result.append(byte)
                position += 1
                continue
            }
            guard let semicolon = raw[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw failure("an '&' that starts no entity (write '&amp;')")
            }
            let name = String(decoding: raw[(position + 1)..<semicolon], as: UTF8.self)
            let scalar: Unicode.Scalar?
            switch name {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    scalar = nil
                }
            }
            guard let scalar, scalar.value != 0 else { throw failure("unknown entity '&\(name);'") }
            result += Array(String(Character(scalar)).utf8)
            position = semicolon + 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
