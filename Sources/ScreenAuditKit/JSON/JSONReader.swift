/// A place in a JSON document, printed the way users read it: `screens[3].elements[7].frame.width`.
public struct JSONPath: Equatable, Hashable, Sendable, CustomStringConvertible {
    public private(set) var components: [Component]

    public enum Component: Equatable, Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public init(_ components: [Component] = []) { self.components = components }

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case let .key(key): text += text.isEmpty ? key : ".\(key)"
            case let .index(index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "(document)" : text
    }
}

/// A resource limit an input can exceed, by the name a run sets it with.
public enum InputLimit: String, Sendable {
    case screens, elements
    case inputBytes = "input-bytes"
    case jsonDepth = "json-depth"
}

/// One thing wrong with an input document: the file, where in it, and what.
public struct InputIssue: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// A JSON path, or "line L, column C" for syntax errors, or "" for the whole file.
    public var location: String
    public var message: String
    /// The limit the input exceeded, when that is what is wrong (not part of the message).
    public var limit: InputLimit?

    public init(file: String, location: String, message: String, limit: InputLimit? = nil) {
        self.file = file
        self.location = location
        self.message = message
        self.limit = limit
    }

    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}

/// Collects every issue found while reading one document, instead of stopping at the first.
final class IssueCollector {
    /// Issues listed per input file at most; the rest are counted ("… and N more").
    static let shownPerFile = 50

    let file: String
    /// nil: every issue is kept (asset catalogs turn each one into a finding).
    let cap: Int?
    private var shown: [InputIssue] = []
    private var more = 0
    private var moreLimit: InputLimit?

    init(file: String, cap: Int? = IssueCollector.shownPerFile) {
        self.file = file
        self.cap = cap
    }

    /// Every issue found so far, shown or not.
    var count: Int { shown.count + more }

    /// The issues to show: the first `cap`, then one saying how many more there are (carrying
    /// the first limit among them, so the note on which limit to raise is not lost).
    var issues: [InputIssue] {
        guard more > 0 else { return shown }
        return shown + [InputIssue(file: file, location: "", message: "… and \(more) more", limit: moreLimit)]
    }

    func report(_ path: JSONPath, _ message: String, limit: InputLimit? = nil) {
        add(InputIssue(file: file, location: path.description, message: message, limit: limit))
    }

    /// An issue at a place that is not a JSON path ("line 3, column 7").
    func report(at location: String, _ message: String, limit: InputLimit? = nil) {
        add(InputIssue(file: file, location: location, message: message, limit: limit))
    }

    private func add(_ issue: InputIssue) {
        if let cap, shown.count >= cap {
            more += 1
            if moreLimit == nil { moreLimit = issue.limit }
        } else {
            shown.append(issue)
        }
    }
}

/// Typed access to one JSON object, reporting missing keys and wrong types with their path.
struct ObjectReader {
    let members: [(key: String, value: JSONValue)]
    let path: JSONPath
    let issues: IssueCollector

    init?(_ value: JSONValue, path: JSONPath, issues: IssueCollector) {
        guard case let .object(members) = value else {
            issues.report(path, "expected an object, got \(value.kindName)")
            return nil
        }
        self.members = members
        self.path = path
        self.issues = issues
    }

    func value(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { value(key) != nil && value(key) != .null }

    func string(_ key: String, required: Bool = true) -> String? {
        guard let value = value(key), value != .null else {
            if required { issues.report(path.appending(key), "missing (a string is required)") }
            return nil
        }
        guard case let .string(text) = value else {
            issues.report(path.appending(key), "expected a string, got \(value.kindName)")
            return nil
        }
        return text
    }

    func number(_ key: String, required: Bool = true) -> Double? {
        guard let value = value(key), value != .null else {
            if required { issues.report(path.appending(key), "missing (a number is required)") }
            return nil
        }
        guard case let .number(number) = value else {
            issues.report(path.appending(key), "expected a number, got \(value.kindName)")
            return nil
        }
        return number
    }

    func integer(_ key: String, required: Bool = true) -> Int? {
        guard let number = number(key, required: required) else { return nil }
        guard number == number.rounded(), abs(number) < 1e15 else {
            issues.report(path.appending(key), "expected a whole number, got \(number)")
            return nil
        }
        return Int(number)
    }

    func object(_ key: String, required: Bool = true) -> ObjectReader? {
        guard let value = value(key), value != .null else {
            if required { issues.report(path.appending(key), "missing (an object is required)") }
            return nil
        }
        return ObjectReader(value, path: path.appending(key), issues: issues)
    }

    /// The elements of an array with their paths; nil (and an issue) when it is not an array.
    func array(_ key: String, required: Bool = true) -> [(value: JSONValue, path: JSONPath)]? {
        guard let value = value(key), value != .null else {
            if required { issues.report(path.appending(key), "missing (an array is required)") }
            return nil
        }
        guard case let .array(elements) = value else {
            issues.report(path.appending(key), "expected an array, got \(value.kindName)")
            return nil
        }
        return elements.enumerated().map { ($0.element, path.appending(key).appending($0.offset)) }
    }

    func strings(_ key: String, required: Bool = true) -> [String]? {
        guard let elements = array(key, required: required) else { return nil }
        var result: [String] = []
        for (value, path) in elements {
            guard case let .string(text) = value else {
                issues.report(path, "expected a string, got \(value.kindName)")
                continue
            }
            result.append(text)
        }
        return result
    }
}

/// The start every versioned input document shares: parse, require an object at the top,
/// check `schemaVersion`, and (for closed formats) reject unknown top-level fields.
enum VersionedDocument {
    /// The root object with its issue collector, or the syntax error as the only issue.
    static func open(_ bytes: [UInt8], file: String, limits: JSONLimits, schemaVersion: Int,
                     fields: [String]? = nil) -> (root: ObjectReader?, issues: IssueCollector) {
        let issues = IssueCollector(file: file)
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits)
        } catch {
            // A document refused by a limit is not said to be invalid JSON.
            issues.report(at: "line \(error.line), column \(error.column)", error.limit == .screens || error.limit == .elements
                          ? error.message : "not valid JSON: \(error.message)", limit: error.limit)
            return (nil, issues)
        }
        guard let root = ObjectReader(json, path: JSONPath(), issues: issues) else { return (nil, issues) }
        if let fields {
            for member in root.members where !fields.contains(member.key) {
                issues.report(JSONPath().appending(member.key), "unknown field (fields: \(fields.joined(separator: ", ")))")
            }
        }
        if let version = root.integer("schemaVersion"), version != schemaVersion {
            issues.report(JSONPath().appending("schemaVersion"),
                          "unsupported schema version \(version) (this tool reads version \(schemaVersion))")
        }
        return (root, issues)
    }
}
