import ColorScience
import Foundation
import Imaging
import ScreenAuditKit
import TestSupport
import Testing

/// `screenaudit scan` end to end: screenshots with no contract, the built binary, the files written.
@Suite struct ScanCommandTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static func grey(_ value: UInt8) -> RGB8 { RGB8(red: value, green: value, blue: value) }

    /// shots/a.png (390 × 300 pt at @2x, no Apple device's size) with a readable and a faint label;
    /// shots/sub/b.png, readable only; shots/broken.png, not an image.
    static func makeShots(in directory: TemporaryDirectory) throws {
        var a = ScreenBuilder(id: "a", width: 390, height: 300, scale: 2, background: white)
        a.label("title", "Dragon Scale", x: 16, y: 20, pointSize: 22, weight: .bold, color: ink)
        a.label("faint", "Shadow Stone", x: 16, y: 80, pointSize: 17, color: grey(0xB0))
        var b = ScreenBuilder(id: "b", width: 390, height: 300, scale: 2, background: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        b.label("title", "Lights Off", x: 16, y: 20, pointSize: 28, weight: .bold, color: white)
        b.label("body", "Listen for the chime", x: 16, y: 80, pointSize: 17, color: grey(0xE5))
        try directory.write(try a.png(), to: "shots/a.png")
        try directory.write(try b.png(), to: "shots/sub/b.png")
        try directory.write("not a screenshot\n", to: "shots/broken.png")
    }

    static func report(_ directory: TemporaryDirectory, _ path: String = "out/report.json") throws -> [String: Any] {
        let data = try Data(contentsOf: directory.url.appendingPathComponent(path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func screens(_ report: [String: Any]) -> [String: [String: Any]] {
        let list = report["screens"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as? String ?? "", $0) })
    }

    @Test func testScan_findsTheLines_judgesThem_andWritesEveryOutput() throws {
        let directory = try TemporaryDirectory()
        try Self.makeShots(in: directory)
        let run = try Binary.run(["scan", "--scale", "2", "--out", "out", "shots"], in: directory.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("a  ") && run.stdout.contains("(2 lines of text)"), "\(run.stdout)")
        #expect(run.stdout.contains("gate: failed"))
        let screens = Self.screens(try Self.report(directory))
        #expect(Set(screens.keys) == ["a", "sub/b", "broken"])
        #expect(screens["broken"]?["status"] as? String == "unreadable")
        // Every checked entry is a line found, with its box.
        let checked = screens["a"]?["checked"] as? [[String: Any]] ?? []
        #expect(checked.count == 6, "\(checked)")
        #expect(checked.allSatisfy { ($0["element"] as? String)?.hasPrefix("text@") == true && $0["frame"] != nil })
        #expect(Set(checked.compactMap { $0["rule"] as? String }) == [RuleID.contrastText, RuleID.textSize, RuleID.textTruncated])
        // The faint label fails contrast.text; the dark screen passes.
        let findings = screens["a"]?["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 1 && findings.first?["rule"] as? String == RuleID.contrastText, "\(findings)")
        #expect((screens["sub/b"]?["findings"] as? [Any])?.isEmpty == true)
        for file in ["report.md", "junit.xml", "report.sarif", "index.html", "overlays/a.png", "overlays/sub__b.png"] {
            #expect(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("out/\(file)").path), "\(file)")
        }
        // No contract stands behind a scanned screen: the reports say where its elements came from
        // and SARIF points at no contract file.
        let markdown = try String(contentsOf: directory.url.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(markdown.contains("Screenshot `a.png` (text found in its pixels)."), "\(markdown)")
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.url.appendingPathComponent("out/report.sarif"))) as? [String: Any]
        let result = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
        let uris = (result?["locations"] as? [[String: Any]] ?? []).compactMap {
            (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
        #expect(uris == ["a.png"], "\(uris)")
        // The same pixels give the same bytes.
        let again = try Binary.run(["scan", "--scale", "2", "--out", "again", "shots"], in: directory.url)
        #expect(again.status == 1)
        for file in ["report.json", "report.md", "overlays/a.png"] {
            #expect(try Data(contentsOf: directory.url.appendingPathComponent("out/\(file)"))
                == Data(contentsOf: directory.url.appendingPathComponent("again/\(file)")), "\(file) differs")
        }
    }

    @Test func testUnknownSize_withoutScale_isAUsageErrorNamingTheFile() throws {
        let directory = try TemporaryDirectory()
        try Self.makeShots(in: directory)
        let run = try Binary.run(["scan", "shots/a.png"], in: directory.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("a.png (780×600 px)") && run.stderr.contains("--scale N"), "\(run.stderr)")
        let both = try Binary.run(["scan", "--scale", "2", "--density", "2", "shots"], in: directory.url)
        #expect(both.status == 2 && both.stderr.contains("cannot be used together"), "\(both.stderr)")
        let silly = try Binary.run(["scan", "--scale", "40", "shots"], in: directory.url)
        #expect(silly.status == 2 && silly.stderr.contains("between 0.5 and 10"), "\(silly.stderr)")
    }

    @Test func testMissingPath_exits3_namingIt() throws {
        let directory = try TemporaryDirectory()
        let run = try Binary.run(["scan", "--scale", "2", "nowhere"], in: directory.url)
        #expect(run.status == 3)
        #expect(run.stderr.contains("nowhere") && run.stderr.contains("no such file or folder"), "\(run.stderr)")
    }

    @Test func testKnownDeviceSize_needsNoScale_andLeavesTheStatusBarOut() throws {
        let directory = try TemporaryDirectory()
        // An iPhone 8 screenshot: 375 × 667 pt at @2x, a clock in the status bar, a label below it.
        var shot = ScreenBuilder(id: "iphone8", width: 375, height: 667, scale: 2, background: Self.white)
        shot.label("clock", "9:41 AM", x: 150, y: 2, pointSize: 12, weight: .semibold, color: Self.ink)
        shot.label("title", "Settings", x: 16, y: 60, pointSize: 34, weight: .bold, color: Self.ink)
        try directory.write(try shot.png(), to: "shots/iphone8.png")
        let run = try Binary.run(["scan", "--out", "out", "shots"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let screen = try #require(Self.screens(try Self.report(directory))["iphone8"])
        let ids = Set((screen["checked"] as? [[String: Any]] ?? []).compactMap { $0["element"] as? String })
        #expect(ids.count == 1 && ids.first?.hasPrefix("text@") == true, "\(ids)")
        let notes = screen["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("top 20 pt hold the system's status bar") }, "\(notes)")
    }

    @Test func testWriteContract_givesAContractTheAuditReads_withTheSameVerdicts() throws {
        let directory = try TemporaryDirectory()
        try Self.makeShots(in: directory)
        let run = try Binary.run(["scan", "--scale", "2", "--out", "out", "--write-contract", "found.json", "shots"], in: directory.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("contract: found.json (4 lines on 2 screens)"), "\(run.stdout)")
        let audit = try Binary.run(["audit", "--contracts", "found.json", "--screenshots", "shots", "--out", "audited",
                                    "--checks", "contrast.text,text.size,text.truncated"], in: directory.url)
        #expect(audit.status == 1, "\(audit.stdout)\(audit.stderr)")
        func verdicts(_ path: String) throws -> [String: String] {
            var result: [String: String] = [:]
            // The contract holds the screens scanned; the unreadable one is not among them.
            for (id, screen) in Self.screens(try Self.report(directory, path)) where id != "broken" {
                for entry in screen["checked"] as? [[String: Any]] ?? [] {
                    result["\(id) \(entry["element"] ?? "") \(entry["rule"] ?? "")"] = entry["status"] as? String
                }
            }
            return result
        }
        let scanned = try verdicts("out/report.json"), audited = try verdicts("audited/report.json")
        #expect(scanned == audited, "\(scanned.filter { audited[$0.key] != $0.value }) vs \(audited.filter { scanned[$0.key] != $0.value })")
    }

    @Test func testTruth_printsRecallPrecisionAndAgreement() throws {
        let directory = try TemporaryDirectory()
        let render = try Binary.run(["render", "--out", "frames", "--devices", "iPhone_small", "--routes", "hub,crystal.lesson,enchanter.result"],
                                    in: directory.url)
        #expect(render.status == 0, "\(render.stderr)")
        let run = try Binary.run(["scan", "--out", "out", "--truth", "frames/quest-screens.contract.json", "frames"], in: directory.url)
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("detector against") }, "\(run.stdout)")
        // "… 40 of 40 text elements found (recall 100.0 %); 45 of 46 lines found lie on text (precision 97.8 %)"
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count >= 4)
        let found = Double(numbers[0]), elements = Double(numbers[1]), onText = Double(numbers[numbers.count - 4])
        let lines = Double(numbers[numbers.count - 3])
        #expect(elements >= 20 && found / elements >= 0.95, "\(line)")
        #expect(onText / lines >= 0.95, "\(line)")
        #expect(run.stdout.contains("verdicts on the lines found:"))
    }

    @Test func testAuditDetectText_warnsOfTextNoElementExposes() throws {
        let directory = try TemporaryDirectory()
        var screen = ScreenBuilder(id: "promo", width: 390, height: 300, scale: 2, background: Self.white)
        screen.label("title", "Dragon Scale", x: 16, y: 20, pointSize: 22, weight: .bold, color: Self.ink)
        // A banner image with its words drawn into it, declared as an image.
        screen.fill(Frame(x: 16, y: 80, width: 300, height: 60), RGB8(red: 0x0A, green: 0x84, blue: 0xFF))
        var contract = screen.contract
        screen.label("baked", "Summer Sale", x: 30, y: 95, pointSize: 20, weight: .bold, color: Self.white)
        contract.elements.append(ElementContract(id: "banner", role: .image, frame: Frame(x: 16, y: 80, width: 300, height: 60), label: "Banner"))
        // Text drawn with no element at all.
        screen.label("loose", "Drawn by hand", x: 16, y: 200, pointSize: 17, color: Self.ink)
        try directory.write(try screen.png(), to: "shots/promo.png")
        try directory.write(try ContractDocument(screens: [contract]).jsonText(), to: "contract.json")
        let run = try Binary.run(["audit", "--contracts", "contract.json", "--screenshots", "shots", "--out", "out", "--detect-text",
                                  "--checks", "text.unexposed"], in: directory.url)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let promo = try #require(Self.screens(try Self.report(directory))["promo"])
        let findings = promo["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 2, "\(findings)")
        #expect(findings.allSatisfy { $0["rule"] as? String == RuleID.textUnexposed && $0["severity"] as? String == "warning" })
        let messages = findings.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("lies in 'banner', which does not expose text") }, "\(messages)")
        #expect(messages.contains { $0.contains("lies in no element") }, "\(messages)")
        let passed = (promo["checked"] as? [[String: Any]] ?? []).filter { $0["status"] as? String == "pass" }.compactMap { $0["element"] as? String }
        #expect(passed == ["title"])
        // The rule runs only when asked.
        let plain = try Binary.run(["audit", "--contracts", "contract.json", "--screenshots", "shots", "--out", "plain"], in: directory.url)
        #expect(!(try String(contentsOf: directory.url.appendingPathComponent("plain/report.json"), encoding: .utf8)).contains("text.unexposed"))
        _ = plain
        let refused = try Binary.run(["audit", "--contracts", "contract.json", "--screenshots", "shots", "--checks", "text.unexposed"],
                                     in: directory.url)
        #expect(refused.status == 2 && refused.stderr.contains("runs only with --detect-text"), "\(refused.stderr)")
    }
}
