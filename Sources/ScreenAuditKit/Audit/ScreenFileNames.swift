/// A run writes files named from each screen's id (`overlays/<id>.png`, and a shard's overlays
/// that `merge` reads back). macOS's APFS and Windows's NTFS compare names without regard to case
/// by default, so two ids that differ only in case (`Home`, `home`) would write one file there:
/// the second screen's overlay replaces the first's, or its rename fails half-way through the
/// run. Such ids are an input error on every system, so a suite gives the same result on a
/// Linux runner as on a Mac.
public enum ScreenFileNames {
    /// One screen id, with where it was declared (for the message).
    public struct Declared: Sendable {
        public var id: String
        public var file: String
        public var location: String

        public init(id: String, file: String, location: String) {
            self.id = id
            self.file = file
            self.location = location
        }
    }

    /// An issue for each id whose overlay file name is, once folded, the name of an earlier id's;
    /// the ids themselves differ (a repeated id is reported as a duplicate by its loader).
    public static func collisions(_ ids: [Declared]) -> [InputIssue] {
        var registry = Registry()
        return ids.compactMap { registry.add($0) }
    }

    /// The ids seen so far, by folded overlay name, for loaders that meet them one at a time.
    public struct Registry: Sendable {
        private var first: [String: Declared] = [:]

        public init() {}

        /// Records `declared`, or returns the issue when its overlay name folds to an earlier
        /// id's (`declared` is then not recorded).
        public mutating func add(_ declared: Declared) -> InputIssue? {
            let name = OverlayReporter.fileName(for: declared.id)
            let key = FilePaths.folded(name)
            guard let earlier = first[key] else {
                first[key] = declared
                return nil
            }
            guard earlier.id != declared.id else { return nil }
            let place = earlier.location.isEmpty ? earlier.file : "\(earlier.file) at \(earlier.location)"
            let earlierName = OverlayReporter.fileName(for: earlier.id)
            let why = name == earlierName
                ? "would both write \(OverlayReporter.directory)/\(name)"
                : "would write \(OverlayReporter.directory)/\(earlierName) and \(OverlayReporter.directory)/\(name), one file on a case-insensitive file system (macOS, Windows)"
            return InputIssue(file: declared.file, location: declared.location,
                              message: "screen ids '\(earlier.id)' (\(place)) and '\(declared.id)' \(why): give one of them another id")
        }
    }
}
