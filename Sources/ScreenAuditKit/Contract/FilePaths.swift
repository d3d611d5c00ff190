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
    public static func resolved(_ path: String) -> String {
        resolved(URL(fileURLWithPath: path).standardizedFileURL.path, links: 0)
    }

    private static func resolved(_ path: String, links: Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        // A link loop or a chain longer than the system follows (MAXSYMLINKS is 32 on both) stays
        // where it is; reading it then fails with the system's own error.
        if links < 32, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let absolute = target.hasPrefix("/") ? target : (parent as NSString).appendingPathComponent(target)
            return resolved(URL(fileURLWithPath: absolute).standardizedFileURL.path, links: links + 1)
        }
        guard parent != path, !parent.isEmpty else { return path }
        return (resolved(parent, links: links) as NSString).appendingPathComponent(name)
    }

    /// Where `relative` (below `root`) names a file or folder in another case than the one on
    /// disk: the first component as written and as listed (`Hub.png`, `hub.png`). Nil when every
    /// component is listed exactly, or when one is missing in every case.
    public static func caseDifference(of relative: String, under root: String) -> (named: String, present: String)? {
        var folder = root
        for component in relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init) {
            guard component != ".", component != ".." else {
                folder = (folder as NSString).appendingPathComponent(component)
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
            // Exact code points: ext4 tells `é` from `e` + U+0301, APFS does not.
            if !names.contains(where: { $0.unicodeScalars.elementsEqual(component.unicodeScalars) }) {
                guard let present = names.sorted().first(where: { ScreenFileNames.folded($0) == ScreenFileNames.folded(component) }) else {
                    return nil
                }
                return (component, present)
            }
            folder = (folder as NSString).appendingPathComponent(component)
        }
        return nil
    }
}
