import Foundation

/// Writes report files into an output directory, all or nothing as far as the file system
/// allows: every file is first written in full to a temporary name beside its final one
/// (flushed to disk), and only when all are complete are they renamed into place. An error, a
/// crash or an interrupt therefore never leaves half a report, and a previous complete report
/// stays until the new one is complete. Temporary files are registered with `PendingFiles` so an
/// interrupt handler can remove them.
public enum ReportWriter {
    public static func write(_ files: [(name: String, contents: Data)], to directory: String) throws {
        let staged = try StagedFiles(directory: directory)
        for file in files { try staged.stage(file.name, file.contents) }
        try staged.commit()
    }

    /// The output directory exists (created with its parents) and is a directory.
    static func prepare(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AuditError.outputFailed(path: directory, reason: "a file is in the way of the output directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw AuditError.outputFailed(path: directory, reason: "cannot create the directory (\(reason(error)))")
        }
    }

    /// Creates `path` and writes every byte, then flushes it: a full disk is reported here, not
    /// discovered later as a short file.
    static func writeFully(_ data: Data, to path: String, reportedAs final: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw AuditError.outputFailed(path: final, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw AuditError.outputFailed(path: final, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw AuditError.outputFailed(path: final, reason: String(cString: strerror(errno))) }
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}

/// Files written in full under temporary names beside their final ones, then renamed into place
/// together by `commit`: the all-or-nothing step behind `ReportWriter`, for writers that produce
/// their files over time (overlays, from the audit's workers). Safe to use from several tasks.
/// Whatever is not committed is removed when the value goes away.
public final class StagedFiles: @unchecked Sendable {
    public let directory: String
    private let lock = NSLock()
    private var staged: [(temporary: String, final: String)] = []
    private var preparedFolders: Set<String> = []

    /// Creates `directory` (with its parents) if needed; a file in its way is an error.
    public init(directory: String) throws {
        self.directory = directory
        try ReportWriter.prepare(directory)
    }

    deinit { discard() }

    /// Writes `contents` to a temporary name for `name` (a path relative to the directory, e.g.
    /// `overlays/home.png`), flushed to disk; it takes its name at `commit`.
    public func stage(_ name: String, _ contents: Data) throws {
        let final = (directory as NSString).appendingPathComponent(name)
        let folder = (final as NSString).deletingLastPathComponent
        lock.lock()
        let needsFolder = !preparedFolders.contains(folder)
        lock.unlock()
        if needsFolder {
            try ReportWriter.prepare(folder)
            lock.lock()
            preparedFolders.insert(folder)
            lock.unlock()
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: final, isDirectory: &isDirectory), isDirectory.boolValue {
            throw AuditError.outputFailed(path: final, reason: "a folder is in the way of the file")
        }
        let temporary = (folder as NSString).appendingPathComponent(".\((final as NSString).lastPathComponent).\(getpid()).tmp")
        guard PendingFiles.shared.add(temporary) else { throw AuditError.outputFailed(path: final, reason: "interrupted") }
        lock.lock()
        staged.append((temporary, final))
        lock.unlock()
        try ReportWriter.writeFully(contents, to: temporary, reportedAs: final)
    }

    /// Renames every staged file into place, in the order they were staged.
    public func commit() throws {
        lock.lock()
        var pending = staged
        staged = []
        lock.unlock()
        defer {
            for file in pending {
                unlink(file.temporary)
                PendingFiles.shared.remove(file.temporary)
            }
        }
        while let file = pending.first {
            guard rename(file.temporary, file.final) == 0 else {
                throw AuditError.outputFailed(path: file.final, reason: String(cString: strerror(errno)))
            }
            PendingFiles.shared.remove(file.temporary)
            pending.removeFirst()
        }
    }

    /// Removes every staged file that was not committed.
    public func discard() {
        lock.lock()
        let pending = staged
        staged = []
        lock.unlock()
        for file in pending {
            unlink(file.temporary)
            PendingFiles.shared.remove(file.temporary)
        }
    }
}

/// Temporary files being written, so that an interrupt can remove them before the process
/// exits. Once `removeAll` has run (the process is stopping), no new file is accepted.
public final class PendingFiles: @unchecked Sendable {
    public static let shared = PendingFiles()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var closed = false

    /// False when the process is stopping: the caller must not start the file.
    func add(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return false }
        paths.insert(path)
        return true
    }

    func remove(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Deletes every pending file and refuses new ones; returns how many were removed.
    @discardableResult
    public func removeAll() -> Int {
        lock.lock()
        closed = true
        let pending = paths
        paths = []
        lock.unlock()
        for path in pending { unlink(path) }
        return pending.count
    }
}
