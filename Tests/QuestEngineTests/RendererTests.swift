import ColorScience
import Foundation
import Imaging
@testable import QuestEngine
import ScreenAuditKit
import Testing

/// The renderer's promises: deterministic pixels pinned by digest, contracts that match the
/// pixels, committed contracts and provenance that match the code, and screens that pass their
/// own audit.
struct RendererTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDigests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/frame-digests.json")
    static let committedContracts = root.appendingPathComponent("Contracts/quest-screens.contract.json")
    static let committedProvenance = root.appendingPathComponent("Provenance/quest-art.provenance.json")
    static var recording: Bool { ProcessInfo.processInfo.environment["SCREENAUDIT_RECORD_GOLDEN"] == "1" }

    @Test func testRendering_isDeterministic() {
        for route in [Route.named("hub")!, Route.named("crystal.trial")!] {
            let first = QuestRenderer.render(route, on: .iPhoneSmall)
            let second = QuestRenderer.render(route, on: .iPhoneSmall)
            #expect(first.image == second.image)
            #expect(first.contract == second.contract)
        }
    }

    @Test func testRoutesAndDevices() {
        #expect(Route.all.count == 16)
        #expect(Set(Route.all.map(\.id)).count == 16)
        #expect(Route.all.first?.id == "magic-tap.first-spell")
        #expect(Route.all.map(\.id).contains("banishment.practice-ward"))
        #expect(DeviceProfile.all.map { "\($0.pixelWidth)×\($0.pixelHeight)" } == ["750×1334", "1320×2868", "2064×2752"])
    }

    /// Every route on every device, rendered once: the digest is pinned, the contract is valid and
    /// matches the pixels, and the audit passes.
    @Test func testEveryFrame_pinnedValidAndPassingItsOwnAudit() async throws {
        let pairs = DeviceProfile.all.flatMap { device in Route.all.map { (device, $0) } }
        let results = await withTaskGroup(of: (Int, String, ScreenContract, [String]).self) { group in
            for (index, pair) in pairs.enumerated() {
                group.addTask {
                    let frame = QuestRenderer.render(pair.1, on: pair.0)
                    var problems = Self.problems(in: frame)
                    // The contract laid out without drawing (what seeding plans from) is the drawn frame's.
                    if QuestRenderer.contract(pair.1, on: pair.0) != frame.contract { problems.append("its contract laid out without drawing differs") }
                    return (index, frame.image.pixelDigest, frame.contract, problems)
                }
            }
            var collected = [(String, ScreenContract, [String])?](repeating: nil, count: pairs.count)
            for await (index, digest, contract, problems) in group { collected[index] = (digest, contract, problems) }
            return collected.compactMap { $0 }
        }
        for (digest, contract, problems) in results {
            #expect(problems.isEmpty, "\(contract.id): \(problems.joined(separator: "; "))")
            #expect(digest.count == 64 && digest.allSatisfy(\.isHexDigit), "\(contract.id): \(digest)")
        }
        // Every route on every device draws a picture of its own.
        #expect(Set(results.map(\.0)).count == results.count)

        // Digests per route and device.
        let digests = Dictionary(uniqueKeysWithValues: results.map { ($0.1.id, $0.0) })
        let digestData = try JSONText.encode(digests)
        // The contract document and the art provenance, as committed in the repository.
        let contractData = try JSONText.encode(ContractDocument(design: Palette.tokens, screens: results.map(\.1)))
        let provenanceData = try JSONText.encode(QuestArt.provenance)
        if Self.recording {
            try digestData.write(to: Self.goldenDigests)
            try contractData.write(to: Self.committedContracts)
            try provenanceData.write(to: Self.committedProvenance)
            return
        }
        #expect((try? Data(contentsOf: Self.goldenDigests)) == digestData,
                "frame pixels drifted from Golden/frame-digests.json (re-record with SCREENAUDIT_RECORD_GOLDEN=1 if intended)")
        #expect((try? Data(contentsOf: Self.committedContracts)) == contractData,
                "Contracts/quest-screens.contract.json is out of date (re-record with SCREENAUDIT_RECORD_GOLDEN=1)")
        #expect((try? Data(contentsOf: Self.committedProvenance)) == provenanceData,
                "Provenance/quest-art.provenance.json is out of date (re-record with SCREENAUDIT_RECORD_GOLDEN=1)")

        // The committed contract passes validation as any user's would.
        let parsed = ContractLoader().parse(Array(contractData), file: "quest-screens.contract.json", source: "quest-screens.contract.json")
        #expect(parsed.issues.isEmpty, "\(parsed.issues)")
        #expect(parsed.screens.count == 48)
    }

    /// What is wrong with a frame: elements outside the screen, declared text without ink where it
    /// is declared (contrast.text is then not run), any check that does not pass, asset names
    /// without provenance.
    static func problems(in frame: RenderedFrame) -> [String] {
        var problems: [String] = []
        let context = ScreenContext(screen: frame.contract, image: frame.image)
        let device = frame.contract.device
        for element in frame.contract.elements {
            let f = element.frame
            if f.x < 0 || f.y < 0 || f.maxX > device.width || f.maxY > device.height {
                problems.append("\(element.id) lies outside the screen")
            }
            if let asset = element.asset, QuestArt.provenance.assets[asset] == nil {
                problems.append("\(element.id) names asset \(asset) without provenance")
            }
        }
        let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 29))
        for result in AuditRunner.allChecks(options).flatMap({ $0.run(context) }) where result.status != .pass {
            problems.append("\(result.element ?? "?") \(result.status.rawValue): \(result.reason ?? result.measured.message(FindingFacts(severity: result.severity, threshold: result.threshold, reason: nil)))")
        }
        return problems
    }
}
