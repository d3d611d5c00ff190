@testable import ScreenAuditKit
import Testing

/// Every rule id has a descriptor and every descriptor an id: none can be missing from SARIF's
/// rule list, `--checks`, waivers or the docs.
struct RuleCatalogTests {
    static let options: AuditOptions = {
        var options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30))
        options.detectsText = true
        return options
    }()

    @Test func testEveryScreenRuleID_hasExactlyOneDescriptor() {
        let descriptors = AuditRunner.descriptors(Self.options, hierarchies: true).map(\.id)
        #expect(descriptors.count == Set(descriptors).count, "a rule described twice: \(descriptors)")
        #expect(Set(descriptors) == Set(RuleID.all))
        #expect(RuleID.all.count == Set(RuleID.all).count)
        // Without hierarchies, the hierarchy rules alone are left out.
        let contractRules = Set(AuditRunner.descriptors(Self.options).map(\.id))
        #expect(Set(RuleID.all).subtracting(contractRules) == [RuleID.hierarchyMissing, RuleID.hierarchyUnreadable])
        // Without --detect-text, text.unexposed is left out as well.
        let plain = Set(AuditRunner.descriptors(AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 30))).map(\.id))
        #expect(contractRules.subtracting(plain) == [RuleID.textUnexposed])
    }

    @Test func testEveryAssetRuleID_hasExactlyOneRuleType() {
        let described = AssetRule.descriptors.map(\.id)
        #expect(described.count == Set(described).count, "an asset rule described twice: \(described)")
        #expect(Set(described) == Set(AssetRule.ids))
        #expect(AssetRule.ids.count == Set(AssetRule.ids).count)
        #expect(AssetRule.ids.allSatisfy { $0.hasPrefix("asset.") })
    }
}
