/// Dynamic Type: the text size a person picks, and the sizes Apple's text styles take at each.
///
/// Source for every number here: Apple's Human Interface Guidelines, Typography → Specifications,
/// "iOS, iPadOS Dynamic Type sizes" (developer.apple.com/design/human-interface-guidelines/typography),
/// the same numbers `UIFont.preferredFont(forTextStyle:)` returns on an iOS 13.3 simulator
/// (temoki/UIKit_DynamicType, README). Names: `UIContentSizeCategory` and its raw values, SwiftUI's
/// `DynamicTypeSize`, and `xcrun simctl ui booted content_size`'s arguments.

/// A text-size setting (`UIContentSizeCategory`), smallest first. `L` is the default.
public enum ContentSize: Int, CaseIterable, Comparable, Codable, Sendable, CustomStringConvertible {
    case xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5

    /// The short name this toolkit writes: `XS`, `S`, `M`, `L`, `XL`, `XXL`, `XXXL`, `AX1` … `AX5`.
    public var name: String { ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"][rawValue] }

    public var description: String { name }

    /// UIKit's raw value, as `-UIPreferredContentSizeCategoryName` takes it.
    public var uikitName: String {
        ["UICTContentSizeCategoryXS", "UICTContentSizeCategoryS", "UICTContentSizeCategoryM", "UICTContentSizeCategoryL",
         "UICTContentSizeCategoryXL", "UICTContentSizeCategoryXXL", "UICTContentSizeCategoryXXXL",
         "UICTContentSizeCategoryAccessibilityM", "UICTContentSizeCategoryAccessibilityL", "UICTContentSizeCategoryAccessibilityXL",
         "UICTContentSizeCategoryAccessibilityXXL", "UICTContentSizeCategoryAccessibilityXXXL"][rawValue]
    }

    /// Whether it is one of the five accessibility sizes (Settings → Accessibility → Larger Text).
    public var isAccessibilitySize: Bool { self >= .ax1 }

    public static let `default` = ContentSize.l

    public static func < (a: ContentSize, b: ContentSize) -> Bool { a.rawValue < b.rawValue }

    /// Reads any of the names in use: the short ones (`AX3`, any case), UIKit's raw values
    /// (`UICTContentSizeCategoryAccessibilityXL`), `UIContentSizeCategory`'s and SwiftUI's case names
    /// (`accessibilityExtraLarge`, `accessibility3`, `xxxLarge`) and simctl's (`accessibility-extra-large`).
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        guard let found = Self.names[key] else { return nil }
        self = found
    }

    /// Every accepted spelling, lower-cased without separators.
    static let names: [String: ContentSize] = {
        var table: [String: ContentSize] = [:]
        let spellings: [ContentSize: [String]] = [
            .xs: ["xs", "xsmall", "extrasmall"], .s: ["s", "small"], .m: ["m", "medium"], .l: ["l", "large"],
            .xl: ["xl", "xlarge", "extralarge"], .xxl: ["xxl", "xxlarge", "extraextralarge"],
            .xxxl: ["xxxl", "xxxlarge", "extraextraextralarge"],
            .ax1: ["ax1", "accessibility1", "accessibilitym", "accessibilitymedium"],
            .ax2: ["ax2", "accessibility2", "accessibilityl", "accessibilitylarge"],
            .ax3: ["ax3", "accessibility3", "accessibilityxl", "accessibilityextralarge"],
            .ax4: ["ax4", "accessibility4", "accessibilityxxl", "accessibilityextraextralarge"],
            .ax5: ["ax5", "accessibility5", "accessibilityxxxl", "accessibilityextraextraextralarge"],
        ]
        for (size, words) in spellings {
            for word in words {
                table[word] = size
                table["uictcontentsizecategory" + word] = size
            }
        }
        return table
    }()

    /// Written as its short name (`"AX3"`), read from any accepted name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let size = ContentSize(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(name)' is not a content size (\(Self.acceptedNames))")
        }
        self = size
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The names a user may write, for error messages.
    public static let acceptedNames = "XS, S, M, L, XL, XXL, XXXL, AX1 … AX5, or UIKit's raw values such as UICTContentSizeCategoryAccessibilityXXXL"
}

/// Apple's text styles (`UIFont.TextStyle`, SwiftUI's `Font.TextStyle`).
public enum TextStyle: String, CaseIterable, Codable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's point size at `size` (HIG table "iOS, iPadOS Dynamic Type sizes").
    public func pointSize(at size: ContentSize) -> Double { Double(Self.sizes[self]![size.rawValue]) }

    /// The style's leading (line height) in points at `size` (the same table's leading).
    public func leading(at size: ContentSize) -> Double { Double(Self.leadings[self]![size.rawValue]) }

    /// Reads the style's name as written in contracts (`title1`), in SwiftUI (`title`, `subheadline`),
    /// or UIKit's raw value (`UICTFontTextStyleTitle0`, `UICTFontTextStyleSubhead`).
    public init?(name: String) {
        if let style = TextStyle(rawValue: name) {
            self = style
            return
        }
        let key = name.lowercased().replacingPrefix("uictfonttextstyle")
        let aliases: [String: TextStyle] = [
            "largetitle": .largeTitle, "title0": .largeTitle, "title": .title1, "title1": .title1, "title2": .title2, "title3": .title3,
            "headline": .headline, "body": .body, "callout": .callout, "subheadline": .subheadline, "subhead": .subheadline,
            "footnote": .footnote, "caption": .caption1, "caption1": .caption1, "caption2": .caption2,
        ]
        guard let style = aliases[key] else { return nil }
        self = style
    }

    /// Point sizes, XS … AX5 (HIG).
    static let sizes: [TextStyle: [Int]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// Leading in points, XS … AX5 (HIG).
    static let leadings: [TextStyle: [Int]] = [
        .largeTitle: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70],
        .title1: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68],
        .title2: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66],
        .title3: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65],
        .headline: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
        .body: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],
        .callout: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60],
        .subheadline: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58],
        .footnote: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52],
        .caption1: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51],
        .caption2: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48],
    ]

    /// The style whose size at `L` is nearest `points` (ties to the larger style), for text that
    /// declares a size but no style.
    public static func nearest(toPointSize points: Double) -> TextStyle {
        allCases.min { abs($0.pointSize(at: .l) - points) < abs($1.pointSize(at: .l) - points) }!
    }

    /// The least any style grows from `from` to `to` (a ratio): what text of unknown style must
    /// grow at least.
    public static func leastGrowth(from: ContentSize, to: ContentSize) -> Double {
        allCases.map { $0.pointSize(at: to) / $0.pointSize(at: from) }.min()!
    }
}

extension String {
    func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
