import Foundation
import QuestEngine
import ScreenAuditKit

/// `screenaudit render --out DIR`
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render the quest engine's screens with their contracts."
    static let discussion = """
    Draws every route of the VoiceOver training game on every device (iPhone_small 375×667 pt @2x,
    iPhone_large 440×956 pt @3x, iPad 1032×1376 pt @2x) and writes DIR/en-US/<device>/<route>.png,
    DIR/quest-screens.contract.json and DIR/quest-art.provenance.json. The same route and device
    always give the same pixels.

    With --content-size, the screens are drawn with their text at those Dynamic Type sizes (a
    comma list such as L,AX3; default L): every text at its Apple text style's size, lines
    wrapped, panels and buttons grown, and what falls below the first screenful left for the next.
    A size other than L goes to DIR/<size>/en-US/<device>/<route>.png, its screens named
    <device>/<route>@<size> and declared variants of the L ones; the contract holds them all.

    With --defects, frames carry planted defects chosen by --seed (a label's contrast lowered below
    its minimum, text drawn at 9 pt, a 30 pt button, state markers reduced to colour alone; about a
    quarter of frames stay clean) and DIR/defects.json records the ground truth for
    `screenaudit evaluate`. Frames at a size other than L carry instead what does not follow
    Dynamic Type: a text kept at its size at L, a title cut to one line with "…", a button that
    keeps its height at L while its title grows.
    """
    static let arguments = ""
    static let options = [
        OptionSpec("--out", value: "DIR", help: "Where frames go (default build_results/quest-frames)."),
        OptionSpec("--devices", value: "LIST", help: "Comma-separated devices (default all: iPhone_small,iPhone_large,iPad)."),
        OptionSpec("--routes", value: "LIST", help: "Comma-separated routes (default all; see docs/quest-engine.md)."),
        OptionSpec("--content-size", value: "LIST", help: "Comma-separated text sizes: L, AX3, … (default L)."),
        OptionSpec("--jobs", value: "N", help: "Frames rendered at once (default: the number of cores)."),
        OptionSpec("--defects", help: "Plant recorded defects (see above)."),
        OptionSpec("--seed", value: "S", help: "Seed for --defects (default 1); the same seed plants the same defects."),
    ]

    static func run(_ parsed: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument '\(parsed.positionals[0])'") }
        let out = parsed.value("--out") ?? "build_results/quest-frames"
        let devices = try QuestFrames.select(parsed.value("--devices"), option: "--devices", from: DeviceProfile.all, name: \.id)
        let routes = try QuestFrames.select(parsed.value("--routes"), option: "--routes", from: Route.all, name: \.id)
        let sizes = try QuestFrames.contentSizes(parsed.value("--content-size"))
        let jobs = try positiveInteger(parsed, "--jobs") ?? ProcessInfo.processInfo.activeProcessorCount
        var seed: UInt64?
        if parsed.has("--defects") {
            let text = parsed.value("--seed") ?? "1"
            guard let value = UInt64(text) else { throw UsageError("option '--seed' needs a whole number, got '\(text)'") }
            seed = value
        } else if parsed.value("--seed") != nil {
            throw UsageError("--seed only applies with --defects")
        }
        do {
            let written = try await QuestFrames.write(routes: routes, devices: devices, contentSizes: sizes, to: out, jobs: jobs, seed: seed)
            let atSizes = sizes == [.l] ? "" : " × \(sizes.count) sizes: \(sizes.map(\.name).joined(separator: ", "))"
            console.out("rendered \(written.frames) frames (\(routes.count) routes × \(devices.count) devices\(atSizes)) into \(out)\n")
            if seed != nil {
                console.out("planted \(written.defects.count) defects; ground truth: \((out as NSString).appendingPathComponent(QuestFrames.defectsFile))\n")
            }
            console.out("contract: \((out as NSString).appendingPathComponent(QuestFrames.contractFile))\n")
            return .success
        } catch let error as AuditError {
            console.report(error)
            return .unusableInput
        }
    }
}
