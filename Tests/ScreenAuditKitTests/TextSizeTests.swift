import Foundation
import ColorScience
import Imaging
@testable import ScreenAuditKit
import TestSupport
import Testing

/// `text.size`: the measured point size against ground truth (labels drawn with the stroke font
/// at known sizes), then the verdicts on tables of sizes.
struct TextSizeTests {
    static let white = RGB8(red: 255, green: 255, blue: 255)
    static let ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let darkBackground = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let darkInk = RGB8(red: 0xEB, green: 0xEB, blue: 0xF5)

    /// One label drawn at `pointSize` on a screen of its own; the check's result for it.
    static func result(_ text: String, pointSize: Double, scale: Double = 2, weight: FontWeight = .regular,
                       dark: Bool = false, check: TextSizeRule = TextSizeRule()) -> CheckResult {
        var builder = ScreenBuilder(id: "s", width: 420, height: 120, scale: scale, background: dark ? darkBackground : white)
        builder.label("label", text, x: 10, y: 20, pointSize: pointSize, weight: weight, color: dark ? darkInk : ink)
        return check.run(ScreenContext(screen: builder.contract, image: builder.image))[0]
    }

    static func estimate(_ result: CheckResult) -> Double? { result.measured.textSize?.estimatedPointSize }

    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var pointSize: Double
        var scale: Double
        var weight: FontWeight
        var dark: Bool
        var testDescription: String { "\"\(text)\" \(pointSize) pt @\(Int(scale))x \(weight)\(dark ? " dark" : "")" }
    }

    /// Capitals and lower case, descenders, accents, digits and punctuation, all capitals, all
    /// lower case with and without ascenders.
    static let strings = ["Dragon Scale 42", "summer wave", "jumping gypsy", "HELLO WORLD", "Île flottante", "Ready? Go!",
                          "12:45", "Tap to continue", "hold the bells"]
    static let weights: [FontWeight] = [.regular, .light, .medium, .semibold]

    static let accuracyCases: [Case] = strings.enumerated().flatMap { index, text in
        [11.0, 12, 13, 15, 17, 20, 22, 28, 34].enumerated().flatMap { step, size in
            [2.0, 3.0].map { scale in
                Case(text: text, pointSize: size, scale: scale, weight: weights[(index + step) % weights.count], dark: (index + step) % 3 == 0)
            }
        }
    }

    /// Within 1 pt of the drawn size from 11 to 34 pt at @2x and @3x (worst seen: 0.5 pt).
    @Test(arguments: accuracyCases)
    func testEstimate_withinOnePointOfTheDrawnSize(_ c: Case) throws {
        let result = Self.result(c.text, pointSize: c.pointSize, scale: c.scale, weight: c.weight, dark: c.dark)
        let estimate = try #require(Self.estimate(result), "not measured: \(result.reason ?? "")")
        #expect(abs(estimate - c.pointSize) <= 1, "estimated \(estimate) pt")
        #expect(result.status == .pass)
        #expect(result.measured.textSize?.lines == 1)
    }

    @Test(arguments: [2.0, 3.0], [13.0, 17.0, 28.0])
    func testTwoLines_areFoundAndMeasured(scale: Double, pointSize: Double) throws {
        var builder = ScreenBuilder(id: "s", width: 420, height: 200, scale: scale, background: Self.white)
        let first = builder.label("first", "Collect every crystal", x: 10, y: 20, pointSize: pointSize, color: Self.ink)
        let second = builder.label("second", "before the night falls", x: 10, y: 20 + pointSize * 1.25, pointSize: pointSize, color: Self.ink)
        var contract = builder.contract
        contract.elements = [ElementContract(
            id: "paragraph", role: .text,
            frame: Frame(x: first.x, y: first.y, width: max(first.width, second.width), height: second.maxY - first.y),
            text: TextSpec(content: "Collect every crystal before the night falls", pointSize: pointSize))]
        let result = TextSizeRule().run(ScreenContext(screen: contract, image: builder.image))[0]
        #expect(result.measured.textSize?.lines == 2)
        let estimate = try #require(Self.estimate(result))
        #expect(abs(estimate - pointSize) <= 1, "estimated \(estimate) pt")
    }

    @Test func testMeasurement_readsCapAndXHeightInPixels() throws {
        // 17 pt at @3x: cap height 0.705 × 51 = 35.96 px, x-height 0.53 × 51 = 27.03 px.
        let result = Self.result("Dragon Scale 42", pointSize: 17, scale: 3)
        let cap = try #require(result.measured.textSize?.capHeightPixels)
        let x = try #require(result.measured.textSize?.xHeightPixels)
        #expect(abs(cap - 35.96) <= 0.3, "cap height \(cap)")
        #expect(abs(x - 27.03) <= 0.3, "x-height \(x)")
        #expect(result.measured.textSize?.declaredPointSize == 17)
        #expect(result.measured.textSize?.minimumPointSize == 11)
        #expect(result.threshold == 11)
    }

    @Test func testAllLowerCase_isSizedByItsXHeight() throws {
        let result = Self.result("summer wave", pointSize: 20, scale: 2)
        #expect(result.measured.textSize?.capHeightPixels == nil)
        let x = try #require(result.measured.textSize?.xHeightPixels)
        #expect(abs(x - 0.53 * 40) <= 0.3, "x-height \(x)")
    }

    // MARK: Verdicts

    struct Truth: CustomTestStringConvertible, Sendable {
        var text: String
        var pointSize: Double
        var scale: Double
        var testDescription: String { "\"\(text)\" \(pointSize) pt @\(Int(scale))x" }
    }

    static let groundTruth: [Truth] = ["Dragon Scale 42", "Tap to continue", "jumping gypsy", "HELLO"].flatMap { text in
        stride(from: 8.0, through: 34, by: 1).flatMap { size in [2.0, 3.0].map { Truth(text: text, pointSize: size, scale: $0) } }
    }

    /// 8, 9 and 10 pt fail the 11 pt minimum as errors; 11 pt and up pass.
    @Test(arguments: groundTruth)
    func testVerdict_groundTruthSizes(_ t: Truth) {
        let result = Self.result(t.text, pointSize: t.pointSize, scale: t.scale)
        if t.pointSize < 11 {
            #expect(result.status == .fail, "estimated \(Self.estimate(result) ?? -1)")
            #expect(result.severity == .error)
            #expect(result.threshold == 11)
        } else {
            #expect(result.status == .pass, "estimated \(Self.estimate(result) ?? -1): \(result.reason ?? "")")
        }
    }

    /// A label declared 17 pt but drawn at 12 pt: shrunk to fit, or Dynamic Type not honoured.
    @Test(arguments: [2.0, 3.0])
    func testShrunkText_isAWarningAgainstTheDeclaredSize(scale: Double) throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: scale, background: Self.white)
        builder.label("shrunk", "Start the quest", x: 10, y: 20, pointSize: 12, color: Self.ink)
        builder.label("slightly", "Start the quest", x: 10, y: 60, pointSize: 15, color: Self.ink)
        var contract = builder.contract
        contract.elements[0].text?.pointSize = 17
        contract.elements[1].text?.pointSize = 17
        let results = TextSizeRule().run(ScreenContext(screen: contract, image: builder.image))
        #expect(results[0].status == .fail)
        #expect(results[0].severity == .warning)
        #expect(results[0].threshold == 17)
        #expect(results[0].measured.textSize?.declaredPointSize == 17)
        let estimate = try #require(Self.estimate(results[0]))
        #expect(abs(estimate - 12) <= 0.5)
        // 15 pt is within 15 % of 17 pt (14.45 pt and up).
        #expect(results[1].status == .pass)
        // A wider tolerance lets the 12 pt label through too.
        let lenient = TextSizeRule(shrinkTolerance: 0.4).run(ScreenContext(screen: contract, image: builder.image))
        #expect(lenient[0].status == .pass)
    }

    @Test func testBelowMinimumAndShrunk_isTheError() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 80, scale: 2, background: Self.white)
        builder.label("tiny", "Start the quest", x: 10, y: 20, pointSize: 9, color: Self.ink)
        var contract = builder.contract
        contract.elements[0].text?.pointSize = 17
        let result = TextSizeRule().run(ScreenContext(screen: contract, image: builder.image))[0]
        #expect(result.status == .fail)
        #expect(result.severity == .error)
        #expect(result.threshold == 11)
    }

    // MARK: Options and overrides

    @Test func testMinimumPointSize_optionAndContractOverride() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: 2, background: Self.white)
        builder.label("twelve", "Dragon Scale", x: 10, y: 20, pointSize: 12, color: Self.ink)
        builder.label("fourteen", "Dragon Scale", x: 10, y: 60, pointSize: 14, color: Self.ink)
        let context = ScreenContext(screen: builder.contract, image: builder.image)
        #expect(TextSizeRule().run(context).map(\.status) == [.pass, .pass])
        #expect(TextSizeRule(minimumPointSize: 13).run(context).map(\.status) == [.fail, .pass])

        var contract = builder.contract
        contract.checks = CheckOverrides(minimumTextSize: 13)
        contract.elements[1].checks = CheckOverrides(minimumTextSize: 15)
        let results = TextSizeRule().run(ScreenContext(screen: contract, image: builder.image))
        #expect(results.map(\.status) == [.fail, .fail])
        #expect(results.map(\.threshold) == [13, 15])
        #expect(results.map { $0.measured.textSize?.minimumPointSize } == [13, 15])
    }

    @Test func testCapHeightRatioOverride_changesTheEstimate() throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 80, scale: 2, background: Self.white)
        builder.label("label", "Dragon Scale", x: 10, y: 20, pointSize: 17, color: Self.ink)
        let plain = try #require(Self.estimate(TextSizeRule().run(ScreenContext(screen: builder.contract, image: builder.image))[0]))
        var contract = builder.contract
        // A font whose capitals are 0.6 of the point size: the same pixels are a larger size.
        contract.elements[0].checks = CheckOverrides(capHeightRatio: 0.6)
        let overridden = try #require(Self.estimate(TextSizeRule().run(ScreenContext(screen: contract, image: builder.image))[0]))
        #expect(abs(overridden - plain * 0.705 / 0.6) <= 0.15, "\(plain) → \(overridden)")
        // The check's own options do the same for every label.
        let check = TextSizeRule(capHeightRatio: 0.6, xHeightRatio: 0.53 * 0.6 / 0.705)
        let option = try #require(Self.estimate(check.run(ScreenContext(screen: builder.contract, image: builder.image))[0]))
        #expect(abs(option - overridden) <= 0.05)
    }

    @Test func testDisabledByTheContract_isNotRunWithItsReason() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: 2, background: Self.white)
        builder.label("legal", "Terms apply", x: 10, y: 20, pointSize: 8, color: Self.ink)
        builder.label("other", "Terms apply", x: 10, y: 60, pointSize: 8, color: Self.ink)
        var contract = builder.contract
        contract.elements[0].checks = CheckOverrides(disable: [RuleID.textSize: "legal small print, reviewed"])
        // Contracts switch rules off in one place, the runner, for every check.
        func run() -> [CheckResult] {
            TextSizeRule().run(ScreenContext(screen: contract, image: builder.image)).map { AuditRunner.applyingDisabledRules($0, on: contract) }
        }
        var results = run()
        #expect(results.map(\.status) == [.notRun, .fail])
        #expect(results[0].reason == "disabled by the contract: legal small print, reviewed")

        contract.checks = CheckOverrides(disable: [RuleID.textSize: "watch face"])
        results = run()
        #expect(results.map(\.status) == [.notRun, .notRun])
        #expect(results[1].reason == "disabled by the contract: watch face")
    }

    // MARK: Not run

    @Test func testBlankFrame_isNotRun() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: RGB8(red: 240, green: 240, blue: 240))
        builder.element(ElementContract(id: "empty", role: .text, frame: Frame(x: 10, y: 10, width: 100, height: 30),
                                        text: TextSpec(content: "Missing", pointSize: 17)))
        let result = TextSizeRule().run(ScreenContext(screen: builder.contract, image: builder.image))[0]
        #expect(result.status == .notRun)
        #expect(result.reason == "the frame is one colour: no text pixels to measure")
        #expect(result.measured.textSize?.estimatedPointSize == nil)
    }

    @Test func testPunctuationOnly_isNotRun() {
        let result = Self.result("— · —", pointSize: 17)
        #expect(result.status == .notRun)
        #expect(result.reason?.hasPrefix("too little text to measure") == true, "\(result.reason ?? "")")
    }

    @Test func testTextCutByTheFrameTop_isNotRun() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: Self.white)
        let frame = builder.label("label", "HELLO WORLD", x: 10, y: 20, pointSize: 17, color: Self.ink)
        var contract = builder.contract
        // The top of the frame runs through the capitals (cap top at y + 6.0 pt).
        contract.elements[0].frame = Frame(x: frame.x, y: frame.y + 9, width: frame.width, height: frame.height - 9)
        let result = TextSizeRule().run(ScreenContext(screen: contract, image: builder.image))[0]
        #expect(result.status == .notRun)
        #expect(result.reason == "the text reaches the frame's top edge: its height cannot be measured")
    }

    @Test func testOnlyElementsWithText_getResults() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: 2, background: Self.white)
        builder.label("a", "First", x: 10, y: 10, pointSize: 17, color: Self.ink)
        builder.element(ElementContract(id: "image", role: .image, frame: Frame(x: 10, y: 50, width: 40, height: 40)))
        builder.label("b", "Second", x: 10, y: 80, pointSize: 17, color: Self.ink)
        let results = TextSizeRule().run(ScreenContext(screen: builder.contract, image: builder.image))
        #expect(results.map(\.element) == ["a", "b"])
        #expect(results.allSatisfy { $0.rule == RuleID.textSize })
    }

    @Test func testGradientBackground_isMeasured() throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 2, background: Self.white)
        builder.gradient(Frame(x: 10, y: 20, width: 300, height: 40), from: Self.white, to: RGB8(red: 0x90, green: 0xA0, blue: 0xC0))
        builder.label("label", "Crystal Resonance 42", x: 10, y: 22, pointSize: 17, color: RGB8(red: 0x20, green: 0x20, blue: 0x20),
                      frameWidth: 300)
        let estimate = try #require(Self.estimate(TextSizeRule().run(ScreenContext(screen: builder.contract, image: builder.image))[0]))
        #expect(abs(estimate - 17) <= 1, "estimated \(estimate)")
    }

    @Test func testDescriptor() {
        #expect(TextSizeRule.descriptor.id == "text.size")
        #expect(TextSizeRule.descriptor.title == "Text size")
        #expect(TextSizeRule.descriptor.defaultSeverity == .error)
        #expect(TextSizeRule.descriptor.reference.contains("Caption 2"))
    }

    @Test func testExamples_giveTheirVerdicts() {
        #expect(TextSizeRule.examples.contains { $0.expected == .pass })
        #expect(TextSizeRule.examples.contains { $0.expected == .fail })
        for example in TextSizeRule.examples {
            let result = TextSizeRule().run(example.make()).first { $0.element == example.element }
            #expect(result?.status == example.expected, "\(example.title): \(String(describing: result))")
        }
    }
}

/// Regression: descenders ("y", "g") with an F whose middle arm ends mid-height once made the arm
/// read as the baseline (iPhone_large Lights Off, "Wyvern Fang" at 15 pt measured 6.8 pt).
struct TextSizeBaselineRegressionTests {
    @Test func testArmsAreNotTakenForTheBaseline() {
        var builder = ScreenBuilder(id: "s", width: 320, height: 100, scale: 3, background: RGB8(red: 0x15, green: 0x15, blue: 0x1F))
        builder.label("l", "Wyvern Fang", x: 16, y: 30, pointSize: 15, weight: .semibold, color: RGB8(red: 0xE4, green: 0xE4, blue: 0xEE))
        let results = TextSizeRule().run(ScreenContext(screen: builder.contract, image: builder.image))
        let estimate = results.first?.measured.textSize?.estimatedPointSize ?? 0
        #expect(abs(estimate - 15) <= 1, "estimated \(estimate) pt")
        #expect(results.first?.status == .pass)
    }
}

/// The ASCII path of `TextMetricsExpectation` counts what its path over characters counts.
struct TextMetricsExpectationTests {
    @Test func testASCII_countsWhatCharactersCount() {
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += ["Dragon Scale 0", "gypsy", "Hello, World!", "(x) [y] {z} /a\\b|c", "\"quoted\" 'it's' #1 @me 50% *&?",
                    "line\r\nbreak", "Tab\there", "bdfhkl gjpqy ACEGIK 0123456789", ""]
        for text in samples {
            #expect(TextMetricsExpectation(text) == TextMetricsExpectation(characters: text), "\(text.debugDescription)")
        }
        #expect(TextMetricsExpectation("Dragon Scale 0").capitals == 3)
        // Non-ASCII text takes the path over characters.
        #expect(TextMetricsExpectation("Ärger über Öl") == TextMetricsExpectation(characters: "Ärger über Öl"))
        #expect(TextMetricsExpectation("Ärger über Öl").capitals == 2)
    }
}

/// `TextGeometryReader.sortByValue` orders samples exactly as the stable `sort()` does, equal
/// values in their order (told apart by their weights), on every kind of input it meets.
struct SampleSortTests {
    typealias Sample = TextGeometryReader.Sample

    static func sortedBoth(_ samples: [Sample]) -> (bucketed: [Sample], stable: [Sample]) {
        var bucketed = samples
        TextGeometryReader.sortByValue(&bucketed)
        return (bucketed, samples.sorted())
    }

    static func same(_ a: [Sample], _ b: [Sample]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.value == $1.value && $0.weight == $1.weight }
    }

    @Test func testBucketedSort_matchesTheStableSort() {
        // A linear congruential sequence (Knuth's MMIX constants), its high bits: scattered values
        // that repeat exactly from run to run.
        var state: UInt64 = 12
        func next(below bound: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double((state >> 33) % UInt64(bound))
        }
        for trial in 0..<200 {
            let count = trial % 7 == 0 ? trial % 5 : 20 + trial * 7
            let height = Double(8 + trial % 120)
            var samples: [Sample] = []
            for index in 0..<count {
                // Whole pixels, eighths (bucket edges), and fractions between: many equal values.
                let value: Double
                switch next(below: 3) {
                case 0: value = next(below: height)
                case 1: value = next(below: height * 8) / 8
                default: value = next(below: height * 100) / 100
                }
                samples.append(Sample(value: value, weight: Double(index)))
            }
            let (bucketed, stable) = Self.sortedBoth(samples)
            #expect(Self.same(bucketed, stable), "trial \(trial)")
        }
    }

    @Test func testValuesTheBucketsCannotHold_takeTheStableSort() {
        let inputs: [[Double]] = [[3, -1, 2, -1, 0], [5e9, 1, 5e9, 0.5], [2, .infinity, 1, 2], [0, 0, 0], [4], []]
        for values in inputs {
            let samples = values.enumerated().map { Sample(value: $1, weight: Double($0)) }
            let (bucketed, stable) = Self.sortedBoth(samples)
            #expect(Self.same(bucketed, stable), "\(values)")
        }
    }
}

/// An icon in a text's frame (a hierarchy's cell, a button with an icon and a title) does not
/// decide the size: where the whole frame's measurement would make undeclared text large or small,
/// the text lines' glyphs are measured alone and the icon is set aside.
struct GlyphsAloneTests {
    static let white = RGB8(red: 255, green: 255, blue: 255), ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)

    @Test(arguments: [true, false])
    func testAnIconBesideTheText_isSetAside(iconAtLeft: Bool) throws {
        var builder = ScreenBuilder(id: "s", width: 320, height: 120, scale: 3, background: Self.white)
        let textX = iconAtLeft ? 60.0 : 12.0
        let label = builder.label("t", "Spark of Hope", x: textX, y: 38, pointSize: 17, color: Self.ink)
        let iconX = iconAtLeft ? 12.0 : label.maxX + 6
        builder.fill(Frame(x: iconX, y: 34, width: 30, height: 30), Self.ink)
        var contract = builder.contract
        let frameX = min(iconX, label.x) - 4
        contract.elements = [ElementContract(id: "t", role: .text, frame: Frame(x: frameX, y: 26, width: max(iconX + 34, label.maxX) - frameX, height: 48),
                                             text: TextSpec(content: "Spark of Hope"))]
        let screen = ScreenBuilder(replacing: builder, contract: contract)
        let result = try #require(TextSizeRule().run(ScreenContext(screen: screen.contract, image: screen.image)).first)
        let measured = try #require(result.measured.textSize)
        #expect(abs((measured.estimatedPointSize ?? 0) - 17) <= 1, "\(measured)")
        #expect((measured.setAside ?? 0) >= 1 && result.status == .pass)
    }
}

/// Words of capitals, digits, diagonal letters and punctuation measure their cap height as
/// mixed-case words do, whether the content is known (a contract, a hierarchy) or not (scan): the
/// crossbar of an A, whose inside columns end on it, is not the baseline.
struct CapitalWordsTests {
    static let white = RGB8(red: 255, green: 255, blue: 255), ink = RGB8(red: 0x1C, green: 0x1C, blue: 0x1E)

    // Not yet within 0.5 pt: "TAB" of unknown content at @2x (0.6–0.8 pt), "WAVY" (0.6–1.4 pt),
    // "Card #" (1.1 pt: the stroke font's # stops under the cap height and its tops make a level).
    @Test(arguments: ["AT-ST", "AVATAR 2", "XYZ", "A-Z"], [true, false])
    func testCapitalWords_measureTheirSize(_ word: String, contentKnown: Bool) throws {
        for size in [13.0, 16.0] {
            var builder = ScreenBuilder(id: "s", width: 240, height: 80, scale: 3, background: Self.white)
            builder.label("t", word, x: 10, y: 20, pointSize: size, color: Self.ink)
            var contract = builder.contract
            contract.elements[0].text = TextSpec(content: contentKnown ? word : "")
            let screen = ScreenBuilder(replacing: builder, contract: contract)
            let result = try #require(TextSizeRule().run(ScreenContext(screen: screen.contract, image: screen.image)).first)
            let measured = try #require(result.measured.textSize?.estimatedPointSize, "\(word) \(size): \(result.reason ?? "")")
            #expect(abs(measured - size) <= 0.5, "\(word) at \(size) pt, content \(contentKnown ? "known" : "unknown"): \(measured) pt")
        }
    }

    /// On a real screenshot (Fixtures/swd_iphone65_2.png, @3x): a segmented control's "A-Z" and
    /// "Card #" (about 13 pt: the middle segment's "Color" measures it) and "Aim" beside a
    /// lightning icon (17 pt, the issue's reference) measure within 10 %. "A-Z" read 9.3 pt (its
    /// A's bar taken for a baseline above descenders), "Card #" 9.9 pt (the bars of its #).
    @Test func testCapitalsAndSymbols_onARealScreenshot() async throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/swd_iphone65_2.png").path
        let loaded = try ScanScreenLoader(scale: nil).load(paths: [file])
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
            .audit(loaded.screens, screenshotsRoot: loaded.root, provenance: nil)
        let sizes = report.screens[0].checked.filter { $0.rule == RuleID.textSize }
        func size(at x: Int, _ y: Int) throws -> Double {
            let result = try #require(sizes.first { $0.frame.map { $0.x <= x && x < $0.maxX && $0.y <= y && y < $0.maxY } ?? false },
                                      "no line at (\(x), \(y))")
            #expect(result.status == .pass, "\(result)")
            return try #require(result.measured.textSize?.estimatedPointSize)
        }
        let color = try size(at: 620, 490)
        #expect(abs(color - 13) <= 1.3, "Color: \(color) pt")
        for (name, x, y, reference) in [("A-Z", 230, 490, 13.0), ("Card #", 990, 490, 13.0), ("Aim", 200, 1405, 17.0)] {
            let measured = try size(at: x, y)
            #expect(abs(measured - reference) <= 0.1 * reference, "\(name): \(measured) pt, reference \(reference) pt")
        }
        #expect(sizes.filter { $0.status == .fail }.isEmpty, "\(sizes.filter { $0.status == .fail })")
    }
}

/// A marketing image fastlane frameit made (`NAME_framed.png`: the screen scaled into a device
/// frame under a title) has a device's pixel size, so `scan` would read its text at the device's
/// scale: sizes are not judged there, colours are, and its top is not a status bar.
struct FramedImageTests {
    @Test func testAFramedImage_isJudgedForColoursNotSizes() async throws {
        let directory = try TemporaryDirectory()
        var builder = ScreenBuilder(id: "s", width: 320, height: 480, scale: 2, background: RGB8(red: 255, green: 255, blue: 255))
        builder.label("title", "Track Chores", x: 40, y: 4, pointSize: 12, color: RGB8(red: 0x30, green: 0x30, blue: 0x30))
        builder.label("small", "Allowance due", x: 40, y: 200, pointSize: 8, color: RGB8(red: 0x9A, green: 0x9A, blue: 0x9A))
        let png = try builder.png()
        _ = try directory.write(png, to: "shots/Home.png")
        _ = try directory.write(png, to: "shots/Home_framed.png")
        let loaded = try ScanScreenLoader(scale: nil).load(paths: [directory.path("shots")])
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 12, day: 3))
        let report = await AuditRunner(checks: AuditRunner.standardChecks(options), options: options)
            .audit(loaded.screens, screenshotsRoot: loaded.root, provenance: nil)
        let plain = try #require(report.screens.first { $0.id == "Home" })
        let framed = try #require(report.screens.first { $0.id == "Home_framed" })
        // The screenshot: the 8 pt line fails, the status bar's line is left out.
        #expect(plain.checked.contains { $0.rule == RuleID.textSize && $0.status == .fail })
        #expect(plain.checked.filter { $0.rule == RuleID.textSize }.count == 1)
        // The framed image: both lines are read (its top is a title), no size is judged, the
        // grey line's contrast still fails.
        let sizes = framed.checked.filter { $0.rule == RuleID.textSize }
        #expect(sizes.count == 2 && sizes.allSatisfy { $0.status == .notRun && ($0.reason ?? "").contains("framed") }, "\(sizes)")
        #expect(framed.checked.contains { $0.rule == RuleID.contrastText && $0.status == .fail })
        #expect(framed.notes.contains { $0.contains("framed marketing image") })
    }
}
