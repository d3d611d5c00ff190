import Foundation
import ScreenAuditKit

/// The mark a shard leaves in its output folder when its audit stops with unusable input (exit 3),
/// so that `merge` refuses it instead of merging an older report found there.
enum ShardFailure {
    /// Writes the mark with the errors' text. Best effort: the errors are already on standard
    /// error, and a folder that cannot be written holds no report for `merge` to take either.
    static func record(_ errors: String, shard: Shard, in directory: String) {
        let text = "shard \(shard) failed with exit 3:\n\(errors)\n"
        try? ReportWriter.write([(ShardMerge.failureFileName, Data(text.utf8))], to: directory)
    }

    /// Removes the mark after a complete run.
    static func clear(in directory: String) throws {
        let path = (directory as NSString).appendingPathComponent(ShardMerge.failureFileName)
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw AuditError.outputFailed(path: path, reason: "cannot remove the mark of an earlier failed run (\(error.localizedDescription))")
        }
    }
}
