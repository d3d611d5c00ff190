import Foundation
import ScreenContracts

/// Best runs kept in one JSON file, read on every call so that several stores on one path agree.
///
/// The file holds a schema version and each quest's best run keyed by quest id, with sorted keys
/// so that saved files diff cleanly:
///
/// ```json
/// { "bestRuns" : { "enchanter" : { "finalTime" : 11.4, "mistakes" : 0, "quest" : "enchanter",
///   "rank" : "legendary", "relicsClaimed" : 8 } }, "schemaVersion" : 1 }
/// ```
///
/// A missing file holds no runs. Writes replace the file atomically, so a crash never leaves half
/// a file; the folder is created if needed.
public struct JSONFileBestRunStore: BestRunStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public func bestRun(for quest: QuestID) throws -> RunResult? {
        try load()[quest.rawValue]
    }

    @discardableResult
    public mutating func record(_ result: RunResult) throws -> Bool {
        var bestRuns = try load()
        if let best = bestRuns[result.quest.rawValue], !result.isBetter(than: best) { return false }
        bestRuns[result.quest.rawValue] = result
        try save(bestRuns)
        return true
    }

    /// The version written; files of any other version are refused rather than misread.
    static let schemaVersion = 1

    private struct File: Codable {
        var schemaVersion: Int
        var bestRuns: [String: RunResult]
    }

    private func load() throws -> [String: RunResult] {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        var data = Data()
        do {
            // Foundation leaks a page reading an empty file (LeakSanitizer, swift-corelibs 6.3):
            // an empty file needs no reading, and is reported as corrupt below like any other.
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 1
            if size > 0 { data = try Data(contentsOf: url) }
        } catch {
            throw BestRunStoreError.unreadable(path: path, reason: error.localizedDescription)
        }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw BestRunStoreError.corrupt(path: path, reason: Self.describe(error))
        } catch {
            throw BestRunStoreError.corrupt(path: path, reason: "\(error)")
        }
        guard file.schemaVersion == Self.schemaVersion else {
            throw BestRunStoreError.corrupt(
                path: path, reason: "schema version \(file.schemaVersion) is not \(Self.schemaVersion)"
            )
        }
        for (key, run) in file.bestRuns.sorted(by: { $0.key < $1.key }) where key != run.quest.rawValue {
            throw BestRunStoreError.corrupt(
                path: path, reason: "bestRuns.\(key) holds a run of quest \"\(run.quest.rawValue)\""
            )
        }
        return file.bestRuns
    }

    private func save(_ bestRuns: [String: RunResult]) throws {
        let url = URL(fileURLWithPath: path)
        do {
            // Written as every JSON file of the project is (sorted keys, the same bytes on every platform).
            let data = try JSONText.encode(File(schemaVersion: Self.schemaVersion, bestRuns: bestRuns))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw BestRunStoreError.unwritable(path: path, reason: error.localizedDescription)
        }
    }

    /// A decoding error in words, with where in the file it is: "bestRuns.crystal.rank: ...".
    private static func describe(_ error: DecodingError) -> String {
        func place(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "" : keys.joined(separator: ".") + ": "
        }
        switch error {
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not valid JSON" : place(context) + context.debugDescription
        case let .keyNotFound(key, context):
            return place(context) + "missing \"\(key.stringValue)\""
        case let .typeMismatch(type, context):
            return place(context) + "expected \(type)"
        case let .valueNotFound(type, context):
            return place(context) + "expected \(type), found null"
        @unknown default:
            return "\(error)"
        }
    }
}
