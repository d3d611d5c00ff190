import Foundation
import Imaging
import ScreenAuditKit

/// Writes `overlays/<screen>.png` for every audited screen with findings or results not run (all
/// audited screens with `all`), re-decoding each screenshot: the audit keeps no images in memory.
enum OverlayFiles {
    static func write(_ report: AuditReport, screens: [LoadedScreen], screenshotsRoot: String, to out: String,
                      all: Bool = false, decoder: ImageDecoder = ImageDecoder()) throws -> Set<String> {
        let scales = Dictionary(uniqueKeysWithValues: screens.map { ($0.contract.id, $0.contract.device.scale) })
        var number = 1
        var written = Set<String>()
        for screen in report.screens {
            defer { number += screen.findings.count }
            let notRun = screen.checked.filter { $0.status == .notRun }
            guard screen.status == .audited, all || !screen.findings.isEmpty || !notRun.isEmpty else { continue }
            let path = (screenshotsRoot as NSString).appendingPathComponent(screen.screenshot)
            guard let image = try? decoder.decodeFile(atPath: path) else { continue }
            let overlay = OverlayReporter.render(image.pixels, findings: screen.findings, firstNumber: number,
                                                 scale: scales[screen.id] ?? 2, notRun: notRun)
            let png = try PNGEncoder.encode(overlay, compressionLevel: 2)
            try ReportWriter.write([(OverlayReporter.fileName(for: screen.id), Data(png))],
                                   to: (out as NSString).appendingPathComponent(OverlayReporter.directory))
            written.insert(screen.id)
        }
        return written
    }
}
