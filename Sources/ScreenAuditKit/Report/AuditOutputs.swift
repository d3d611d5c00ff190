import Foundation
import Imaging

/// Writes an audit's outputs into one folder: the reports `formats` names and the overlay images.
/// Overlays are drawn from the frames the audit already holds, as each screen's findings are
/// numbered (`overlayRequest`), and staged; `write` renders the reports from the finished report
/// and renames everything into place together, so a failure leaves the previous outputs intact.
public final class AuditOutputs: Sendable {
    public let formats: Set<ReportFormat>
    public let overlaySelection: OverlaySelection
    /// Outline every checked element on the overlays, not only those with findings (`scan`: every
    /// line of text it found).
    public let outlinesCheckedElements: Bool
    /// Draw the findings' numbered badges (false for one shard's overlays: `ShardMerge` numbers
    /// them across the whole run).
    public let numbersOverlays: Bool
    let files: StagedFiles
    private let ledger = OverlayLedger()

    /// Checks (and creates) `directory` before any work: a file in its way is an error here.
    public init(directory: String, formats: Set<ReportFormat> = Set(ReportFormat.screenFormats),
                overlays: OverlaySelection = .findings, outlinesCheckedElements: Bool = false, numbersOverlays: Bool = true) throws {
        self.formats = formats
        overlaySelection = overlays
        self.outlinesCheckedElements = outlinesCheckedElements
        self.numbersOverlays = numbersOverlays
        files = try StagedFiles(directory: directory)
    }

    public var directory: String { files.directory }

    /// What the runner needs to hand over frames for overlays; nil when overlays are not written.
    public var overlayRequest: OverlayRequest? {
        guard formats.contains(.overlays) else { return nil }
        return OverlayRequest(selection: overlaySelection) { [self, outlinesCheckedElements, numbersOverlays] screen, frame, firstNumber, scale in
            let notRun = OverlayReporter.reviewNotes(screen.checked)
            var outlines: [PixelRect] = []
            if outlinesCheckedElements {
                var seen = Set<PixelRect>()
                outlines = screen.checked.compactMap(\.frame).filter { seen.insert($0).inserted }
            }
            let overlay = OverlayReporter.renderParts(consume frame, findings: screen.findings, firstNumber: numbersOverlays ? firstNumber : nil,
                                                      scale: scale, notRun: notRun, outlines: outlines)
            stageOverlay(stacking: [overlay.screen, overlay.legend], for: screen.id)
        }
    }

    /// Stages `overlay` as the overlay of screen `screenID` (PNG, fast deterministic settings). A
    /// failure is kept and thrown by `write`. Safe to call from several tasks at once.
    public func stageOverlay(_ overlay: PixelBuffer, for screenID: String) {
        stageOverlay(stacking: [overlay], for: screenID)
    }

    /// Stages the rows of `parts`, one after the other, as the overlay of screen `screenID`.
    func stageOverlay(stacking parts: [PixelBuffer], for screenID: String) {
        do {
            let png = try FastPNGEncoder.encode(stacking: parts)
            try files.stage(OverlayReporter.directory + "/" + OverlayReporter.fileName(for: screenID), Data(png))
            ledger.staged(screenID)
        } catch {
            ledger.failed(error)
        }
    }

    /// The ids of the screens whose overlay has been staged.
    public var overlayScreens: Set<String> { ledger.screens }

    /// Renders the reports `formats` names from `report`, then renames them and the staged overlays
    /// into place. `rules`: every rule's descriptor (SARIF lists them). Returns the paths of the
    /// report files written, in format order.
    @discardableResult
    public func write(_ report: AuditReport, rules: [CheckDescriptor], failOn: FailThreshold) throws -> [String] {
        try throwStagedFailure()
        let overlays = overlayScreens
        return try commit { try Self.render($0, report, rules: rules, failOn: failOn, overlays: overlays) }
    }

    /// `write`, with up to `width` of the reports rendered at once (the JSON report of a large run
    /// takes about as long as the others together): the same files, staged and renamed in place
    /// together once every one is rendered.
    @discardableResult
    public func write(_ report: AuditReport, rules: [CheckDescriptor], failOn: FailThreshold, width: Int) async throws -> [String] {
        try throwStagedFailure()
        let overlays = overlayScreens
        let order = ReportFormat.allCases.filter { formats.contains($0) }
        let rendered = try await boundedMap(order, width: width) { _, format in
            format == .json ? try await JSONReporter.render(report, width: width)
                : try Self.render(format, report, rules: rules, failOn: failOn, overlays: overlays)
        }
        let byFormat = Dictionary(uniqueKeysWithValues: zip(order, rendered))
        return try commit { byFormat[$0] ?? nil }
    }

    /// The first overlay failure, once the staged files are dropped.
    private func throwStagedFailure() throws {
        if let failure = ledger.firstError {
            files.discard()
            throw failure
        }
    }

    /// Stages the reports as `render` gives them, in format order, then renames everything into place.
    private func commit(_ render: (ReportFormat) throws -> Data?) throws -> [String] {
        let written = try files.stageReports(formats, in: ReportFormat.allCases, render)
        try files.commit()
        return written
    }

    /// One format's file; nil for overlays, which are staged as they are drawn.
    private static func render(_ format: ReportFormat, _ report: AuditReport, rules: [CheckDescriptor], failOn: FailThreshold,
                               overlays: Set<String>) throws -> Data? {
        switch format {
        case .json: try JSONReporter.render(report)
        case .md: Data(MarkdownReporter.render(report).utf8)
        case .junit: Data(JUnitReporter.render(report, failOn: failOn, overlays: overlays).utf8)
        case .sarif: try SARIFReporter.render(report, rules: rules)
        case .html: Data(HTMLReporter.render(report, overlays: overlays).utf8)
        case .overlays: nil
        }
    }
}

/// What the workers staged: the screens with an overlay, and the first error met.
final class OverlayLedger: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<String> = []
    private var error: Error?

    func staged(_ screen: String) {
        lock.lock()
        ids.insert(screen)
        lock.unlock()
    }

    func failed(_ error: Error) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }

    var screens: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return ids
    }

    var firstError: Error? {
        lock.lock()
        defer { lock.unlock() }
        return error
    }
}
