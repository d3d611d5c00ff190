import ScreenAuditKit
import Testing

/// The partition `--shard I/N` makes.
struct ShardTests {
    @Test func testPartition_isStableUnderAddedScreens_andBalanced() {
        let ids = (0..<600).map { "iPhone_large/screen-\($0)" }
        let counts = Dictionary(grouping: ids) { Shard.index(of: $0, count: 4) }.mapValues(\.count)
        #expect(Set(counts.keys) == [1, 2, 3, 4])
        // 150 expected per shard; a hash leaves them within a few dozen.
        #expect(counts.values.allSatisfy { (110...190).contains($0) }, "\(counts)")
        // A screen's shard depends on its id alone: more screens move none of the others.
        let before = ids.map { Shard.index(of: $0, count: 4) }
        let after = (ids + ["new-a", "new-b"]).prefix(ids.count).map { Shard.index(of: $0, count: 4) }
        #expect(before == after)
        #expect(Shard.index(of: "x", count: 1) == 1)
    }

    @Test func testParsing() {
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("2/3")?.description == "2/3")
        for bad in ["0/3", "4/3", "3", "/3", "1/", "a/b", "1/1001", "1/3/4", "-1/3"] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
    }
}
