/// The one way contrast ratios are shown — in checks, asset rules, `screenaudit contrast`,
/// messages, SARIF and JUnit: cut to hundredths, never rounded, so a ratio that fails its
/// minimum never reads as meeting it (4.496:1 shows as 4.49, not 4.50).
public enum RatioDisplay {
    /// The ratio cut to hundredths, as reports store it. A billionth of a hundredth is added
    /// first so that a value already cut (4.29, stored as 4.28999…) stays what it is: cutting
    /// twice changes nothing.
    public static func hundredths(_ ratio: Double) -> Double {
        Double(wholeHundredths(ratio)) / 100
    }

    /// "4.49": the ratio cut to hundredths, always two decimals.
    public static func text(_ ratio: Double) -> String {
        let hundredths = wholeHundredths(ratio)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A required minimum as standards write it: "4.5", "3", "7".
    public static func minimum(_ value: Double) -> String {
        // Beyond 10^15 (or not finite) a Double has no fraction to drop, and Int could not hold it.
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func wholeHundredths(_ ratio: Double) -> Int {
        guard ratio.isFinite, ratio > 0 else { return 0 }
        return Int((ratio * 100 + 1e-9).rounded(.down))
    }
}
