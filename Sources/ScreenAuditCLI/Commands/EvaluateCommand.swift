import Foundation
import QuestEngine
import ScreenAuditKit

/// `screenaudit evaluate --corpus DIR`
enum EvaluateCommand: Command {
    static let name = "evaluate"
    static let abstract = "Audit a seeded corpus and report recall and false positives per rule."
    static let discussion = """
    DIR is a corpus written by `screenaudit render --defects`: frames, their contract and
    defects.json (the planted defects). The frames are audited with the standard checks and every
    finding is compared with the ground truth: per rule, how many planted defects were found
    (recall), and every finding that matches no planted defect (a false positive), on clean and on
    defective frames. Rules this release does not check yet are listed as not checked. With
    --content-size, only the screens at those text sizes are audited and scored (default: every
    screen of the corpus). Writes the audit reports and evaluation.json into --out. Exit status 0
    when every checked rule reaches 99 % recall with no false positive, 1 otherwise.
    """
    static let arguments = ""
    static let options = [
        OptionSpec("--corpus", value: "DIR", help: "A corpus from `screenaudit render --defects` (required)."),
        OptionSpec("--out", value: "DIR", help: "Where the reports go (default build_results/evaluation)."),
        OptionSpec("--content-size", value: "LIST", help: "Comma-separated text sizes to score: L, AX3, … (default: all in the corpus)."),
        OptionSpec("--jobs", value: "N", help: "Screens audited at once (default: the number of cores)."),
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        guard let corpus = parsed.value("--corpus") else { throw UsageError("--corpus is required") }
        let out = parsed.value("--out") ?? "build_results/evaluation"
        let sizes = try parsed.value("--content-size").map { try Set(QuestFrames.contentSizes($0)) }
        let jobs = try positiveInteger(parsed, "--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        let manifestPath = (corpus as NSString).appendingPathComponent(QuestFrames.defectsFile)
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            console.err("error: \(manifestPath): no such file (write a corpus with `screenaudit render --defects --out \(corpus)`)\n")
            return .unusableInput
        }
        var manifest: DefectManifest
        do {
            manifest = try DecodableInput.load(DefectManifest.self, path: manifestPath, what: "defects manifest")
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
        do {
            var screens = try ContractLoader().load(path: (corpus as NSString).appendingPathComponent(QuestFrames.contractFile))
            if let sizes {
                screens = screens.filter { sizes.contains($0.contract.contentSize ?? .l) }
                let kept = Set(screens.map(\.contract.id))
                manifest.screens = manifest.screens.filter(kept.contains)
                manifest.defects = manifest.defects.filter { kept.contains($0.screen) }
            }
            let options = AuditOptions(today: CalendarDay.todayUTC(), maxConcurrentScreens: jobs)
            let checks = AuditRunner.standardChecks(options)
            let report = await AuditRunner(checks: checks, options: options).audit(screens, screenshotsRoot: corpus, provenance: QuestArt.provenance)
            let checkedRules = Set(checks.map { type(of: $0).descriptor.id })
            let evaluation = DefectEvaluation.evaluate(report, manifest: manifest, checkedRules: checkedRules)
            try ReportWriter.write([
                (JSONReporter.fileName, try JSONReporter.render(report)),
                (MarkdownReporter.fileName, Data(MarkdownReporter.render(report).utf8)),
                ("evaluation.json", try JSONText.encode(evaluation)),
            ], to: out)
            console.out(table(evaluation, screens: manifest.screens.count))
            console.out("reports: \((out as NSString).appendingPathComponent("evaluation.json")), \((out as NSString).appendingPathComponent(MarkdownReporter.fileName))\n")
            return evaluation.meetsTarget ? .success : .gateFailed
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
    }

    static func table(_ evaluation: DefectEvaluation, screens: Int) -> String {
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = [pad("rule", 20) + pad("seeded", 8) + pad("found", 7) + "recall"]
        for score in evaluation.rules {
            let recall: String
            if !score.checked {
                recall = "not checked in this release"
            } else if let value = score.recall {
                recall = Console.percent(value)
            } else {
                recall = "nothing seeded"
            }
            lines.append(pad(score.rule, 20) + pad("\(score.seeded)", 8) + pad(score.checked ? "\(score.found)" : "–", 7) + recall)
            for missed in score.missed { lines.append("  missed: \(missed)") }
        }
        lines.append("false positives: \(evaluation.falsePositivesOnClean.count) on \(evaluation.cleanScreens) clean frames, "
            + "\(evaluation.falsePositivesOnDefective.count) on \(screens - evaluation.cleanScreens) frames with defects")
        for fp in evaluation.falsePositivesOnClean + evaluation.falsePositivesOnDefective { lines.append("  \(fp)") }
        lines.append(evaluation.meetsTarget ? "target met: recall ≥ 99 % on every checked rule, no false positive"
                                            : "target not met: recall ≥ 99 % on every checked rule, no false positive")
        return lines.joined(separator: "\n") + "\n"
    }
}
