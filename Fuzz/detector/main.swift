// Fuzz target `detector`: `TextDetector.detect` (what `scan` and `audit --detect-text` run on every
// screenshot) and `TextRegion` (what `contrast.text` runs on a frame) on any pixels. The bytes are
// an image: width and height (one byte each, 1–256), the scale (1, 2 or 3), then RGBA pixels,
// repeated to fill the image. Checks: no trap, lines inside the image, stable unique ids.
// Run with `scripts/fuzz.sh detector SECONDS`; seeds come from Fuzz/seeds/detector.
import ColorScience
import Imaging
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextDetector(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard bytes.count >= 7 else { return 0 }
    let width = Int(bytes[0]) + 1, height = Int(bytes[1]) + 1, scale = Double(Int(bytes[2]) % 3 + 1)
    let body = Array(bytes[3...])
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for index in pixels.indices { pixels[index] = body[index % body.count] }
    let image = PixelBuffer(width: width, height: height, pixels: pixels)

    let detection = TextDetector(scale: scale).detect(in: image)
    for line in detection.lines {
        precondition(line.glyphs.x >= 0 && line.glyphs.y >= 0 && line.glyphs.maxX <= width && line.glyphs.maxY <= height,
                     "glyphs \(line.glyphs) outside a \(width)×\(height) image")
        precondition(line.frame.x <= line.glyphs.x && line.frame.maxX >= line.glyphs.maxX && line.frame.maxX <= width
                     && line.frame.maxY <= height, "frame \(line.frame) does not hold glyphs \(line.glyphs)")
        precondition(line.pieces >= 1)
    }
    let ids = detection.elements(scale: scale).map(\.id)
    precondition(Set(ids).count == ids.count, "ids repeat: \(ids)")
    precondition(detection == TextDetector(scale: scale).detect(in: image), "the same pixels gave other lines")

    // A frame: the middle of the image, as a contract's text element would cover it.
    let frame = PixelRect(x: width / 4, y: height / 4, width: max(1, width / 2), height: max(1, height / 2))
    _ = TextRegion.holdsOtherColors(in: image, frame: frame, foreground: RGB8(red: bytes[3], green: bytes[4], blue: bytes[5]),
                                    background: RGB8(red: 255, green: 255, blue: 255))
    if let region = TextRegion.find(in: image, frame: frame, scale: scale) {
        precondition(region.text.x >= frame.x && region.text.maxX <= frame.maxX && region.text.y >= frame.y
                     && region.text.maxY <= frame.maxY, "text region \(region.text) outside frame \(frame)")
        precondition(!region.setAside.isEmpty)
    }
    return 0
}
