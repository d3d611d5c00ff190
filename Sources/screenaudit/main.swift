import Foundation
import ScreenAuditCLI

let console = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) }
)
let status = await ScreenAuditTool.run(Array(CommandLine.arguments.dropFirst()), console: console)
exit(status.rawValue)
