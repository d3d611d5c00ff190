import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// An overlay is drawn on the frame the audit decoded, in place: the runner hands each frame over
/// with no other reference left to it, and the overlay reporter draws on the buffer it is given.
/// A second reference would make the first pixel drawn copy the whole frame (14 MB for an iPhone
/// screenshot), one more frame in memory per worker. A reference kept for good (by the box, the
/// loop or the request) fails these tests every time; one the loop held only until its turn ended,
/// as it once did, raced the overlay task and fails them only when the timing hits.
struct FrameHandOffTests {
    /// Where `buffer`'s pixels live, read without writing.
    static func address(_ buffer: PixelBuffer) -> UInt {
        buffer.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// Where they live once written to: elsewhere when the write had to copy them first.
    static func addressForWriting(_ buffer: inout PixelBuffer) -> UInt {
        buffer.pixels.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    final class Deliveries: @unchecked Sendable {
        private let lock = NSLock()
        private var copied: [String] = []
        private var count = 0

        func record(_ screen: String, copied wasCopied: Bool) {
            lock.withLock {
                count += 1
                if wasCopied { copied.append(screen) }
            }
        }

        var summary: (count: Int, copied: [String]) { lock.withLock { (count, copied.sorted()) } }
    }

    @Test(arguments: [1, 2])
    func testEveryFrame_reachesItsOverlayAsTheOnlyReference(jobs: Int) async throws {
        let directory = try TemporaryDirectory()
        var screens: [LoadedScreen] = []
        for index in 0..<12 {
            var builder = ScreenBuilder(id: "s\(index)", width: 160, height: 100, scale: 2,
                                        background: RGB8(red: 255, green: 255, blue: 255))
            builder.label("faint", "Faint", x: 10, y: 10, pointSize: 11, color: RGB8(red: 0xB0, green: 0xB0, blue: 0xB0))
            screens.append(try builder.loaded(writingInto: directory))
        }
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30), maxConcurrentScreens: jobs)
        let runner = AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
        let deliveries = Deliveries()
        let request = OverlayRequest(selection: .all) { report, frame, _, _ in
            var owned = consume frame
            let before = Self.address(owned)
            deliveries.record(report.id, copied: Self.addressForWriting(&owned) != before)
        }
        let report = await runner.audit(screens, screenshotsRoot: directory.path(""), provenance: nil, overlays: request)
        #expect(report.screens.allSatisfy { $0.status == .audited })
        let summary = deliveries.summary
        #expect(summary.count == 12, "every screen's frame is delivered once")
        #expect(summary.copied.isEmpty, "frames that were still shared when delivered: \(summary.copied)")
    }

    @Test func testTheOverlay_isDrawnOnTheBufferItIsGiven() {
        var frame = PixelBuffer(width: 120, height: 80, fill: RGBA(red: 250, green: 250, blue: 250))
        let before = Self.addressForWriting(&frame)
        let finding = OverlayReporterTests.finding(.error, frame: PixelRect(x: 10, y: 10, width: 40, height: 20))
        let parts = OverlayReporter.renderParts(consume frame, findings: [finding], firstNumber: 1, scale: 1)
        #expect(Self.address(parts.screen) == before)
        // And it was drawn on: dimmed outside the finding, untouched inside it.
        #expect(parts.screen[100, 70].red < 250)
        #expect(parts.screen[30, 20].red == 250)
    }
}
