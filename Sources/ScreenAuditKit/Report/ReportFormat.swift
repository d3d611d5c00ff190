import Foundation

/// The outputs an audit can write, by the names `--format` takes. Each names its file in the
/// output folder; overlays are a folder of PNGs, one per screen.
public enum ReportFormat: String, CaseIterable, Sendable {
    case json, md, junit, sarif, html, overlays

    /// The file (or, for overlays, the folder) it writes into the output folder.
    public var fileName: String {
        switch self {
        case .json: JSONReporter.fileName
        case .md: MarkdownReporter.fileName
        case .junit: JUnitReporter.fileName
        case .sarif: SARIFReporter.fileName
        case .html: HTMLReporter.fileName
        case .overlays: OverlayReporter.directory
        }
    }

    /// What the screen audit writes by default: everything.
    public static let screenFormats = allCases
    /// What the asset-catalog audit can write (asset findings have no screenshot to draw on;
    /// its index.html shows thumbnails of the catalog's images instead).
    public static let assetFormats: [ReportFormat] = [.json, .md, .sarif, .junit, .html]

    /// A comma-separated list such as `json,md`, each one of `allowed`; throws the first name
    /// that is not.
    public static func list(_ text: String, allowed: [ReportFormat]) throws(UnknownFormat) -> Set<ReportFormat> {
        var formats = Set<ReportFormat>()
        for name in text.split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let format = ReportFormat(rawValue: trimmed), allowed.contains(format) else {
                throw UnknownFormat(name: trimmed, allowed: allowed)
            }
            formats.insert(format)
        }
        return formats
    }

    public struct UnknownFormat: Error, Equatable, Sendable {
        public var name: String
        public var allowed: [ReportFormat]
    }
}

extension StagedFiles {
    /// Stages the report of every format in `order` that `formats` names, as `render` makes it
    /// (nil: the format is not a report file), and returns their paths in that order.
    func stageReports(_ formats: Set<ReportFormat>, in order: [ReportFormat],
                      _ render: (ReportFormat) throws -> Data?) throws -> [String] {
        var written: [String] = []
        for format in order where formats.contains(format) {
            guard let contents = try render(format) else { continue }
            try stage(format.fileName, contents)
            written.append((directory as NSString).appendingPathComponent(format.fileName))
        }
        return written
    }
}

/// Which screens get an overlay image.
public enum OverlaySelection: String, CaseIterable, Sendable {
    /// Screens with findings or results not run.
    case findings
    /// Every audited screen.
    case all
}
