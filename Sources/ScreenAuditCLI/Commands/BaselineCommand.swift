import Foundation
import ScreenAuditKit

/// `screenaudit baseline --contracts … --screenshots … --out FILE`
enum BaselineCommand: Command {
    static let name = "baseline"
    static let abstract = "Record the current findings as a baseline for `audit --baseline`."
    static let discussion = """
    Audits like `audit` and writes the fingerprints of every finding that is not waived to FILE,
    sorted by screen, element and rule, with the rule, screen and element beside each fingerprint.
    `audit --baseline FILE` then gates only on findings not in it, reports the baselined ones
    separately, and lists entries that no longer occur so the file can shrink.

    With --shard I/N, records only the screens of that shard; `screenaudit merge --out FILE`
    joins the shards' files into the baseline the whole run gives.
    """
    static let arguments = ""
    static let options = [ScreenInputs.contractsOption, ScreenInputs.screenshotsOption] + ScreenInputs.hierarchyOptions + [
        OptionSpec("--provenance", value: "PATH", help: "Asset provenance file (or directory)."),
        OptionSpec("--out", value: "FILE", help: "The baseline file to write (required)."),
    ] + AuditCommand.checkOptions + [AuditCommand.shardOption, RunLimits.option]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        let inputs = try ScreenInputs.parse(parsed)
        guard let out = parsed.value("--out") else { throw UsageError("--out is required") }
        let options = try AuditCommand.checkedRunOptions(parsed)
        let limits = try RunLimits.parse(parsed)
        let shard = try AuditCommand.shardOption(parsed)
        do {
            var screens = try inputs.load(limits)
            var shardInfo: ShardInfo?
            let wholeRun = screens
            if let shard { (screens, shardInfo) = shard.select(screens, options: AuditCommand.shardRecord(parsed, options: options)) }
            let provenance = try parsed.value("--provenance").map { try limits.provenanceLoader.load(path: $0) }
            let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options, decoder: limits.decoder)
                .audit(screens, screenshotsRoot: inputs.screenshots, provenance: provenance, wholeRun: wholeRun)
            var baseline = Baseline(report: report)
            baseline.shard = shardInfo
            let directory = (out as NSString).deletingLastPathComponent
            try ReportWriter.write([((out as NSString).lastPathComponent, try JSONText.encode(baseline))],
                                   to: directory.isEmpty ? "." : directory)
            console.out("baseline: \(baseline.entries.count) findings written to \(out)\n")
            return .success
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
    }
}
