import Foundation
import ColorScience

/// The colour of one colour-set entry.
public enum CatalogColor: Equatable, Sendable {
    /// Components in a colour space, converted to sRGB.
    case components(ResolvedColor)
    /// A system colour (`"reference": "systemBlueColor"`): the OS decides its value, so its
    /// contrast cannot be judged from the catalog.
    case system(String)
    /// An entry with no `color` at all, as Xcode's templates write AccentColor and
    /// WidgetBackground: the system default applies (the accent colour, the widget background),
    /// whose value the OS decides.
    case systemDefault
}

/// A catalog colour in sRGB: the linear components (before clipping) for luminance, and the
/// clipped 8-bit colour for reports.
public struct ResolvedColor: Equatable, Sendable {
    /// The space the catalog wrote it in: "srgb", "display-p3", "gray-gamma-22"…
    public var colorSpace: String
    /// Linear-light sRGB, clipped to 0…1.
    public var linear: [Double]
    public var alpha: Double
    /// The colour lies outside sRGB (a wide-gamut or extended-range value) and was clipped.
    public var clipped: Bool

    /// The clipped colour as 8-bit sRGB.
    public var rgb8: RGB8 {
        RGB8(red: SRGBTransfer.encode8Exact(linear[0]), green: SRGBTransfer.encode8Exact(linear[1]),
             blue: SRGBTransfer.encode8Exact(linear[2]))
    }

    /// "#1B162E", with the alpha as a percentage when not opaque: "#1B162E 50%".
    public var hex: String {
        var text = rgb8.hex
        if alpha < 1 { text += " \(Int((alpha * 100).rounded()))%" }
        return text
    }

    public var relativeLuminance: Double { WCAG.relativeLuminance(linearRed: linear[0], green: linear[1], blue: linear[2]) }

    /// This colour drawn over `background` (opaque), blended in encoded sRGB as UIKit composites.
    public func composited(over background: ResolvedColor) -> ResolvedColor {
        guard alpha < 1 else { return self }
        var result = background
        for channel in 0..<3 {
            let top = SRGBTransfer.encoded(fromLinear: linear[channel])
            let bottom = SRGBTransfer.encoded(fromLinear: background.linear[channel])
            result.linear[channel] = SRGBTransfer.linear(fromEncoded: top * alpha + bottom * (1 - alpha))
        }
        result.colorSpace = colorSpace
        result.clipped = clipped || background.clipped
        return result
    }

    public static let white = ResolvedColor(colorSpace: "srgb", linear: [1, 1, 1], alpha: 1, clipped: false)
    public static let black = ResolvedColor(colorSpace: "srgb", linear: [0, 0, 0], alpha: 1, clipped: false)
}

/// Reads the `color` object of a colour-set entry. Xcode writes components as strings in three
/// notations, depending on the input method chosen in its colour panel: floating point
/// ("0.351"), 8-bit integers ("247") and 8-bit hexadecimal ("0xF7"); generators also write plain
/// JSON numbers (read as floating point). Alpha is always floating point.
enum CatalogColorReader {
    /// The colour spaces Xcode offers, with the components each needs.
    static let spaces: [String: [String]] = [
        "srgb": ["red", "green", "blue"],
        "extended-srgb": ["red", "green", "blue"],
        "extended-linear-srgb": ["red", "green", "blue"],
        "display-p3": ["red", "green", "blue"],
        "gray-gamma-22": ["white"],
        "extended-gray": ["white"],
    ]

    /// The colour, or nil with every problem reported through `issues`.
    static func read(_ color: ObjectReader) -> CatalogColor? {
        if color.has("reference") {
            guard let reference = color.string("reference") else { return nil }
            return .system(reference)
        }
        guard let space = color.string("color-space") else { return nil }
        guard let channels = spaces[space] else {
            color.issues.report(color.path.appending("color-space"),
                                "unknown colour space '\(space)' (spaces: \(spaces.keys.sorted().joined(separator: ", ")))")
            return nil
        }
        guard let components = color.object("components") else { return nil }
        let extended = space.hasPrefix("extended")
        var values: [Double] = []
        for channel in channels {
            guard let value = component(components, channel, extended: extended) else { continue }
            values.append(value)
        }
        var alpha = 1.0
        if components.has("alpha") {
            guard let value = component(components, "alpha", extended: false, isAlpha: true) else { return nil }
            alpha = value
        }
        let known = Set(channels + ["alpha"])
        for member in components.members where !known.contains(member.key) {
            components.issues.report(components.path.appending(member.key),
                                     "'\(member.key)' is not a component of \(space) (components: \((channels + ["alpha"]).joined(separator: ", ")))")
        }
        guard values.count == channels.count else { return nil }
        return .components(resolve(values, alpha: alpha, space: space))
    }

    /// One component as a number in 0…1 (beyond it only in extended spaces).
    static func component(_ components: ObjectReader, _ key: String, extended: Bool, isAlpha: Bool = false) -> Double? {
        let path = components.path.appending(key)
        guard let raw = components.value(key), raw != .null else {
            components.issues.report(path, "missing component")
            return nil
        }
        let value: Double
        switch raw {
        case let .number(number):
            value = number
        case let .string(text):
            guard let parsed = parse(text, isAlpha: isAlpha) else {
                components.issues.report(path, "'\(text)' is not a component value (a number such as \"0.351\", \"247\" or \"0xF7\")")
                return nil
            }
            value = parsed
        default:
            components.issues.report(path, "expected a string or a number, got \(raw.kindName)")
            return nil
        }
        guard value.isFinite, extended || (0...1).contains(value) else {
            let range = isAlpha ? "alpha is 0 to 1" : "components are 0 to 1, an integer 0 to 255, or 0x00 to 0xFF"
            components.issues.report(path, "\(key) \(describe(raw)) is out of range: \(range)")
            return nil
        }
        return value
    }

    /// "0xF7" → 247/255; "247" → 247/255 (alpha: 1 → 1); "0.351" → 0.351. Values beyond 8 bits
    /// come back as they are, for the range check to reject.
    static func parse(_ text: String, isAlpha: Bool) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") {
            guard let integer = Int(trimmed.dropFirst(2), radix: 16), !isAlpha else { return nil }
            return Double(integer) / 255
        }
        if !isAlpha, !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let integer = Int(trimmed) else { return nil }
            return Double(integer) / 255
        }
        return Double(trimmed)
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): "\"\(text)\""
        case let .number(number): "\(number)"
        default: value.kindName
        }
    }

    /// Components in `space` → linear sRGB. sRGB and Display P3 share the sRGB transfer curve
    /// (extended sRGB mirrors it below zero); the gray spaces use gamma 2.2 as their names say.
    static func resolve(_ values: [Double], alpha: Double, space: String) -> ResolvedColor {
        func decodeSRGB(_ value: Double) -> Double {
            value < 0 ? -SRGBTransfer.linear(fromEncoded: -value) : SRGBTransfer.linear(fromEncoded: value)
        }
        func gamma22(_ value: Double) -> Double { value < 0 ? -pow22(-value) : pow22(value) }
        var linear: [Double]
        switch space {
        case "extended-linear-srgb":
            linear = values
        case "display-p3":
            let converted = DisplayP3.toLinearSRGB.apply((decodeSRGB(values[0]), decodeSRGB(values[1]), decodeSRGB(values[2])))
            linear = [converted.0, converted.1, converted.2]
        case "gray-gamma-22", "extended-gray":
            let grey = gamma22(values[0])
            linear = [grey, grey, grey]
        default:
            linear = values.map(decodeSRGB)
        }
        let tolerance = 1e-9
        let clipped = linear.contains { $0 < -tolerance || $0 > 1 + tolerance }
        linear = linear.map { min(1, max(0, $0)) }
        return ResolvedColor(colorSpace: space, linear: linear, alpha: alpha, clipped: clipped)
    }

    static func pow22(_ value: Double) -> Double { value == 0 ? 0 : exp(2.2 * log(value)) }
}
