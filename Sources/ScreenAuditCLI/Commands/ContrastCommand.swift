import ColorScience
import Foundation

/// `screenaudit contrast COLOR COLOR`
enum ContrastCommand: Command {
    static let name = "contrast"
    static let abstract = "Compute the WCAG 2.2 contrast ratio of two colours."
    static let discussion = """
    COLOR is #RGB, #RRGGBB or r,g,b (0-255 each). Prints the contrast ratio and whether it meets
    each WCAG 2.2 minimum: AA normal text 4.5:1 and large text 3:1 (SC 1.4.3), AAA 7:1 and 4.5:1
    (SC 1.4.6), non-text 3:1 (SC 1.4.11). The ratio is compared unrounded: 4.499:1 fails 4.5:1.
    The two decimals shown are cut, never rounded up, so a failing ratio never prints as passing.
    """
    static let arguments = "COLOR COLOR"
    static let options = [
        OptionSpec("--json", help: "Print JSON instead of text."),
        OptionSpec("--require", value: "LEVEL",
                   help: "Exit 1 unless LEVEL is met: aa-normal, aa-large, aaa-normal, aaa-large or non-text."),
    ]

    static let levelNames: [String: ContrastRequirement] = [
        "aa-normal": .normalTextAA, "aa-large": .largeTextAA, "aaa-normal": .normalTextAAA,
        "aaa-large": .largeTextAAA, "non-text": .nonTextAA,
    ]

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitStatus {
        guard parsed.positionals.count == 2 else {
            throw UsageError("expected two colours, got \(parsed.positionals.count)")
        }
        let colors = try parsed.positionals.map { text -> RGB8 in
            guard let color = RGB8(parsing: text) else {
                throw UsageError("'\(text)' is not a colour (use #RGB, #RRGGBB or r,g,b with 0-255)")
            }
            return color
        }
        var required: ContrastRequirement?
        if let level = parsed.value("--require") {
            guard let requirement = levelNames[level] else {
                throw UsageError("unknown level '\(level)' for --require (use \(levelNames.keys.sorted().joined(separator: ", ")))")
            }
            required = requirement
        }
        let ratio = WCAG.contrastRatio(colors[0], colors[1])
        if parsed.has("--json") {
            let body = ContrastJSON(
                foreground: colors[0].hex, background: colors[1].hex,
                ratio: (ratio * 10_000).rounded(.down) / 10_000,
                levels: Dictionary(uniqueKeysWithValues: levelNames.map { ($0.key, $0.value.isMet(by: ratio)) }))
            console.out(try JSONOutput.encode(body) + "\n")
        } else {
            var lines = ["\(colors[0].hex) and \(colors[1].hex): contrast \(RatioDisplay.text(ratio)):1"]
            for requirement in ContrastRequirement.allCases {
                let verdict = requirement.isMet(by: ratio) ? "pass" : "fail"
                let minimum = RatioDisplay.minimum(requirement.minimumRatio)
                lines.append("  \(requirement.title) (\(minimum):1, \(requirement.successCriterion)): \(verdict)")
            }
            console.out(lines.joined(separator: "\n") + "\n")
        }
        if let required, !required.isMet(by: ratio) { return .gateFailed }
        return .success
    }


    struct ContrastJSON: Encodable {
        var foreground: String
        var background: String
        /// Cut to four decimals.
        var ratio: Double
        var levels: [String: Bool]
    }
}
