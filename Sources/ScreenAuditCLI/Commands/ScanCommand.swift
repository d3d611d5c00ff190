import Foundation
import Imaging
import ScreenAuditKit

/// `screenaudit scan [options] PATH...`
enum ScanCommand: Command {
    static let name = "scan"
    static let abstract = "Find the text in screenshots from their pixels alone, and check it."
    static let discussion = """
    For screenshots with no contract and no UI hierarchy (a mock-up export, a marketing shot, a
    game drawn in Metal): finds every line of text in each PNG or JPEG named (or below a folder
    named) from its pixels, runs contrast.text, text.size and text.truncated on each line, and
    writes the usual reports into --out, with an overlay of every screenshot outlining every line
    found. The pixels do not say what a line reads: text.truncated reports a line that ends in an
    ellipsis as probably truncated, unable to tell an ellipsis that is part of the text.

    The scale comes from the screenshot's size when it is an Apple device's full-screen
    screenshot (every iPhone and iPad, portrait or landscape); for any other size pass --scale
    (pixels per point) or, for Android, --density (pixels per dp). Each line found is the element
    text@X,Y (its top-left corner in points); --write-contract FILE writes them as a contract to
    start a hand-written one from. --truth PATH compares the lines found with a contract that
    knows the text (its screenshot paths relative to its folder, as `render` writes them) and
    prints the detector's recall, precision and how often its verdicts agree.

    With --waivers FILE, the findings whose fingerprints the file lists are waived, as `audit
    --waivers` does (a line's fingerprint holds its position: text@X,Y).

    Exit status: 0 passed; 1 a finding reached --fail-on; 2 usage error (a screenshot whose scale
    is not known); 3 a path (or the waivers file) cannot be used. An unreadable screenshot is a
    finding on that screen; the others are still scanned.
    """
    static let arguments = "PATH..."
    static let options = [
        OptionSpec("--scale", value: "N", help: "Pixels per point for every screenshot (default: from each one's size)."),
        OptionSpec("--density", value: "N", help: "Android pixels per dp for every screenshot (e.g. 2.625 for 420 dpi)."),
        OptionSpec("--out", value: "DIR", help: "Where reports go (default build_results/screen-audit)."),
        OptionSpec("--fail-on", value: "LEVEL", help: "error (default), warning, info or never: the lowest severity that fails."),
        OptionSpec("--level", value: "AA|AAA", help: "WCAG level for text contrast (default AA: 4.5:1 and 3:1)."),
        OptionSpec("--large-text", value: "RULE", help: "wcag (default: >= 24 pt, or >= 18.66 pt bold) or hig (>= 18 pt, or bold)."),
        OptionSpec("--min-text-size", value: "PT", help: "Smallest acceptable text for text.size (default 11 pt)."),
        OptionSpec("--format", value: "LIST", help: "Outputs to write: json, md, junit, sarif, html, overlays (default all); github adds GitHub Actions annotations and a job summary."),
        OptionSpec("--overlays", value: "WHICH", help: "all (default: every screenshot, every line outlined) or findings."),
        AuditCommand.waiversOption,
        OptionSpec("--today", value: "DATE", help: "Judge the waivers' expiry on this YYYY-MM-DD (default: today, UTC)."),
        OptionSpec("--write-contract", value: "FILE", help: "Also write the lines found as a contract (schema version 1)."),
        OptionSpec("--truth", value: "PATH", help: "Contract(s) that know the text: print the detector's recall, precision and verdict agreement."),
        OptionSpec("--jobs", value: "N", help: "Screenshots scanned at once (default: the number of cores)."),
        RunLimits.option,
    ]

    /// The rules `scan` runs: those a line of text with no declared content or size can be judged by.
    static let rules = [RuleID.contrastText, RuleID.textSize, RuleID.textTruncated]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard !parsed.positionals.isEmpty else { throw UsageError("at least one screenshot or folder is required") }
        let scale = try scaleOption(parsed)
        let out = parsed.value("--out") ?? "build_results/screen-audit"
        let failOn = try AuditCommand.choice(parsed, "--fail-on", FailThreshold.self) ?? .error
        var options = AuditOptions(level: try AuditCommand.choice(parsed, "--level", ContrastLevel.self) ?? .aa,
                                   largeTextRule: try AuditCommand.choice(parsed, "--large-text", LargeTextRule.self) ?? .wcag,
                                   today: try AuditCommand.todayOption(parsed),
                                   maxConcurrentScreens: try positiveInteger(parsed, "--jobs") ?? ProcessInfo.processInfo.activeProcessorCount)
        try AuditCommand.applyCheckOptions(parsed, to: &options)
        options.onlyRules = Set(rules)
        options.failOn = failOn
        let (formats, github) = try GitHubOutput.formats(parsed, allowed: ReportFormat.screenFormats)
        let limits = try RunLimits.parse(parsed)
        let overlays = try AuditCommand.overlaySelection(parsed, default: .all)

        // A waivers file that cannot be used stops the run before any screenshot is read.
        do {
            options.waivers = try parsed.value("--waivers").map(limits.waiversLoader.load)
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
        let loaded: ScanScreenLoader.Screens
        do {
            loaded = try ScanScreenLoader(scale: scale, decoder: limits.decoder, maxScreens: limits.contracts.maxScreens)
                .load(paths: parsed.positionals)
        } catch {
            console.report(error)
            return .unusableInput
        }
        if !loaded.unknownScale.isEmpty {
            let files = loaded.unknownScale.map { "\($0.file) (\($0.width)×\($0.height) px)" }
            throw UsageError("no Apple device takes screenshots of the size of \(files.joined(separator: ", ")): "
                + "pass --scale N, its pixels per point (2 or 3 for an iPhone), or --density N for Android")
        }

        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options, decoder: limits.decoder)
        let showProgress = isatty(STDERR_FILENO) != 0 && loaded.screens.count > 3
        let progress: (@Sendable (Int, Int) -> Void)? = showProgress ? AuditCommand.progressPrinter(console) : nil
        let report: AuditReport
        let written: [String]
        do {
            let outputs = try AuditOutputs(directory: out, formats: formats, overlays: overlays, outlinesCheckedElements: true)
            let audited = await runner.audit(loaded.screens, screenshotsRoot: loaded.root, provenance: nil, overlays: outputs.overlayRequest,
                                             progress: progress)
            report = options.waivers.map { audited.summarizingWaivers($0) } ?? audited
            written = try await outputs.write(report, rules: AuditRunner.descriptors(options).filter { rules.contains($0.id) || $0.id.hasPrefix("screenshot.") },
                                              failOn: failOn, width: options.maxConcurrentScreens)
            if let contract = parsed.value("--write-contract") {
                let screens = Self.detectedContracts(report, loaded: loaded.screens)
                let directory = (contract as NSString).deletingLastPathComponent
                try ReportWriter.write([((contract as NSString).lastPathComponent, try JSONText.encode(ContractDocument(screens: screens)))],
                                       to: directory.isEmpty ? "." : directory)
                console.out("contract: \(contract) (\(AuditCommand.count(screens.reduce(0) { $0 + $1.elements.count }, "line")) on \(AuditCommand.count(screens.count, "screen")))\n")
            }
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }

        if let truth = parsed.value("--truth") {
            do {
                let evaluation = try await evaluate(report, scanned: loaded, truthPath: truth, runner: runner, limits: limits)
                printEvaluation(evaluation, truth: truth, console: console)
            } catch let error as AuditError {
                console.report(error)
                return .unusableInput
            }
        }

        let width = report.screens.map(\.id.count).max() ?? 0
        for screen in report.screens {
            let lines = Set(screen.checked.compactMap(\.element)).count
            console.out(AuditCommand.screenLine(screen, idWidth: width) + " (\(AuditCommand.count(lines, "line")) of text)\n")
        }
        let s = report.summary
        console.out("\(AuditCommand.count(s.screens, "screen")): \(AuditCommand.count(s.errors, "error")), \(AuditCommand.count(s.warnings, "warning")); "
            + "\(AuditCommand.count(s.passed, "check")) passed, \(s.notRun) not run\n")
        AuditCommand.waiversLine(report.waivers, console: console)
        if github { GitHubOutput(screenshots: loaded.root).emit(report, written: written, console: console) }
        return AuditCommand.reportsAndGate(written, summary: s, failOn: failOn, console: console)
    }

    /// `--scale` or `--density` (not both): pixels per point, or per dp.
    static func scaleOption(_ parsed: ParsedArguments) throws -> Double? {
        let scale = parsed.value("--scale"), density = parsed.value("--density")
        if scale != nil && density != nil { throw UsageError("options '--scale' and '--density' cannot be used together") }
        guard let (option, text) = scale.map({ ("--scale", $0) }) ?? density.map({ ("--density", $0) }) else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0.5, value <= 10 else {
            throw UsageError("option '\(option)' needs pixels per \(option == "--scale" ? "point" : "dp") between 0.5 and 10, got '\(text)'")
        }
        return value
    }

    /// The screens as `scan` audited them, with the lines found as text elements (frames in
    /// points, from the pixel frames the report lists).
    static func detectedContracts(_ report: AuditReport, loaded: [LoadedScreen]) -> [ScreenContract] {
        zip(report.screens, loaded).compactMap { screen, loaded in
            guard screen.status == .audited else { return nil }
            var contract = loaded.contract
            let scale = contract.device.scale
            var seen = Set<String>()
            contract.elements = screen.checked.compactMap { entry -> ElementContract? in
                guard let id = entry.element, let frame = entry.frame, seen.insert(id).inserted else { return nil }
                // Hundredths of a point, rounded outward: the frame still holds every pixel.
                let x = (Double(frame.x) / scale * 100).rounded(.down) / 100, y = (Double(frame.y) / scale * 100).rounded(.down) / 100
                let maxX = (Double(frame.maxX) / scale * 100).rounded(.up) / 100, maxY = (Double(frame.maxY) / scale * 100).rounded(.up) / 100
                return ElementContract(id: id, role: .text, frame: Frame(x: x, y: y, width: ((maxX - x) * 100).rounded() / 100,
                                                                         height: ((maxY - y) * 100).rounded() / 100),
                                       text: TextSpec(content: ""))
            }
            return contract
        }
    }

    /// Audits the screenshots `truthPath`'s contracts describe (paths relative to the contract's
    /// folder) with the scan's rules, and compares them with the lines the scan found.
    static func evaluate(_ report: AuditReport, scanned: ScanScreenLoader.Screens, truthPath: String, runner: AuditRunner,
                         limits: RunLimits) async throws -> DetectionEvaluation {
        let truth = try limits.contracts.load(path: truthPath)
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: truthPath, isDirectory: &isDirectory)
        let base = ScanScreenLoader.absolute(isDirectory.boolValue ? truthPath : (truthPath as NSString).deletingLastPathComponent)
        var byPath: [String: String] = [:]
        for screen in scanned.screens {
            byPath[ScanScreenLoader.absolute((scanned.root as NSString).appendingPathComponent(screen.contract.screenshot))] = screen.contract.id
        }
        var pairs: [String: String] = [:]
        var paired: [LoadedScreen] = []
        for screen in truth {
            let path = ScanScreenLoader.absolute((base as NSString).appendingPathComponent(screen.contract.screenshot))
            guard let scannedID = byPath[path] else { continue }
            pairs[scannedID] = screen.contract.id
            paired.append(screen)
        }
        let truthReport = await runner.audit(paired, screenshotsRoot: base, provenance: nil)
        return DetectionEvaluation(scanned: report, truth: truthReport, truthContracts: paired.map(\.contract), pairs: pairs)
    }

    static func printEvaluation(_ evaluation: DetectionEvaluation, truth: String, console: Console) {
        console.out("detector against \(truth): \(evaluation.found) of \(evaluation.textElements) text elements found (recall \(Console.percent(evaluation.recall))); "
            + "\(evaluation.onText) of \(evaluation.lines) lines found lie on text (precision \(Console.percent(evaluation.precision)))\n")
        console.out("verdicts on the lines found: \(evaluation.agreeingPairs) of \(evaluation.judgedPairs) agree with the contract's (\(Console.percent(evaluation.agreement)))\n")
        for (label, items) in [("missed", evaluation.missed), ("not text", evaluation.spurious),
                              ("verdicts that differ", evaluation.disagreements)] where !items.isEmpty {
            console.out("\(label): " + items.prefix(12).joined(separator: "; ") + (items.count > 12 ? ", … and \(items.count - 12) more" : "") + "\n")
        }
    }
}
