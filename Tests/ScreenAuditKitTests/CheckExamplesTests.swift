import Imaging
@testable import ScreenAuditKit
import Testing

/// Every check's own examples: at least one passing and one failing, each giving its verdict.
struct CheckExamplesTests {
    static let options = AuditOptions(today: CalendarDay(year: 2026, month: 11, day: 29))

    @Test func testEveryCheckShipsPassingAndFailingExamples() {
        for check in AuditRunner.allChecks(Self.options) {
            let type = type(of: check)
            #expect(type.examples.contains { $0.expected == .pass }, "\(type.descriptor.id) has no passing example")
            #expect(type.examples.contains { $0.expected == .fail }, "\(type.descriptor.id) has no failing example")
        }
    }

    @Test func testEveryExampleGivesItsVerdict() {
        for check in AuditRunner.allChecks(Self.options) {
            for example in type(of: check).examples {
                let results = check.run(example.make())
                let result = results.first { $0.element == example.element }
                #expect(result?.status == example.expected,
                        "\(type(of: check).descriptor.id): \(example.title): got \(result.map { "\($0.status) \($0.measured)" } ?? "no result")")
            }
        }
    }
}
