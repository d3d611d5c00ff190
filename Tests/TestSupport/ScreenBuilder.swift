import ColorScience
import Foundation
import Imaging
import ScreenAuditKit

/// Builds a synthetic screenshot and its contract together: every label is drawn with the stroke
/// font at a known size and colour, so tests know the true contrast of each element.
public struct ScreenBuilder {
    public private(set) var canvas: Canvas
    public private(set) var contract: ScreenContract

    public init(id: String, width: Double = 320, height: Double = 480, scale: Double = 2, background: RGB8,
                screenshot: String? = nil) {
        canvas = Canvas(width: Int(width * scale), height: Int(height * scale), background: RGBA(background))
        contract = ScreenContract(id: id, screenshot: screenshot ?? "\(id).png",
                                  device: DeviceSpec(name: "test", scale: scale, width: width, height: height), elements: [])
    }

    /// `other`'s pixels with a changed contract (groups, overrides).
    public init(replacing other: ScreenBuilder, contract: ScreenContract) {
        canvas = other.canvas
        self.contract = contract
    }

    public var scale: Double { contract.device.scale }
    public var image: PixelBuffer { canvas.buffer }

    func pixels(_ frame: Frame) -> RectF {
        RectF(x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale)
    }

    public mutating func fill(_ frame: Frame, _ color: RGB8) {
        canvas.fill(pixels(frame), color: RGBA(color))
    }

    public mutating func ellipse(_ frame: Frame, _ color: RGB8) {
        canvas.fillEllipse(in: pixels(frame), color: RGBA(color))
    }

    /// A straight stroke between two points, `width` points wide.
    public mutating func line(from start: (Double, Double), to end: (Double, Double), width: Double, _ color: RGB8) {
        canvas.drawLine(from: (start.0 * scale, start.1 * scale), to: (end.0 * scale, end.1 * scale), width: width * scale, color: RGBA(color))
    }

    public mutating func gradient(_ frame: Frame, from: RGB8, to: RGB8, horizontal: Bool = true) {
        canvas.fillLinearGradient(pixels(frame), from: RGBA(from), to: RGBA(to), horizontal: horizontal)
    }

    /// Seeded noise around `base`: a busy, photo-like background.
    public mutating func texture(_ frame: Frame, base: RGB8, amplitude: Int, seed: UInt64 = 1) {
        let rect = pixels(frame)
        var state = seed
        for y in Int(rect.y)..<Int(rect.maxY) {
            for x in Int(rect.x)..<Int(rect.maxX) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int((state >> 33) % UInt64(2 * amplitude + 1)) - amplitude
                let wave = ((x / 5 + y / 3) % 9 - 4) * amplitude / 8
                canvas.buffer[x, y] = RGBA(red: UInt8(clamping: Int(base.red) + noise + wave),
                                           green: UInt8(clamping: Int(base.green) + noise - wave),
                                           blue: UInt8(clamping: Int(base.blue) + noise))
            }
        }
    }

    /// Draws `text` and declares a text element whose frame holds it with a little padding.
    @discardableResult
    public mutating func label(_ id: String, _ text: String, x: Double, y: Double, pointSize: Double,
                               weight: FontWeight = .regular, color: RGB8, role: ElementRole = .text,
                               frameWidth: Double? = nil, asset: String? = nil) -> Frame {
        let advance = StrokeFont.advance(of: text, size: pointSize, weight: weight)
        let frame = Frame(x: x, y: y, width: frameWidth ?? (advance + 8).rounded(.up), height: (pointSize * 1.4).rounded(.up))
        let baseline = (y + pointSize * 1.05) * scale
        canvas.drawText(text, x: (x + 4) * scale, baseline: baseline, size: pointSize * scale, weight: weight, color: RGBA(color))
        contract.elements.append(ElementContract(id: id, role: role, frame: frame, label: text,
                                                 text: TextSpec(content: text, pointSize: pointSize, weight: weight), asset: asset))
        return frame
    }

    /// Declares an element without drawing anything.
    public mutating func element(_ element: ElementContract) {
        contract.elements.append(element)
    }

    public mutating func waive(_ waiver: Waiver) {
        contract.waivers.append(waiver)
    }

    public func png() throws -> [UInt8] { try PNGEncoder.encode(canvas.buffer) }

    /// The screen as the audit loads it from a contract file (`c.json`), with its screenshot
    /// written into `directory` under the contract's screenshot name.
    public func loaded(writingInto directory: TemporaryDirectory) throws -> LoadedScreen {
        try directory.write(try png(), to: contract.screenshot)
        return LoadedScreen(contract: contract, file: "c.json", source: "c.json", path: "screens[0]")
    }
}

extension ContractDocument {
    /// The document as a contract file: sorted keys, indented.
    public func jsonText() throws -> String {
        String(decoding: try JSONText.encode(self), as: UTF8.self)
    }
}
