import Foundation

/// A directory removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("screenaudit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` (creating folders) and returns the full path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target.path
    }

    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
