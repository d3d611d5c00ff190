import Foundation

/// Reads the text `XCUIApplication().debugDescription` prints (Xcode 14 and later, and the older
/// `Type 0x…: traits: …` lines): an `Attributes:` line, `Element subtree:`, then one element per
/// line nested by indentation, the root marked `→`, and the footers `Path to element:` and
/// `Query chain:`, which are not part of the tree.
///
///     Button, 0x14980ba20, {{25.0, 542.0}, {369.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll'
///
/// Quoted values are not escaped in these dumps, so a label may hold apostrophes
/// (`label: 'Tree 'Green Gem''`): a value ends at the quote that is followed by the end of the
/// line or by the next attribute. Unquoted values (`value: 0%`) run to the next attribute.
public struct XCUITestDumpParser: Sendable {
    public var limits: HierarchyLimits

    public init(limits: HierarchyLimits = HierarchyLimits()) { self.limits = limits }

    /// Attributes whose values the audit reads; any other `key: value` is kept apart from flags
    /// but not stored.
    static let knownKeys: Set<String> = ["identifier", "label", "value", "title", "placeholderValue", "pid", "traits"]

    public func parse(_ bytes: [UInt8], file: String) throws(HierarchyError) -> HierarchyDump {
        guard bytes.count <= limits.maxBytes else {
            throw HierarchyError(file: file, line: 0, message: "the dump is \(bytes.count) bytes, over the input-bytes limit of \(limits.maxBytes)",
                                 limit: .inputBytes)
        }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw HierarchyError(file: file, line: 0, message: "not a text file (binary data or invalid UTF-8): expected the output of XCUIApplication().debugDescription")
        }
        // "\r\n" is one Character in Swift: every line ending is split on.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        // The tree starts after `Element subtree:`, or at the first line marked `→`.
        var start: Int?
        if let subtree = lines.firstIndex(where: { $0.trimmingSpaces == "Element subtree:" }) {
            start = subtree + 1
        } else {
            start = lines.firstIndex { $0.trimmingSpaces.hasPrefix("→") }
        }
        guard let start else {
            throw HierarchyError(file: file, line: 0, message: "no element tree: expected an 'Element subtree:' line followed by the elements, as XCUIApplication().debugDescription prints them")
        }
        var builder = TreeBuilder(file: file, limits: limits)
        for index in start..<lines.count {
            let line = lines[index]
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("Path to element:") || trimmed.hasPrefix("Query chain:") { break }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            var body = trimmed
            while let first = body.first, first == "→" || first == "↳" || first == " " { body = body.dropFirst() }
            let node = try Self.element(body, line: index + 1, file: file)
            try builder.add(node, indent: indent)
        }
        let roots = builder.finish()
        guard !roots.isEmpty else {
            throw HierarchyError(file: file, line: start, message: "the element tree is empty")
        }
        return HierarchyDump(format: .xcuitest, roots: roots)
    }

    // MARK: One line

    /// One element line, without its indentation and marker.
    static func element(_ text: Substring, line: Int, file: String) throws(HierarchyError) -> HierarchyNode {
        func failure(_ message: String) -> HierarchyError {
            HierarchyError(file: file, line: line, message: message)
        }
        // The type: up to the first comma, or up to " 0x" in the older form (`Button 0x600…: …`).
        var rest = text[...]
        var typeEnd = rest.firstIndex(of: ",") ?? rest.endIndex
        if let address = rest.range(of: " 0x"), address.lowerBound < typeEnd { typeEnd = address.lowerBound }
        var type = rest[..<typeEnd].trimmingSpaces
        rest = rest[typeEnd...]
        var qualifier: String?
        if type.hasSuffix(")"), let open = type.lastIndex(of: "(") {
            qualifier = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
            type = type[..<open].trimmingSpaces
        }
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" || $0 == "." }) else {
            throw failure("expected an element ('Type, 0xADDRESS, {{x, y}, {width, height}}, …'), found '\(text.prefix(60))'")
        }
        var node = HierarchyNode(type: String(type), qualifier: qualifier, line: line)
        // The address, then `:` in the older form.
        rest = rest.drop { $0 == "," || $0 == " " }
        if rest.hasPrefix("0x") {
            rest = rest.dropFirst(2).drop { $0.isHexDigit }
            if rest.first == ":" { rest = rest.dropFirst() }
        }
        while true {
            rest = rest.drop { $0 == "," || $0 == " " }
            guard !rest.isEmpty else { break }
            if rest.hasPrefix("{{") {
                guard let close = rest.range(of: "}}") else { throw failure("a frame without its closing '}}'") }
                let numbers = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                    .split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " })
                guard numbers.count == 4, let values = Optional(numbers.compactMap { Double($0) }), values.count == 4 else {
                    throw failure("a frame must be {{x, y}, {width, height}}, found '\(rest[..<close.upperBound])'")
                }
                // A frame that is not finite cannot be placed: the element keeps no frame.
                if values.allSatisfy(\.isFinite) {
                    node.frame = Frame(x: values[0], y: values[1], width: values[2], height: values[3])
                }
                rest = rest[close.upperBound...]
                continue
            }
            if let key = Self.key(at: rest) {
                rest = rest.dropFirst(key.count + 2)
                let value: Substring
                if rest.first == "'" {
                    guard let end = Self.closingQuote(in: rest) else { throw failure("the value of '\(key)' has no closing quote") }
                    value = rest[rest.index(after: rest.startIndex)..<end]
                    rest = rest[rest.index(after: end)...]
                } else {
                    let end = Self.nextPart(in: rest, knownOnly: true) ?? rest.endIndex
                    value = rest[..<end].trimmingSpaces
                    rest = rest[end...]
                }
                switch key {
                case "identifier": node.identifier = String(value)
                case "label": node.label = String(value)
                case "value": node.value = String(value)
                case "title": node.title = String(value)
                case "placeholderValue": node.placeholder = String(value)
                default: break
                }
                continue
            }
            // A bare trait: `Selected`, `Disabled`, `Keyboard Focused`.
            let end = Self.nextPart(in: rest, knownOnly: false) ?? rest.endIndex
            let flag = rest[..<end].trimmingSpaces
            if !flag.isEmpty { node.flags.insert(String(flag)) }
            rest = rest[end...]
        }
        return node
    }

    /// The attribute name at the start of `text` when it reads `name: `.
    static func key(at text: Substring) -> String? {
        let name = text.prefix { $0.isASCII && $0.isLetter }
        guard !name.isEmpty, text.dropFirst(name.count).hasPrefix(": ") else { return nil }
        return String(name)
    }

    /// Where the next attribute begins (at its ", "), or nil. With `knownOnly`, only attributes
    /// the audit knows and frames count, so an unquoted value may hold commas.
    static func nextPart(in text: Substring, knownOnly: Bool) -> Substring.Index? {
        var search = text[...]
        while let comma = search.range(of: ", ") {
            let after = text[comma.upperBound...]
            if after.hasPrefix("{{") { return comma.lowerBound }
            if let key = key(at: after), !knownOnly || knownKeys.contains(key) { return comma.lowerBound }
            if !knownOnly || isKnownFlag(after) { return comma.lowerBound }
            search = text[comma.upperBound...]
        }
        return nil
    }

    /// Traits XCUITest writes bare, each up to the next comma or the end of the line.
    static func isKnownFlag(_ text: Substring) -> Bool {
        let word = text.prefix { $0 != "," }
        return ["Selected", "Disabled", "Enabled", "Focused", "Keyboard Focused", "Not Hittable", "Hittable"].contains(String(word))
    }

    /// The quote that closes the value opening `text` (which starts with `'`): the first quote
    /// followed by the end of the line, or by ", " and another attribute (a key, a frame or a
    /// capitalised trait). Quotes inside the value are not escaped in these dumps.
    static func closingQuote(in text: Substring) -> Substring.Index? {
        var index = text.index(after: text.startIndex)
        while let quote = text[index...].firstIndex(of: "'") {
            let after = text[text.index(after: quote)...]
            if after.trimmingSpaces.isEmpty { return quote }
            if after.hasPrefix(", ") {
                let next = after.dropFirst(2)
                if next.hasPrefix("{{") || key(at: next) != nil || next.first.map({ $0.isUppercase }) == true { return quote }
            }
            index = text.index(after: quote)
        }
        return nil
    }

    // MARK: The tree

    /// Builds the tree from (element, indentation) in document order.
    struct TreeBuilder {
        let file: String
        let limits: HierarchyLimits
        /// The open ancestors: each node with its indentation.
        var open: [(node: HierarchyNode, indent: Int)] = []
        var roots: [HierarchyNode] = []
        var count = 0

        init(file: String, limits: HierarchyLimits) {
            self.file = file
            self.limits = limits
        }

        mutating func add(_ node: HierarchyNode, indent: Int) throws(HierarchyError) {
            count += 1
            guard count <= limits.maxElements else {
                throw HierarchyError(file: file, line: node.line, message: "more than \(limits.maxElements) elements, the elements limit",
                                     limit: .elements)
            }
            while let last = open.last, last.indent >= indent { close() }
            guard open.count < limits.maxDepth else {
                throw HierarchyError(file: file, line: node.line, message: "elements nested deeper than \(limits.maxDepth) levels, the json-depth limit",
                                     limit: .jsonDepth)
            }
            open.append((node, indent))
        }

        /// Closes the innermost open node into its parent (or the roots).
        mutating func close() {
            guard let last = open.popLast() else { return }
            if open.isEmpty { roots.append(last.node) } else { open[open.count - 1].node.children.append(last.node) }
        }

        mutating func finish() -> [HierarchyNode] {
            while !open.isEmpty { close() }
            return roots
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
