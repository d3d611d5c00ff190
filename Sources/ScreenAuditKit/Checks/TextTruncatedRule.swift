import ColorScience
import Imaging

/// `text.truncated` — the last line of an element's text ends in an ellipsis drawn in the pixels (three
/// small, equal dots on the baseline, evenly spaced, after a letter; see `TrailingEllipsis`) while
/// the text's content does not end in one: the app cut the text short. A warning; an error for the
/// text of an element a user acts on (a button's title). On a screen that declares its content
/// size, the finding names it. Lines `scan` finds have no known content: a line ending in an
/// ellipsis is reported as probably truncated. Left-to-right text only.
public struct TextTruncatedRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.textTruncated,
        title: "Truncated text",
        reference: "WCAG 2.2 SC 1.4.4 Resize Text (AA) and SC 1.4.10 Reflow (AA); Apple's XCUIAccessibilityAuditType.textClipped",
        defaultSeverity: .warning,
        rationale: "Text cut short with an ellipsis hides the rest of what it says; at larger Dynamic Type sizes more is cut, and a button whose title is cut may no longer say what it does. Let the text wrap, or give it room.")

    public static let examples: [CheckExample] = [
        CheckExample("a title shown whole", element: "title", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("title", "Dragon Scale", at: Frame(x: 10, y: 40, width: 150, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("\"Dragon Scale Armor\" drawn as \"Dragon Sca…\"", element: "title", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("title", "Dragon Sca…", at: Frame(x: 10, y: 40, width: 110, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.elements[0].text?.content = "Dragon Scale Armor"
            return screen.context()
        },
    ]

    public init() {}

    /// What `text.truncated` reports for an element.
    public struct Measured: RuleMeasurement {
        /// Whether the text's content is known (a contract, a UI hierarchy) or not (a line `scan`
        /// found in the pixels).
        public var contentKnown: Bool?
        /// The content's last characters (at most 12, spaces around them trimmed), as declared.
        public var contentEnd: String?
        /// The content itself ends in "…" or "...": an ellipsis in the pixels is the text's own.
        public var contentEndsInEllipsis: Bool?
        /// Lines of text measured, and the line (from 1, top to bottom) ending in an ellipsis.
        public var lines: Int?
        public var line: Int?
        /// The ellipsis: its dots, the largest dot's size and the distance between the dots'
        /// centres in pixels, and the x-height they were held to.
        public var dots: Int?
        public var dotWidth: Int?
        public var dotHeight: Int?
        public var pitch: Double?
        public var xHeight: Double?
        /// The line's rows across the element's frame, in pixels of the screenshot.
        public var lineFrame: PixelRect?
        /// The screen's declared content size ("AX3"), if any.
        public var contentSize: String?

        public init(contentKnown: Bool? = nil, contentEnd: String? = nil, contentEndsInEllipsis: Bool? = nil, lines: Int? = nil,
                    line: Int? = nil, dots: Int? = nil, dotWidth: Int? = nil, dotHeight: Int? = nil, pitch: Double? = nil,
                    xHeight: Double? = nil, lineFrame: PixelRect? = nil, contentSize: String? = nil) {
            self.contentKnown = contentKnown
            self.contentEnd = contentEnd
            self.contentEndsInEllipsis = contentEndsInEllipsis
            self.lines = lines
            self.line = line
            self.dots = dots
            self.dotWidth = dotWidth
            self.dotHeight = dotHeight
            self.pitch = pitch
            self.xHeight = xHeight
            self.lineFrame = lineFrame
            self.contentSize = contentSize
        }

        var atSize: String { contentSize.map { " at \($0)" } ?? "" }

        var place: String {
            guard let line, let lines, lines > 1 else { return "the text" }
            return "line \(line) of \(lines) of the text"
        }

        var drawn: String { "\(dots ?? 3) dots of \(dotWidth ?? 0)×\(dotHeight ?? 0) px, \(Words.number(pitch)) px apart" }

        public func message(_ facts: FindingFacts) -> String {
            if contentKnown == false {
                return "the line ends in an ellipsis drawn in the pixels (\(drawn)): its text is probably truncated\(atSize) (found by scan: the content is not known, so an ellipsis that is part of the text cannot be told apart)"
            }
            return "\(place) ends in an ellipsis drawn in the pixels (\(drawn)) but its content (\"…\(contentEnd ?? "")\") does not: it is truncated\(atSize)"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            if contentEndsInEllipsis == true { return "the content ends in an ellipsis of its own" }
            guard let dots, dots > 0 else {
                return lines.map { "no ellipsis ending its \($0 == 1 ? "line" : "\($0) lines")\(atSize)" }
            }
            return "ellipsis at the end of \(place)\(atSize): \(drawn)"
        }

        public func requiredText(_ facts: FindingFacts) -> String? { "the whole text shown" }

        public var fingerprintBucket: String { contentKnown == false ? "unknown-content" : "-" }
    }

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard element.text != nil else { return nil }
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .textTruncated(Measured()), reason: reason)
    }

    /// Whether `content` ends in an ellipsis of its own ("…" or "...", spaces after it aside).
    static func endsInEllipsis(_ content: String) -> Bool {
        let trimmed = content.trimmingWhitespace()
        return trimmed.hasSuffix("…") || trimmed.hasSuffix("...")
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let contentSize = screen.screen.contentSize?.name
        return screen.screen.elements.compactMap { element in
            guard let text = screen.text(of: element) else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            let known = !text.content.trimmingWhitespace().isEmpty
            var measured = Measured(contentKnown: known, contentEnd: known ? String(text.content.trimmingWhitespace().suffix(12)).trimmingWhitespace() : nil,
                                    contentSize: contentSize)
            func result(_ status: CheckStatus, severity: Severity = Self.descriptor.defaultSeverity, reason: String? = nil) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: status, severity: severity,
                            frame: rect, measured: .textTruncated(measured), reason: reason)
            }
            if known, Self.endsInEllipsis(text.content) {
                measured.contentEndsInEllipsis = true
                return result(.pass)
            }
            if known, TextClippedRule.isRightToLeft(text.content) {
                return result(.notRun, reason: "right-to-left text: its ellipsis would stand at the line's left end, which this rule does not read")
            }
            let analysis = screen.textAnalysis(for: element, needing: [.coverage, .geometry])
            switch analysis.trailingEllipsis(content: text.content, capToXHeight: TextSizeRule.defaultCapToXHeight) {
            case let .failure(failure):
                return result(.notRun, reason: failure.reason)
            case let .success((lines, found)):
                measured.lines = lines
                guard let ellipsis = found else {
                    measured.dots = 0
                    return result(.pass)
                }
                measured.line = ellipsis.line + 1
                measured.dots = ellipsis.dots.count
                measured.dotWidth = ellipsis.dotWidth
                measured.dotHeight = ellipsis.dotHeight
                measured.pitch = ellipsis.pitch
                measured.xHeight = ellipsis.xHeight
                measured.lineFrame = ellipsis.lineFrame
                return result(.fail, severity: element.role.isInteractive ? .error : .warning)
            }
        }
    }
}
