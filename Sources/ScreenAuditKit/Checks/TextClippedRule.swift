import Foundation
import ColorScience
import Imaging

/// `text.clipped` — text is not cut by its container: no glyph runs into an edge of the element's
/// frame and carries on past it (truncated, or clipped by a frame too small for it).
public struct TextClippedRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.textClipped,
        title: "Clipped text",
        reference: "Apple Accessibility Inspector audit: Text clipped (textClipped)",
        defaultSeverity: .warning,
        rationale: "Text cut by its container loses letters or whole words; with larger Dynamic Type sizes the cut grows, and what is left may not say what the control does.")

    public static let examples: [CheckExample] = [
        CheckExample("text with room around it", element: "label", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 120, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
        CheckExample("a frame that cuts through the text", element: "label", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("label", "Dragon Scale", at: Frame(x: 10, y: 40, width: 72, height: 26), size: 17,
                         color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    /// What `text.clipped` reports for an element.
    public struct Measured: RuleMeasurement {
        /// The edges glyphs run into; empty when none do.
        public var edges: [FrameEdge]?
        /// Pixels of the outermost rows and columns where glyph strokes run into those edges.
        public var inkAtEdgePixels: Int?

        public init(edges: [FrameEdge]? = nil, inkAtEdgePixels: Int? = nil) {
            self.edges = edges
            self.inkAtEdgePixels = inkAtEdgePixels
        }

        enum CodingKeys: String, CodingKey { case edges, inkAtEdgePixels }

        /// `edges` is written as report.json has always shown it: "none", or "top, right".
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(edges.map(Self.edgeList), forKey: .edges)
            try container.encodeIfPresent(inkAtEdgePixels, forKey: .inkAtEdgePixels)
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            edges = try container.decodeIfPresent(String.self, forKey: .edges).map { text in
                text == "none" ? [] : text.split(separator: ",").compactMap { FrameEdge(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
            }
            inkAtEdgePixels = try container.decodeIfPresent(Int.self, forKey: .inkAtEdgePixels)
        }

        static func edgeList(_ edges: [FrameEdge]) -> String { edges.isEmpty ? "none" : edges.map(\.rawValue).joined(separator: ", ") }

        public func message(_ facts: FindingFacts) -> String {
            "text runs into the \(edges.map(Self.edgeList) ?? "?") edge of its frame: it is cut off"
        }
    }

    public init() {}

    public func notRun(_ element: ElementContract, on screen: ScreenContract, reason: String) -> CheckResult? {
        guard element.text != nil else { return nil }
        return CheckResult(rule: Self.descriptor.id, element: element.id, status: .notRun, severity: Self.descriptor.defaultSeverity,
                           measured: .textClipped(Measured()), reason: reason)
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        screen.screen.elements.compactMap { element in
            guard let text = screen.text(of: element) else { return nil }
            let rect = screen.pixelRect(for: element.frame)
            func result(_ status: CheckStatus, measured: Measured = Measured(), reason: String? = nil) -> CheckResult {
                CheckResult(rule: Self.descriptor.id, element: element.id, status: status, severity: Self.descriptor.defaultSeverity,
                            frame: rect, measured: .textClipped(measured), reason: reason)
            }
            // Ink that cannot be this text (an icon measured as glyphs a hundred points high) says
            // nothing about whether the text is cut.
            if text.pointSize == nil, case let .failure(failure) = TextSizeRule().glyphSize(of: element, text: text, on: screen),
               failure.textNotShown {
                return result(.notRun, reason: failure.reason)
            }
            switch screen.textAnalysis(for: element, needing: .coverage).frameEdgeInk {
            case let .notMeasurable(reason):
                return result(.notRun, reason: reason)
            case let .measured(edges):
                let cut = edges.cutEdges(rightToLeft: Self.isRightToLeft(text.content), framesAreLaidOut: screen.fromDump)
                // On a dump's frames, the pixels of the cut glyphs' strokes (`cutEdges` judged those).
                let pixels = screen.fromDump ? edges.cutGlyphPixels : edges.inkPixels
                let measured = Measured(edges: cut, inkAtEdgePixels: cut.reduce(0) { $0 + pixels[$1.index] })
                return result(cut.isEmpty ? .pass : .fail, measured: measured)
            }
        }
    }

    /// Whether `content` is mostly in a right-to-left script (Hebrew, Arabic and their
    /// neighbours, by their Unicode blocks).
    static func isRightToLeft(_ content: String) -> Bool {
        var rtl = 0, letters = 0
        for scalar in content.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            if (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value) { rtl += 1 }
        }
        return letters > 0 && 2 * rtl > letters
    }
}
