import Foundation
import QuestEngine
import ScreenAuditKit

/// `screenaudit demo`
enum DemoCommand: Command {
    static let name = "demo"
    /// The text sizes the demo draws and audits side by side.
    static let contentSizes: [ContentSize] = [.l, .ax3]
    static let abstract = "Render the built-in quest screens and audit them: the whole pipeline, no simulator."
    static let discussion = """
    Renders every route of the built-in VoiceOver training game on every device, at the default
    text size (L) and at the largest accessibility size most apps are tested at (AX3), into
    OUT/frames, audits them against their generated contracts and the engine's art provenance,
    and writes report.json and report.md into OUT. The shipped screens hold themselves to the bar
    they check: the demo passes. Exit status as for audit.
    """
    static let arguments = ""
    static let options = [
        OptionSpec("--out", value: "DIR", help: "Where frames and reports go (default build_results/screen-audit)."),
        OptionSpec("--jobs", value: "N", help: "Frames rendered and screens audited at once (default: the number of cores)."),
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        let out = parsed.value("--out") ?? "build_results/screen-audit"
        let jobs = try positiveInteger(parsed, "--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        let frames = (out as NSString).appendingPathComponent("frames")
        let started = ContinuousClock.now
        do {
            let written = try await QuestFrames.write(routes: Route.all, devices: DeviceProfile.all, contentSizes: contentSizes,
                                                      to: frames, jobs: jobs)
            console.out("rendered \(written.frames) frames (\(Route.all.count) routes × \(DeviceProfile.all.count) devices × "
                + "\(contentSizes.count) text sizes: \(contentSizes.map(\.name).joined(separator: " and "))) into \(frames)\n")
            let screens = try ContractLoader().load(path: (frames as NSString).appendingPathComponent(QuestFrames.contractFile))
            let options = AuditOptions(today: CalendarDay.todayUTC(), maxConcurrentScreens: jobs)
            let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
            let outputs = try AuditOutputs(directory: out, formats: [.json, .md, .html, .overlays])
            let report = await runner.audit(screens, screenshotsRoot: frames, provenance: QuestArt.provenance,
                                            overlays: outputs.overlayRequest)
            try await outputs.write(report, rules: AuditRunner.descriptors(options), failOn: options.failOn, width: jobs)
            let overlays = outputs.overlayScreens
            let s = report.summary
            let seconds = Double((ContinuousClock.now - started).components.seconds)
            console.out("audited \(s.screens) screens at \(contentSizes.map(\.name).joined(separator: " and ")): \(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos; "
                + "\(s.passed) checks passed, \(s.notRun) not run (\(Int(seconds)) s)\n")
            console.out("reports: \((out as NSString).appendingPathComponent(MarkdownReporter.fileName)) (read this first), "
                + "\((out as NSString).appendingPathComponent(JSONReporter.fileName))\n")
            console.out("frames:  \(frames)/en-US/<device>/<route>.png (L), \(frames)/AX3/en-US/<device>/<route>.png (AX3)\n")
            if !overlays.isEmpty { console.out("overlays: \((out as NSString).appendingPathComponent(OverlayReporter.directory)) (\(overlays.count) screens with findings)\n") }
            console.out(s.gateFailed ? "gate: failed (--fail-on error)\n" : "gate: passed (--fail-on error)\n")
            return s.gateFailed ? .gateFailed : .success
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
    }
}
