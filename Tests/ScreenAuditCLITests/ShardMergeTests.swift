import Foundation
import ScreenAuditKit
import Synchronization
import TestSupport
import Testing

/// Where `ShardMergeTests.renderedCorpus` went, for the exit handler that removes it.
private let sharedCorpusFolder = Mutex<String?>(nil)

/// `audit --shard I/N`, `baseline --shard I/N` and `screenaudit merge` through the built binary.
@Suite(.serialized) struct ShardMergeTests {
    /// Seeded-defect frames of one device (16 screens with findings), one screenshot broken: the
    /// frames rendered once for the process (`renderedCorpus`), copied into `directory`.
    static func makeCorpus(in directory: TemporaryDirectory) throws {
        let (source, render) = try renderedCorpus.get()
        #expect(render.status == 0, "\(render.stderr)")
        try FileManager.default.copyItem(atPath: source, toPath: directory.path("corpus"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: directory.path("corpus/en-US/iPhone_small/hub.png")))
    }

    /// `render --defects --seed 5 --devices iPhone_small` through the binary, once for the tests
    /// of this suite, which only read it: where it went and how the run ended. Removed when the
    /// test process exits.
    static let renderedCorpus: Result<(path: String, run: ToolRun), any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenaudit-shard-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        sharedCorpusFolder.withLock { $0 = folder.path }
        atexit { sharedCorpusFolder.withLock { path in path.map { try? FileManager.default.removeItem(atPath: $0) } } }
        let render = try Binary.run(["render", "--defects", "--seed", "5", "--devices", "iPhone_small", "--out", "corpus"], in: folder)
        return (folder.appendingPathComponent("corpus").path, render)
    }

    static let audit = ["audit", "--contracts", "corpus/quest-screens.contract.json", "--screenshots", "corpus", "--today", "2026-01-01",
                        "--overlays", "all"]

    static func files(under root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = (root as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    @Test func testThreeShardsMerged_equalTheUnshardedRun_byteForByte() throws {
        let directory = try TemporaryDirectory()
        try Self.makeCorpus(in: directory)
        // A baseline with the run's findings but one, and an entry no finding matches (stale).
        let record = try Binary.run(["baseline", "--contracts", "corpus/quest-screens.contract.json", "--screenshots", "corpus",
                                     "--today", "2026-01-01", "--out", "recorded.json"], in: directory.url)
        #expect(record.status == 0, "\(record.stderr)")
        var baseline = try Baseline.load(path: directory.path("recorded.json"))
        #expect(baseline.entries.count > 3)
        baseline.entries.removeFirst()
        baseline.entries.append(BaselineEntry(fingerprint: "gone", rule: RuleID.textSize, screen: "iPhone_small/crystal.lesson", element: "old"))
        try JSONText.encode(Baseline(entries: baseline.entries)).write(to: URL(fileURLWithPath: directory.path("baseline.json")))
        let options = Self.audit + ["--baseline", "baseline.json"]

        let whole = try Binary.run(options + ["--out", "whole"], in: directory.url)
        #expect(whole.status == 1, "\(whole.stdout)\(whole.stderr)")
        var shardScreens = 0
        for index in 1...3 {
            let shard = try Binary.run(options + ["--out", "shard\(index)", "--shard", "\(index)/3"], in: directory.url)
            #expect(shard.status <= 1, "\(shard.stdout)\(shard.stderr)")
            let line = shard.stdout.split(separator: "\n").first { $0.hasPrefix("shard \(index)/3: ") }
            #expect(line?.hasSuffix("of the run's 16") == true, "\(shard.stdout)")
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("shard\(index)/report.json")))) as? [String: Any]
            shardScreens += (report?["screens"] as? [Any])?.count ?? 0
        }
        #expect(shardScreens == 16)
        // Given in any order.
        let merged = try Binary.run(["merge", "--out", "merged", "shard3", "shard1", "shard2"], in: directory.url)
        #expect(merged.status == whole.status, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("merged 3 shards: 16 screens: "))
        #expect(merged.stdout.contains("baseline: ") && merged.stdout.contains("1 stale entry"), "\(merged.stdout)")

        let expected = try Self.files(under: directory.path("whole"))
        let actual = try Self.files(under: directory.path("merged"))
        #expect(Set(expected.keys) == Set(actual.keys))
        #expect(expected.keys.contains("overlays/iPhone_small__crystal.lesson.png") && expected.keys.contains("report.sarif"))
        for (name, bytes) in expected where name != "report.json" {
            #expect(actual[name] == bytes, "\(name) differs")
        }
        // report.json: the same but for the merged report's "shards".
        let mergedJSON = String(decoding: actual["report.json"] ?? Data(), as: UTF8.self)
        #expect(mergedJSON.replacingOccurrences(of: "  \"shards\" : 3,\n", with: "") == String(decoding: expected["report.json"] ?? Data(), as: UTF8.self))
        // The gate and the stdout lines are the audit's.
        #expect(merged.stdout.split(separator: "\n").filter { $0.contains("  audited  ") || $0.contains("  unreadable  ") }
            == whole.stdout.split(separator: "\n").filter { $0.contains("  audited  ") || $0.contains("  unreadable  ") })
    }

    @Test func testShardedBaselines_mergeIntoTheUnshardedBaseline() throws {
        let directory = try TemporaryDirectory()
        try Self.makeCorpus(in: directory)
        let common = ["baseline", "--contracts", "corpus/quest-screens.contract.json", "--screenshots", "corpus", "--today", "2026-01-01"]
        #expect(try Binary.run(common + ["--out", "whole.json"], in: directory.url).status == 0)
        for index in 1...2 {
            let run = try Binary.run(common + ["--out", "part\(index).json", "--shard", "\(index)/2"], in: directory.url)
            #expect(run.status == 0, "\(run.stderr)")
        }
        // One shard's baseline is not a baseline an audit can use.
        let refused = try Binary.run(Self.audit + ["--baseline", "part1.json", "--out", "x"], in: directory.url)
        #expect(refused.status == 3 && refused.stderr.contains("part1.json: shard: this is one shard's baseline (1/2)"), "\(refused.stderr)")
        let merged = try Binary.run(["merge", "--out", "merged.json", "part2.json", "part1.json"], in: directory.url)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("merged.json")))
            == Data(contentsOf: URL(fileURLWithPath: directory.path("whole.json"))))
        let missing = try Binary.run(["merge", "--out", "merged.json", "part2.json"], in: directory.url)
        #expect(missing.status == 3 && missing.stderr.contains("shard 1/2 missing"), "\(missing.stderr)")
    }

    @Test func testShardsThatDoNotBelongTogether_areClearErrors() throws {
        let directory = try TemporaryDirectory()
        try Self.makeCorpus(in: directory)
        for index in 1...2 {
            #expect(try Binary.run(Self.audit + ["--out", "s\(index)", "--shard", "\(index)/2"], in: directory.url).status <= 1)
        }
        #expect(try Binary.run(Self.audit + ["--out", "aaa", "--shard", "2/2", "--level", "AAA"], in: directory.url).status <= 1)
        #expect(try Binary.run(Self.audit + ["--out", "plain"], in: directory.url).status <= 1)

        func merge(_ folders: [String]) throws -> ToolRun { try Binary.run(["merge", "--out", "m"] + folders, in: directory.url) }
        let missing = try merge(["s1"])
        #expect(missing.status == 3 && missing.stderr.contains("shard 2/2 missing (given: 1)"), "\(missing.stderr)")
        let twice = try merge(["s1", "s2", "s2"])
        #expect(twice.status == 3 && twice.stderr.contains("shard 2/2 is given twice"), "\(twice.stderr)")
        let options = try merge(["s1", "aaa"])
        #expect(options.status == 3 && options.stderr.contains("--level is 'AAA' here and not given in s1/report.json"), "\(options.stderr)")
        #expect(options.stderr.contains("aaa/report.json: settings: shard 2/2 judged with level AAA"), "\(options.stderr)")
        let unsharded = try merge(["s1", "plain"])
        #expect(unsharded.status == 3 && unsharded.stderr.contains("plain/report.json: shard: not one shard's output: it was made by a run that was not split into shards"))
        let nowhere = try merge(["s1", "nowhere"])
        #expect(nowhere.status == 3 && nowhere.stderr.contains("nowhere: no such report folder"), "\(nowhere.stderr)")
        // Another tool version.
        let report = directory.path("s2/report.json")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        try text.replacingOccurrences(of: "\"version\" : \"\(ScreenAuditKit.version)\"", with: "\"version\" : \"0.0.1\"")
            .write(toFile: report, atomically: true, encoding: .utf8)
        let version = try merge(["s1", "s2"])
        #expect(version.status == 3 && version.stderr.contains("was made by screenaudit 0.0.1"), "\(version.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("m/report.json")), "nothing merged from bad shards")

        // A shard whose audit failed (exit 3) leaves its mark over its older report; merge refuses it
        // until the shard runs again.
        let failed = try Binary.run(["audit", "--contracts", "nothing.json", "--screenshots", "corpus", "--out", "s2", "--shard", "2/2"], in: directory.url)
        #expect(failed.status == 3)
        let refused = try merge(["s1", "s2"])
        #expect(refused.status == 3 && refused.stderr.contains("s2: shard 2/2 failed with exit 3: nothing.json"), "\(refused.stderr)")
        #expect(try Binary.run(Self.audit + ["--out", "s2", "--shard", "2/2"], in: directory.url).status <= 1)
        let fixed = try merge(["s1", "s2"])
        #expect(fixed.status <= 1 && fixed.stdout.contains("merged 2 shards: 16 screens"), "\(fixed.stdout)\(fixed.stderr)")
    }

    @Test func testShardOption_isChecked() throws {
        let directory = try TemporaryDirectory()
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            let run = try Binary.run(["audit", "--contracts", "c.json", "--screenshots", ".", "--shard", bad], in: directory.url)
            #expect(run.status == 2 && run.stderr.contains("option '--shard' needs I/N"), "\(bad): \(run.stderr)")
        }
        let noJSON = try Binary.run(["audit", "--contracts", "c.json", "--screenshots", ".", "--shard", "1/2", "--format", "md"], in: directory.url)
        #expect(noJSON.status == 2 && noJSON.stderr.contains("--shard needs report.json"), "\(noJSON.stderr)")
        let nothing = try Binary.run(["merge"], in: directory.url)
        #expect(nothing.status == 2)
    }
}
