import Foundation
import Imaging
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

    /// The whole pipeline on a fresh folder: 48 frames rendered, audited, reports written, gate passed.
    @Test func testDemo_runsEndToEndAndPasses() throws {
        let directory = try TemporaryDirectory()
        let run = try Binary.run(["demo", "--out", "out"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rendered 48 frames (16 routes × 3 devices) into out/frames")
        #expect(lines.contains { $0.hasPrefix("audited 48 screens: 0 errors, 0 warnings, 0 infos;") })
        #expect(lines.last == "gate: passed (--fail-on error)")
        for name in ["out/report.json", "out/report.md", "out/frames/quest-screens.contract.json",
                     "out/frames/en-US/iPad/banishment.tower.png", "out/frames/en-US/iPhone_large/magic-tap.first-spell.png"] {
            #expect(FileManager.default.fileExists(atPath: directory.path(name)), "\(name)")
        }
    }
}
