import Foundation
import Imaging

/// Puts a run split with `--shard I/N` back together: the shards' reports (or baselines) become
/// the one the unsharded run gives, byte for byte apart from the merged report's `shards` field.
/// Every shard of the run must be there once, made by the same tool version from the same screens
/// with the same options; anything else is an `AuditError.invalidInput` naming the folder or file.
public enum ShardMerge {
    /// Written into a shard's output folder when its audit stops with unusable input (exit 3), and
    /// removed by its next complete run: merge refuses a shard that failed.
    public static let failureFileName = "shard-failed.txt"

    /// One shard's report, with the folder it was read from.
    public struct Part: Sendable {
        public var directory: String
        public var report: AuditReport

        public init(directory: String, report: AuditReport) {
            self.directory = directory
            self.report = report
        }

        var file: String { (directory as NSString).appendingPathComponent(JSONReporter.fileName) }
    }

    /// The merged report, and for each of its screens the shard folder it came from and its scale
    /// (for the overlays, whose badges are drawn only now).
    public struct Merged: Sendable {
        public var report: AuditReport
        public var sources: [(directory: String, scale: Double)]
        /// The ids of the rules the shards reported on.
        public var ruleIDs: [String]
    }

    /// Reads `directory`'s report.json. A folder whose shard failed, or that holds no report, is
    /// an error naming it.
    public static func read(_ directory: String) throws -> Part {
        let marker = (directory as NSString).appendingPathComponent(failureFileName)
        if let text = try? String(contentsOfFile: marker, encoding: .utf8) {
            let lines = text.split(separator: "\n").map(String.init)
            throw AuditError.invalidInput([InputIssue(file: directory, location: "",
                                                      message: "\(lines.first ?? "the shard failed") \(lines.dropFirst().first ?? ""): run it again before merging")])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AuditError.invalidInput([InputIssue(file: directory, location: "", message: "no such report folder")])
        }
        let file = (directory as NSString).appendingPathComponent(JSONReporter.fileName)
        guard FileManager.default.fileExists(atPath: file) else {
            throw AuditError.invalidInput([InputIssue(file: directory, location: "",
                                                      message: "holds no report.json: not a shard's report folder, or its audit did not finish")])
        }
        return Part(directory: directory, report: try DecodableInput.load(AuditReport.self, path: file, what: "report"))
    }

    /// The shards' reports as one: screens in the whole run's order, the summary and the gate
    /// recomputed, baseline states kept (stale entries gathered from every shard).
    public static func merge(_ parts: [Part]) throws -> Merged {
        var issues = check(parts.map { ($0.file, $0.report.shard) })
        guard let first = parts.first, let reference = first.report.shard else { throw AuditError.invalidInput(issues) }
        for part in parts.dropFirst() {
            let report = part.report, shard = part.report.shard.map { "shard \($0.index)/\($0.count)" } ?? "this shard"
            let other = "shard \(reference.index)/\(reference.count) (\(first.file))"
            if report.tool != first.report.tool || report.schemaVersion != first.report.schemaVersion {
                issues.append(InputIssue(file: part.file, location: "tool", message: "\(shard) was made by \(report.tool.name) \(report.tool.version) "
                    + "(report schema \(report.schemaVersion)), \(other) by \(first.report.tool.version) (schema \(first.report.schemaVersion))"))
            }
            if report.settings != first.report.settings {
                issues.append(InputIssue(file: part.file, location: "settings", message: "\(shard) judged with level \(report.settings.level), "
                    + "large text \(report.settings.largeTextRule), fail on \(report.settings.failOn); \(other) with "
                    + "\(first.report.settings.level), \(first.report.settings.largeTextRule), \(first.report.settings.failOn)"))
            }
            if (report.comparison == nil) != (first.report.comparison == nil) {
                issues.append(InputIssue(file: part.file, location: "comparison",
                                         message: "\(shard) ran \(report.comparison == nil ? "without" : "with") --compare, \(other) \(first.report.comparison == nil ? "without" : "with")"))
            }
            if (report.baseline == nil) != (first.report.baseline == nil) {
                issues.append(InputIssue(file: part.file, location: "baseline",
                                         message: "\(shard) ran \(report.baseline == nil ? "without" : "with") a baseline, \(other) \(first.report.baseline == nil ? "without" : "with")"))
            }
        }
        // Each screen once, and the shard's record true to its report.
        var sourceOf: [Int: (part: Int, screen: Int, scale: Double)] = [:]
        for (p, part) in parts.enumerated() {
            guard let shard = part.report.shard else { continue }
            guard shard.screens.map(\.id) == part.report.screens.map(\.id) else {
                issues.append(InputIssue(file: part.file, location: "shard.screens", message: "the shard's screens differ from the report's: the file was edited"))
                continue
            }
            for (s, screen) in shard.screens.enumerated() {
                guard screen.position >= 0, screen.position < shard.runScreens else {
                    issues.append(InputIssue(file: part.file, location: "shard.screens[\(s)].position",
                                             message: "\(screen.position) is outside the run's \(shard.runScreens) screens"))
                    continue
                }
                if let earlier = sourceOf[screen.position] {
                    issues.append(InputIssue(file: part.file, location: "shard.screens[\(s)]",
                                             message: "screen '\(screen.id)' is also in \(parts[earlier.part].file): the shards overlap"))
                }
                sourceOf[screen.position] = (p, s, screen.scale)
            }
        }
        if issues.isEmpty, sourceOf.count != reference.runScreens {
            issues.append(InputIssue(file: first.file, location: "shard",
                                     message: "the shards hold \(sourceOf.count) of the run's \(reference.runScreens) screens"))
        }
        guard issues.isEmpty else { throw AuditError.invalidInput(issues) }

        let order = sourceOf.keys.sorted().map { sourceOf[$0]! }
        let screens = order.map { parts[$0.part].report.screens[$0.screen] }
        var report = first.report
        // A finding only a larger text size shows is told apart across shards too.
        report.screens = Variants.markingFindingsOnlyAtLargerSizes(screens)
        report.summary = AuditReport.Summary(screens: screens, failOn: FailThreshold(rawValue: report.settings.failOn) ?? .error)
        if report.baseline != nil {
            let stale = parts.flatMap { $0.report.baseline?.stale ?? [] }
            report.baseline = BaselineSummary(baselined: report.summary.baselined, stale: Baseline(entries: stale).entries)
        }
        if parts.contains(where: { $0.report.waivers != nil }) {
            // Each shard lists as unused only its own screens' entries: together, the run's.
            let unused = parts.flatMap { $0.report.waivers?.unused ?? [] }
            report.waivers = WaiversSummary(waived: parts.reduce(0) { $0 + ($1.report.waivers?.waived ?? 0) },
                                            unused: WaiversFile(waivers: unused).waivers)
        }
        // The marks of `--compare` travel on the findings and screens; each shard listed the removed
        // screens that would be its own, so together they are the unsharded run's list.
        if report.comparison != nil {
            report.comparison = ComparisonSummary(removedScreens: parts.flatMap { $0.report.comparison?.removedScreens ?? [] })
        }
        report.countChanges()
        report.shard = nil
        report.shards = reference.count
        return Merged(report: report, sources: order.map { (parts[$0.part].directory, $0.scale) }, ruleIDs: reference.rules)
    }

    /// The shards' baselines (`baseline --shard`) as the one the unsharded run writes.
    public static func merge(baselines: [(file: String, baseline: Baseline)]) throws -> Baseline {
        let issues = check(baselines.map { ($0.file, $0.baseline.shard) })
        guard issues.isEmpty else { throw AuditError.invalidInput(issues) }
        var screens = Set<String>()
        var entries: [BaselineEntry] = []
        for (file, baseline) in baselines {
            let own = Set(baseline.entries.map(\.screen))
            if let shared = own.intersection(screens).sorted().first {
                throw AuditError.invalidInput([InputIssue(file: file, location: "entries", message: "screen '\(shared)' is also in another shard's baseline: the shards overlap")])
            }
            screens.formUnion(own)
            entries += baseline.entries
        }
        return Baseline(entries: entries)
    }

    /// What every kind of shard file must agree on: a shard record in each, one count, one run,
    /// one set of options, and every shard 1…N exactly once.
    static func check(_ shards: [(file: String, info: ShardInfo?)]) -> [InputIssue] {
        guard !shards.isEmpty else { return [InputIssue(file: "merge", location: "", message: "no shards given")] }
        var issues: [InputIssue] = []
        let recorded = shards.compactMap { shard in shard.info.map { (shard.file, $0) } }
        for shard in shards where shard.info == nil {
            issues.append(InputIssue(file: shard.file, location: "shard", message: "not one shard's output: it was made by a run that was not split into shards"))
        }
        guard let (firstFile, reference) = recorded.first else { return issues }
        var seen: [Int: String] = [:]
        for (file, info) in recorded {
            if let earlier = seen[info.index] {
                issues.append(InputIssue(file: file, location: "shard.index", message: "shard \(info.index)/\(info.count) is given twice (also \(earlier))"))
            }
            seen[info.index] = file
            guard file != firstFile else { continue }
            if info.count != reference.count {
                issues.append(InputIssue(file: file, location: "shard.count",
                                         message: "shard \(info.index)/\(info.count) splits the run in \(info.count), \(firstFile) in \(reference.count)"))
            }
            if info.runScreens != reference.runScreens || info.runDigest != reference.runDigest {
                issues.append(InputIssue(file: file, location: "shard.runDigest",
                                         message: "made from other screens (\(info.runScreens) in the run) than \(firstFile) (\(reference.runScreens)): the inputs differ"))
            }
            for key in Set(info.options.keys).union(reference.options.keys).sorted() where info.options[key] != reference.options[key] {
                issues.append(InputIssue(file: file, location: "shard.options",
                                         message: "\(key) is \(info.options[key].map { "'\($0)'" } ?? "not given") here and \(reference.options[key].map { "'\($0)'" } ?? "not given") in \(firstFile): the shards ran with different options"))
            }
        }
        let missing = (1...max(1, reference.count)).filter { seen[$0] == nil }
        if !missing.isEmpty {
            issues.append(InputIssue(file: "merge", location: "",
                                     message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(reference.count)" }.joined(separator: ", ")) missing (given: \(seen.keys.sorted().map(String.init).joined(separator: ", ")))"))
        }
        return issues
    }
}

extension ShardMerge.Merged {
    /// The descriptors of the rules the shards reported on (SARIF lists them).
    public var rules: [CheckDescriptor] {
        var options = AuditOptions(today: CalendarDay.todayUTC())
        options.detectsText = true
        let ids = Set(ruleIDs)
        return AuditRunner.descriptors(options, hierarchies: true).filter { ids.contains($0.id) }
    }

    /// Stages the merged overlays into `outputs`: each shard's overlay (drawn without numbers) with
    /// its badges numbered across the whole run, at most `width` at once. A shard overlay that is
    /// missing where its report says one was drawn is not guessed at: the screen has none.
    public func stageOverlays(into outputs: AuditOutputs, decoder: ImageDecoder, width: Int) async throws {
        guard outputs.formats.contains(.overlays) else { return }
        let numbered = Array(zip(report.screens, zip(report.firstFindingNumbers, sources)))
        _ = try await boundedMap(numbered, width: width) { _, item in
            let (screen, (first, source)) = item
            let file = ((source.directory as NSString).appendingPathComponent(OverlayReporter.directory) as NSString)
                .appendingPathComponent(OverlayReporter.fileName(for: screen.id))
            guard FileManager.default.fileExists(atPath: file) else { return () }
            let base: PixelBuffer
            do {
                base = try decoder.decodeFile(atPath: file).pixels
            } catch {
                throw AuditError.invalidInput([InputIssue(file: file, location: "", message: "the shard's overlay cannot be read (\(error))")])
            }
            let notRun = OverlayReporter.reviewNotes(screen.checked)
            outputs.stageOverlay(OverlayReporter.badged(base, findings: screen.findings, firstNumber: first, scale: source.scale, notRun: notRun),
                                 for: screen.id)
            return ()
        }
    }
}
