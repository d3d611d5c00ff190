import ColorScience
import Foundation
import Imaging

/// `index.html` for an asset catalog audit: the review page's asset twin. The verdict and notes
/// on top, then every finding with a thumbnail of the image it is about (or the colours it
/// measured, as swatches with their values and ratio), the colour pairs with their swatches, and
/// every asset with its thumbnails or colours. Filters by severity and rule as on the screen
/// audit's page; well-formed XHTML, no script, no network. Thumbnails are PNGs in `previews/`.
public enum AssetHTMLReporter {
    public static let fileName = "index.html"
    /// The folder of thumbnails beside the page.
    public static let previewDirectory = "previews"
    /// Thumbnails shown per asset in the assets table; the rest are counted.
    static let thumbnailsPerAsset = 6

    /// The file name in `previews/` of each image file's thumbnail, by the file's path relative
    /// to the catalog's parent: the path inside the catalog with every character but letters,
    /// digits, ".", "-", "_" and "@" as "-", ending ".png"; a name two paths would share (in any
    /// case: `Icon.png` and `icon.png` are one file on a case-insensitive disk) gets
    /// "~2", "~3" in path order. Stable for the same catalog.
    public static func previewNames(for files: some Sequence<String>) -> [String: String] {
        var names: [String: String] = [:]
        var taken: Set<String> = []
        for file in files.sorted() {
            let inside = file.split(separator: "/", maxSplits: 1).last.map(String.init) ?? file
            var base = String(inside.map { $0.isLetter || $0.isNumber || ".-_@".contains($0) ? $0 : "-" })
            if !base.lowercased().hasSuffix(".png") { base += ".png" }
            var name = base
            var counter = 2
            // Compared folded: on a case-insensitive disk `Icon.png` and `icon.png` are one file.
            while taken.contains(FilePaths.folded(name)) {
                name = String(base.dropLast(4)) + "~\(counter).png"
                counter += 1
            }
            taken.insert(FilePaths.folded(name))
            names[file] = name
        }
        return names
    }

    public static func render(_ report: AssetReport, previews: AssetPreviews) -> String {
        let s = report.summary
        let rules = Array(Set(report.findings.map(\.rule))).sorted()
        let names = previewNames(for: previews.images.keys)
        let paths = Dictionary(report.assets.map { ($0.path, $0.name) }, uniquingKeysWith: { first, _ in first })
        // Each asset's own image files (not those of assets nested in it), in path order.
        var filesOfAsset: [String: [String]] = [:]
        for file in previews.images.keys.sorted() {
            let folder = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
            if let asset = paths[folder] { filesOfAsset[asset, default: []].append(file) }
        }
        func thumbnail(_ file: String, asset: String?) -> String? {
            guard let name = names[file], let image = previews.images[file] else { return nil }
            let path = "\(previewDirectory)/\(name)"
            let label = (asset.map { "\($0): " } ?? "") + (file.split(separator: "/").last.map(String.init) ?? file)
            return "<img class=\"thumb\" src=\"\(escape(path))\" width=\"\(image.width)\" height=\"\(image.height)\" "
                + "alt=\"\(escape(label)), thumbnail\"/>"
        }
        func colors(of asset: String) -> String {
            (previews.colors[asset] ?? []).compactMap { ReviewPage.swatch($0.slot, $0.value) ?? "<span class=\"swatch\">\(escape($0.slot)) \(escape($0.value))</span>" }
                .joined()
        }

        let css = """
        .thumb{background:conic-gradient(#d1d1d6 25%,#fff 0 50%,#d1d1d6 0 75%,#fff 0) 0 0/12px 12px;border:1px solid #8e8e93;margin:0 6px 6px 0;vertical-align:top}
        .where{font-size:14px}ul.notes{padding-left:20px}
        """
        let verdict = s.gateFailed ? "failed" : "passed"
        var html = ReviewPage.opening(title: "Asset catalog audit: \(verdict)", extraCSS: css, rules: rules)
        html.append("<h1>Asset catalog audit <span class=\"verdict-\(verdict)\">\(verdict)</span></h1>")
        html.append("<p>\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos on \(s.assets) assets in <code>\(escape(report.settings.catalog))</code> "
            + "(<code>--fail-on \(escape(report.settings.failOn))</code>\(report.settings.release ? ", <code>--release</code>" : "")). "
            + "Requirements: \(report.settings.requirements.map { "<code>\(escape($0))</code>" } ?? "none"); "
            + "provenance: \(report.settings.provenance.map { "<code>\(escape($0))</code>" } ?? "not checked").</p>")
        if !report.notes.isEmpty {
            html.append("<ul class=\"notes\">" + report.notes.map { "<li>\(escape($0))</li>" }.joined() + "</ul>")
        }

        html.append("<section aria-labelledby=\"h-findings\"><h2 id=\"h-findings\">Findings</h2>")
        if report.findings.isEmpty {
            html.append("<p>No findings.</p>")
        } else {
            html.append("<table><caption>Findings in \(escape(report.settings.catalog))</caption><thead><tr><th scope=\"col\">#</th>"
                + "<th scope=\"col\">Severity</th><th scope=\"col\">Rule</th><th scope=\"col\">Asset</th><th scope=\"col\">Where</th>"
                + "<th scope=\"col\">Finding</th><th scope=\"col\">Picture and colours</th></tr></thead><tbody>")
            for (index, finding) in report.findings.enumerated() {
                var shown = ""
                if case let .colorContrast(.tooLow(contrast)) = finding.measured {
                    shown = [ReviewPage.swatch("text", contrast.foregroundColor), ReviewPage.swatch("background", contrast.backgroundColor)]
                        .compactMap { $0 }.joined() + ReviewPage.ratio(contrast.ratio)
                } else if let own = thumbnail(finding.file, asset: finding.asset) {
                    shown = own
                } else if let asset = finding.asset {
                    shown = (filesOfAsset[asset] ?? []).prefix(1).compactMap { thumbnail($0, asset: asset) }.joined() + colors(of: asset)
                }
                // Long paths break after their slashes, not inside a name.
                let place = "<code>\(escape(finding.file).replacingOccurrences(of: "/", with: "/<wbr/>"))</code>" + (finding.location.map { " at <code>\(escape($0))</code>" } ?? "")
                html.append(ReviewPage.findingRow(severity: finding.severity, rule: finding.rule) + "<td>\(index + 1)</td>"
                    + "<td>\(finding.severity.rawValue)</td><td><code>\(escape(finding.rule))</code></td>"
                    + "<td>\(finding.asset.map { "<code>\(escape($0))</code>" } ?? "—")</td><td class=\"where\">\(place)</td>"
                    + "<td>\(escape(finding.message))</td><td>\(shown)</td></tr>")
            }
            html.append("</tbody></table>")
        }
        html.append("</section>")

        if !report.colorPairs.isEmpty {
            html.append("<section aria-labelledby=\"h-pairs\"><h2 id=\"h-pairs\">Colour pairs</h2>")
            html.append("<table><caption>Colour pairs the requirements declare</caption><thead><tr><th scope=\"col\">Foreground</th>"
                + "<th scope=\"col\">Background</th><th scope=\"col\">Appearance</th><th scope=\"col\">Use</th><th scope=\"col\">Ratio</th>"
                + "<th scope=\"col\">Minimum</th><th scope=\"col\">Result</th></tr></thead><tbody>")
            for pair in report.colorPairs {
                let result = pair.status == .notRun ? "not run: \(pair.reason ?? "")" : pair.status.rawValue
                html.append("<tr><td>\(ReviewPage.swatch(pair.foreground, pair.foregroundColor) ?? "<code>\(escape(pair.foreground))</code>")</td>"
                    + "<td>\(ReviewPage.swatch(pair.background, pair.backgroundColor) ?? "<code>\(escape(pair.background))</code>")</td>"
                    + "<td>\(escape(pair.appearance))</td><td>\(escape(pair.text))</td>"
                    + "<td>\(pair.ratio.map { "\(RatioDisplay.text($0)):1" } ?? "—")</td><td>\(RatioDisplay.minimum(pair.minimumRatio)):1</td>"
                    + "<td>\(escape(result))</td></tr>")
            }
            html.append("</tbody></table></section>")
        }

        let findingsOf = Dictionary(grouping: report.findings.compactMap { finding in finding.asset.map { ($0, finding) } }, by: \.0)
        html.append("<section aria-labelledby=\"h-assets\"><h2 id=\"h-assets\">Assets</h2>")
        html.append("<table><caption>Every asset in \(escape(report.settings.catalog))</caption><thead><tr><th scope=\"col\">Asset</th>"
            + "<th scope=\"col\">Kind</th><th scope=\"col\">Pictures and colours</th><th scope=\"col\">Files</th><th scope=\"col\">Required</th>"
            + "<th scope=\"col\">Provenance</th><th scope=\"col\">Findings</th></tr></thead><tbody>")
        for asset in report.assets {
            let files = filesOfAsset[asset.name] ?? []
            var shown = files.prefix(thumbnailsPerAsset).compactMap { thumbnail($0, asset: asset.name) }.joined()
            if files.count > thumbnailsPerAsset { shown += "<span class=\"swatch\">and \(files.count - thumbnailsPerAsset) more</span>" }
            shown += colors(of: asset.name)
            html.append("<tr><td><code>\(escape(asset.name))</code></td><td>\(asset.kind.rawValue)</td><td>\(shown)</td>"
                + "<td>\(asset.files)</td><td>\(asset.required ? "yes" : "—")</td><td>\(escape(asset.provenance ?? "—"))</td>"
                + "<td>\(findingsOf[asset.name]?.count ?? 0)</td></tr>")
        }
        html.append("</tbody></table></section>")
        html.append(ReviewPage.closing)
        return html.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String { ReviewPage.escape(text) }
}
