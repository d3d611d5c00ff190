import Foundation
import ScreenAuditCLI

let console = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) }
)
let interrupts = Interrupts.install(console: console)
let status = await ScreenAuditTool.run(Array(CommandLine.arguments.dropFirst()), console: console)
withExtendedLifetime(interrupts) { exit(status.rawValue) }
