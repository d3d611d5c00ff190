import Foundation
import TestSupport
import Testing

/// `--limits`: each resource limit refuses its input with a clear message before the work, and
/// the other screens are still audited where the limit is per image.
@Suite struct LimitsTests {
    static func audit(_ directory: TemporaryDirectory, _ limits: String) throws -> ToolRun {
        try AuditCommandTests.run(directory, ["--limits", limits, "--format", "json"], out: "out-\(limits.count)")
    }

    @Test func testPixelLimitRefusesEachImageAndAuditsTheRest() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        // The light and art screens are 640 × 960 px (614 400 px); dark is 960 × 1440.
        let run = try Self.audit(directory, "pixels=1000000")
        #expect(run.status == 1)
        let report = try AuditCommandTests.report(directory, out: "out-14")
        let dark = try AuditCommandTests.screen(report, "dark")
        #expect(dark["status"] as? String == "unreadable")
        let finding = try #require((dark["findings"] as? [[String: Any]])?.first)
        #expect((finding["message"] as? String)?.contains("960 × 1440 px exceeds the limit of 1000000 pixels") == true)
        #expect(try AuditCommandTests.screen(report, "light")["status"] as? String == "audited")
    }

    @Test func testContractLimitsExitThreeWithTheFileAndPlace() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        let screens = try Self.audit(directory, "screens=3")
        #expect(screens.status == 3)
        #expect(screens.stderr.contains("b.json: screens: the contracts declare more than 3 screens, the limit for one run"))
        // The library names the limit; the command line says how to raise it, once.
        #expect(screens.stderr.contains("(the screens limit: raise it, or split the run)"))
        #expect(screens.stderr.hasSuffix("note: raise the screens limit with --limits screens=N\n"))
        let elements = try Self.audit(directory, "elements=5")
        #expect(elements.status == 3)
        #expect(elements.stderr.contains("a.json: screens[0].elements: 10 elements, over the limit of 5 per screen"))
        #expect(elements.stderr.hasSuffix("note: raise the elements limit with --limits elements=N\n"))
        let bytes = try Self.audit(directory, "input-bytes=200")
        #expect(bytes.status == 3 && bytes.stderr.contains("bytes, over the limit of 200 bytes"))
        #expect(bytes.stderr.hasSuffix("note: raise the input-bytes limit with --limits input-bytes=N\n"))
        let depth = try Self.audit(directory, "json-depth=3")
        #expect(depth.status == 3 && depth.stderr.contains("nest"))
        #expect(depth.stderr.hasSuffix("note: raise the json-depth limit with --limits json-depth=N\n"))
    }

    @Test func testUnknownOrBadLimitIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        let unknown = try Self.audit(directory, "memory=5")
        #expect(unknown.status == 2 && unknown.stderr.contains("option '--limits' takes key=N pairs (keys: pixels, image-bytes"))
        let zero = try Self.audit(directory, "pixels=0")
        #expect(zero.status == 2 && zero.stderr.contains("needs a whole number above 0 for pixels, got '0'"))
    }

    @Test func testCatalogLimitsAreFindings() throws {
        let directory = try TemporaryDirectory()
        _ = try AssetsCommandTests.makeProject(in: directory)
        let files = try Binary.run(["assets", "--catalog", "App.xcassets", "--out", "o1", "--limits", "catalog-files=4"], in: directory.url)
        #expect(files.status == 1 && files.stdout.contains("more than 4 files and folders (the limit); the rest was not read"))
        let contents = try Binary.run(["assets", "--catalog", "App.xcassets", "--out", "o2", "--limits", "contents-bytes=50"], in: directory.url)
        #expect(contents.status == 1 && contents.stdout.contains("asset.contents-malformed") && contents.stdout.contains("over the limit of 50 bytes"))
        let pixels = try Binary.run(["assets", "--catalog", "App.xcassets", "--out", "o3", "--limits", "pixels=1000"], in: directory.url)
        #expect(pixels.status == 1 && pixels.stdout.contains("asset.image-unreadable") && pixels.stdout.contains("too large"))
    }
}

/// Errors a person can read: at most 50 per file, and arrays refused by their length before
/// their entries are built.
@Suite struct ErrorVolumeTests {
    @Test func testManyBrokenScreens_showFiftyErrorsAndACount() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{\"schemaVersion\": 1, \"screens\": [" + Array(repeating: "{\"id\": 1}", count: 3000).joined(separator: ",") + "]}",
                            to: "c.json")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("shots"), withIntermediateDirectories: true)
        let run = try Binary.run(["audit", "--contracts", "c.json", "--screenshots", "shots"], in: directory.url)
        #expect(run.status == 3)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 51)
        #expect(lines.first == "error: c.json: screens[0].id: expected a string, got a number")
        // Each screen has four problems (id, screenshot, device, elements): 12 000 in all.
        #expect(lines.last == "error: c.json: … and 11950 more")
    }

    @Test func testAMillionScreens_areRefusedByTheirCount_beforeTheyAreRead() throws {
        let directory = try TemporaryDirectory()
        // 9 MB: one million `{"id":1}` screens.
        try directory.write("{\"schemaVersion\":1,\"screens\":[" + Array(repeating: "{\"id\":1}", count: 1_000_000).joined(separator: ",") + "]}",
                            to: "huge.json")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("shots"), withIntermediateDirectories: true)
        let run = try Binary.run(["audit", "--contracts", "huge.json", "--screenshots", "shots"], in: directory.url)
        #expect(run.status == 3)
        #expect(run.stderr == """
            error: huge.json: line 1, column 90031: an array of more than 10000 entries, over the screens limit
            note: raise the screens limit with --limits screens=N

            """)
        // Raised, the count is checked again on the parsed screens: still one line, not a million.
        let raised = try Binary.run(["audit", "--contracts", "huge.json", "--screenshots", "shots", "--limits", "screens=20000"],
                                    in: directory.url)
        #expect(raised.status == 3)
        #expect(raised.stderr.hasPrefix("error: huge.json: line 1, column 180031: an array of more than 20000 entries"))
    }
}
