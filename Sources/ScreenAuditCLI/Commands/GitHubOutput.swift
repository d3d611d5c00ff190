import Foundation
import ScreenAuditKit

/// `--format …,github` for `audit` and `scan`: GitHub Actions annotations on standard output and,
/// when `$GITHUB_STEP_SUMMARY` names a file, a job summary appended to it (docs/ci.md).
///
/// Enabled only by the format, never by `GITHUB_ACTIONS=true` alone: a workflow that runs the tool
/// several times (a baseline, then the audit) annotates once, where it asks, and scripts that read
/// standard output keep it as it was.
struct GitHubOutput {
    static let formatName = "github"

    /// The folders the run's screens came from, to name each finding's file from the repository root.
    var contracts: String?
    var screenshots: String
    var hierarchies: String?

    /// `--format a,b,github`: the report files to write, and whether `github` was named. `github`
    /// alone adds to the default files (all of `allowed`): the annotations' summary line and the
    /// job summary point at the full report.
    static func formats(_ parsed: ParsedArguments, allowed: [ReportFormat]) throws -> (formats: Set<ReportFormat>, github: Bool) {
        guard let text = parsed.value("--format") else { return (Set(allowed), false) }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let others = names.filter { $0 != formatName }
        guard others.count < names.count else { return (try AuditCommand.formatList(parsed, allowed: allowed), false) }
        guard !others.isEmpty else { return (Set(allowed), true) }
        do {
            return (try ReportFormat.list(others.joined(separator: ","), allowed: allowed), true)
        } catch {
            throw UsageError("unknown format '\(error.name)' for --format (formats: \((allowed.map(\.rawValue) + [formatName]).joined(separator: ", ")))")
        }
    }

    /// Prints the annotations and appends the job summary. `written`: the report files.
    func emit(_ report: AuditReport, written: [String], console: Console,
              environment: [String: String] = ProcessInfo.processInfo.environment) {
        let workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
        let entries = GitHubReporter.entries(report, isNew: { $0.change.map { $0 == .new } })
        let full = written.first { $0.hasSuffix("/" + MarkdownReporter.fileName) || $0 == MarkdownReporter.fileName } ?? written.first
        var texts: [String: String?] = [:]
        let lines = GitHubReporter.annotations(report, entries: entries, fullReport: full.map { Self.repositoryPath($0, workspace: workspace) }) { entry in
            location(entry, workspace: workspace, texts: &texts)
        }
        console.out(lines.map { $0 + "\n" }.joined())

        guard let summaryPath = environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty else { return }
        // The 1 MiB limit is on the step's whole file: what earlier commands of the step wrote counts.
        let existing = (try? FileManager.default.attributesOfItem(atPath: summaryPath)[.size] as? Int) ?? 0
        let markdown = GitHubReporter.jobSummary(report, entries: entries, reports: written.map { Self.repositoryPath($0, workspace: workspace) },
                                                 budget: GitHubReporter.summaryLimit - existing)
        do {
            try Self.append(Data(markdown.utf8), to: summaryPath)
        } catch {
            console.err("warning: cannot append the job summary to \(summaryPath) (GITHUB_STEP_SUMMARY): \(error.localizedDescription)\n")
        }
    }

    /// The file a finding is annotated on: the contract that declares its screen (at the line of
    /// the element's entry, else the screen's), else the UI hierarchy dump it was imported from,
    /// else its screenshot (`scan`, or a dump that is missing).
    private func location(_ entry: GitHubReporter.Entry, workspace: String?, texts: inout [String: String?]) -> GitHubReporter.Location {
        let screen = entry.screen
        let fileManager = FileManager.default
        if !screen.contract.isEmpty {
            if let hierarchies {
                let dump = (hierarchies as NSString).appendingPathComponent(screen.contract)
                if fileManager.fileExists(atPath: dump) { return .init(file: Self.repositoryPath(dump, workspace: workspace)) }
            }
            if let contracts {
                var isDirectory: ObjCBool = false
                let inFolder = fileManager.fileExists(atPath: contracts, isDirectory: &isDirectory) && isDirectory.boolValue
                let path = inFolder ? (contracts as NSString).appendingPathComponent(screen.contract) : contracts
                if fileManager.fileExists(atPath: path) {
                    if texts[path] == nil { texts[path] = .some(try? String(contentsOfFile: path, encoding: .utf8)) }
                    let line = (texts[path] ?? nil).flatMap { GitHubReporter.contractLine(in: $0, screen: screen.id, element: entry.finding.element) }
                    return .init(file: Self.repositoryPath(path, workspace: workspace), line: line)
                }
            }
        }
        return .init(file: Self.repositoryPath((screenshots as NSString).appendingPathComponent(screen.screenshot), workspace: workspace))
    }

    /// `path` as GitHub wants an annotation's file: relative to the repository (the workspace),
    /// without `./`.
    static func repositoryPath(_ path: String, workspace: String?) -> String {
        var path = (path as NSString).standardizingPath
        if let workspace {
            let root = (workspace as NSString).standardizingPath
            if path.hasPrefix(root + "/") { path = String(path.dropFirst(root.count + 1)) }
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// Appends `data` to the file at `path` (created when missing), as GitHub asks of the summary
    /// file: other steps' commands may have written to it already.
    static func append(_ data: Data, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }
}
