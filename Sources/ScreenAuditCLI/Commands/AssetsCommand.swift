import Foundation
import ScreenAuditKit

/// `screenaudit assets --catalog PATH [--requirements FILE] [--provenance FILE] [--release] [--out DIR]`
enum AssetsCommand: Command {
    static let name = "assets"
    static let abstract = "Validate an asset catalog (.xcassets) against its requirements and provenance."
    static let discussion = """
    Reads every Contents.json of the catalog and decodes its PNG and JPEG images with the same
    decoders as the audit. Reports malformed Contents.json, referenced files that are missing,
    files nobody references, duplicate or invalid entries, missing scales, pixel sizes that
    disagree across scales, images that do not decode or whose format differs from their name,
    invalid colours and group names with a period. With --requirements, every required asset,
    idiom, appearance and scale must exist, and the declared colour pairs must reach their WCAG
    contrast from the colour sets' values. With --provenance, every asset needs an entry;
    placeholder art is a warning, or an error with --release; upscaled or low-res sources are
    warnings. Writes report.json, report.md, report.sarif, junit.xml and index.html (a review
    page with a thumbnail of each image and swatches of each colour, thumbnails in previews/)
    into --out.

    Exit status: 0 passed; 1 a finding reached --fail-on; 2 usage error; 3 the catalog path,
    the requirements or the provenance cannot be used (every problem is listed on standard
    error with its file and JSON path). Problems inside the catalog are findings, not exit 3.
    """
    static let arguments = ""
    static let options = [
        OptionSpec("--catalog", value: "PATH", help: "The .xcassets folder (required)."),
        OptionSpec("--requirements", value: "FILE", help: "Required assets, scales, appearances and colour pairs (JSON)."),
        OptionSpec("--provenance", value: "PATH", help: "Asset provenance file (or directory); without it provenance is not checked."),
        OptionSpec("--release", help: "Placeholder art is an error, not a warning."),
        OptionSpec("--out", value: "DIR", help: "Where reports go (default build_results/asset-audit)."),
        OptionSpec("--fail-on", value: "LEVEL", help: "error (default), warning, info or never: the lowest severity that fails."),
        OptionSpec("--format", value: "LIST", help: "Outputs to write: json, md, sarif, junit, html (default all)."),
        RunLimits.option,
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        guard let catalog = parsed.value("--catalog") else { throw UsageError("--catalog is required") }
        let out = parsed.value("--out") ?? "build_results/asset-audit"
        let failOn = try AuditCommand.choice(parsed, "--fail-on", FailThreshold.self) ?? .error
        let formats = try AuditCommand.formatList(parsed, allowed: ReportFormat.assetFormats)
        let limits = try RunLimits.parse(parsed)

        var inputs = AssetAuditor.Inputs(catalogPath: catalog)
        let audit: AssetAudit
        do {
            if let path = parsed.value("--requirements") {
                inputs.requirements = try limits.requirementsLoader.load(path: path)
                inputs.requirementsFile = path
            }
            if let path = parsed.value("--provenance") {
                inputs.provenance = try limits.provenanceLoader.load(path: path)
                inputs.provenanceFile = path
            }
            let options = AssetAuditOptions(release: parsed.has("--release"), failOn: failOn, catalogLimits: limits.catalog,
                                            decodeLimits: limits.decode,
                                            previewSide: formats.contains(.html) ? AssetPreviews.defaultSide : nil)
            audit = try AssetAuditor(options: options).run(inputs)
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }

        let report = audit.report
        let written: [String]
        do {
            // Paths in report.sarif are relative to the folder holding the catalog, as given, so
            // that code scanning links them from the repository root.
            let catalogParent = (catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog) as NSString
            let base = catalogParent.isAbsolutePath ? "" : catalogParent.deletingLastPathComponent
            written = try AssetOutputs.write(report, previews: audit.previews, formats: formats, sarifBase: base, failOn: failOn, to: out)
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }

        for finding in report.findings {
            let place = finding.file + (finding.location.map { ": \($0)" } ?? "")
            console.out("\(finding.severity.rawValue): \(finding.rule): \(place): \(finding.message)\n")
        }
        let s = report.summary
        for note in report.notes { console.out("note: \(note)\n") }
        let pairs = report.colorPairs
        console.out("\(AuditCommand.count(s.assets, "asset")) in \(report.settings.catalog): \(AuditCommand.count(s.errors, "error")), "
            + "\(AuditCommand.count(s.warnings, "warning")), \(AuditCommand.count(s.infos, "info"))"
            + (pairs.isEmpty ? "" : "; \(pairs.filter { $0.status == .pass }.count) of \(AuditCommand.count(pairs.count, "colour pair")) passed")
            + "\n")
        console.out("reports: \(written.joined(separator: ", "))\n")
        let gate = "--fail-on \(failOn.rawValue)\(parsed.has("--release") ? ", --release" : "")"
        if s.gateFailed {
            console.out("gate: failed (\(gate))\n")
            return .gateFailed
        }
        console.out("gate: passed (\(gate))\n")
        return .success
    }
}
