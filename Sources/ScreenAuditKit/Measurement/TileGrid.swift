import Imaging

/// The frame cut into `tilesX` × `tilesY` nearly equal tiles about `side` pixels wide. The text
/// measurements read a frame tile by tile: a tile is small enough that its background is about
/// uniform, and large enough (about 1.5 text heights) that text covers a minority of it.
struct TileGrid {
    let tilesX: Int
    let tilesY: Int
    /// Tile boundaries in frame pixels: column `i` spans `xBounds[i]..<xBounds[i + 1]`.
    let xBounds: [Int]
    let yBounds: [Int]

    init(width: Int, height: Int, side: Int) {
        let columns = max(1, (width + side / 2) / side)
        let rows = max(1, (height + side / 2) / side)
        tilesX = columns
        tilesY = rows
        xBounds = (0...columns).map { $0 * width / columns }
        yBounds = (0...rows).map { $0 * height / rows }
    }

    /// Tiles about 1.5 text heights wide over `frame` (the frame's height stands in when the text
    /// height is unknown), between 12 and 256 pixels.
    init(frame: PixelRect, textHeight: Double?) {
        let side = min(256, max(12, Int(((textHeight ?? Double(frame.height)) * 1.5).rounded())))
        self.init(width: frame.width, height: frame.height, side: side)
    }

    var count: Int { tilesX * tilesY }

    /// Calls `body` once per run of pixels that lie in one tile: (tile, first pixel, pixel count),
    /// the pixels of a run being `step` apart. With `step` 2 every second pixel of every second
    /// row is visited: a quarter of the work, for the passes that only gather statistics.
    /// Rows go top to bottom, runs left to right, so every pass visits pixels in the same order.
    @inline(__always)
    func forEachRun(origin: UnsafePointer<UInt8>, rowBytes: Int, step: Int = 1,
                    _ body: (Int, UnsafePointer<UInt8>, Int) -> Void) {
        for tileRow in 0..<tilesY {
            for y in stride(from: yBounds[tileRow], to: yBounds[tileRow + 1], by: step) {
                let row = origin + y * rowBytes
                for column in 0..<tilesX {
                    let length = (xBounds[column + 1] - xBounds[column] + step - 1) / step
                    body(tileRow * tilesX + column, row + xBounds[column] * 4, length)
                }
            }
        }
    }
}
