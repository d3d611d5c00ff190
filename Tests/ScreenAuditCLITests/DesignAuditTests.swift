import ColorScience
import Foundation
import Imaging
import TestSupport
import Testing

/// The review-only design audit through the built binary: info findings that do not gate by
/// default, and the two ways a run makes them gate.
struct DesignAuditTests {
    @Test func testOffPaletteLabel_isInfo_gatingOnlyWhenRaised() throws {
        let directory = try TemporaryDirectory()
        // Seed 3 draws the lesson's gesture line in a colour the game's palette does not have.
        let render = try Binary.run(["render", "--defects", "--seed", "3", "--devices", "iPhone_large", "--routes", "crystal.lesson",
                                     "--out", "frames"], in: directory.url)
        #expect(render.status == 0, "\(render.stderr)")
        let audit = ["audit", "--contracts", "frames/quest-screens.contract.json", "--screenshots", "frames", "--today", "2026-01-01"]
        let plain = try Binary.run(audit + ["--out", "plain"], in: directory.url)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(plain.stdout.contains("0 errors, 0 warnings, 1 info, 0 waived"), "\(plain.stdout)")
        let report = try String(contentsOfFile: directory.path("plain/report.md"), encoding: .utf8)
        #expect(report.contains("design.palette") && report.contains("#8FD8B0"), "\(report)")

        let info = try Binary.run(audit + ["--out", "info", "--fail-on", "info"], in: directory.url)
        #expect(info.status == 1 && info.stdout.contains("gate: failed (--fail-on info)"), "\(info.stdout)")
        let raised = try Binary.run(audit + ["--out", "raised", "--severity", "design.palette=error"], in: directory.url)
        #expect(raised.status == 1 && raised.stdout.contains("1 error, 0 warnings, 0 infos"), "\(raised.stdout)")

        let bad = try Binary.run(audit + ["--severity", "design.palette=fatal"], in: directory.url)
        #expect(bad.status == 2 && bad.stderr.contains("option '--severity' needs RULE=LEVEL"), "\(bad.stderr)")
        let unknown = try Binary.run(audit + ["--severity", "design.colour=info"], in: directory.url)
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown rule 'design.colour' for --severity"), "\(unknown.stderr)")
    }

    /// A primary action drawn in another colour on one screen than on the others of its kind:
    /// found from the pixels of every screen, the same whole or in shards.
    @Test func testRecolouredAction_isInconsistent_inShardsToo() throws {
        let directory = try TemporaryDirectory()
        let render = try Binary.run(["render", "--devices", "iPhone_large", "--routes", "enchanter.lesson,crystal.lesson,banishment.prologue",
                                     "--out", "frames"], in: directory.url)
        #expect(render.status == 0, "\(render.stderr)")
        // The 'begin' button of the crystal lesson: its fill (the commonest colour in its frame,
        // 368 × 56 pt at 36, 562, @3x) turned from the accent to the palette's 'marker-wrong' red.
        let path = directory.path("frames/en-US/iPhone_large/crystal.lesson.png")
        var image = try ImageDecoder().decodeFile(atPath: path).pixels
        let box = (x: 108..<1212, y: 1686..<1854)
        var counts: [RGBA: Int] = [:]
        for y in box.y { for x in box.x { counts[image[x, y], default: 0] += 1 } }
        let fill = try #require(counts.max { $0.value < $1.value }?.key)
        for y in box.y { for x in box.x where image[x, y] == fill { image[x, y] = RGBA(red: 0xE0, green: 0x45, blue: 0x3A) } }
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))

        let audit = ["audit", "--contracts", "frames/quest-screens.contract.json", "--screenshots", "frames", "--today", "2026-01-01",
                     "--fail-on", "never", "--format", "json,md"]
        let whole = try Binary.run(audit + ["--out", "whole"], in: directory.url)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        let report = try String(contentsOfFile: directory.path("whole/report.md"), encoding: .utf8)
        let accent = RGB8(red: fill.red, green: fill.green, blue: fill.blue).hex
        let lines = report.split(separator: "\n").filter { $0.contains("design.consistency") }
        #expect(lines.count == 1 && lines[0].contains("| `begin` | #E0453A, ΔE ") && lines[0].contains("| \(accent) (ΔE ≤ 3) |"), "\(report)")
        let json = try String(contentsOfFile: directory.path("whole/report.json"), encoding: .utf8)
        #expect(json.contains("drawn in #E0453A here; 2 of 3 iPhone large screens draw it in \(accent)"), "\(json)")
        // Each shard samples the whole run's colours, so the shard holding the crystal lesson
        // finds it alone, and the merge equals the whole run.
        for shard in ["1/2", "2/2"] {
            let part = try Binary.run(audit + ["--shard", shard, "--out", "part\(shard.prefix(1))"], in: directory.url)
            #expect(part.status == 0, "\(part.stdout)\(part.stderr)")
        }
        let merged = try Binary.run(["merge", "--out", "merged", "part1", "part2"], in: directory.url)
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        let mergedReport = try String(contentsOfFile: directory.path("merged/report.md"), encoding: .utf8)
        #expect(mergedReport.split(separator: "\n").filter { $0.contains("design.consistency") } == lines)
    }

    @Test func testBadTokens_areExit3WithTheirPath() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
        { "schemaVersion": 1, "design": { "palette": { "accent": "bluish" }, "typeRamp": [] },
          "screens": [ { "id": "a", "screenshot": "a.png", "device": { "scale": 2, "width": 10, "height": 10 }, "elements": [] } ] }
        """, to: "c.json")
        try FileManager.default.createDirectory(atPath: directory.path("shots"), withIntermediateDirectories: true)
        let run = try Binary.run(["audit", "--contracts", "c.json", "--screenshots", "shots"], in: directory.url)
        #expect(run.status == 3)
        #expect(run.stderr.contains("c.json: design.palette.accent: not a colour"), "\(run.stderr)")
        #expect(run.stderr.contains("c.json: design.typeRamp: the type ramp is empty"), "\(run.stderr)")
    }
}
