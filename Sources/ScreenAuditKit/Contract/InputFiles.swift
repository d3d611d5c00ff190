import Foundation

/// Finding and reading the input documents (contracts, provenance).
enum InputFiles {
    struct Listed {
        var path: String
        /// Relative to the argument the user gave: the file's name, or its path below the directory.
        var relative: String
    }

    /// `path` itself if it is a file, or every file with `extension` below it (sorted, hidden ones
    /// skipped) if it is a directory.
    static func list(_ path: String, extension ext: String, what: String) throws -> [Listed] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "no such file or directory")])
        }
        guard isDirectory.boolValue else {
            return [Listed(path: path, relative: URL(fileURLWithPath: path).lastPathComponent)]
        }
        guard let found = walk(path, extensions: [ext]) else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "cannot list the directory")])
        }
        guard !found.isEmpty else {
            throw AuditError.invalidInput([InputIssue(file: path, location: "", message: "no .\(ext) \(what) files in this directory")])
        }
        return found.map { Listed(path: (path as NSString).appendingPathComponent($0), relative: $0) }
    }

    /// The one walk of an input folder: every regular file below `root` with one of `extensions`
    /// (lower case; a file's matches in any case), and every link there whose target is gone, by
    /// its path relative to `root`, sorted. Hidden files and everything in hidden folders (`.git`,
    /// a tool's `.cache`) are left out. Nil when `root` cannot be listed.
    static func walk(_ root: String, extensions: Set<String>) -> [String]? {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return nil }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let hidden = name.hasPrefix(".")
            guard hidden || extensions.contains((name as NSString).pathExtension.lowercased()) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(relative), isDirectory: &isDirectory) else {
                // A link whose target is gone is listed, so that reading it reports it: an input
                // is never dropped without a word.
                if !hidden { found.append(relative) }
                continue
            }
            if hidden {
                if isDirectory.boolValue { enumerator.skipDescendants() }
            } else if !isDirectory.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// The read-and-collect loop every loader shares. Each file of `path` (see `list`; with
    /// `directories` false, `path` itself) is read within `limit` bytes and handed to `parse`,
    /// which returns that file's issues and whether to stop reading (a limit reached). The issues
    /// of every file are kept, so a person sees them all at once; with any, throws
    /// `AuditError.invalidInput` (sorted by file and place with `sorted`).
    static func readEach(_ path: String, extension ext: String, what: String, limit: Int, directories: Bool = true,
                         sorted: Bool = false, _ parse: (Listed, [UInt8]) -> (issues: [InputIssue], stop: Bool)) throws {
        let files = directories ? try list(path, extension: ext, what: what)
            : [Listed(path: path, relative: URL(fileURLWithPath: path).lastPathComponent)]
        var issues: [InputIssue] = []
        for file in files {
            do {
                let result = parse(file, try read(file.path, limit: limit))
                issues += result.issues
                if result.stop { break }
            } catch let issue as InputIssue {
                issues.append(issue)
            }
        }
        guard issues.isEmpty else {
            throw AuditError.invalidInput(sorted ? issues.sorted { ($0.file, $0.location) < ($1.file, $1.location) } : issues)
        }
    }

    /// The bytes of `path`, refusing files over `limit` before reading them.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > limit {
            throw InputIssue(file: path, location: "", message: "the file is \(size) bytes, over the limit of \(limit) bytes", limit: .inputBytes)
        }
        // Foundation leaks a page reading an empty file (LeakSanitizer, swift-corelibs 6.3).
        if (attributes?[.size] as? NSNumber)?.intValue == 0, attributes?[.type] as? FileAttributeType == .typeRegular { return [] }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputIssue(file: path, location: "", message: "cannot read the file")
        }
        return [UInt8](data)
    }
}
