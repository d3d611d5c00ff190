import Imaging
import ScreenContracts

/// One piece of the game's art and how it is drawn: the single code path behind both the screens
/// and the asset catalog. The arithmetic is the renderer's own (positions in points, then scaled),
/// so moving it here changed no frame.
enum QuestArtwork: Equatable, Sendable {
    /// A faceted gem in a quest's glow colour on a dark tile: relic icons and quest thumbnails.
    case gemTile(glow: RGBA)
    /// Six concentric discs of the glow, more opaque toward the core.
    case spellOrb(glow: RGBA)
    /// A gold Z on a dark disc.
    case markOfZ

    /// Draws the art filling `frame` (points) on `canvas` at `scale` pixels per point.
    func draw(on canvas: inout Canvas, frame: Frame, scale: Double) {
        func pixels(_ frame: Frame) -> RectF {
            RectF(x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale)
        }
        switch self {
        case let .gemTile(glow):
            canvas.fillRoundedRect(pixels(frame), radius: 8 * scale, color: Palette.chip)
            let inset = frame.width * 0.2
            canvas.fillEllipse(in: pixels(Frame(x: frame.x + inset, y: frame.y + inset, width: frame.width - 2 * inset,
                                                height: frame.height - 2 * inset)), color: glow)
            canvas.fillEllipse(in: pixels(Frame(x: frame.x + inset * 1.6, y: frame.y + inset * 1.4, width: frame.width * 0.18,
                                                height: frame.height * 0.14)), color: Palette.white)
        case let .spellOrb(glow):
            let diameter = frame.width
            for step in 0..<6 {
                let d = diameter * (1 - Double(step) * 0.12)
                let alpha: UInt8 = step == 5 ? 255 : UInt8(70 + step * 35)
                canvas.fillEllipse(in: pixels(Frame(x: frame.x + (diameter - d) / 2, y: frame.y + (diameter - d) / 2, width: d, height: d)),
                                   color: RGBA(red: glow.red, green: glow.green, blue: glow.blue, alpha: alpha))
            }
        case .markOfZ:
            canvas.fillEllipse(in: pixels(frame), color: Palette.chip)
            let inset = frame.width * 0.28
            let x0 = (frame.x + inset) * scale, x1 = (frame.maxX - inset) * scale
            let y0 = (frame.y + inset) * scale, y1 = (frame.maxY - inset) * scale
            let width = frame.width * 0.07 * scale
            canvas.drawLine(from: (x0, y0), to: (x1, y0), width: width, color: Palette.gold)
            canvas.drawLine(from: (x1, y0), to: (x0, y1), width: width, color: Palette.gold)
            canvas.drawLine(from: (x0, y1), to: (x1, y1), width: width, color: Palette.gold)
        }
    }
}
