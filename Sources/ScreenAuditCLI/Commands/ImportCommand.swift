import Foundation
import ScreenAuditKit

/// `screenaudit import --screenshots DIR --hierarchies DIR --out FILE`
enum ImportCommand: Command {
    static let name = "import"
    static let abstract = "Write the screen contracts that UI hierarchy dumps give, for review or as a start."
    static let discussion = """
    Pairs every screenshot REL/NAME.png or .jpg under --screenshots with its UI hierarchy dump
    REL/NAME.txt (XCUIApplication's debugDescription) or REL/NAME.xml (Appium's iOS page source,
    or a uiautomator dump, which needs --density) under --hierarchies, and writes FILE: the
    contract (schema version 1) that `audit --hierarchies` audits, the same bytes for the same
    inputs. Screens that cannot be imported are listed on standard error and left out of FILE.

    Exit status: 0 every screen imported; 2 usage error; 3 a folder cannot be used or a screen
    could not be imported (FILE still holds the others).
    """
    static let arguments = ""
    static let options = [ScreenInputs.screenshotsOption] + ScreenInputs.hierarchyOptions + [
        OptionSpec("--target-profile", value: "NAME", help: "The target.size profile Android screens get: android (default, 48 dp), ios or wcag-aa."),
        OptionSpec("--out", value: "FILE", help: "The contract file to write (required)."),
        RunLimits.option,
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        var inputs = try ScreenInputs.parse(parsed, contractsAllowed: false)
        inputs.androidProfile = try AuditCommand.choice(parsed, "--target-profile", TargetProfile.self)?.rawValue ?? "android"
        guard let out = parsed.value("--out") else { throw UsageError("--out is required") }
        let limits = try RunLimits.parse(parsed)
        let screens: [LoadedScreen]
        do {
            screens = try inputs.load(limits)
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
        var problems = 0
        for screen in screens {
            switch screen.problem {
            case let .hierarchyMissing(_, reason)?, let .hierarchyUnreadable(_, reason)?:
                console.err("error: \(screen.contract.id): \(reason)\n")
                problems += 1
            case nil:
                for note in screen.notes + (screen.hierarchy?.leftOut.map(\.note) ?? []) { console.err("note: \(screen.contract.id): \(note)\n") }
            }
        }
        let imported = screens.filter { $0.problem == nil }.map(\.contract)
        do {
            let directory = (out as NSString).deletingLastPathComponent
            try ReportWriter.write([((out as NSString).lastPathComponent, try JSONText.encode(ContractDocument(screens: imported)))],
                                   to: directory.isEmpty ? "." : directory)
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
        let elements = imported.reduce(0) { $0 + $1.elements.count }
        console.out("imported \(AuditCommand.count(imported.count, "screen")) (\(AuditCommand.count(elements, "element"))) into \(out)"
            + (problems > 0 ? "; \(problems) not imported (listed above)" : "") + "\n")
        return problems > 0 ? .unusableInput : .success
    }
}
