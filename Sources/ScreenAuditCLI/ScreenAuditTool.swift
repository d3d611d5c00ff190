import Foundation
import ScreenAuditKit

/// The `screenaudit` command line: picks a subcommand, parses its arguments, runs it and maps
/// every outcome to an exit status. It computes nothing itself.
public enum ScreenAuditTool {
    static var commands: [any Command.Type] { [DemoCommand.self, AuditCommand.self, BaselineCommand.self, MergeCommand.self, ImportCommand.self, ScanCommand.self, AssetsCommand.self, RenderCommand.self, EvaluateCommand.self, InfoCommand.self, ContrastCommand.self] }

    static var overview: String {
        var lines = [
            "OVERVIEW: Audit app screenshots for accessibility on the pixels themselves.",
            "",
            "USAGE: screenaudit <subcommand> [options]",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands {
            let padded = command.name + String(repeating: " ", count: max(2, 12 - command.name.count))
            lines.append("  \(padded)\(command.abstract)")
        }
        lines += [
            "",
            "OPTIONS:",
            "  --version   Print the version.",
            "  --help      Show this help; 'screenaudit <subcommand> --help' for a subcommand.",
            "",
            "EXIT STATUS:",
            "  0  passed",
            "  1  the audit gate failed (a finding reached --fail-on, or --require was not met)",
            "  2  usage error",
            "  3  an input could not be used (a file that does not decode, contracts that do not parse)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], console: Console) async -> ExitStatus {
        guard let first = arguments.first else {
            console.err(overview)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1 {
                guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                    console.err("error: unknown subcommand '\(arguments[1])'\nUSAGE: screenaudit <subcommand> [options]\n")
                    return .usage
                }
                console.out(command.help)
            } else {
                console.out(overview)
            }
            return .success
        case "--version":
            console.out("\(ScreenAuditKit.toolName) \(ScreenAuditKit.version)\n")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.err("error: unknown subcommand '\(first)'\nUSAGE: screenaudit <subcommand> [options]\nRun 'screenaudit --help' for the list.\n")
            return .usage
        }
        do {
            let parsed = try parse(arguments, for: command)
            if parsed.has("--help") {
                console.out(command.help)
                return .success
            }
            return try await command.run(parsed, console: console)
        } catch let error as UsageError {
            console.err("error: \(error.message)\nUSAGE: \(command.usage)\n")
            return .usage
        } catch {
            console.err("error: \(error)\n")
            return .unusableInput
        }
    }

    /// How many workers `arguments` will run: the subcommand's `--jobs`, else the number of cores.
    /// Read before the run, with the subcommand's own options, so `main` can set up the process
    /// for them (`FrameMemory.oneArena`); arguments that do not parse count as the default here
    /// and are reported by `run`.
    public static func workers(in arguments: [String]) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard let name = arguments.first, let command = commands.first(where: { $0.name == name }),
              let parsed = try? parse(arguments, for: command), let jobs = try? positiveInteger(parsed, "--jobs")
        else { return cores }
        return jobs
    }

    /// `arguments` (the subcommand's name first) parsed with `command`'s options and `--help`.
    static func parse(_ arguments: [String], for command: any Command.Type) throws -> ParsedArguments {
        try parseArguments(Array(arguments.dropFirst()), options: command.options + [OptionSpec("--help", help: "")])
    }
}
