import ColorScience
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// `FrameRuns`: the runs hold every pixel of the frame, in the order the passes visit them, and
/// the sampled runs are those of every second pixel of every second row.
struct FrameRunsTests {
    /// A label over a vertical gradient, white and a texture: long runs, short runs and single pixels.
    static func screen() -> (image: PixelBuffer, rect: PixelRect) {
        var builder = ScreenBuilder(id: "runs", width: 200, height: 80, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        builder.gradient(Frame(x: 0, y: 0, width: 100, height: 80), from: RGB8(red: 20, green: 90, blue: 200),
                         to: RGB8(red: 240, green: 240, blue: 250), horizontal: false)
        builder.texture(Frame(x: 100, y: 40, width: 100, height: 40), base: RGB8(red: 120, green: 130, blue: 140), amplitude: 30)
        builder.label("title", "Runs of pixels", x: 10, y: 20, pointSize: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        return (builder.image, PixelRect(x: 7, y: 11, width: 383, height: 141))
    }

    /// Every pixel of the frame, as the passes visit them (tile row, row, tile column), sampled
    /// every `step` pixels.
    static func pixels(_ image: PixelBuffer, _ rect: PixelRect, _ grid: TileGrid, step: Int) -> [UInt32] {
        var expected: [UInt32] = []
        for tileRow in 0..<grid.tilesY {
            for y in stride(from: grid.yBounds[tileRow], to: grid.yBounds[tileRow + 1], by: step) {
                for column in 0..<grid.tilesX {
                    for x in stride(from: grid.xBounds[column], to: grid.xBounds[column + 1], by: step) {
                        let offset = ((rect.y + y) * image.width + rect.x + x) * 4
                        expected.append(UInt32(image.pixels[offset]) | UInt32(image.pixels[offset + 1]) << 8
                            | UInt32(image.pixels[offset + 2]) << 16)
                    }
                }
            }
        }
        return expected
    }

    static func expand(_ runs: FrameRuns) -> [UInt32] {
        zip(runs.colors, runs.lengths).flatMap { color, length in [UInt32](repeating: color, count: Int(length)) }
    }

    @Test(arguments: [12, 30, 64, 256])
    func testRuns_holdEveryPixelInVisitingOrder(side: Int) {
        let (image, rect) = Self.screen()
        let grid = TileGrid(width: rect.width, height: rect.height, side: side)
        let runs = FrameRuns(image: image, rect: rect, grid: grid)
        #expect(Self.expand(runs) == Self.pixels(image, rect, grid, step: 1))
        // Fewer runs than pixels (the flat and gradient parts), and no two neighbours in a segment alike.
        #expect(runs.colors.count < rect.area / 2)
        runs.forEachSegment { _, segment in
            for run in segment.dropFirst() { #expect(runs.colors[run] != runs.colors[run - 1]) }
        }
        #expect(runs.segmentEnds.count == rect.height * grid.tilesX)
    }

    @Test(arguments: [12, 30, 64, 256])
    func testSampledRuns_equalReadingEverySecondPixel(side: Int) {
        let (image, rect) = Self.screen()
        let grid = TileGrid(width: rect.width, height: rect.height, side: side)
        let sampled = FrameRuns(image: image, rect: rect, grid: grid).sampledEverySecondPixel()
        let read = FrameRuns(image: image, rect: rect, grid: grid, step: 2)
        #expect(Self.expand(sampled) == Self.pixels(image, rect, grid, step: 2))
        #expect(sampled.colors == read.colors)
        #expect(sampled.lengths == read.lengths)
        #expect(sampled.segmentEnds == read.segmentEnds)
    }
}
