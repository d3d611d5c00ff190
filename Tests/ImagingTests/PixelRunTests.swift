import ColorScience
@testable import Imaging
import Testing

/// `PixelBuffer.sameColorRun`, which the text analysis's runs count flat background with: four
/// pixels a step in the shim, then one at a time.
struct PixelRunTests {
    /// For every length up to 21 and every place the colour changes (or none), the count is the
    /// pixels before the change, whatever their alpha, and never reads past `count`.
    @Test func testTheRun_endsAtTheFirstPixelOfAnotherColour_alphaIgnored() {
        let color = RGBA(red: 12, green: 200, blue: 77)
        let rgb: UInt32 = 12 | 200 << 8 | 77 << 16
        for count in 0...21 {
            for change in 0...count {
                for changed in [RGBA(red: 13, green: 200, blue: 77), RGBA(red: 12, green: 201, blue: 77), RGBA(red: 12, green: 200, blue: 76)] {
                    // One more pixel than `count`, of the run's colour: a count that read past the
                    // end would take it in.
                    var row = PixelBuffer(width: count + 1, height: 1, fill: color)
                    for x in 0..<count { row[x, 0] = RGBA(red: 12, green: 200, blue: 77, alpha: UInt8(x * 37 % 256)) }
                    if change < count { row[change, 0] = changed }
                    let found = row.pixels.withUnsafeBytes { PixelBuffer.sameColorRun($0.baseAddress!, count: count, rgb: rgb) }
                    #expect(found == change, "count \(count), change at \(change)")
                }
            }
        }
    }
}
