/// One option a command accepts.
public struct OptionSpec: Sendable, Equatable {
    public var name: String            // "--json"
    public var valueName: String?      // "N" when the option takes a value
    public var help: String
    public var repeatable: Bool

    public init(_ name: String, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }

    public var takesValue: Bool { valueName != nil }
}

/// The result of parsing: flags seen, option values in order, and positional arguments.
public struct ParsedArguments: Sendable, Equatable {
    public var flags: Set<String> = []
    public var values: [String: [String]] = [:]
    public var positionals: [String] = []

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    public func value(_ option: String) -> String? { values[option]?.last }
    public func allValues(_ option: String) -> [String] { values[option] ?? [] }
}

/// A mistake in how the tool was called. The message names the argument; the caller prints it
/// with the command's usage line and exits with status 2.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Parses `--flag`, `--option value`, `--option=value`, `--` (everything after is positional)
/// and positional arguments, against a fixed list of options. `-h` is `--help`.
public func parseArguments(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
    let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
            parsed.positionals.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositionals = true
            continue
        }
        var name = argument == "-h" ? "--help" : argument
        var inlineValue: String?
        if let equals = name.firstIndex(of: "="), name.hasPrefix("--") {
            inlineValue = String(name[name.index(after: equals)...])
            name = String(name[..<equals])
        }
        guard let spec = byName[name] else {
            throw UsageError("unknown option '\(name)'")
        }
        if spec.takesValue {
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option '\(name)' needs a value (\(spec.valueName ?? "VALUE"))")
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw UsageError("option '\(name)' is given more than once")
            }
            parsed.values[name, default: []].append(value)
        } else {
            if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
            parsed.flags.insert(name)
        }
    }
    return parsed
}

/// Reads a positive whole number from an option, or throws a usage error naming it.
public func positiveInteger(_ parsed: ParsedArguments, _ option: String) throws -> Int? {
    guard let text = parsed.value(option) else { return nil }
    guard let value = Int(text), value > 0 else {
        throw UsageError("option '\(option)' needs a positive whole number, got '\(text)'")
    }
    return value
}
