extension PixelBuffer {
    /// The image scaled down to fit a `side` × `side` box (aspect kept, never enlarged), each
    /// output pixel the area average of the source pixels it covers, weighted by their alpha so
    /// transparent pixels lend it no colour. Integer arithmetic: the same input gives the same
    /// bytes on every machine.
    public func thumbnail(side: Int) -> PixelBuffer {
        precondition(side > 0, "a thumbnail needs a side of at least one pixel")
        let longest = Swift.max(width, height)
        guard longest > side else { return self }
        let outWidth = Swift.max(1, (width * side + longest / 2) / longest)
        let outHeight = Swift.max(1, (height * side + longest / 2) / longest)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        pixels.withUnsafeBufferPointer { source in
            for oy in 0..<outHeight {
                let y0 = oy * height / outHeight, y1 = Swift.max(y0 + 1, (oy + 1) * height / outHeight)
                for ox in 0..<outWidth {
                    let x0 = ox * width / outWidth, x1 = Swift.max(x0 + 1, (ox + 1) * width / outWidth)
                    var red = 0, green = 0, blue = 0, alpha = 0
                    for y in y0..<y1 {
                        var offset = (y * width + x0) * 4
                        for _ in x0..<x1 {
                            let a = Int(source[offset + 3])
                            red += Int(source[offset]) * a
                            green += Int(source[offset + 1]) * a
                            blue += Int(source[offset + 2]) * a
                            alpha += a
                            offset += 4
                        }
                    }
                    let count = (y1 - y0) * (x1 - x0)
                    let target = (oy * outWidth + ox) * 4
                    if alpha > 0 {
                        out[target] = UInt8((red + alpha / 2) / alpha)
                        out[target + 1] = UInt8((green + alpha / 2) / alpha)
                        out[target + 2] = UInt8((blue + alpha / 2) / alpha)
                    }
                    out[target + 3] = UInt8((alpha + count / 2) / count)
                }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, pixels: out)
    }
}
