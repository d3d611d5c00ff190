import Imaging

/// The procedurally painted backdrop behind every quest screen: a sky gradient with a soft glow,
/// painterly grain, stars, and two ranges of hills from value noise. Integer hashing and
/// polynomial smoothing only, so the same device and theme give the same pixels everywhere.
enum Backdrop {
    static func paint(_ canvas: inout Canvas, theme: BackdropTheme, scale: Double) {
        let width = canvas.buffer.width, height = canvas.buffer.height
        guard width > 0, height > 0 else { return }
        let w = Double(width), h = Double(height)
        let farBase = h * 0.60, farAmplitude = h * 0.07
        let nearBase = h * 0.74, nearAmplitude = h * 0.09
        let lattice = 90 * scale
        let far = (0..<width).map { farBase - farAmplitude * valueNoise(Double($0) / lattice, seed: theme.seed) }
        let near = (0..<width).map { nearBase - nearAmplitude * valueNoise(Double($0) / (lattice * 0.7), seed: theme.seed &+ 7) }
        let glowX = w * 0.78, glowY = h * 0.16, glowRadius = w * 0.45
        let glowRadiusSquared = glowRadius * glowRadius

        // Most pixels are sky or far hills outside the glow: their colour depends on the row (or
        // nothing) and on the grain alone, so each row's seven possible pixels are worked out
        // once and copied. The pixels of the glow and the near hills are computed one by one.
        // Same arithmetic either way, so the same bytes; a per-pixel evaluation of everything made
        // this a quarter of the demo's time in debug builds.
        let farPixels = grainPixels(Double(theme.farHills.red), Double(theme.farHills.green), Double(theme.farHills.blue))
        let nearRed = Double(theme.nearHills.red), nearGreen = Double(theme.nearHills.green), nearBlue = Double(theme.nearHills.blue)
        let glowRed = Double(theme.glow.red), glowGreen = Double(theme.glow.green), glowBlue = Double(theme.glow.blue)
        let shadeSpan = h * 0.3
        let cells = (width + 2) / 3
        var grains = [Int](repeating: 0, count: cells)
        canvas.buffer.pixels.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let pixels = base.bindMemory(to: UInt32.self, capacity: width * height)
            far.withUnsafeBufferPointer { far in
                near.withUnsafeBufferPointer { near in
                    grains.withUnsafeMutableBufferPointer { grains in
                        var y = 0
                        while y < height {
                            if y % 3 == 0 {
                                // Painterly grain: ±3 levels per 3-pixel cell.
                                var cell = 0
                                while cell < cells {
                                    grains[cell] = Int(hash(UInt32(cell), UInt32(y / 3), theme.seed) % 7) - 3
                                    cell += 1
                                }
                            }
                            let row = Double(y)
                            let t = row / h
                            let skyRed = mix(theme.skyTop.red, theme.skyBottom.red, t)
                            let skyGreen = mix(theme.skyTop.green, theme.skyBottom.green, t)
                            let skyBlue = mix(theme.skyTop.blue, theme.skyBottom.blue, t)
                            let skyPixels = grainPixels(skyRed, skyGreen, skyBlue)
                            let dy = row - glowY
                            let dy2 = dy * dy
                            var offset = y * width
                            var x = 0
                            while x < width {
                                let grain = grains[x / 3]
                                let nearTop = near[x]
                                if row >= nearTop {
                                    let fall = (row - nearTop) / shadeSpan
                                    let shade = 1 - 0.25 * (fall < 1 ? fall : 1)
                                    pixels[offset] = pack(nearRed * shade, nearGreen * shade, nearBlue * shade, grain: grain)
                                } else if row >= far[x] {
                                    pixels[offset] = farPixels[grain + 3]
                                } else {
                                    let dx = Double(x) - glowX
                                    let d2 = dx * dx + dy2
                                    if d2 < glowRadiusSquared {
                                        let k = (1 - d2 / glowRadiusSquared) * 0.35
                                        pixels[offset] = pack(skyRed + (glowRed - skyRed) * k * k, skyGreen + (glowGreen - skyGreen) * k * k,
                                                              skyBlue + (glowBlue - skyBlue) * k * k, grain: grain)
                                    } else {
                                        pixels[offset] = skyPixels[grain + 3]
                                    }
                                }
                                offset += 1
                                x += 1
                            }
                            y += 1
                        }
                    }
                }
            }
        }
        // Stars in the upper sky.
        let starCount = Int(w * h / (9000 * scale * scale))
        for index in 0..<starCount {
            let x = Double(hash(UInt32(index), 1, theme.seed) % UInt32(width))
            let y = Double(hash(UInt32(index), 2, theme.seed) % UInt32(max(1, height * 45 / 100)))
            guard y < far[Int(x)] - 4 * scale else { continue }
            let radius = (0.5 + Double(hash(UInt32(index), 3, theme.seed) % 10) / 10) * scale
            let alpha = UInt8(120 + hash(UInt32(index), 4, theme.seed) % 120)
            canvas.fillEllipse(in: RectF(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius),
                               color: RGBA(red: theme.glow.red, green: theme.glow.green, blue: theme.glow.blue, alpha: alpha))
        }
    }

    /// Smooth 1-D value noise in 0...1: hashed lattice values joined by a quintic fade.
    static func valueNoise(_ x: Double, seed: UInt32) -> Double {
        let cell = Int(x.rounded(.down))
        let f = x - Double(cell)
        let a = Double(hash(UInt32(truncatingIfNeeded: cell), 0, seed) % 1000) / 999
        let b = Double(hash(UInt32(truncatingIfNeeded: cell + 1), 0, seed) % 1000) / 999
        let fade = f * f * f * (f * (f * 6 - 15) + 10)
        // A second, finer octave for a hand-painted ridge line.
        let fine = x * 3.1
        let fineCell = Int(fine.rounded(.down))
        let g = fine - Double(fineCell)
        let c = Double(hash(UInt32(truncatingIfNeeded: fineCell), 9, seed) % 1000) / 999
        let d = Double(hash(UInt32(truncatingIfNeeded: fineCell + 1), 9, seed) % 1000) / 999
        let fineFade = g * g * (3 - 2 * g)
        return (a + (b - a) * fade) * 0.8 + (c + (d - c) * fineFade) * 0.2
    }

    /// A 32-bit integer hash (a Wang/Jenkins-style mix) of three values.
    static func hash(_ x: UInt32, _ y: UInt32, _ seed: UInt32) -> UInt32 {
        var v = x &* 0x8DA6_B343 ^ y &* 0xD816_3841 ^ seed &* 0xCB1A_B31F
        v ^= v >> 15
        v = v &* 0x2C1B_3C6D
        v ^= v >> 12
        v = v &* 0x297A_2D39
        v ^= v >> 15
        return v
    }

    static func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> Double { Double(a) + (Double(b) - Double(a)) * t }

    /// `UInt8(max(0, min(255, value.rounded())))`, spelled with comparisons: the same byte for
    /// every value (NaN gives 255 either way), without the generic `min`/`max` calls a debug build
    /// makes for every channel of every pixel.
    static func clamp(_ value: Double) -> UInt8 {
        guard value < 255 else { return 255 }
        guard value > 0 else { return 0 }
        let whole = UInt8(value)  // truncates
        return value - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// The opaque pixel, as it lies in memory, of a colour plus `grain` levels on every channel.
    static func pack(_ red: Double, _ green: Double, _ blue: Double, grain: Int) -> UInt32 {
        let offset = Double(grain)
        let bytes = UInt32(clamp(red + offset)) | UInt32(clamp(green + offset)) << 8 | UInt32(clamp(blue + offset)) << 16 | 0xFF00_0000
        return bytes.littleEndian
    }

    /// The seven pixels a colour gives with grain −3 … +3.
    static func grainPixels(_ red: Double, _ green: Double, _ blue: Double) -> [UInt32] {
        (-3...3).map { pack(red, green, blue, grain: $0) }
    }
}
