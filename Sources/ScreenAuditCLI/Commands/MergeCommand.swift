import Foundation
import Imaging
import ScreenAuditKit

/// `screenaudit merge --out DIR REPORT_DIR...` (or `--out FILE BASELINE...`)
enum MergeCommand: Command {
    static let name = "merge"
    static let abstract = "Join the reports (or baselines) of a run split with --shard into one."
    static let discussion = """
    With report folders (each written by `audit --shard I/N`), writes into --out the outputs the
    shards wrote (report.json, report.md, junit.xml, report.sarif, index.html, overlays) as the
    unsharded run would: screens in the run's order, findings numbered across the run, the summary
    and the gate recomputed, baseline states and --compare marks kept (the shards compared with
    one report). The files equal the unsharded run's byte for byte, apart from report.json's
    "shards" field. Prints the same lines as `audit`.

    With baseline files (each written by `baseline --shard I/N`), writes the one baseline file
    the unsharded run gives to --out.

    Every shard of the run must be given once, made by the same tool version from the same
    screens with the same options; a shard whose audit failed with exit 3 is refused.

    Exit status: 0 passed; 1 a finding that is not waived or baselined reached the shards'
    --fail-on; 2 usage error; 3 the shards cannot be merged (each problem is listed on standard
    error with its folder or file).
    """
    static let arguments = "SHARD..."
    static let options = [
        OptionSpec("--out", value: "PATH", help: "The merged report folder (default build_results/screen-audit), or the baseline file."),
        OptionSpec("--jobs", value: "N", help: "Overlays numbered at once (default: the number of cores)."),
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard !parsed.positionals.isEmpty else { throw UsageError("give the shards' report folders (or baseline files) to merge") }
        let jobs = try positiveInteger(parsed, "--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        let folders = parsed.positionals.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        do {
            if folders.isEmpty {
                guard let out = parsed.value("--out") else { throw UsageError("--out FILE is required to merge baselines") }
                return try mergeBaselines(parsed.positionals, out: out, console: console)
            }
            if folders.count != parsed.positionals.count {
                let file = parsed.positionals.first { !folders.contains($0) } ?? ""
                let exists = FileManager.default.fileExists(atPath: file)
                console.err("error: \(file): \(exists ? "a file among report folders: merge folders (reports) or files (baselines), not both" : "no such report folder")\n")
                return .unusableInput
            }
            return try await mergeReports(folders, out: parsed.value("--out") ?? "build_results/screen-audit", jobs: jobs, console: console)
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
    }

    static func mergeReports(_ folders: [String], out: String, jobs: Int, console: Console) async throws -> ExitStatus {
        var parts: [ShardMerge.Part] = []
        var issues: [InputIssue] = []
        for folder in folders {
            do {
                parts.append(try ShardMerge.read(folder))
            } catch let AuditError.invalidInput(found) {
                issues += found
            }
        }
        guard issues.isEmpty else { throw AuditError.invalidInput(issues) }
        let merged = try ShardMerge.merge(parts)
        let options = parts[0].report.shard?.options ?? [:]
        let formats = Set((options["--format"] ?? "").split(separator: ",").compactMap { ReportFormat(rawValue: String($0)) })
        let failOn = FailThreshold(rawValue: merged.report.settings.failOn) ?? .error
        let outputs = try AuditOutputs(directory: out, formats: formats)
        try await merged.stageOverlays(into: outputs, decoder: ImageDecoder(), width: jobs)
        let written = try await outputs.write(merged.report, rules: merged.rules, failOn: failOn, width: jobs)

        let report = merged.report
        let width = report.screens.map(\.id.count).max() ?? 0
        for screen in report.screens {
            console.out(AuditCommand.screenLine(screen, idWidth: width) + "\n")
        }
        let s = report.summary
        let count = AuditCommand.count
        console.out("merged \(count(parts.count, "shard")): \(count(s.screens, "screen")): \(count(s.errors, "error")), \(count(s.warnings, "warning")), "
            + "\(count(s.infos, "info")), \(s.waived) waived; \(count(s.passed, "check")) passed, \(s.notRun) not run\n")
        if let baseline = report.baseline {
            console.out("baseline: \(count(baseline.baselined, "finding")) accepted, \(baseline.stale.count) stale \(baseline.stale.count == 1 ? "entry" : "entries") (listed in report.md)\n")
        }
        if report.comparison != nil { console.out(AuditCommand.compareLine(s, against: nil)) }
        AuditCommand.waiversLine(report.waivers, console: console)
        return AuditCommand.reportsAndGate(written, summary: s, failOn: failOn, console: console)
    }

    static func mergeBaselines(_ files: [String], out: String, console: Console) throws -> ExitStatus {
        var baselines: [(file: String, baseline: Baseline)] = []
        var issues: [InputIssue] = []
        for file in files {
            do {
                baselines.append((file, try DecodableInput.load(Baseline.self, path: file, what: "baseline")))
            } catch let AuditError.invalidInput(found) {
                issues += found
            }
        }
        guard issues.isEmpty else { throw AuditError.invalidInput(issues) }
        let baseline = try ShardMerge.merge(baselines: baselines)
        let directory = (out as NSString).deletingLastPathComponent
        try ReportWriter.write([((out as NSString).lastPathComponent, try JSONText.encode(baseline))], to: directory.isEmpty ? "." : directory)
        console.out("baseline: \(AuditCommand.count(baselines.count, "shard")) merged, \(baseline.entries.count) findings written to \(out)\n")
        return .success
    }
}
