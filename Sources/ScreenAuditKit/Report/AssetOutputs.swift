import Foundation
import Imaging

/// Writes an asset-catalog audit's reports into one folder, all or nothing (see `StagedFiles`).
public enum AssetOutputs {
    /// `base`: what paths in report.sarif are relative to (the folder holding the catalog, as
    /// given, so that code scanning links them from the repository root). `previews`: the
    /// thumbnails and colours index.html shows (written to `previews/` with it). Returns the
    /// paths written, in `ReportFormat.assetFormats` order.
    @discardableResult
    public static func write(_ report: AssetReport, previews: AssetPreviews = AssetPreviews(), formats: Set<ReportFormat>,
                             sarifBase base: String, failOn: FailThreshold, to directory: String) throws -> [String] {
        let files = try StagedFiles(directory: directory)
        if formats.contains(.html) {
            let names = AssetHTMLReporter.previewNames(for: previews.images.keys)
            for (file, name) in names.sorted(by: { $0.value < $1.value }) {
                guard let image = previews.images[file] else { continue }
                try files.stage(AssetHTMLReporter.previewDirectory + "/" + name, Data(FastPNGEncoder.encode(image)))
            }
        }
        let written = try files.stageReports(formats, in: ReportFormat.assetFormats) { format in
            switch format {
            case .json: try JSONText.encode(report)
            case .md: Data(AssetMarkdownReporter.render(report).utf8)
            case .sarif: try SARIFReporter.render(report, base: base)
            case .junit: Data(JUnitReporter.render(report, failOn: failOn).utf8)
            case .html: Data(AssetHTMLReporter.render(report, previews: previews).utf8)
            case .overlays: nil
            }
        }
        try files.commit()
        return written
    }
}
