import ColorScience
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// One analysis per text element, glyph geometry included: `text.size`, `design.type-ramp` and
/// `contrast.text` (for text whose size is not declared) read the geometry measured with the
/// analysis instead of each measuring it again, and read what a fresh measurement gives.
struct TextAnalysisSharingTests {
    /// Two labels, one declaring its size and one not (as a UI hierarchy gives them).
    static func screen() -> ScreenBuilder {
        var screen = ScreenBuilder(id: "s", background: RGB8(red: 255, green: 255, blue: 255))
        _ = screen.label("sized", "Dragon Scale", x: 10, y: 20, pointSize: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
        _ = screen.label("unsized", "Shadow Stone", x: 10, y: 80, pointSize: 24, color: RGB8(red: 0x77, green: 0x77, blue: 0x77))
        var contract = screen.contract
        contract.elements[1].text?.pointSize = nil
        return ScreenBuilder(replacing: screen, contract: contract)
    }

    static func runner(_ rules: [String]) -> AuditRunner {
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 1, day: 1))
        return AuditRunner(checks: AuditRunner.allChecks(options).filter { rules.contains(type(of: $0).descriptor.id) },
                           options: options)
    }

    static func context(_ rules: [String]) -> ScreenContext {
        let screen = screen()
        return ScreenContext(screen: screen.contract, image: screen.image, textParts: runner(rules).textParts)
    }

    @Test func testTextSize_readsTheGeometryMeasuredWithTheAnalysis() throws {
        let context = Self.context([RuleID.textSize])
        for element in context.screen.elements {
            let analysis = try #require(context.textAnalyses[element.id])
            let shared = try #require(analysis.measuredGeometry, "\(element.id): no geometry measured with the analysis")
            #expect(shared.content == element.text?.content)
            // The proportion text.size asks with by default, bit for bit: its reads find this one.
            let sizing = TextSizeRule()
            #expect(shared.capToXHeight.bitPattern == sizing.capToXHeight(capRatio: sizing.capHeightRatio).bitPattern)
            // What the check reads is the shared outcome, and a fresh measurement agrees with it.
            let fresh = TextAnalysis.measureGeometry(analysis.coverage, content: element.text?.content,
                                                     capToXHeight: TextSizeRule.defaultCapToXHeight)
            #expect(shared.outcome == fresh)
            #expect(analysis.geometry(content: element.text?.content, capToXHeight: TextSizeRule.defaultCapToXHeight) == fresh)
            guard case .measured = fresh else {
                Issue.record("\(element.id): the glyphs of a plain label did not measure")
                continue
            }
        }
        let results = TextSizeRule().run(context)
        #expect(results.count == 2 && results.allSatisfy { $0.status != .notRun })
    }

    @Test func testContrastText_measuresCoverageAndGeometryOnlyWhereTheSizeIsUndeclared() throws {
        let context = Self.context([RuleID.contrastText])
        let sized = try #require(context.textAnalyses["sized"])
        let unsized = try #require(context.textAnalyses["unsized"])
        #expect(!sized.parts.contains(.coverage) && sized.measuredGeometry == nil)
        #expect(unsized.parts.isSuperset(of: [.coverage, .geometry]) && unsized.measuredGeometry != nil)
        // The unsized label is judged by the size its glyphs measure (24 pt: large text, 3:1).
        let result = try #require(TextContrastRule().run(context).first { $0.element == "unsized" })
        guard case let .textContrast(measured) = result.measured else {
            Issue.record("contrast.text gave \(String(describing: result.measured))")
            return
        }
        let size = try #require(measured.measuredPointSize)
        #expect(abs(size - 24) <= 1)
        #expect(measured.largeText)
    }

    @Test func testGeometryForOtherTextOrProportions_isMeasuredAgain() throws {
        let context = Self.context([RuleID.textSize])
        let analysis = try #require(context.textAnalyses["sized"])
        let stored = try #require(analysis.measuredGeometry?.outcome)
        // Asks whose answer differs from the stored one: another text (all capitals, so no
        // x-height is looked for) and a proportion far from SF Pro's.
        for (content, ratio) in [("DRAGON SCALE", TextSizeRule.defaultCapToXHeight), ("Dragon Scale", 2.2)] {
            let fresh = TextAnalysis.measureGeometry(analysis.coverage, content: content, capToXHeight: ratio)
            try #require(fresh != stored, "\(content) at \(ratio) measures as the stored geometry: no test")
            #expect(analysis.geometry(content: content, capToXHeight: ratio) == fresh)
        }
    }
}
