import Foundation
import Imaging
import ScreenAuditCLI

// One worker: one malloc arena, so each screen's frame reuses the memory of the one before it.
// First, before any other thread allocates.
let arguments = Array(CommandLine.arguments.dropFirst())
if ScreenAuditTool.workers(in: arguments) == 1 { FrameMemory.oneArena() }

let console = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) }
)
let interrupts = Interrupts.install(console: console)
let status = await ScreenAuditTool.run(arguments, console: console)
withExtendedLifetime(interrupts) { exit(status.rawValue) }
