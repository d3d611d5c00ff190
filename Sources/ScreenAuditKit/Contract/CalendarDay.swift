import Foundation

/// A calendar date, YYYY-MM-DD (proleptic Gregorian), for waiver expiry. Compared as a day, so the
/// audit's verdict does not depend on the hour or time zone it runs in beyond the date it is given.
public struct CalendarDay: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

extension CalendarDay {
    /// The current date in UTC. Worked out from the seconds since 1970 by arithmetic: a Foundation
    /// calendar in a UTC time zone gives the same date but loads the time zone database first,
    /// about 14 ms of every run's CPU time.
    public static func todayUTC() -> CalendarDay {
        CalendarDay(daysSince1970: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// The day `days` after 1970-01-01 (before it, when negative), proleptic Gregorian. The
    /// calendar repeats every 400 years (146 097 days); years are counted from March, so a leap
    /// day ends its year (the days-from-civil inverse that Howard Hinnant's "chrono-Compatible
    /// Low-Level Date Algorithms" sets out, written here).
    public init(daysSince1970 days: Int) {
        let shifted = days + 719_468 // days from 0000-03-01 to 1970-01-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097                                              // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365 // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)      // 0...365, from March 1
        let monthFromMarch = (5 * dayOfYear + 2) / 153                                     // 0...11
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
}
