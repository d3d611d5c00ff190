import Foundation

/// Writes report files into an output directory. Each file is written to a temporary name beside
/// its final one and renamed into place, so a crash or interrupt never leaves half a report and a
/// previous complete report stays until the new one is complete.
public enum ReportWriter {
    public static func write(_ files: [(name: String, contents: Data)], to directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AuditError.outputFailed(path: directory, reason: "a file is in the way of the output directory")
            }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw AuditError.outputFailed(path: directory, reason: "cannot create the directory (\(reason(error)))")
            }
        }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            do {
                try file.contents.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw AuditError.outputFailed(path: path, reason: reason(error))
            }
        }
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
