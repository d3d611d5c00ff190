import Dispatch
import Foundation
import ScreenAuditKit

/// SIGINT and SIGTERM: remove the temporary report files being written and exit with
/// 128 + the signal number (130, 143), as shells expect. Reports already in place are never
/// touched: a new report replaces the old one only once it is complete.
public enum Interrupts {
    /// Installs the handlers; keep the returned sources alive for the life of the process.
    public static func install(console: Console) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue(label: "screenaudit.signal.\(number)"))
            source.setEventHandler {
                PendingFiles.shared.removeAll()
                console.err("\ninterrupted (\(number == SIGINT ? "SIGINT" : "SIGTERM")): reports already written are unchanged; nothing half-written is left\n")
                // _exit, not exit: the workers are still running, so no atexit handler (or
                // LeakSanitizer's exit check) should run over their half-built state.
                _exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
