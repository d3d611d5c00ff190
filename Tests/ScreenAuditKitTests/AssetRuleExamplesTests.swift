import Foundation
@testable import ScreenAuditKit
import TestSupport
import Testing

/// Every asset rule's own examples, as for the screen checks: at least one passing and one
/// failing catalog each, written to a folder and audited; the rule reports on the failing ones
/// and stays silent on the passing ones.
struct AssetRuleExamplesTests {
    @Test func testEveryRuleShipsPassingAndFailingExamples() {
        #expect(AssetRule.all.count == 18)
        #expect(AssetRule.descriptors.map(\.id) == AssetRule.descriptors.map(\.id).sorted())
        for rule in AssetRule.all {
            #expect(rule.examples.contains { $0.expected == .pass }, "\(rule.descriptor.id) has no passing example")
            #expect(rule.examples.contains { $0.expected == .fail }, "\(rule.descriptor.id) has no failing example")
        }
    }

    @Test(arguments: AssetRule.all.map { $0.descriptor.id })
    func testEveryExampleGivesItsVerdict(rule id: String) throws {
        let rule = try #require(AssetRule.all.first { $0.descriptor.id == id })
        for example in rule.examples {
            let directory = try TemporaryDirectory()
            let catalog = example.make()
            let report = try example.audit(catalog, in: directory.path(""))
            let findings = report.findings.filter { $0.rule == id }
            switch example.expected {
            case .fail: #expect(!findings.isEmpty, "\(id): \(example.title): no finding (got \(report.findings.map(\.rule)))")
            default: #expect(findings.isEmpty, "\(id): \(example.title): \(findings.map(\.message))")
            }
        }
    }
}
