import Foundation
import Testing

/// Runs the built `screenaudit` binary, as a user or CI script would.
struct ToolRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A class of this test target, for `Bundle(for:)`.
private final class ProductsMarker {}

enum Binary {
    /// The directory holding the built products: the test bundle sits beside the binaries, under
    /// `swift test` (`.build/debug`) and under Xcode (DerivedData's `Build/Products/Debug`).
    /// `SCREENAUDIT_PRODUCTS_DIR` names it for any other runner.
    static var productsDirectory: URL {
        if let folder = ProcessInfo.processInfo.environment["SCREENAUDIT_PRODUCTS_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        #if canImport(Darwin)
        // The bundle whose code holds this class. `Bundle.allBundles` lists only the bundles
        // NSBundle loaded itself, and Swift Testing's runner loads the test bundle with dlopen.
        let bundle = Bundle(for: ProductsMarker.self).bundleURL
        if bundle.pathExtension == "xctest" { return bundle.deletingLastPathComponent() }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var screenaudit: URL { productsDirectory.appendingPathComponent("screenaudit") }

    /// `environment`: variables set (or, with "", emptied) over the test process's own.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> ToolRun {
        try run(executable: screenaudit, arguments, in: directory, environment: environment)
    }

    /// Runs `executable`, reading its standard output and standard error at the same time, so a
    /// child that fills one pipe (64 KB on Linux) while the other is read never blocks.
    static func run(executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> ToolRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = PipeDrain(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus,
                       stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread; `wait` returns what it read.
final class PipeDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Golden text files under Tests/ScreenAuditCLITests/Golden. Set SCREENAUDIT_RECORD_GOLDEN=1 to
/// re-record them from the current output; never edit them by hand.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SCREENAUDIT_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with SCREENAUDIT_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("actual-" + name)
            try? Data(actual.utf8).write(to: actualURL)
            Issue.record("\(name) differs from the golden file; actual output written to \(actualURL.path)", sourceLocation: sourceLocation)
        }
    }
}
