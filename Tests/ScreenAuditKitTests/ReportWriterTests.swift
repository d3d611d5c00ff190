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
