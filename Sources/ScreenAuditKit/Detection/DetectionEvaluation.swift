import Imaging

/// How well `scan` found the text a contract knows: recall (the contract's text elements with a
/// line found on them), precision (the lines found that lie on a text element), and whether the
/// verdicts on the lines found agree with those the same rules give the contract's elements.
public struct DetectionEvaluation: Equatable, Sendable {
    /// Text elements of the contract screens scanned.
    public var textElements = 0
    /// Of those, the ones with a line found on them (a line's centre inside the element's frame).
    public var found = 0
    /// Lines found on the contract screens.
    public var lines = 0
    /// Of those, the ones whose centre lies inside a text element.
    public var onText = 0
    /// Lines found on a text element that both runs judged (passed or failed) by a rule…
    public var judgedPairs = 0
    /// …and, of those, the ones given the same verdict as the element.
    public var agreeingPairs = 0
    /// Text elements no line was found on, and lines found on no text element: `screen: id`, for
    /// a person to look at.
    public var missed: [String] = []
    public var spurious: [String] = []
    /// Verdicts that differ: `screen: line rule (scan) ≠ element (contract)`.
    public var disagreements: [String] = []

    public init() {}

    /// `scanned`: the scan's report; `truth`: the same screenshots audited against their contract
    /// with the same rules. Screens pair by screenshot (`pairs`: scan screen id → truth screen id).
    public init(scanned: AuditReport, truth: AuditReport, truthContracts: [ScreenContract], pairs: [String: String]) {
        let truthReports = Dictionary(truth.screens.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let contracts = Dictionary(truthContracts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for screen in scanned.screens where screen.status == .audited {
            guard let truthID = pairs[screen.id], let contract = contracts[truthID], let truthReport = truthReports[truthID],
                  truthReport.status == .audited else { continue }
            let scale = contract.device.scale
            let texts = contract.elements.filter { $0.text != nil }
            let frames = texts.map { element in
                PixelRect.snapping(x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height,
                                   scale: scale, clampedTo: Int.max, Int.max)
            }
            // The lines found: each element id once, with its frame.
            var lineFrames: [(id: String, frame: PixelRect)] = []
            var seen = Set<String>()
            for entry in screen.checked {
                guard let id = entry.element, let frame = entry.frame, seen.insert(id).inserted else { continue }
                lineFrames.append((id, frame))
            }
            func contains(_ rect: PixelRect, _ line: PixelRect) -> Bool {
                let cx = line.x * 2 + line.width, cy = line.y * 2 + line.height
                return cx >= rect.x * 2 && cx <= rect.maxX * 2 && cy >= rect.y * 2 && cy <= rect.maxY * 2
            }
            textElements += texts.count
            lines += lineFrames.count
            for (element, frame) in zip(texts, frames) {
                if lineFrames.contains(where: { contains(frame, $0.frame) }) {
                    found += 1
                } else {
                    missed.append("\(screen.id): \(element.id)")
                }
            }
            for line in lineFrames {
                guard let index = frames.indices.first(where: { contains(frames[$0], line.frame) }) else {
                    spurious.append("\(screen.id): \(line.id)")
                    continue
                }
                onText += 1
                let element = texts[index].id
                for entry in screen.checked where entry.element == line.id && entry.status.isVerdict {
                    guard let truthEntry = truthReport.checked.first(where: { $0.element == element && $0.rule == entry.rule }),
                          truthEntry.status.isVerdict else { continue }
                    judgedPairs += 1
                    if truthEntry.status == entry.status {
                        agreeingPairs += 1
                    } else {
                        disagreements.append("\(screen.id): \(line.id) \(entry.rule) \(entry.status.rawValue), \(element) \(truthEntry.status.rawValue)")
                    }
                }
            }
        }
    }

    /// Adds another evaluation's counts to this one.
    public mutating func add(_ other: DetectionEvaluation) {
        textElements += other.textElements
        found += other.found
        lines += other.lines
        onText += other.onText
        judgedPairs += other.judgedPairs
        agreeingPairs += other.agreeingPairs
        missed += other.missed
        spurious += other.spurious
        disagreements += other.disagreements
    }

    public var recall: Double { textElements == 0 ? 1 : Double(found) / Double(textElements) }
    public var precision: Double { lines == 0 ? 1 : Double(onText) / Double(lines) }
    public var agreement: Double { judgedPairs == 0 ? 1 : Double(agreeingPairs) / Double(judgedPairs) }
}

extension CheckStatus {
    /// Passed or failed: a verdict, not "not run".
    var isVerdict: Bool { self == .pass || self == .fail }
}
