import Foundation
import Imaging
import ScreenAuditKit

/// `screenaudit info FILE...`
enum InfoCommand: Command {
    static let name = "info"
    static let abstract = "Describe screenshots as the audit will see them."
    static let discussion = """
    For each FILE: the format (decided by the file's first bytes, not its name), pixel size, colour
    type, bit depth, interlacing, colour space and where it came from, and a SHA-256 of the decoded
    8-bit sRGB RGBA pixels. One line per file on standard output; a file that cannot be decoded
    gets one line on standard error with its category (unreadable, not-an-image, truncated,
    corrupt, unsupported, too-large) and the decoder's message. Exit status 3 if any file could
    not be decoded.
    """
    static let arguments = "FILE..."
    static let options = [
        OptionSpec("--json", help: "Print a JSON array (one object per file, failures included) instead of lines."),
        OptionSpec("--max-width", value: "PX", help: "Refuse images wider than PX (default \(DecodeLimits.default.maxWidth))."),
        OptionSpec("--max-height", value: "PX", help: "Refuse images taller than PX (default \(DecodeLimits.default.maxHeight))."),
        OptionSpec("--max-pixels", value: "N", help: "Refuse images of more than N pixels (default \(DecodeLimits.default.maxPixels))."),
    ]

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitStatus {
        guard !parsed.positionals.isEmpty else { throw UsageError("no FILE given") }
        var limits = DecodeLimits.default
        if let value = try positiveInteger(parsed, "--max-width") { limits.maxWidth = value }
        if let value = try positiveInteger(parsed, "--max-height") { limits.maxHeight = value }
        if let value = try positiveInteger(parsed, "--max-pixels") { limits.maxPixels = value }
        let decoder = ImageDecoder(limits: limits)

        var entries: [InfoEntry] = []
        var failed = false
        for file in parsed.positionals {
            do {
                let image = try decoder.decodeFile(atPath: file)
                let summary = ImageSummary(file: file, image: image)
                entries.append(InfoEntry(summary: summary))
                if !parsed.has("--json") { console.out(line(for: summary) + "\n") }
            } catch {
                failed = true
                let failure = ImageFailure(file: file, error: error)
                entries.append(InfoEntry(failure: failure))
                console.err("\(failure.file): error: \(failure.category): \(failure.message)\n")
            }
        }
        if parsed.has("--json") {
            console.out(try JSONOutput.encode(entries) + "\n")
        }
        return failed ? .unusableInput : .success
    }

    static func line(for s: ImageSummary) -> String {
        var parts = ["\(s.format) \(s.width)×\(s.height) px", "\(s.colorType) \(s.bitDepth)-bit"]
        if s.interlaced { parts.append(s.format == "JPEG" ? "progressive" : "interlaced") }
        parts.append("colour \(s.colorSpace) [\(s.colorTag)]")
        parts.append("pixels sha256:\(s.pixelSHA256)")
        var text = "\(s.file): " + parts.joined(separator: ", ")
        for note in s.notes { text += "; note: \(note)" }
        return text
    }

    /// One element of `--json` output: a summary, or a failure under "error".
    struct InfoEntry: Encodable {
        var summary: ImageSummary?
        var failure: ImageFailure?

        init(summary: ImageSummary) { self.summary = summary }
        init(failure: ImageFailure) { self.failure = failure }

        func encode(to encoder: Encoder) throws {
            if let summary {
                try summary.encode(to: encoder)
            } else if let failure {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(failure.file, forKey: .file)
                try container.encode(ErrorBody(category: failure.category, message: failure.message), forKey: .error)
            }
        }

        enum Keys: String, CodingKey { case file, error }
        struct ErrorBody: Encodable { var category: String; var message: String }
    }
}

/// JSON as every command prints it (without the final newline, which the caller adds).
enum JSONOutput {
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONText.encode(value).dropLast(), as: UTF8.self)
    }
}
