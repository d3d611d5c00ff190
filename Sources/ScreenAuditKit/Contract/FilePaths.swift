import Foundation

/// Paths compared the same way on Linux and macOS.
///
/// Two differences between the systems would otherwise change what a run reports:
/// - On macOS `/tmp` and `/var` are links into `/private`, and Foundation's
///   `resolvingSymlinksInPath` drops that `/private` only from paths that exist: a missing
///   screenshot under `/tmp` would read as "outside the screenshots folder" beside its existing
///   root. `resolved` asks the C library's `realpath` for the part that exists, and keeps the rest.
/// - APFS opens `Hub.png` for `hub.png`; ext4 does not. `caseDifference` lists the folders, so a
///   name in the wrong case is the same finding on both.
public enum FilePaths {
    /// `path` absolute, with `.`, `..` and every link resolved: the longest part that exists
    /// through `realpath`, a link whose target is missing through its target, the rest as written.
    /// `..` is taken physically (the parent of where a link leads), as the system does.
    public static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return resolved(absolute, links: 0)
    }

    private static func resolved(_ path: String, links: Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard parent != path, !parent.isEmpty else { return path }
        let folder = resolved(parent, links: links)
        switch name {
        case "", ".": return folder
        case "..": return (folder as NSString).deletingLastPathComponent
        default: break
        }
        // A link loop or a chain longer than the system follows (MAXSYMLINKS is 32 on both) stays
        // where it is; reading it then fails with the system's own error.
        if links < 32, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            return resolved(target.hasPrefix("/") ? target : (folder as NSString).appendingPathComponent(target), links: links + 1)
        }
        return (folder as NSString).appendingPathComponent(name)
    }

    /// The name as a case-insensitive file system compares it. Swift compares strings by canonical
    /// equivalence, as APFS compares names by Unicode normalization, so `é` and `e` + U+0301 are
    /// one key too. `lowercased()` is Unicode's lowercase mapping, not APFS's full case folding
    /// (which also takes `ς` for `σ`): a rare pair may still share a file on a Mac, but the
    /// same names give the same verdict on every system.
    public static func folded(_ name: String) -> String {
        name.lowercased()
    }

    /// How two names that fold together differ, for a message: "differs only in case", or in
    /// the Unicode normalization a case-insensitive disk also ignores (`é` as one code point or
    /// two).
    public static func difference(between named: String, and present: String) -> String {
        named.lowercased().unicodeScalars.elementsEqual(present.lowercased().unicodeScalars)
            ? "differs only in case"
            : "differs only in case or in Unicode normalization (an accent as one code point or two)"
    }

    /// The names in one folder: exact (code points, as a case-sensitive disk compares them) and
    /// folded (as a case-insensitive one does, the first in sorted order for each).
    public struct FolderNames: Sendable {
        let exact: Set<[UInt8]>
        let folded: [String: String]

        public init(_ names: [String]) {
            exact = Set(names.map { Array($0.utf8) })
            var folded: [String: String] = [:]
            for name in names.sorted() where folded[FilePaths.folded(name)] == nil {
                folded[FilePaths.folded(name)] = name
            }
            self.folded = folded
        }

        /// The folder's names, or nil when it cannot be listed.
        public static func list(_ folder: String) -> FolderNames? {
            (try? FileManager.default.contentsOfDirectory(atPath: folder)).map(FolderNames.init)
        }
    }

    /// Where `relative` (below `root`) names a file or folder in another case than the one on
    /// disk: the first component as written and as listed (`Hub.png`, `hub.png`). Nil when every
    /// component is listed exactly, or when one is missing in every case. `names` lists a folder
    /// (a run passes one that reads each folder once).
    public static func caseDifference(of relative: String, under root: String,
                                      names: (String) -> FolderNames? = FolderNames.list) -> (named: String, present: String)? {
        var folder = root
        for component in relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            defer { folder = (folder as NSString).appendingPathComponent(component) }
            guard component != ".", component != ".." else { continue }
            guard let listed = names(folder) else { return nil }
            // Exact code points: ext4 tells `é` from `e` + U+0301, APFS does not.
            guard !listed.exact.contains(Array(component.utf8)) else { continue }
            return listed.folded[FilePaths.folded(component)].map { (component, $0) }
        }
        return nil
    }
}

/// Folder listings read once per run and shared by its workers: a run of thousands of screenshots
/// in one folder lists it once, not once a screen.
final class FolderNamesCache: @unchecked Sendable {
    private let lock = NSLock()
    private var listed: [String: FilePaths.FolderNames?] = [:]

    func names(in folder: String) -> FilePaths.FolderNames? {
        if let cached = lock.withLock({ listed[folder] }) { return cached }
        let names = FilePaths.FolderNames.list(folder)
        lock.withLock { listed[folder] = .some(names) }
        return names
    }
}
