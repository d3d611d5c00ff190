import Foundation
@testable import ScreenAuditKit
import Testing

/// Dates as contracts write them, and the date of a day counted from 1970 (today's, for waiver
/// expiry), by arithmetic, against Foundation's Gregorian calendar.
struct CalendarDayTests {
    static func foundationDay(daysSince1970 days: Int) -> CalendarDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
        return CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    @Test func testParsingAndOrder() {
        #expect(CalendarDay("2027-03-01") == CalendarDay(year: 2027, month: 3, day: 1))
        #expect(CalendarDay("2024-02-29") != nil)
        #expect(CalendarDay("2023-02-29") == nil)
        #expect(CalendarDay("2027-3-1") == nil)
        #expect(CalendarDay("2027-13-01") == nil)
        #expect(CalendarDay("2026-12-31")! < CalendarDay("2027-01-01")!)
        #expect(CalendarDay("2027-01-09")!.description == "2027-01-09")
    }

    /// Every day from 1600-01-01 to 2401-12-31 follows the day before it (month and year ends,
    /// leap days of 1600, 2000 and 2400, none in 1700, 1800, 1900, 2100).
    @Test func testEveryDay_followsTheDayBefore() {
        var expected = CalendarDay(year: 1600, month: 1, day: 1)
        let first = -135_140 // 1600-01-01
        #expect(CalendarDay(daysSince1970: first) == expected)
        for days in (first + 1)...157_784 { // to 2401-12-31
            if expected.day < CalendarDay.daysIn(month: expected.month, year: expected.year) {
                expected.day += 1
            } else if expected.month < 12 {
                expected = CalendarDay(year: expected.year, month: expected.month + 1, day: 1)
            } else {
                expected = CalendarDay(year: expected.year + 1, month: 1, day: 1)
            }
            let day = CalendarDay(daysSince1970: days)
            if day != expected {
                Issue.record("day \(days): \(day), expected \(expected)")
                return
            }
        }
        #expect(expected == CalendarDay(year: 2401, month: 12, day: 31))
    }

    /// Days Foundation's calendar agrees on: from 1582-10-15, where its Gregorian calendar starts
    /// (before it, it counts Julian dates; this one stays Gregorian).
    @Test(arguments: [-141_427, -135_140, -25_508, -25_509, -1, 0, 1, 59, 789, 10_956, 11_016, 11_017, 20_513, 20_788, 47_541, 2_932_896])
    func testDays_areFoundationsDates(_ days: Int) {
        #expect(CalendarDay(daysSince1970: days) == Self.foundationDay(daysSince1970: days))
    }

    @Test func testToday_isFoundationsToday() {
        let before = Self.foundationDay(daysSince1970: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
        let today = CalendarDay.todayUTC()
        let after = Self.foundationDay(daysSince1970: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
        #expect(today == before || today == after)
    }
}
