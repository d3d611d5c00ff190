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
