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
        let written = try files.stageReports(formats, in: ReportFormat.assetFormats) { format in
            switch format {
            case .json: try JSONText.encode(report)
            case .md: Data(AssetMarkdownReporter.render(report).utf8)
            case .sarif: try SARIFReporter.render(report, base: base)
            case .junit: Data(JUnitReporter.render(report, failOn: failOn).utf8)
            case .html, .overlays: nil
            }
        }
        try files.commit()
        return written
    }
}
