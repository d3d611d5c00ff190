import ColorScience
import Foundation
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Reports are replaced all at once, or not at all.
struct ReportWriterTests {
    static func contents(_ directory: TemporaryDirectory, _ name: String) throws -> String {
        try String(contentsOfFile: directory.path(name), encoding: .utf8)
    }

    static func leftovers(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test func testWritesEveryFileAndLeavesNoTemporaries() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old json", to: "report.json")
        try ReportWriter.write([("report.json", Data("new json".utf8)), ("report.md", Data("new md".utf8))], to: directory.path)
        #expect(try Self.contents(directory, "report.json") == "new json")
        #expect(try Self.contents(directory, "report.md") == "new md")
        #expect(try Self.leftovers(directory).isEmpty)
    }

    @Test func testAFolderInTheWayChangesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old json", to: "report.json")
        try FileManager.default.createDirectory(atPath: directory.path("report.md"), withIntermediateDirectories: false)
        #expect(throws: AuditError.outputFailed(path: directory.path("report.md"), reason: "a folder is in the way of the file")) {
            try ReportWriter.write([("report.json", Data("new json".utf8)), ("report.md", Data("new md".utf8))], to: directory.path)
        }
        // The report written first was staged, not yet renamed: the old one is intact.
        #expect(try Self.contents(directory, "report.json") == "old json")
        #expect(try Self.leftovers(directory).isEmpty)
    }

    @Test func testAFileInTheWayOfTheDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("x", to: "out")
        #expect(throws: AuditError.outputFailed(path: directory.path("out"), reason: "a file is in the way of the output directory")) {
            try ReportWriter.write([("report.json", Data("{}".utf8))], to: directory.path("out"))
        }
        #expect(throws: AuditError.self) {
            try ReportWriter.write([("report.json", Data("{}".utf8))], to: directory.path("out/nested"))
        }
    }

    /// Root ignores permissions, so this runs only for an ordinary user.
    @Test(.enabled(if: getuid() != 0, "running as root: permissions are not enforced"))
    func testAFolderWithoutWritePermission() throws {
        let directory = try TemporaryDirectory()
        try directory.write("old json", to: "out/report.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path("out"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path("out")) }
        #expect(throws: AuditError.outputFailed(path: directory.path("out/report.json"), reason: String(cString: strerror(EACCES)))) {
            try ReportWriter.write([("report.json", Data("new".utf8))], to: directory.path("out"))
        }
        #expect(try Self.contents(directory, "out/report.json") == "old json")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"))
    func testAFullDiskIsAnErrorNamingTheFile() throws {
        // /dev/full accepts the open and fails every write with ENOSPC, as a full disk does.
        #expect(throws: AuditError.outputFailed(path: "report.json", reason: String(cString: strerror(ENOSPC)))) {
            try ReportWriter.writeFully(Data(repeating: 1, count: 4096), to: "/dev/full", reportedAs: "report.json")
        }
    }
}

/// `AuditOutputs.write(width:)` renders the reports side by side: the files and the paths it
/// returns are the ones the one-at-a-time `write` gives.
struct ConcurrentReportTests {
    @Test func testReportsRenderedAtOnce_areTheFilesWrittenOneAtATime() async throws {
        var builder = ScreenBuilder(id: "s", width: 200, height: 120, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        builder.label("grey", "Faint", x: 10, y: 10, pointSize: 11, color: RGB8(red: 0xB0, green: 0xB0, blue: 0xB0))
        builder.label("dark", "Plain", x: 10, y: 60, pointSize: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30))
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let directory = try TemporaryDirectory()
        let screen = try builder.loaded(writingInto: directory)
        let rules = AuditRunner.descriptors(options)
        var written: [[String]] = []
        for (folder, width) in [("one", 0), ("three", 3)] {
            let outputs = try AuditOutputs(directory: directory.path(folder))
            let report = await runner.audit([screen], screenshotsRoot: directory.path(""), provenance: nil, overlays: outputs.overlayRequest)
            #expect(!report.screens[0].findings.isEmpty, "the faint label is a finding: every report has something to say")
            let paths = width == 0 ? try outputs.write(report, rules: rules, failOn: .error)
                : try await outputs.write(report, rules: rules, failOn: .error, width: width)
            written.append(paths.map { ($0 as NSString).lastPathComponent })
        }
        #expect(written[0] == ["report.json", "report.md", "junit.xml", "report.sarif", "index.html"])
        #expect(written[1] == written[0])
        for name in written[0] + ["overlays/s.png"] {
            let one = try #require(FileManager.default.contents(atPath: directory.path("one/" + name)))
            let three = try #require(FileManager.default.contents(atPath: directory.path("three/" + name)))
            #expect(one == three, "\(name)")
        }
    }
}
