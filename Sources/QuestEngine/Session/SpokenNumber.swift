/// Numbers as VoiceOver should read them in the game's sentences.
enum SpokenNumber {
    private static let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]

    /// A count in words up to twenty ("eight"), in digits above: small counts read as prose.
    static func count(_ value: Int) -> String {
        words.indices.contains(value) ? words[value] : String(value)
    }

    /// "1 mistake", "no mistakes", "three relics": a count with its noun.
    static func count(_ value: Int, _ singular: String, _ plural: String, zero: String = "no") -> String {
        switch value {
        case 0: "\(zero) \(plural)"
        case 1: "one \(singular)"
        default: "\(count(value)) \(plural)"
        }
    }

    /// Seconds in digits to a tenth, rounded half away from zero and never locale-dependent.
    /// Whole seconds drop the ".0" ("10", "22.5") unless `keepTenths`, for a result time that reads
    /// as a measurement ("19.0").
    static func seconds(_ value: Double, keepTenths: Bool = false) -> String {
        // Out of `Int`'s range no game time can be; say it as Swift prints it rather than trap.
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        let whole = "\(sign)\(magnitude / 10)"
        return magnitude % 10 == 0 && !keepTenths ? whole : "\(whole).\(magnitude % 10)"
    }
}
