import ColorScience
import Foundation
import ScreenAuditKit
import TestSupport
import Testing

/// SIGINT and SIGTERM through the built binary: the run stops with 130 / 143, the report from the
/// previous run is intact, and nothing half-written is left in the output folder.
@Suite struct InterruptTests {
    /// `count` screens sharing one screenshot of 12 labels (120: a run of a few seconds here).
    static func makeLongProject(in directory: TemporaryDirectory, screens count: Int) throws {
        var screen = ScreenBuilder(id: "s", width: 390, height: 844, scale: 3, background: RGB8(red: 255, green: 255, blue: 255),
                                   screenshot: "shot.png")
        for row in 0..<12 {
            screen.label("label-\(row)", "Listen for the chime \(row)", x: 16, y: 20 + Double(row) * 60, pointSize: 17,
                         color: RGB8(red: 0x59, green: 0x59, blue: 0x59))
        }
        try directory.write(try screen.png(), to: "shots/shot.png")
        let screens = (0..<count).map { index -> ScreenContract in
            var contract = screen.contract
            contract.id = "screen-\(index)"
            return contract
        }
        try directory.write(try ContractDocument(screens: screens).jsonText(), to: "contracts.json")
    }

    static func start(_ directory: TemporaryDirectory) throws -> Process {
        let process = Process()
        process.executableURL = Binary.screenaudit
        process.arguments = ["audit", "--contracts", "contracts.json", "--screenshots", "shots", "--out", "out", "--jobs", "1",
                             "--format", "json,md"]
        process.currentDirectoryURL = directory.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = Pipe()
        try process.run()
        return process
    }

    /// No assumption about the machine's speed: a run that ends before the signal arrives is
    /// tried again with four times the screens, until one is interrupted.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func testInterruptKeepsThePreviousReport(signal: Int32, status: Int32) throws {
        for screens in [120, 480, 1_920, 7_680] {
            let directory = try TemporaryDirectory()
            try Self.makeLongProject(in: directory, screens: screens)
            try directory.write("{ \"previous\": true }\n", to: "out/report.json")
            let process = try Self.start(directory)
            // Long enough for the tool to have installed its handlers (its first step).
            Thread.sleep(forTimeInterval: 0.5)
            guard process.isRunning else {
                process.waitUntilExit()
                continue
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let stderr = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let report = try String(contentsOfFile: directory.path("out/report.json"), encoding: .utf8)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path("out")).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty)
            #expect(process.terminationReason == .exit && process.terminationStatus == status, "stderr: \(stderr)")
            #expect(stderr.contains("interrupted"))
            // Either the run was stopped before writing (the old report stays) or it had just
            // finished writing (a complete new one): never a mix or a fragment.
            #expect(report == "{ \"previous\": true }\n" || (report.hasPrefix("{") && report.hasSuffix("}\n") && report.contains("\"summary\"")))
            return
        }
        Issue.record("every run, up to 7680 screens, finished within 0.5 s: the interrupt was not exercised")
    }
}
