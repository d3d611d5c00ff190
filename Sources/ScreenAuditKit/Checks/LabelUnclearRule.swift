import ColorScience
import Foundation
import Imaging

/// `label.unclear` — a label the screen reader speaks that is no words for a person: an asset or
/// file name (`ic_settings_24dp`, `IMG_1234.png`), an identifier (camelCase, snake_case,
/// reverse-DNS, a type name), an SF Symbol's name (`chevron.right`), a placeholder word
/// (`button`, `image`, `untitled`, `null`), only punctuation or emoji, or a lone letter or mark.
/// Judged on labels the app gives (`SpokenText.declaredLabel`), not on the text an element shows:
/// a text element whose label is its own visible text says what the screen says.
public struct LabelUnclearRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.labelUnclear,
        title: "Label that is not words",
        reference: "WCAG 2.2 SC 4.1.2 Name, Role, Value and SC 2.4.6 Headings and Labels; Apple XCUIAccessibilityAuditType.sufficientElementDescription (\"Label not human-readable\")",
        defaultSeverity: .warning,
        rationale: "VoiceOver reads an asset name, an identifier or a symbol name letter by letter or as nonsense (\"bookmark tray fill large\", \"chevron dot right\"): the control's purpose is lost.")

    public static let examples: [CheckExample] = [
        CheckExample("a button labelled in words", element: "history", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("history", role: .button, frame: Frame(x: 20, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                           glyph: "H")
            screen.elements[0].accessibility = AccessibilitySpec(label: "History")
            return screen.context()
        },
        CheckExample("a button labelled with its image's asset name", element: "history", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("history", role: .button, frame: Frame(x: 20, y: 30, width: 44, height: 44), fill: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E),
                           glyph: "H")
            screen.elements[0].accessibility = AccessibilitySpec(label: "historyLarge")
            return screen.context()
        },
    ]

    public init() {}

    /// What kind of label it is, when it is not words.
    public enum Kind: String, Codable, Sendable {
        case fileName = "file name"
        case assetName = "asset name"
        case identifier
        case symbolName = "SF Symbol name"
        case placeholder = "placeholder word"
        case noWords = "punctuation or emoji only"
        case loneCharacter = "a lone character"
    }

    /// What `label.unclear` reports: the label and what kind of name it looks like.
    public struct Measured: RuleMeasurement {
        public var label: String
        public var kind: String?

        public init(label: String, kind: Kind?) {
            self.label = label
            self.kind = kind?.rawValue
        }

        public func message(_ facts: FindingFacts) -> String {
            "the label \"\(label)\" is \(kind.map { Self.article($0) } ?? "not words"), not words a person understands: the screen reader speaks it as it is"
        }

        static func article(_ kind: String) -> String {
            kind.hasPrefix("a ") ? kind : (["a", "e", "i", "o", "u"].contains(kind.prefix(1).lowercased()) ? "an \(kind)" : "a \(kind)")
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "\"\(label)\" (\(kind ?? "words"))" }

        public func requiredText(_ facts: FindingFacts) -> String? { "words" }

        public var fingerprintBucket: String { kind ?? "-" }
    }

    /// Words that say nothing of a control when they are all its label (case and spaces aside):
    /// the role's or the view's own name, and what tools and templates leave behind. Only a label
    /// that is nothing but one of them: "Image" is unclear, "Image of a dragon" is not.
    static let placeholderWords: Set<String> = [
        "button", "btn", "image", "img", "icon", "picture", "graphic", "label", "text", "textview", "title", "view", "imageview",
        "cell", "item", "untitled", "unlabeled", "unlabelled", "null", "nil", "none", "undefined", "nan", "test", "todo",
        "placeholder", "description", "content description", "contentdescription", "lorem ipsum", "tbd",
    ]
    /// File extensions of images and documents an asset name may end in.
    static let fileExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "pdf", "webp", "heic", "tiff", "bmp", "xml"]
    /// Prefixes Android and iOS projects name drawables, layouts and assets with.
    static let assetPrefixes = ["ic_", "btn_", "img_", "icon_", "bg_", "iv_", "tv_", "ib_", "fab_", "nav_", "tab_", "menu_", "logo_", "image_"]
    /// First components of reverse-DNS identifiers.
    static let domains: Set<String> = ["com", "org", "net", "io", "app", "dev", "edu", "gov", "co", "de", "uk", "fr", "jp", "android", "androidx"]

    /// The kind of name `label` is, or nil when it reads as words.
    static func kind(of label: String) -> Kind? {
        let text = label.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        let scalars = Array(text.unicodeScalars)
        let letters = scalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        if letters.isEmpty { return .noWords }
        if scalars.count == 1 { return ("0"..."9").contains(scalars[0]) ? nil : .loneCharacter }
        let lower = text.lowercased()
        if placeholderWords.contains(lower) { return .placeholder }
        let hasSpace = scalars.contains { $0.properties.isWhitespace }
        guard !hasSpace else { return nil }
        if let dot = lower.lastIndex(of: "."), fileExtensions.contains(String(lower[lower.index(after: dot)...])), dot != lower.startIndex {
            return .fileName
        }
        if lower.hasPrefix("img_") || lower.hasPrefix("dsc_"), lower.dropFirst(4).allSatisfy(\.isNumber) { return .fileName }
        if assetPrefixes.contains(where: { lower.hasPrefix($0) }) || lower.range(of: #"_\d+dp$"#, options: .regularExpression) != nil {
            return .assetName
        }
        // Dotted lower-case words: a reverse-DNS identifier, or an SF Symbol's name
        // (`chevron.right`, `crown.dot.fill`, `1.circle`).
        if text.range(of: #"^[a-z0-9]+(\.[a-z0-9]+)+$"#, options: .regularExpression) != nil, text.contains(where: \.isLetter) {
            let first = String(lower.prefix { $0 != "." })
            return domains.contains(first) && text.split(separator: ".").count >= 3 ? .identifier : .symbolName
        }
        if text.range(of: #"^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+){2,}$"#, options: .regularExpression) != nil { return .identifier }
        // snake_case or kebab-case words (`All_photos`, `menu_button`, `btn-back`).
        if text.range(of: #"^[A-Za-z0-9]+([_-][A-Za-z0-9]+)+$"#, options: .regularExpression) != nil, text.contains("_") || text.contains("-") {
            if text.contains("_") { return .identifier }
            // A hyphenated word ("Wi-Fi", "e-mail", "A-Z") is words; lower-case hyphenated
            // identifiers of three parts or more are not ("nav-back-button").
            return text == lower && text.split(separator: "-").count >= 3 ? .identifier : nil
        }
        // camelCase: a lower-case start, then a capital inside the word (`bookmarkTrayFillLarge`,
        // `historyLarge`); iPhone, iPad, macOS, eBay are words.
        if text.range(of: #"^[a-z]+[A-Z][A-Za-z0-9]*$"#, options: .regularExpression) != nil {
            let knownWords = ["iphone", "ipad", "ipod", "imac", "ios", "ipados", "macos", "watchos", "tvos", "visionos", "ebay", "icloud", "itunes", "imessage", "airpods", "airdrop", "airplay", "facetime"]
            return knownWords.contains(lower) ? nil : .identifier
        }
        // A type name, as a cell's description without a label (`UITableViewCell(BA_Template)`).
        if text.range(of: #"^(UI|NS|android\.|androidx\.)[A-Za-z.]+(\(.*\))?$"#, options: .regularExpression) != nil { return .identifier }
        return nil
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard !element.isHiddenFromScreenReader, let label = SpokenText.declaredLabel(of: element, on: screen.screen) else { return nil }
            // A text element whose label is the text it shows says what the screen says.
            if element.role == .text || element.role == .heading, let shown = element.text?.content.trimmingWhitespace(), shown == label, element.text?.fromLabel != true {
                return nil
            }
            let kind = Self.kind(of: label)
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: kind == nil ? .pass : .fail,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .labelUnclear(Measured(label: String(label.prefix(80)), kind: kind)))
        }
    }
}
