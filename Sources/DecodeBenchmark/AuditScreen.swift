import ColorScience
import Imaging
import ScreenAuditKit

/// A 1290 × 2796 screen (430 × 932 pt at @3x) with 40 text labels on cards, a gradient banner and
/// a textured strip: the audit benchmark's workload, with its contract.
enum AuditScreen {
    static let scale = 3.0

    static func make() -> (image: PixelBuffer, contract: ScreenContract) {
        var canvas = Canvas(width: 1290, height: 2796, background: RGBA(red: 242, green: 242, blue: 247))
        var elements: [ElementContract] = []
        let inks = [RGB8(red: 0x1C, green: 0x1C, blue: 0x1E), RGB8(red: 0x6E, green: 0x6E, blue: 0x73), RGB8(red: 0x77, green: 0x77, blue: 0x77)]
        canvas.fillLinearGradient(RectF(x: 0, y: 0, width: 1290, height: 240), from: RGBA(red: 40, green: 50, blue: 120),
                                  to: RGBA(red: 170, green: 90, blue: 140), horizontal: true)
        for index in 0..<40 {
            let column = index % 2, row = index / 2
            let x = 16.0 + Double(column) * 207, y = 96.0 + Double(row) * 41
            canvas.fillRoundedRect(RectF(x: x * scale, y: y * scale, width: 199 * scale, height: 36 * scale), radius: 24,
                                   color: RGBA(red: 255, green: 255, blue: 255))
            let text = ["Dragon Scale", "Shadow Stone", "Sunstone", "Crystal Resonance", "Mark of Z"][index % 5] + " \(index)"
            let size = [13.0, 15, 17, 20][index % 4]
            let ink = inks[index % 3]
            canvas.drawText(text, x: (x + 10) * scale, baseline: (y + 8 + size) * scale, size: size * scale,
                            weight: index % 3 == 0 ? .semibold : .regular, color: RGBA(ink))
            elements.append(ElementContract(id: "label.\(index)", role: .text,
                                            frame: Frame(x: x + 6, y: y + 4, width: 187, height: 28),
                                            text: TextSpec(content: text, pointSize: size, weight: index % 3 == 0 ? .semibold : .regular)))
        }
        let contract = ScreenContract(id: "benchmark", screenshot: "benchmark.png",
                                      device: DeviceSpec(name: "iPhone large", scale: scale, width: 430, height: 932),
                                      elements: elements)
        return (canvas.buffer, contract)
    }
}
