import Foundation
import Imaging
import ScreenAuditKit

/// `screenaudit audit --contracts PATH --screenshots DIR …`
enum AuditCommand: Command {
    static let name = "audit"
    static let abstract = "Audit screenshots against their screen contracts and gate CI."
    static let discussion = """
    Loads the contracts (one file, or every .json below a directory), decodes each screen's
    screenshot from --screenshots, runs the pixel checks on every element, and writes report.json
    and report.md into --out. Prints one line per screen and where the reports are.

    With --hierarchies instead of (or with) --contracts, every screenshot REL/NAME.png or .jpg is
    audited from the UI hierarchy dumped beside it: REL/NAME.txt (XCUIApplication's
    debugDescription) or REL/NAME.xml (Appium's iOS page source, or a uiautomator dump, which
    needs --density). Contracts given as well annotate the screens whose screenshot they name
    (elements by id, waivers, groups, checks). A screenshot without a dump, or a dump without a
    screenshot, is a finding.

    With --waivers FILE, the findings whose fingerprints the file lists are waived (reported with
    the entry's kind and reason, not gating) as a contract's waivers are, an "accepted" entry
    until it expires (judged on --today); an entry no finding matches is listed in report.md.

    With --shard I/N, audits only the screens whose id hashes to shard I of N (each machine of a
    CI matrix runs one) and writes that shard's outputs; its overlays carry no numbers until
    `screenaudit merge` joins the shards' folders into the report the whole run gives.

    With --compare PREVIOUS/report.json (main's last report, say), each finding is marked new or
    unchanged by its fingerprint, and the earlier run's findings this run no longer has are listed
    as fixed; report.md and index.html open on the new ones. The marks do not change the gate:
    --baseline decides what gates.

    Exit status: 0 passed; 1 a finding that is not waived reached --fail-on; 2 usage error;
    3 the contracts, provenance, waivers, baseline or --compare report cannot be used (every
    problem is listed on standard error with its file and JSON path). An unreadable screenshot or
    a size mismatch is a finding on that screen; the other screens are still audited.
    """
    static let arguments = ""
    static let options = [ScreenInputs.contractsOption, ScreenInputs.screenshotsOption] + ScreenInputs.hierarchyOptions + [
        OptionSpec("--provenance", value: "PATH", help: "Asset provenance file (or directory); findings carry it."),
        OptionSpec("--out", value: "DIR", help: "Where reports go (default build_results/screen-audit)."),
        OptionSpec("--fail-on", value: "LEVEL", help: "error (default), warning, info or never: the lowest severity that fails."),
    ] + checkOptions + [
        OptionSpec("--baseline", value: "FILE", help: "Gate only on findings not in this baseline (from `screenaudit baseline`)."),
        OptionSpec("--compare", value: "REPORT", help: "Mark findings new or unchanged against an earlier report.json, list its fixed ones (no effect on the gate)."),
        waiversOption,
        OptionSpec("--format", value: "LIST", help: "Outputs to write: json, md, junit, sarif, html, overlays (default all); github adds GitHub Actions annotations and a job summary."),
        OptionSpec("--overlays", value: "WHICH", help: "findings (default: screens with findings) or all: overlay images in OUT/overlays."),
        shardOption,
        RunLimits.option,
    ]

    static let waiversOption = OptionSpec("--waivers", value: "FILE", help: "Waive the findings this waivers file lists by fingerprint (docs/formats/waivers.md).")

    static let shardOption = OptionSpec("--shard", value: "I/N", help: "Audit only shard I of N (by a hash of each screen id); `screenaudit merge` joins the shards.")

    /// The options that shape the checks and the run, shared with `baseline` (all read by
    /// `checkedRunOptions`), so that a baseline records what the audit will find.
    static let checkOptions = [
        OptionSpec("--level", value: "AA|AAA", help: "WCAG level for text contrast (default AA: 4.5:1 and 3:1)."),
        OptionSpec("--large-text", value: "RULE", help: "wcag (default: >= 24 pt, or >= 18.66 pt bold) or hig (>= 18 pt, or bold)."),
        OptionSpec("--target-profile", value: "NAME", help: "ios (default, 44 pt), android (48 dp) or wcag-aa (24 px, or spaced)."),
        OptionSpec("--min-text-size", value: "PT", help: "Smallest acceptable text for text.size (default 11 pt)."),
        OptionSpec("--checks", value: "RULES", help: "Run only these comma-separated rule ids."),
        OptionSpec("--skip-checks", value: "RULES", help: "Do not run these comma-separated rule ids."),
        OptionSpec("--detect-text", help: "Also find text in the pixels that no element exposes (text.unexposed, a warning)."),
        OptionSpec("--severity", value: "RULE=LEVEL", repeatable: true,
                   help: "Give a rule's findings this severity (error, warning or info), e.g. design.palette=warning."),
        OptionSpec("--today", value: "DATE", help: "Judge waiver expiry on this YYYY-MM-DD (default: today, UTC)."),
        OptionSpec("--jobs", value: "N", help: "Screens audited at once (default: the number of cores)."),
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        let inputs = try ScreenInputs.parse(parsed)
        let screenshots = inputs.screenshots
        let out = parsed.value("--out") ?? "build_results/screen-audit"
        let failOn = try choice(parsed, "--fail-on", FailThreshold.self) ?? .error
        var options = try checkedRunOptions(parsed)
        options.failOn = failOn
        let (formats, github) = try GitHubOutput.formats(parsed, allowed: ReportFormat.screenFormats)
        let limits = try RunLimits.parse(parsed)
        let overlays = try overlaySelection(parsed, default: .findings)
        let shard = try shardOption(parsed)
        if shard != nil, !formats.contains(.json) {
            throw UsageError("--shard needs report.json (json in --format): `screenaudit merge` reads it")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: screenshots, isDirectory: &isDirectory), isDirectory.boolValue else {
            console.err("error: \(screenshots): the --screenshots folder does not exist\n")
            if let shard { ShardFailure.record("\(screenshots): the --screenshots folder does not exist", shard: shard, in: out) }
            return .unusableInput
        }

        var screens: [LoadedScreen]
        var wholeRun: [LoadedScreen]?
        var provenance: ProvenanceDocument?
        var shardInfo: ShardInfo?
        var previous: (report: AuditReport, path: String)?
        do {
            screens = try inputs.load(limits)
            if let path = parsed.value("--provenance") { provenance = try limits.provenanceLoader.load(path: path) }
            // Like a bad baseline, a bad previous report stops the run before any screen is decoded.
            if let path = parsed.value("--compare") { previous = (try AuditReport.loadPrevious(path: path), path) }
            options.waivers = try parsed.value("--waivers").map(limits.waiversLoader.load)
        } catch let error as AuditError {
            console.report(error)
            if let shard { ShardFailure.record(error.description, shard: shard, in: out) }
            return .unusableInput
        }
        let rules = AuditRunner.descriptors(options, hierarchies: inputs.hierarchies != nil)
        if let shard {
            var recorded = shardRecord(parsed, options: options)
            recorded["--format"] = ReportFormat.allCases.filter(formats.contains).map(\.rawValue).joined(separator: ",")
            recorded["--overlays"] = overlays.rawValue
            // Shards marked against different reports would merge into marks of no one run.
            if let previous { recorded["--compare"] = previousDigest(previous.path) }
            wholeRun = screens
            (screens, shardInfo) = shard.select(screens, options: recorded, rules: rules.map(\.id))
        }

        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options, decoder: limits.decoder)
        // Progress only for a person watching: stderr is a terminal and there are more than a few screens.
        let showProgress = isatty(STDERR_FILENO) != 0 && screens.count > 3
        let progress: (@Sendable (Int, Int) -> Void)? = showProgress ? Self.progressPrinter(console) : nil
        let written: [String]
        let report: AuditReport
        do {
            // The output folder first: a file in its way is reported before any work.
            // A shard's overlays carry no numbers: `merge` numbers them across the whole run.
            let outputs = try AuditOutputs(directory: out, formats: formats, overlays: overlays, numbersOverlays: shard == nil)
            // A baseline that cannot be read stops the run before any screen is decoded.
            let baseline = try parsed.value("--baseline").map(Baseline.load)
            var audited = await runner.audit(screens, screenshotsRoot: screenshots, provenance: provenance,
                                             overlays: outputs.overlayRequest, wholeRun: wholeRun, progress: progress)
            audited.shard = shardInfo
            if let waivers = options.waivers { audited = audited.summarizingWaivers(waivers, shard: shard) }
            let gated = baseline.map { audited.applyingBaseline($0, failOn: failOn, shard: shard) } ?? audited
            report = previous.map { gated.comparing(with: $0.report, shard: shard) } ?? gated
            written = try await outputs.write(report, rules: rules, failOn: failOn, width: options.maxConcurrentScreens)
            if shard != nil { try ShardFailure.clear(in: out) }
        } catch let error as AuditError {
            console.report(error)
            if let shard { ShardFailure.record(error.description, shard: shard, in: out) }
            return .unusableInput
        }
        if let shard, let shardInfo {
            console.out("shard \(shard): \(count(screens.count, "screen")) of the run's \(shardInfo.runScreens)\n")
        }

        let width = report.screens.map(\.id.count).max() ?? 0
        for screen in report.screens {
            console.out(screenLine(screen, idWidth: width) + "\n")
        }
        let s = report.summary
        console.out("\(count(s.screens, "screen")): \(count(s.errors, "error")), \(count(s.warnings, "warning")), "
            + "\(count(s.infos, "info")), \(s.waived) waived; \(count(s.passed, "check")) passed, \(s.notRun) not run\n")
        if let baseline = report.baseline {
            console.out("baseline: \(count(baseline.baselined, "finding")) accepted, \(baseline.stale.count) stale \(baseline.stale.count == 1 ? "entry" : "entries") (listed in report.md)\n")
        }
        if let previous { console.out(compareLine(s, against: previous.path)) }
        waiversLine(report.waivers, console: console)
        if github {
            GitHubOutput(contracts: inputs.contracts, screenshots: screenshots, hierarchies: inputs.hierarchies).emit(report, written: written, console: console)
        }
        return reportsAndGate(written, summary: s, failOn: failOn, console: console)
    }

    /// "waivers: 2 findings waived, 1 unused entry (listed in report.md)" after a run with `--waivers`.
    static func waiversLine(_ waivers: WaiversSummary?, console: Console) {
        guard let waivers else { return }
        console.out("waivers: \(count(waivers.waived, "finding")) waived, \(waivers.unused.count) unused \(waivers.unused.count == 1 ? "entry" : "entries")"
            + (waivers.unused.isEmpty ? "" : " (listed in report.md)") + "\n")
    }

    /// "compare: 2 new, 5 unchanged, 1 fixed against PATH" (audit and merge).
    static func compareLine(_ summary: AuditReport.Summary, against path: String?) -> String {
        "compare: \(summary.new ?? 0) new, \(summary.unchanged ?? 0) unchanged, \(summary.fixed ?? 0) fixed"
            + (path.map { " against \($0)" } ?? "") + " (new ones first in report.md)\n"
    }

    /// The SHA-256 of the compared report's bytes, for a shard's record (its path differs between
    /// machines, its content must not).
    static func previousDigest(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        let file = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? (path as NSString).appendingPathComponent(JSONReporter.fileName) : path
        return SHA256.hexDigest(Array(FileManager.default.contents(atPath: file) ?? Data()))
    }

    /// The closing lines of a run: where the reports are, and the gate's verdict (its exit status).
    static func reportsAndGate(_ written: [String], summary: AuditReport.Summary, failOn: FailThreshold, console: Console) -> ExitStatus {
        console.out("reports: \(written.joined(separator: ", "))\n")
        if summary.gateFailed {
            console.out("gate: failed (--fail-on \(failOn.rawValue))\n")
            return .gateFailed
        }
        console.out("gate: passed (--fail-on \(failOn.rawValue))\n")
        return .success
    }

    /// `--overlays findings|all`.
    static func overlaySelection(_ parsed: ParsedArguments, default fallback: OverlaySelection) throws -> OverlaySelection {
        guard let text = parsed.value("--overlays") else { return fallback }
        guard let selection = OverlaySelection(rawValue: text) else {
            throw UsageError("option '--overlays' must be findings or all, got '\(text)'")
        }
        return selection
    }

    static func screenLine(_ screen: ScreenReport, idWidth: Int) -> String {
        let c = screen.counts
        let padded = screen.id + String(repeating: " ", count: max(0, idWidth - screen.id.count))
        var parts = [count(c.errors, "error"), count(c.warnings, "warning")]
        if c.waived > 0 { parts.append("\(c.waived) waived") }
        if c.baselined > 0 { parts.append("\(c.baselined) baselined") }
        parts.append("\(c.passed) passed")
        if c.notRun > 0 { parts.append("\(c.notRun) not run") }
        var line = "\(padded)  \(screen.status.rawValue)  " + parts.joined(separator: ", ")
        if screen.status != .audited, let finding = screen.findings.first { line += " — \(finding.message)" }
        return line
    }

    /// The run's options from `checkOptions` (shared by `audit` and `baseline`).
    static func checkedRunOptions(_ parsed: ParsedArguments) throws -> AuditOptions {
        let today = try todayOption(parsed)
        var options = AuditOptions(level: try choice(parsed, "--level", ContrastLevel.self) ?? .aa,
                                   largeTextRule: try choice(parsed, "--large-text", LargeTextRule.self) ?? .wcag,
                                   today: today,
                                   maxConcurrentScreens: try positiveInteger(parsed, "--jobs") ?? ProcessInfo.processInfo.activeProcessorCount)
        try applyCheckOptions(parsed, to: &options)
        return options
    }

    /// `--today DATE`, or today's date in UTC.
    static func todayOption(_ parsed: ParsedArguments) throws -> CalendarDay {
        guard let text = parsed.value("--today") else { return CalendarDay.todayUTC() }
        guard let day = CalendarDay(text) else { throw UsageError("option '--today' needs a date YYYY-MM-DD, got '\(text)'") }
        return day
    }

    /// `--target-profile`, `--min-text-size`, `--checks`, `--skip-checks`.
    static func applyCheckOptions(_ parsed: ParsedArguments, to options: inout AuditOptions) throws {
        if let profile = try choice(parsed, "--target-profile", TargetProfile.self) { options.targetProfile = profile }
        if let text = parsed.value("--min-text-size") {
            guard let size = Double(text), size > 0 else { throw UsageError("option '--min-text-size' needs a positive number of points, got '\(text)'") }
            options.minimumTextSize = size
        }
        func rules(_ option: String) throws -> Set<String>? {
            guard let text = parsed.value(option) else { return nil }
            let names = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            for name in names where !RuleID.all.contains(name) {
                throw UsageError("unknown rule '\(name)' for \(option) (rules: \(RuleID.all.joined(separator: ", ")))")
            }
            return Set(names)
        }
        options.onlyRules = try rules("--checks")
        options.skippedRules = try rules("--skip-checks") ?? []
        options.detectsText = parsed.has("--detect-text")
        for text in parsed.allValues("--severity") {
            let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let severity = Severity(rawValue: parts[1]) else {
                throw UsageError("option '--severity' needs RULE=LEVEL with LEVEL error, warning or info, got '\(text)'")
            }
            guard RuleID.all.contains(parts[0]) else {
                throw UsageError("unknown rule '\(parts[0])' for --severity (rules: \(RuleID.all.joined(separator: ", ")))")
            }
            options.severities[parts[0]] = severity
        }
        if !options.detectsText, options.onlyRules?.contains(RuleID.textUnexposed) == true {
            throw UsageError("rule '\(RuleID.textUnexposed)' runs only with --detect-text")
        }
    }

    /// `--shard I/N`, or nil without it.
    static func shardOption(_ parsed: ParsedArguments) throws -> Shard? {
        guard let text = parsed.value("--shard") else { return nil }
        guard let shard = Shard(text) else {
            throw UsageError("option '--shard' needs I/N with 1 <= I <= N <= \(Shard.maximumCount) (e.g. 2/3), got '\(text)'")
        }
        return shard
    }

    /// The options a shard records so that `merge` joins only shards of one run: every option given
    /// but where the output goes and how many cores work (input paths differ between machines, so
    /// only whether they were given), the day waivers were judged on, and the tool's version.
    static func shardRecord(_ parsed: ParsedArguments, options: AuditOptions) -> [String: String] {
        let paths: Set = ["--contracts", "--screenshots", "--hierarchies", "--provenance", "--baseline", "--compare", "--waivers"]
        let ignored: Set = ["--shard", "--out", "--jobs", "--today"]
        var record = ["version": ScreenAuditKit.version, "--today": options.today.description]
        for (name, values) in parsed.values where !ignored.contains(name) {
            record[name] = paths.contains(name) ? "given" : values.joined(separator: " ")
        }
        for flag in parsed.flags where flag != "--help" { record[flag] = "given" }
        return record
    }

    /// Rewrites one line on standard error: "audited 12 of 48 screens".
    static func progressPrinter(_ console: Console) -> @Sendable (Int, Int) -> Void {
        { done, total in
            let end = done == total ? "\n" : ""
            console.err("\raudited \(done) of \(total) screens" + end)
        }
    }

    /// `--format a,b`: the outputs to write, each one of `allowed` (default: all of them).
    static func formatList(_ parsed: ParsedArguments, allowed: [ReportFormat]) throws -> Set<ReportFormat> {
        guard let text = parsed.value("--format") else { return Set(allowed) }
        do {
            return try ReportFormat.list(text, allowed: allowed)
        } catch {
            throw UsageError("unknown format '\(error.name)' for --format (formats: \(allowed.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    /// "1 error", "2 errors".
    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

    static func choice<Value: RawRepresentable & CaseIterable>(_ parsed: ParsedArguments, _ option: String, _: Value.Type) throws -> Value?
        where Value.RawValue == String {
        guard let text = parsed.value(option) else { return nil }
        guard let value = Value.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw UsageError("option '\(option)' must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        return value
    }
}
