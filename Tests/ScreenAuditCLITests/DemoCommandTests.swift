import Foundation
import Imaging
import QuestEngine
import ScreenAuditKit
import TestSupport
import Testing

/// `screenaudit render` and `screenaudit demo` through the built binary.
struct DemoCommandTests {
    @Test func testRender_writesFramesAndContract() throws {
        let directory = try TemporaryDirectory()
        let run = try Binary.run(["render", "--out", "frames", "--devices", "iPhone_small", "--routes", "hub,enchanter.result"],
                                 in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "rendered 2 frames (2 routes × 1 devices) into frames\ncontract: frames/quest-screens.contract.json\n")
        let hub = try ImageDecoder().decodeFile(atPath: directory.path("frames/en-US/iPhone_small/hub.png"))
        #expect(hub.pixels.width == 750 && hub.pixels.height == 1334)
        let contract = try String(contentsOfFile: directory.path("frames/quest-screens.contract.json"), encoding: .utf8)
        #expect(contract.contains("\"id\" : \"iPhone_small/hub\""))
        #expect(contract.contains("\"hint\" : \"Double-tap to begin.\""))
        #expect(FileManager.default.fileExists(atPath: directory.path("frames/quest-art.provenance.json")))

        let bad = try Binary.run(["render", "--devices", "iPhone_huge"], in: directory.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: unknown value 'iPhone_huge' for --devices (values: iPhone_small, iPhone_large, iPad)\n"))
    }

    /// `--content-size L,AX3`: both sizes, the AX3 frames under AX3/ as variants of the L screens;
    /// a size no one names is a usage error listing the accepted names.
    @Test func testRender_atContentSizes() throws {
        let directory = try TemporaryDirectory()
        let run = try Binary.run(["render", "--out", "frames", "--devices", "iPad", "--routes", "hub", "--content-size", "L,accessibility3"],
                                 in: directory.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "rendered 2 frames (1 routes × 1 devices × 2 sizes: L, AX3) into frames\ncontract: frames/quest-screens.contract.json\n")
        let large = try ImageDecoder().decodeFile(atPath: directory.path("frames/AX3/en-US/iPad/hub.png"))
        #expect(large.pixels.width == 2064 && large.pixels.height == 2752)
        #expect(FileManager.default.fileExists(atPath: directory.path("frames/en-US/iPad/hub.png")))
        let contract = try String(contentsOfFile: directory.path("frames/quest-screens.contract.json"), encoding: .utf8)
        #expect(contract.contains("\"id\" : \"iPad/hub@AX3\""))
        #expect(contract.contains("\"variantOf\" : \"iPad/hub\""))
        #expect(contract.contains("\"contentSize\" : \"AX3\""))

        let bad = try Binary.run(["render", "--content-size", "AX9"], in: directory.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: unknown value 'AX9' for --content-size (values: XS, S, M, L, XL, XXL, XXXL, AX1 … AX5"))
    }

    @Test func testRenderDefectsThenEvaluate() throws {
        let directory = try TemporaryDirectory()
        let render = try Binary.run(["render", "--defects", "--seed", "5", "--devices", "iPhone_small", "--out", "corpus"], in: directory.url)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains("planted "))
        let evaluate = try Binary.run(["evaluate", "--corpus", "corpus", "--out", "eval"], in: directory.url)
        #expect(evaluate.status == 0, "\(evaluate.stdout)\(evaluate.stderr)")
        let lines = evaluate.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rule                seeded  found  recall")
        #expect(lines.contains { $0.hasPrefix("contrast.text") && $0.hasSuffix("100.0 %") })
        for rule in ["text.size", "target.size", "color.only"] {
            #expect(lines.contains { $0.hasPrefix(rule) && ($0.hasSuffix("100.0 %") || $0.hasSuffix("nothing seeded")) }, "\(rule)")
        }
        #expect(lines.contains("target met: recall ≥ 99 % on every checked rule, no false positive"))
        #expect(FileManager.default.fileExists(atPath: directory.path("eval/evaluation.json")))
        let missing = try Binary.run(["evaluate", "--corpus", "nowhere"], in: directory.url)
        #expect(missing.status == 3)
    }

    /// The whole pipeline on a fresh folder: 96 frames (L and AX3) rendered, audited, reports
    /// written, gate passed.
    @Test func testDemo_runsEndToEndAndPasses() throws {
        let directory = try TemporaryDirectory()
        let run = try Binary.run(["demo", "--out", "out"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rendered 96 frames (16 routes × 3 devices × 2 text sizes: L and AX3) into out/frames")
        #expect(lines.contains { $0.hasPrefix("audited 96 screens at L and AX3: 0 errors, 0 warnings, 0 infos;") })
        #expect(lines.last == "gate: passed (--fail-on error)")
        for name in ["out/report.json", "out/report.md", "out/frames/quest-screens.contract.json",
                     "out/frames/en-US/iPad/banishment.tower.png", "out/frames/en-US/iPhone_large/magic-tap.first-spell.png",
                     "out/frames/AX3/en-US/iPhone_small/hub.png"] {
            #expect(FileManager.default.fileExists(atPath: directory.path(name)), "\(name)")
        }
        // Every screen's contract laid out without drawing (what the engine's tests and defect
        // seeding read) is the one its drawn frame declared, at both sizes.
        let laidOut = [ContentSize.l, .ax3].flatMap { size in
            DeviceProfile.all.flatMap { device in Route.all.map { QuestRenderer.contract($0, on: device, contentSize: size) } }
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: directory.path("out/frames/quest-screens.contract.json")))
        #expect(try JSONText.encode(ContractDocument(design: Palette.tokens, screens: laidOut)) == written)
    }
}
