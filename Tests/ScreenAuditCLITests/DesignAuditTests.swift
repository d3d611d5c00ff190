import Foundation
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
