import Imaging
import Testing

struct ThumbnailTests {
    /// Each output pixel averages the block it covers, weighted by alpha: a clear pixel lends no
    /// colour, and the aspect ratio is kept.
    @Test func testAveragesBlocksWeightedByAlpha() {
        var image = PixelBuffer(width: 8, height: 4)
        for y in 0..<4 {
            for x in 0..<8 {
                // Left half: black and white columns (averaging to mid grey); right half: a red
                // pixel beside a clear one in every pair.
                if x < 4 {
                    image[x, y] = x % 2 == 0 ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: 255, green: 255, blue: 255)
                } else {
                    image[x, y] = x % 2 == 0 ? RGBA(red: 200, green: 0, blue: 0) : RGBA(red: 0, green: 255, blue: 0, alpha: 0)
                }
            }
        }
        let small = image.thumbnail(side: 4)
        #expect(small.width == 4 && small.height == 2)
        #expect(small[0, 0] == RGBA(red: 128, green: 128, blue: 128))
        #expect(small[3, 1] == RGBA(red: 200, green: 0, blue: 0, alpha: 128))
    }

    @Test func testNeverEnlargesAndKeepsThinImagesVisible() {
        let small = PixelBuffer(width: 20, height: 10, fill: RGBA(red: 1, green: 2, blue: 3))
        #expect(small.thumbnail(side: 96) == small)
        let hairline = PixelBuffer(width: 1000, height: 1, fill: RGBA(red: 9, green: 9, blue: 9))
        let fitted = hairline.thumbnail(side: 96)
        #expect(fitted.width == 96 && fitted.height == 1 && fitted[50, 0] == RGBA(red: 9, green: 9, blue: 9))
        let tall = PixelBuffer(width: 30, height: 961).thumbnail(side: 96)
        #expect(tall.width == 3 && tall.height == 96 && tall[1, 1].alpha == 0)
    }
}
