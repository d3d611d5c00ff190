import Imaging

/// Asks the runner for overlays: which screens get one, and what to do with each screen's frame
/// once its findings are numbered (numbers run across the whole report, in screen order, as
/// report.md lists them). `deliver` is called from the workers, at most once per screen, while the
/// frame is still in memory: no screenshot is decoded twice.
public struct OverlayRequest: Sendable {
    public var selection: OverlaySelection
    /// (the screen's report, its decoded frame, the number of its first finding, its scale). The
    /// frame is handed over: the runner keeps no copy, so it can be drawn on in place.
    public var deliver: @Sendable (ScreenReport, consuming PixelBuffer, Int, Double) -> Void

    public init(selection: OverlaySelection, deliver: @escaping @Sendable (ScreenReport, consuming PixelBuffer, Int, Double) -> Void) {
        self.selection = selection
        self.deliver = deliver
    }

    /// Audited screens only; with `findings`, those with findings or results not run.
    func wants(_ screen: ScreenReport) -> Bool {
        guard screen.status == .audited else { return false }
        return selection == .all || !screen.findings.isEmpty || screen.checked.contains { $0.status == .notRun }
    }
}

/// A frame on its way to the one task that draws its overlay. A value captured by a task, bound
/// by a pattern or held in a dictionary is one more reference to the pixels, so the first pixel
/// drawn would copy the whole frame; boxed from the moment it is decoded and taken out once, the
/// drawing task holds the only one.
final class FrameHandOff: @unchecked Sendable {
    // Set once, taken once, by the one task that owns the box.
    private var frame: PixelBuffer?

    init(_ frame: consuming PixelBuffer) {
        self.frame = consume frame
    }

    func take() -> PixelBuffer {
        defer { frame = nil }
        return frame!
    }
}
