import ColorScience
import Imaging

/// `layout.overlap` — review only: a text element's frame overlaps another text element's, or an
/// interactive element's overlaps another interactive element's, by more than the tolerance in
/// both directions. Reported on the later element of the pair, naming the earlier. Runs on screens
/// whose contract declares `design` tokens.
public struct LayoutOverlapRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.layoutOverlap, title: "Overlapping elements",
        reference: "Apple HIG Layout; WCAG 2.2 SC 2.5.8 (targets that overlap)",
        defaultSeverity: .info,
        rationale: "Text drawn over other text cannot be read, and overlapping targets send a tap to the wrong control.")

    public static let examples: [CheckExample] = [
        CheckExample("two labels one above the other", element: "second", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.design = DesignTokens()
            screen.label("first", "Dragon Scale", at: Frame(x: 10, y: 20, width: 150, height: 24), size: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.label("second", "Phoenix Ash", at: Frame(x: 10, y: 50, width: 150, height: 24), size: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("a label drawn over another", element: "second", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.design = DesignTokens()
            screen.label("first", "Dragon Scale", at: Frame(x: 10, y: 20, width: 150, height: 24), size: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.label("second", "Phoenix Ash", at: Frame(x: 30, y: 30, width: 150, height: 24), size: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    public init() {}

    /// What `layout.overlap` reports: the other element and the overlap's size.
    public struct Measured: RuleMeasurement {
        public var other: String?
        /// `text` or `interactive`: what the two elements are.
        public var kind: String?
        public var overlapWidth: Double?
        public var overlapHeight: Double?

        public init(other: String? = nil, kind: String? = nil, overlapWidth: Double? = nil, overlapHeight: Double? = nil) {
            self.other = other
            self.kind = kind
            self.overlapWidth = overlapWidth
            self.overlapHeight = overlapHeight
        }

        public func message(_ facts: FindingFacts) -> String {
            "overlaps \(kind == "text" ? "text" : "the control") '\(other ?? "?")' by \(Words.number(overlapWidth)) × \(Words.number(overlapHeight)) pt"
        }

        public func measuredText(_ facts: FindingFacts) -> String? {
            "\(Words.number(overlapWidth)) × \(Words.number(overlapHeight)) pt over '\(other ?? "?")'"
        }

        public func requiredText(_ facts: FindingFacts) -> String? { "no overlap (\(Words.number(facts.threshold)) pt allowed)" }

        public var fingerprintBucket: String { "other:\(other ?? "-")" }
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        // Review-only: on screens whose contract declares `design` tokens.
        guard let design = screen.screen.design else { return [] }
        let allowed = design.tolerances.points
        let elements = screen.screen.elements
        let isText = elements.map { screen.text(of: $0) != nil }
        return elements.indices.compactMap { index in
            let element = elements[index]
            let interactive = element.role.isInteractive && !isText[index]
            guard isText[index] || element.role.isInteractive else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            for earlier in elements.indices where earlier < index {
                let other = elements[earlier]
                let sameKind = isText[index] ? isText[earlier] : (interactive && other.role.isInteractive && !isText[earlier])
                guard sameKind else { continue }
                let width = min(element.frame.maxX, other.frame.maxX) - max(element.frame.x, other.frame.x)
                let height = min(element.frame.maxY, other.frame.maxY) - max(element.frame.y, other.frame.y)
                guard width > allowed, height > allowed else { continue }
                let measured = Measured(other: other.id, kind: isText[index] ? "text" : "interactive",
                                        overlapWidth: width.rounded(places: 1), overlapHeight: height.rounded(places: 1))
                return CheckResult(rule: Self.descriptor.id, element: element.id, status: .fail, severity: Self.descriptor.defaultSeverity,
                                   frame: rect, measured: .layoutOverlap(measured), threshold: allowed)
            }
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: .pass, severity: Self.descriptor.defaultSeverity,
                               frame: rect, measured: .layoutOverlap(Measured()), threshold: allowed)
        }
    }
}
