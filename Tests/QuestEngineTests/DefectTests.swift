import Foundation
import Imaging
@testable import QuestEngine
import ScreenAuditCLI
import ScreenAuditKit
import Testing

/// Planted defects: deterministic, visible in the pixels, and found by the checks that exist.
struct DefectTests {
    @Test func testSeeding_isDeterministicAndRecorded() {
        let route = Route.named("enchanter.trial")!
        var first = SeededRandom(seed: 42), second = SeededRandom(seed: 42)
        let a = QuestRenderer.renderSeeded(route, on: .iPhoneSmall, random: &first)
        let b = QuestRenderer.renderSeeded(route, on: .iPhoneSmall, random: &second)
        #expect(a.0.image == b.0.image)
        #expect(a.1 == b.1)
    }

    @Test func testLowContrastDefect_reachesItsRatioAndFails() throws {
        let route = Route.named("banishment.prologue")!
        let plan = DefectPlan(kind: .lowContrast, element: "lesson", parameter: 3.2)
        let frame = QuestRenderer.render(route, on: .iPhoneLarge, defect: plan)
        let result = try #require(TextContrastRule().run(ScreenContext(screen: frame.contract, image: frame.image))
            .first { $0.element == "lesson" })
        #expect(result.status == .fail)
        let ratio = try #require(result.measured.textContrast?.ratio)
        #expect(abs(ratio - 3.2) < 0.1, "measured \(ratio)")
    }

    @Test func testOtherDefects_changeThePixelsOrTheContract() {
        let practice = Route.named("crystal.practice")!
        let clean = QuestRenderer.render(practice, on: .iPhoneSmall)
        let colorOnly = QuestRenderer.render(practice, on: .iPhoneSmall, defect: DefectPlan(kind: .colorOnly, element: "relic-state", parameter: 0))
        #expect(colorOnly.image != clean.image)
        #expect(colorOnly.contract == clean.contract)

        let lesson = Route.named("crystal.lesson")!
        let small = QuestRenderer.render(lesson, on: .iPhoneSmall, defect: DefectPlan(kind: .smallTarget, element: "begin", parameter: 30))
        #expect(small.contract.element("begin")?.frame.height == 30)
        let shrunk = QuestRenderer.render(lesson, on: .iPhoneSmall, defect: DefectPlan(kind: .smallText, element: "lesson", parameter: 9))
        #expect(shrunk.contract.element("lesson")?.text?.pointSize == 20, "the contract keeps the declared size")
        #expect(shrunk.image != QuestRenderer.render(lesson, on: .iPhoneSmall).image)
    }

    /// The seeded corpus on the small iPhone, audited in process: every planted contrast defect is
    /// found and nothing else is reported.
    @Test func testSeededCorpus_meetsTheRecallTarget() async {
        var frames: [(RenderedFrame, SeededDefect?)] = []
        for (index, route) in Route.all.enumerated() {
            var random = SeededRandom(seed: 3 &+ UInt64(index) &* 0x9E37_79B9)
            frames.append(QuestRenderer.renderSeeded(route, on: .iPhoneSmall, random: &random))
        }
        var screens: [(id: String, findings: [Finding])] = []
        let policy = Policy(today: CalendarDay(year: 2026, month: 11, day: 29), provenance: QuestArt.provenance)
        for (frame, _) in frames {
            let results = TextContrastRule().run(ScreenContext(screen: frame.contract, image: frame.image))
            screens.append((frame.contract.id, policy.findings(for: results, screen: frame.contract)))
        }
        let manifest = DefectManifest(seed: 3, screens: frames.map(\.0.contract.id), defects: frames.compactMap(\.1))
        let evaluation = DefectEvaluation.evaluate(screens, manifest: manifest, checkedRules: [RuleID.contrastText])
        let contrast = evaluation.rules.first { $0.rule == RuleID.contrastText }!
        #expect(contrast.seeded > 0)
        #expect(contrast.recall == 1, "missed: \(contrast.missed)")
        #expect(evaluation.falsePositivesOnClean.isEmpty && evaluation.falsePositivesOnDefective.isEmpty)
        #expect(evaluation.meetsTarget)
        #expect(evaluation.rules.first { $0.rule == RuleID.textSize }?.checked == false)
    }

    /// What is spoken: each kind changes the contract, not the pixels, and the rule it is aimed at
    /// finds it on the element the ground truth names, with no other spoken finding beside it.
    @Test(arguments: DefectKind.allCases.filter(\.isSpoken))
    func testSpokenDefects_areFoundByTheirRule(_ kind: DefectKind) throws {
        let device = DeviceProfile.iPhoneLarge
        // A screen that has what each kind needs: icon buttons (the relic tiles of a practice),
        // a button showing its text (a lesson's Begin), a title above its controls.
        let candidates = ["crystal.practice", "crystal.lesson", "enchanter.trial", "hub"].compactMap(Route.named)
        var random = SeededRandom(seed: 7)
        let (route, plan) = try #require(candidates.lazy.compactMap { route -> (Route, DefectPlan)? in
            let clean = QuestRenderer.contract(route, on: device)
            return DefectSeeder.spokenOptions(for: clean, random: &random).first { $0.kind == kind }.map { (route, $0) }
        }.first, "no screen offers \(kind)")
        let clean = QuestRenderer.render(route, on: device)
        let planted = QuestRenderer.render(route, on: device, defect: plan)
        #expect(planted.image == clean.image && planted.contract != clean.contract)
        // The planted label keeps the element's declared traits.
        let before = try #require(clean.contract.elements.first { $0.id == plan.element })
        let after = try #require(planted.contract.elements.first { $0.id == plan.element })
        #expect(after.accessibility?.traits == before.accessibility?.traits)
        let context = ScreenContext(screen: planted.contract, image: planted.image)
        let checks: [any AuditCheck] = [LabelMissingRule(), LabelUnclearRule(), LabelRedundantRule(), LabelDuplicateRule(), LabelTextMismatchRule(), OrderReadingRule()]
        let failures = checks.flatMap { $0.run(context) }.filter { $0.status == .fail }.map { "\($0.rule) \($0.element ?? "-")" }
        #expect(failures == ["\(kind.rule) \(plan.element)"], "\(route.id) \(kind)")
        // The clean screen gives none.
        let cleanContext = ScreenContext(screen: clean.contract, image: clean.image)
        #expect(checks.flatMap { $0.run(cleanContext) }.filter { $0.status == .fail }.isEmpty)
    }

    /// Every element the game declares says its traits as UIKit names them, from its role; the
    /// chosen relic row is also `selected`, and a plain container has none.
    @Test func testContracts_declareTraits() throws {
        let device = DeviceProfile.iPhoneLarge
        let contracts = Route.all.map { QuestRenderer.contract($0, on: device) }
        for (route, contract) in zip(Route.all, contracts) {
            for element in contract.elements where element.role != .container {
                let traits = try #require(element.accessibility?.traits, "\(route.id) \(element.id)")
                switch element.role {
                case .button: #expect(traits.first == "button", "\(route.id) \(element.id)")
                case .heading: #expect(traits == ["header"], "\(route.id) \(element.id)")
                case .text: #expect(traits == ["staticText"], "\(route.id) \(element.id)")
                case .image: #expect(traits == ["image"], "\(route.id) \(element.id)")
                default: #expect(!traits.isEmpty)
                }
            }
        }
        let marked = contracts.filter { $0.elements.contains { $0.id == "marker.correct" } }
        #expect(!marked.isEmpty)
        for contract in marked {
            let selected = contract.elements.filter { $0.accessibility?.traits?.contains("selected") == true }
            #expect(selected.count == 1 && selected[0].role == .button, "\(contract.id)")
        }
    }
}
