import Foundation
@testable import ScreenAuditCLI
import Testing

struct ScreenAuditToolTests {
    /// `main` reads the number of workers before the run, with the subcommand's own options, to
    /// set up malloc for one worker; what does not parse counts as the default (the number of
    /// cores) there, and is reported by the run.
    @Test func testWorkers_areTheSubcommandsJobsOrElseTheCores() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(ScreenAuditTool.workers(in: ["audit", "--contracts", "c.json", "--jobs", "1"]) == 1)
        #expect(ScreenAuditTool.workers(in: ["scan", "shots", "--jobs=3"]) == 3)
        #expect(ScreenAuditTool.workers(in: ["demo", "--jobs", "1"]) == 1)
        #expect(ScreenAuditTool.workers(in: ["audit", "--contracts", "c.json"]) == cores)
        #expect(ScreenAuditTool.workers(in: ["audit", "--jobs", "0"]) == cores)
        #expect(ScreenAuditTool.workers(in: ["audit", "--jobs", "1", "--no-such-option"]) == cores)
        #expect(ScreenAuditTool.workers(in: ["contrast", "--jobs", "1"]) == cores, "contrast has no --jobs")
        #expect(ScreenAuditTool.workers(in: ["nope", "--jobs", "1"]) == cores)
        #expect(ScreenAuditTool.workers(in: []) == cores)
        #expect(ScreenAuditTool.workers(in: ["--", "--jobs", "1"]) == cores)
    }
}
