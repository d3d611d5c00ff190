import Imaging

/// The procedurally painted backdrop behind every quest screen: a sky gradient with a soft glow,
/// painterly grain, stars, and two ranges of hills from value noise. Integer hashing and
/// polynomial smoothing only, so the same device and theme give the same pixels everywhere.
enum Backdrop {
    static func paint(_ canvas: inout Canvas, theme: BackdropTheme, scale: Double) {
        let width = canvas.buffer.width, height = canvas.buffer.height
        let w = Double(width), h = Double(height)
        let farBase = h * 0.60, farAmplitude = h * 0.07
        let nearBase = h * 0.74, nearAmplitude = h * 0.09
        let lattice = 90 * scale
        let far = (0..<width).map { farBase - farAmplitude * valueNoise(Double($0) / lattice, seed: theme.seed) }
        let near = (0..<width).map { nearBase - nearAmplitude * valueNoise(Double($0) / (lattice * 0.7), seed: theme.seed &+ 7) }
        let glowX = w * 0.78, glowY = h * 0.16, glowRadius = w * 0.45
        let glowRadiusSquared = glowRadius * glowRadius

        canvas.buffer.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let t = Double(y) / h
                let sky = (mix(theme.skyTop.red, theme.skyBottom.red, t), mix(theme.skyTop.green, theme.skyBottom.green, t),
                           mix(theme.skyTop.blue, theme.skyBottom.blue, t))
                let dy = Double(y) - glowY
                var offset = y * width * 4
                for x in 0..<width {
                    var color: (Double, Double, Double)
                    if Double(y) >= near[x] {
                        let shade = 1 - 0.25 * min(1, (Double(y) - near[x]) / (h * 0.3))
                        color = (Double(theme.nearHills.red) * shade, Double(theme.nearHills.green) * shade, Double(theme.nearHills.blue) * shade)
                    } else if Double(y) >= far[x] {
                        color = (Double(theme.farHills.red), Double(theme.farHills.green), Double(theme.farHills.blue))
                    } else {
                        color = sky
                        let dx = Double(x) - glowX
                        let d2 = dx * dx + dy * dy
                        if d2 < glowRadiusSquared {
                            let k = (1 - d2 / glowRadiusSquared) * 0.35
                            color = (color.0 + (Double(theme.glow.red) - color.0) * k * k,
                                     color.1 + (Double(theme.glow.green) - color.1) * k * k,
                                     color.2 + (Double(theme.glow.blue) - color.2) * k * k)
                        }
                    }
                    // Painterly grain: ±3 levels per 3-pixel cell.
                    let grain = Double(Int(hash(UInt32(x / 3), UInt32(y / 3), theme.seed) % 7) - 3)
                    pixels[offset] = clamp(color.0 + grain)
                    pixels[offset + 1] = clamp(color.1 + grain)
                    pixels[offset + 2] = clamp(color.2 + grain)
                    pixels[offset + 3] = 255
                    offset += 4
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

    static func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
}
