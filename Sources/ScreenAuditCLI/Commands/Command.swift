/// A `screenaudit` subcommand: it documents itself and runs against a console.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    static var discussion: String { get }
    /// Positional arguments as shown in the usage line, e.g. "FILE...".
    static var arguments: String { get }
    static var options: [OptionSpec] { get }

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus
}

extension Command {
    static var usage: String {
        let optionPart = options.isEmpty ? "" : " [options]"
        let argumentPart = arguments.isEmpty ? "" : " \(arguments)"
        return "screenaudit \(name)\(optionPart)\(argumentPart)"
    }

    static var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(usage)"]
        if !discussion.isEmpty {
            lines += ["", discussion]
        }
        let all = options + [OptionSpec("--help", help: "Show this help.")]
        lines += ["", "OPTIONS:"]
        for option in all {
            let left = option.takesValue ? "\(option.name) \(option.valueName!)" : option.name
            let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left + "  "
            lines.append("  \(padded)\(option.help)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
