import Imaging

/// A deterministic stand-in for an iPhone screenshot: flat bars and cards, rows of glyph-like
/// strokes with soft edges, a gradient banner and a noisy "photo" card — the mix of flat and busy
/// areas that decides how well a PNG compresses and how fast it decodes.
enum TestCard {
    static func make(width: Int, height: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, fill: RGBA(red: 242, green: 242, blue: 247))
        let unit = max(1, width / 430) // about one point at the card's scale

        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: RGBA) {
            for y in max(0, y0)..<max(max(0, y0), min(height, y1)) {
                for x in max(0, x0)..<max(max(0, x0), min(width, x1)) { buffer[x, y] = color }
            }
        }

        // Status and navigation bars.
        fill(0, 0, width, 54 * unit, RGBA(red: 255, green: 255, blue: 255))
        fill(0, 54 * unit, width, 98 * unit, RGBA(red: 249, green: 249, blue: 249))

        // Gradient banner.
        let bannerTop = 110 * unit, bannerBottom = 260 * unit
        for y in bannerTop..<max(bannerTop, min(height, bannerBottom)) {
            let t = Double(y - bannerTop) / Double(bannerBottom - bannerTop)
            for x in (16 * unit)..<max(16 * unit, width - 16 * unit) {
                let s = Double(x) / Double(width)
                buffer[x, y] = RGBA(red: UInt8(40 + 150 * t), green: UInt8(60 + 80 * s), blue: UInt8(200 - 120 * t))
            }
        }

        // Noisy photo card (a smooth pattern plus sensor-like noise).
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let photoTop = 280 * unit, photoBottom = 520 * unit
        for y in photoTop..<max(photoTop, min(height, photoBottom)) {
            for x in (16 * unit)..<max(16 * unit, width - 16 * unit) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int((seed >> 59) & 0x1F) - 16
                let base = (x / (3 * unit) + y / (2 * unit)) % 96
                buffer[x, y] = RGBA(red: UInt8(clamping: 90 + base + noise), green: UInt8(clamping: 120 + base / 2 + noise),
                                    blue: UInt8(clamping: 70 + noise))
            }
        }

        // List rows: white cells with separators and glyph-like strokes of dark ink.
        var rowTop = 540 * unit
        var line = 0
        while rowTop + 44 * unit < height - 90 * unit {
            fill(16 * unit, rowTop, width - 16 * unit, rowTop + 44 * unit, RGBA(red: 255, green: 255, blue: 255))
            fill(32 * unit, rowTop + 44 * unit - max(1, unit / 3), width - 16 * unit, rowTop + 44 * unit, RGBA(red: 198, green: 198, blue: 200))
            var x = 32 * unit
            let glyphTop = rowTop + 15 * unit, glyphBottom = rowTop + 29 * unit
            var glyph = line
            while x < width * 2 / 3 {
                glyph = (glyph &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
                let glyphWidth = (3 + glyph % 6) * unit
                if glyph % 7 != 0 {
                    drawStroke(&buffer, x: x, top: glyphTop + (glyph % 3 == 0 ? 3 * unit : 0), bottom: glyphBottom, width: glyphWidth)
                }
                x += glyphWidth + 2 * unit
            }
            rowTop += 52 * unit
            line += 1
        }

        // Tab bar.
        fill(0, height - 83 * unit, width, height, RGBA(red: 249, green: 249, blue: 249))
        return buffer
    }

    /// A stroke of near-black ink with a one-pixel anti-aliased rim, like a rendered glyph stem.
    private static func drawStroke(_ buffer: inout PixelBuffer, x: Int, top: Int, bottom: Int, width: Int) {
        for py in max(0, top - 1)...min(buffer.height - 1, bottom) {
            for px in max(0, x - 1)...min(buffer.width - 1, x + width) {
                let edge = py == top - 1 || py == bottom || px == x - 1 || px == x + width
                let ink: UInt8 = edge ? 150 : 28
                let old = buffer[px, py]
                buffer[px, py] = RGBA(red: min(old.red, ink), green: min(old.green, ink), blue: min(old.blue, ink))
            }
        }
    }
}
