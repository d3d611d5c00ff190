import Foundation
@testable import QuestEngine
import TestSupport
import Testing

struct StorageTests {
    static let skilled = RunResult(quest: .enchanter, rank: .skilled, finalTime: 14.5, mistakes: 1, relicsClaimed: 8)
    static let novice = RunResult(quest: .enchanter, rank: .novice, finalTime: 19, mistakes: 0, relicsClaimed: 8)
    static let legendary = RunResult(quest: .enchanter, rank: .legendary, finalTime: 11.4, mistakes: 0, relicsClaimed: 8)
    static let crystal = RunResult(quest: .crystal, rank: .defeated, finalTime: 20, mistakes: 0, relicsClaimed: 6)

    /// The behaviour every store shares: a first run is kept, a worse one is not, a better one replaces.
    static func checkKeepsTheBestRun<Store: BestRunStore>(_ store: inout Store) throws {
        #expect(try store.bestRun(for: .enchanter) == nil)
        #expect(try store.record(skilled))
        #expect(try !store.record(novice), "a worse run is not kept")
        #expect(try !store.record(skilled), "an equal run is not kept")
        #expect(try store.bestRun(for: .enchanter) == skilled)
        #expect(try store.record(legendary))
        #expect(try store.bestRun(for: .enchanter) == legendary)
        #expect(try store.record(crystal), "each quest keeps its own best")
        #expect(try store.bestRun(for: .enchanter) == legendary)
        #expect(try store.bestRun(for: .crystal) == crystal)
        #expect(try store.bestRun(for: .banishment) == nil)
    }

    @Test func testInMemoryStore_keepsTheBestRun() throws {
        var store = InMemoryBestRunStore()
        try Self.checkKeepsTheBestRun(&store)
    }

    @Test func testInMemoryStore_seededWithRunsKeepsTheBest() {
        let store = InMemoryBestRunStore(bestRuns: [Self.skilled, Self.legendary, Self.novice])
        #expect(store.bestRun(for: .enchanter) == Self.legendary)
    }

    @Test func testJSONFileStore_keepsTheBestRun() throws {
        let folder = try TemporaryDirectory()
        var store = JSONFileBestRunStore(path: folder.path("best.json"))
        try Self.checkKeepsTheBestRun(&store)
    }

    @Test func testJSONFileStore_roundTripsThroughTheFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("saves/nested/best.json")
        var writer = JSONFileBestRunStore(path: path)
        try writer.record(Self.legendary)
        try writer.record(RunResult(quest: .magicTap, rank: nil, finalTime: 0, mistakes: 2, relicsClaimed: 3))

        let reader = JSONFileBestRunStore(path: path)
        #expect(try reader.bestRun(for: .enchanter) == Self.legendary)
        #expect(try reader.bestRun(for: .magicTap) == RunResult(quest: .magicTap, rank: nil, finalTime: 0, mistakes: 2, relicsClaimed: 3))
        #expect(try reader.bestRun(for: .crystal) == nil)
    }

    @Test func testJSONFile_isWrittenWithSortedKeys() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("best.json")
        var store = JSONFileBestRunStore(path: path)
        try store.record(Self.crystal)
        try store.record(Self.legendary)

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let keys = ["\"bestRuns\"", "\"crystal\"", "\"enchanter\"", "\"finalTime\"", "\"mistakes\"", "\"quest\"",
                    "\"rank\"", "\"relicsClaimed\"", "\"schemaVersion\""]
        let enchanterRun = try #require(text.range(of: "\"enchanter\" :"))
        let positions = keys.map { key in
            // Keys of the run are looked up inside the enchanter entry, after the crystal one.
            (["\"bestRuns\"", "\"crystal\"", "\"enchanter\"", "\"schemaVersion\""].contains(key)
                ? text.range(of: key)
                : text.range(of: key, range: enchanterRun.upperBound..<text.endIndex))?.lowerBound
        }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(text.contains("\"schemaVersion\" : 1"))
        // As every JSON file of the project: a final line break.
        #expect(text.hasSuffix("}\n"))
    }

    @Test func testMissingFile_holdsNoRuns() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("never-written.json")
        #expect(try JSONFileBestRunStore(path: path).bestRun(for: .enchanter) == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "reading does not create the file")
    }

    @Test(arguments: [
        ("not json at all", "not valid JSON"),
        ("", "not valid JSON"),
        (#"{"schemaVersion": 2, "bestRuns": {}}"#, "schema version 2 is not 1"),
        (#"{"bestRuns": {}}"#, #"missing "schemaVersion""#),
        (#"{"schemaVersion": 1, "bestRuns": {"enchanter": {"quest": "enchanter", "rank": "heroic", "finalTime": 9, "mistakes": 0, "relicsClaimed": 8}}}"#,
         "bestRuns.enchanter.rank: "),
        (#"{"schemaVersion": 1, "bestRuns": {"crystal": {"quest": "enchanter", "finalTime": 9, "mistakes": 0, "relicsClaimed": 8}}}"#,
         #"bestRuns.crystal holds a run of quest "enchanter""#),
    ])
    func testCorruptFile_throwsAnErrorNamingTheFile(contents: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(contents, to: "best.json")
        var store = JSONFileBestRunStore(path: path)

        do {
            _ = try store.bestRun(for: .enchanter)
            Issue.record("a corrupt file was read")
        } catch let error as BestRunStoreError {
            guard case let .corrupt(errorPath, errorReason) = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(errorReason.hasPrefix(reason), "\(errorReason)")
            #expect(error.description.hasPrefix("\(path): best runs file is corrupt: "))
        }
        #expect(throws: BestRunStoreError.self) { try store.record(Self.legendary) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == contents, "a corrupt file is never overwritten")
    }

    @Test func testUnwritablePath_throwsAnErrorNamingTheFile() throws {
        let folder = try TemporaryDirectory()
        let blocker = try folder.write("a file, not a folder", to: "blocker")
        let path = blocker + "/best.json"
        var store = JSONFileBestRunStore(path: path)
        #expect {
            try store.record(Self.legendary)
        } throws: { error in
            guard case let .unwritable(errorPath, _) = error as? BestRunStoreError else { return false }
            return errorPath == path
        }
    }
}
