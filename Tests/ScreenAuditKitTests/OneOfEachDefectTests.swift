import ColorScience
import Foundation
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// A screen with one defect of each kind gives exactly those findings and no others.
struct OneOfEachDefectTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static let ink = RGB8(red: 0x33, green: 0x33, blue: 0x33)
    static let dark = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)

    static func screen() -> ScreenBuilder {
        var b = ScreenBuilder(id: "defects", width: 320, height: 480, scale: 2, background: white)
        b.label("fine", "Readable label", x: 16, y: 10, pointSize: 17, color: ink)
        b.label("faint", "Faint label", x: 16, y: 40, pointSize: 17, color: RGB8(red: 0xAA, green: 0xAA, blue: 0xAA))
        b.label("tiny", "Tiny print", x: 16, y: 70, pointSize: 9, color: ink)
        b.label("cut", "Truncated label", x: 16, y: 90, pointSize: 17, color: ink, frameWidth: 80)
        b.fill(Frame(x: 16, y: 130, width: 30, height: 30), dark)
        b.element(ElementContract(id: "small-button", role: .button, frame: Frame(x: 16, y: 130, width: 30, height: 30), label: "Add"))
        b.fill(Frame(x: 16, y: 180, width: 60, height: 50), dark)
        // "Next", drawn above "Previous", takes 30 of its 60 pt: what a finger meets of it is too small.
        b.fill(Frame(x: 46, y: 180, width: 60, height: 50), dark)
        b.element(ElementContract(id: "left", role: .button, frame: Frame(x: 16, y: 180, width: 60, height: 50), label: "Previous"))
        b.element(ElementContract(id: "right", role: .button, frame: Frame(x: 46, y: 180, width: 60, height: 50), label: "Next"))
        // A button with nothing to speak, and one that speaks its image's asset name.
        b.fill(Frame(x: 200, y: 330, width: 44, height: 44), dark)
        b.element(ElementContract(id: "unnamed", role: .button, frame: Frame(x: 200, y: 330, width: 44, height: 44)))
        b.fill(Frame(x: 260, y: 330, width: 44, height: 44), dark)
        b.element(ElementContract(id: "asset-named", role: .button, frame: Frame(x: 260, y: 330, width: 44, height: 44),
                                  accessibility: AccessibilitySpec(label: "historyLarge")))
        b.fill(Frame(x: 200, y: 130, width: 30, height: 30), RGB8(red: 0xDD, green: 0xDD, blue: 0xDD))
        b.element(ElementContract(id: "pale-dot", role: .indicator, frame: Frame(x: 200, y: 130, width: 30, height: 30)))
        b.fill(Frame(x: 200, y: 250, width: 30, height: 30), RGB8(red: 0x2F, green: 0xA3, blue: 0x6B))
        b.fill(Frame(x: 250, y: 250, width: 30, height: 30), RGB8(red: 0xE0, green: 0x45, blue: 0x3A))
        b.element(ElementContract(id: "correct", role: .indicator, frame: Frame(x: 196, y: 246, width: 38, height: 38)))
        b.element(ElementContract(id: "wrong", role: .indicator, frame: Frame(x: 246, y: 246, width: 38, height: 38)))
        var contract = b.contract
        contract.colorOnlyGroups = [ColorOnlyGroup(id: "state", elements: ["correct", "wrong"])]
        return ScreenBuilder(replacing: b, contract: contract)
    }

    @Test func testExactlyTheSeededFindings() {
        let b = Self.screen()
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 29))
        let context = ScreenContext(screen: b.contract, image: b.image)
        let results = AuditRunner.standardChecks(options).flatMap { $0.run(context) }
        // Review-only results (info: a control without a hint, the reading order) are not defects.
        let failures = Set(results.filter { $0.status == .fail && $0.severity != .info }.map { "\($0.rule) \($0.element ?? "-")" })
        #expect(failures == [
            "contrast.text faint", "text.size tiny", "text.clipped cut", "target.size small-button",
            "target.size left", "target.spacing left", "contrast.nontext pale-dot", "color.only state",
            "label.missing unnamed", "label.unclear asset-named",
        ])
        #expect(results.filter { $0.status == .notRun }.isEmpty, "\(results.filter { $0.status == .notRun })")
    }
}
