import Imaging

/// One part of a run split across machines (`--shard I/N`, 1-based). A screen belongs to the shard
/// its id's SHA-256 picks, so adding or removing screens moves no other screen between shards and
/// every machine computes the same partition without talking to the others.
public struct Shard: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    /// The most shards a run is split into.
    public static let maximumCount = 1000

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// "I/N", as `--shard` takes it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The shard (1-based) of `count` that audits the screen `screenID`: the first eight bytes of
    /// the SHA-256 of its UTF-8 bytes, as a big-endian number, modulo `count`.
    public static func index(of screenID: String, count: Int) -> Int {
        var hash = SHA256()
        hash.update(Array(screenID.utf8))
        let value = hash.finalize().prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value % UInt64(max(1, count))) + 1
    }

    public func contains(_ screenID: String) -> Bool { Self.index(of: screenID, count: count) == index }

    /// This shard's screens of the whole run `screens`, and what its report records so that
    /// `ShardMerge` can put the shards back together. `options`: the run's options that decide its
    /// outputs, by name (shards made with different ones do not merge).
    public func select(_ screens: [LoadedScreen], options: [String: String], rules: [String] = []) -> (screens: [LoadedScreen], info: ShardInfo) {
        var digest = SHA256()
        for screen in screens { digest.update(Array((screen.contract.id + "\n").utf8)) }
        var mine: [LoadedScreen] = []
        var placed: [ShardInfo.Screen] = []
        for (position, screen) in screens.enumerated() where contains(screen.contract.id) {
            mine.append(screen)
            placed.append(.init(id: screen.contract.id, position: position, scale: screen.contract.device.scale))
        }
        let info = ShardInfo(index: index, count: count, runScreens: screens.count, runDigest: SHA256.hexDigest(digest.finalize()),
                             options: options, rules: rules, screens: placed)
        return (mine, info)
    }
}

/// What a shard's report.json records beside the report (`shard`): which part it is, the run it
/// is part of, and where its screens go in the whole run.
public struct ShardInfo: Codable, Equatable, Sendable {
    public var index: Int
    public var count: Int
    /// The number of screens in the whole run, and the SHA-256 of their ids in run order: every
    /// shard of one run loaded the same screens.
    public var runScreens: Int
    public var runDigest: String
    /// The options that decide the outputs, by name, as the shard was given them.
    public var options: [String: String]
    /// The rules the run reports on (SARIF lists them), by id.
    public var rules: [String] = []
    /// This shard's screens, in its report's order.
    public var screens: [Screen]

    public struct Screen: Codable, Equatable, Sendable {
        public var id: String
        /// Its place (0-based) among the whole run's screens.
        public var position: Int
        /// Its device scale: the merged overlays' badges are drawn at it.
        public var scale: Double
    }

    public var shard: Shard? { Shard(index: index, count: count) }
}
