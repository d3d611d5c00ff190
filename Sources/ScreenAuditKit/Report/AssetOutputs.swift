import Foundation

/// Writes an asset-catalog audit's reports into one folder, all or nothing (see `StagedFiles`).
public enum AssetOutputs {
    /// `base`: what paths in report.sarif are relative to (the folder holding the catalog, as
    /// given, so that code scanning links them from the repository root). Returns the paths
    /// written, in `ReportFormat.assetFormats` order.
    @discardableResult
    public static func write(_ report: AssetReport, formats: Set<ReportFormat>, sarifBase base: String, failOn: FailThreshold,
                             to directory: String) throws -> [String] {
        let files = try StagedFiles(directory: directory)
        var written: [String] = []
        for format in ReportFormat.assetFormats where formats.contains(format) {
            let contents: Data
            switch format {
            case .json: contents = try JSONText.encode(report)
            case .md: contents = Data(AssetMarkdownReporter.render(report).utf8)
            case .sarif: contents = try SARIFReporter.render(report, base: base)
            case .junit: contents = Data(JUnitReporter.render(report, failOn: failOn).utf8)
            case .html, .overlays: continue
            }
            try files.stage(format.fileName, contents)
            written.append((directory as NSString).appendingPathComponent(format.fileName))
        }
        try files.commit()
        return written
    }
}
