import ColorScience
import Foundation
import Imaging
@testable import QuestEngine
import ScreenAuditKit
import ScreenContracts
import Testing

/// The screens at a larger text size (AX3): text at its style's size, layouts that grow and flow,
/// what does not fit left below the fold, and the defects of text that does not follow Dynamic Type.
struct ContentSizeTests {
    static let pairs = DeviceProfile.all.flatMap { device in Route.all.map { (device, $0) } }

    /// Every route on every device at AX3: inside the first screenful, no two elements overlapping
    /// (unless one holds the other), every text with its style at the style's size, the L screen's ids.
    @Test(arguments: DeviceProfile.all)
    func testEveryRouteAtAX3_fitsWithoutOverlapAndScales(_ device: DeviceProfile) {
        for route in Route.all {
            let large = QuestRenderer.contract(route, on: device, contentSize: .ax3)
            let regular = QuestRenderer.contract(route, on: device)
            let id = large.id
            #expect(id == "\(device.id)/\(route.id)@AX3")
            #expect(large.contentSize == .ax3 && large.variantOf == regular.id)
            #expect(large.screenshot == "AX3/en-US/\(device.id)/\(route.id).png")
            #expect(regular.contentSize == nil && regular.variantOf == nil)
            #expect(!large.elements.isEmpty, "\(id) shows nothing")
            let atL = Dictionary(uniqueKeysWithValues: regular.elements.map { ($0.id, $0) })
            #expect(Set(large.elements.map(\.id)).isSubset(of: atL.keys), "\(id): ids not on the L screen")
            for element in large.elements {
                let f = element.frame
                #expect(f.x >= 0 && f.y >= 0 && f.maxX <= device.width && f.maxY <= device.height - device.bottomInset,
                        "\(id): \(element.id) lies outside the first screenful")
                guard let text = element.text else { continue }
                #expect(text.textStyle != nil, "\(id): \(element.id) declares no text style")
                guard let style = text.textStyle, let base = atL[element.id]?.text else { continue }
                #expect(base.textStyle == style)
                if base.pointSize == style.pointSize(at: .l) {
                    #expect(text.pointSize == style.pointSize(at: .ax3), "\(id): \(element.id) at \(text.pointSize ?? 0) pt")
                } else {
                    #expect(text.pointSize == ((base.pointSize ?? 0) * style.pointSize(at: .ax3) / style.pointSize(at: .l)).rounded())
                }
            }
            for (index, a) in large.elements.enumerated() {
                for b in large.elements[(index + 1)...] where Self.overlap(a.frame, b.frame) > 0.5
                    && !Self.contains(a.frame, b.frame) && !Self.contains(b.frame, a.frame) {
                    Issue.record("\(id): \(a.id) overlaps \(b.id)")
                }
            }
        }
    }

    /// At L the text styles are declared as Apple's table has them.
    @Test func testStyleMap() {
        let cases: [(Double, FontWeight, TextStyle)] = [
            (34, .bold, .largeTitle), (28, .bold, .title1), (24, .bold, .title2), (22, .bold, .title2), (20, .regular, .title3),
            (17, .semibold, .headline), (17, .regular, .body), (15, .regular, .subheadline), (13, .semibold, .footnote),
        ]
        for (size, weight, style) in cases {
            #expect(ScreenComposer.style(forSize: size, weight: weight) == style, "\(size) \(weight)")
            #expect(ScreenComposer.scaled(size, weight: weight, to: .l) == size)
        }
        #expect(ScreenComposer.scaled(17, weight: .regular, to: .ax3) == 40)
        #expect(ScreenComposer.scaled(24, weight: .bold, to: .ax3) == 48)
    }

    @Test func testRenderingAtAX3_isDeterministic() {
        for route in [Route.named("hub")!, Route.named("crystal.trial")!, Route.named("enchanter.result")!] {
            let first = QuestRenderer.render(route, on: .iPhoneLarge, contentSize: .ax3)
            let second = QuestRenderer.render(route, on: .iPhoneLarge, contentSize: .ax3)
            #expect(first.image == second.image)
            #expect(first.contract == second.contract)
            // The contract laid out without drawing is the drawn frame's.
            #expect(QuestRenderer.contract(route, on: .iPhoneLarge, contentSize: .ax3) == first.contract)
            #expect(first.screenshotPath == "AX3/en-US/iPhone_large/\(route.id).png")
            #expect(first.image != QuestRenderer.render(route, on: .iPhoneLarge).image)
        }
    }

    /// Words wider than a line break between letters; text that fits is one line.
    @Test func testWrap_breaksWordsWiderThanTheLine() {
        let lines = ScreenComposer.wrap("Moonstone crystal", width: 100, size: 40, weight: .semibold)
        #expect(lines.count >= 3)
        #expect(lines.joined().replacingOccurrences(of: " ", with: "") == "Moonstonecrystal")
        for line in lines { #expect(StrokeFont.advance(of: line, size: 40, weight: .semibold) <= 100) }
        #expect(ScreenComposer.wrap("Dragon Scale", width: 300, size: 17, weight: .semibold) == ["Dragon Scale"])
    }

    // MARK: - Defects of text that does not follow Dynamic Type

    /// Kept at its size at L: drawn 17 pt wide, declared at 40 pt with its style.
    @Test func testFixedSizeText_isDrawnAtItsSizeAtL() throws {
        let route = Route.named("enchanter.lesson")!
        let plan = DefectPlan(kind: .fixedSizeText, element: "gesture", parameter: 17)
        let frame = QuestRenderer.render(route, on: .iPad, defect: plan, contentSize: .ax3)
        let clean = QuestRenderer.render(route, on: .iPad, contentSize: .ax3)
        let element = try #require(frame.contract.elements.first { $0.id == "gesture" })
        #expect(element == clean.contract.elements.first { $0.id == "gesture" })
        #expect(element.text?.pointSize == 40 && element.text?.textStyle == .headline)
        let lines = ScreenComposer.wrap(element.text!.content, width: 640 - 40 - 2, size: 40, weight: .semibold)
        let inkWidth = Self.inkWidth(in: element.frame, of: frame, against: clean)
        let atL = StrokeFont.advance(of: lines[0], size: 17, weight: .semibold) * frame.device.scale
        #expect(abs(inkWidth - atL) <= 0.1 * atL, "ink \(inkWidth) px, expected about \(atL) px")
    }

    /// A title cut to one line ends in three dots drawn; the contract keeps the whole title.
    @Test func testTruncatedTitle_endsInThreeDots() throws {
        let route = Route.named("enchanter.trial")!
        let frame = QuestRenderer.render(route, on: .iPhoneSmall, defect: DefectPlan(kind: .truncatedTitle, element: "title", parameter: 0),
                                         contentSize: .ax3)
        let title = try #require(frame.contract.elements.first { $0.id == "title" })
        #expect(title.text?.content == "The Enchanter's Trial: Trial")
        #expect(title.frame.height == ScreenComposer.lineHeight(44))
        // Along the dots' centre row, the last 0.7 em of the line: three separate runs of ink.
        let scale = frame.device.scale, size = 44.0
        let lineHeight = ScreenComposer.lineHeight(size)
        let baseline = title.frame.y + (lineHeight - 0.95 * size) / 2 + 0.74 * size
        let row = Int(((baseline - 0.022 * size) * scale).rounded(.down))
        let right = Int((title.frame.maxX * scale).rounded(.down))
        let left = right - Int(0.75 * size * scale)
        var runs = 0, inInk = false
        for x in left..<right {
            let ink = WCAG.relativeLuminance(frame.image[x, row].rgb) > 0.5
            if ink && !inInk { runs += 1 }
            inInk = ink
        }
        #expect(runs == 3)
    }

    /// A button kept at the size its title needed at L (the title's width and 16 pt a side, 56 pt
    /// tall) while its title grows and wraps within it: its lines run out at the top and bottom,
    /// which text.clipped finds.
    @Test func testButtonNotGrowing_isFoundByTextClipped() throws {
        func draw(_ defect: DefectPlan?) -> (ScreenContract, PixelBuffer) {
            var composer = ScreenComposer(device: .iPad, background: Palette.panel, contentSize: .ax3)
            composer.defect = defect
            let height = composer.buttonHeight("Back to Quest Board", width: 300)
            composer.button("board", "Back to Quest Board", frame: Frame(x: 100, y: 200, width: 300, height: height), hint: "Back.")
            return (composer.contract(id: "board", screenshot: "board.png"), composer.canvas.buffer)
        }
        let (clean, cleanImage) = draw(nil)
        let (planted, image) = draw(DefectPlan(kind: .buttonNotGrowing, element: "board", parameter: 56))
        #expect(try #require(clean.elements.first).frame.height >= 2 * ScreenComposer.lineHeight(40))
        let kept = try #require(planted.elements.first).frame
        #expect(kept.height == 56 && kept.width < 300)
        #expect(ScreenComposer.wrap("Back to Quest Board", width: kept.width - 24, size: 40, weight: .semibold).count == 2)
        #expect(DefectKind.buttonNotGrowing.rule == RuleID.textClipped)
        let found = TextClippedRule().run(ScreenContext(screen: planted, image: image))
        #expect(found.contains { $0.element == "board" && $0.status == .fail })
        #expect(TextClippedRule().run(ScreenContext(screen: clean, image: cleanImage)).allSatisfy { $0.status == .pass })
    }

    /// At AX3 a seed plants only what does not follow Dynamic Type, the same every time; at L it
    /// plants what it always did.
    @Test func testSeededAtAX3_plantsTextSizeKindsOnly() {
        var kinds = Set<DefectKind>()
        for (index, pair) in Self.pairs.enumerated() where index % 3 == 0 {
            var first = SeededRandom(seed: 7 &+ UInt64(index)), second = first
            let (frame, defect) = QuestRenderer.renderSeeded(pair.1, on: pair.0, contentSize: .ax3, random: &first)
            let (again, same) = QuestRenderer.renderSeeded(pair.1, on: pair.0, contentSize: .ax3, random: &second)
            #expect(defect == same && frame.image == again.image)
            if let defect {
                #expect(defect.kind.isTextSize, "\(defect.kind)")
                #expect(defect.screen == frame.contract.id)
                kinds.insert(defect.kind)
            }
            var atL = SeededRandom(seed: 7 &+ UInt64(index)), plain = atL
            let seeded = QuestRenderer.renderSeeded(pair.1, on: pair.0, random: &atL).1
            let clean = QuestRenderer.contract(pair.1, on: pair.0)
            let plan = DefectSeeder.plan(for: clean, random: &plain)
            #expect(seeded?.kind == plan?.kind && seeded?.element == plan?.element)
        }
        #expect(kinds == [.fixedSizeText, .truncatedTitle, .buttonNotGrowing])
    }

    // MARK: - Helpers

    static func overlap(_ a: Frame, _ b: Frame) -> Double {
        max(0, min(a.maxX, b.maxX) - max(a.x, b.x)) * max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
    }

    static func contains(_ outer: Frame, _ inner: Frame) -> Bool {
        inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.maxX <= outer.maxX + 0.5 && inner.maxY <= outer.maxY + 0.5
    }

    /// The width in pixels of the columns in `frame` where `frame`'s pixels differ from `clean`'s
    /// or, failing that, hold ink: the drawn extent of the text there.
    static func inkWidth(in frame: Frame, of rendered: RenderedFrame, against clean: RenderedFrame) -> Double {
        let scale = rendered.device.scale
        let x0 = Int(frame.x * scale), x1 = Int(frame.maxX * scale), y0 = Int(frame.y * scale)
        let y1 = Int((frame.y + ScreenComposer.lineHeight(40)) * scale)
        // The panel's colour at the frame's left edge is the background; ink differs from it.
        let background = rendered.image[x0, y0].rgb
        var first: Int?, last: Int?
        for x in x0..<x1 {
            for y in y0..<y1 where WCAG.contrastRatio(rendered.image[x, y].rgb, background) > 2 {
                if first == nil { first = x }
                last = x
                break
            }
        }
        guard let first, let last else { return 0 }
        return Double(last - first + 1)
    }
}
