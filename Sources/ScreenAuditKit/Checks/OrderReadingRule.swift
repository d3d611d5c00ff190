import ColorScience
import Imaging

/// `order.reading` — the order the screen reader walks the screen against the order a person
/// reads it: rows top to bottom, then left to right. The walk is the contract's `readingOrder`
/// where declared, else the contract's order of its elements (a screen imported from a dump: the
/// dump's order, which is the platform's sort of each container's children); elements hidden from the
/// screen reader and plain containers are left out, and what lies inside a control takes its row. An element reached right after one that stands in a lower row is a
/// jump back across rows: reported for review (info), never a verdict on its own.
public struct OrderReadingRule: AuditCheck {
    public static let descriptor = CheckDescriptor(
        id: RuleID.orderReading,
        title: "Reading order that jumps back",
        reference: "WCAG 2.2 SC 1.3.2 Meaningful Sequence and SC 2.4.3 Focus Order",
        defaultSeverity: .info,
        rationale: "When the screen reader reaches a title after the button below it, the screen's meaning comes out of order; the order is the app's to set and a person's to judge.")

    public static let examples: [CheckExample] = [
        CheckExample("a title, then its button", element: "start", expected: .pass) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.label("title", "Quest", at: Frame(x: 10, y: 10, width: 80, height: 26), size: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            screen.control("start", role: .button, frame: Frame(x: 10, y: 60, width: 120, height: 44), fill: RGB8(red: 0x2A, green: 0x3A, blue: 0x8C))
            screen.elements[1].accessibility = AccessibilitySpec(label: "Start")
            return screen.context()
        },
        CheckExample("the title reached after the button below it", element: "title", expected: .fail) {
            var screen = ExampleScreen(background: RGB8(red: 255, green: 255, blue: 255))
            screen.control("start", role: .button, frame: Frame(x: 10, y: 60, width: 120, height: 44), fill: RGB8(red: 0x2A, green: 0x3A, blue: 0x8C))
            screen.elements[0].accessibility = AccessibilitySpec(label: "Start")
            screen.label("title", "Quest", at: Frame(x: 10, y: 10, width: 80, height: 26), size: 17, color: RGB8(red: 0x1C, green: 0x1C, blue: 0x1E))
            return screen.context()
        },
    ]

    public init() {}

    /// What `order.reading` reports: the element reached before it, and how many rows back it
    /// jumps.
    public struct Measured: RuleMeasurement {
        public var after: String
        public var rowsBack: Int
        /// Where the walk comes from: `readingOrder` or the order of the elements.
        public var order: String

        public init(after: String, rowsBack: Int, order: String) {
            self.after = after
            self.rowsBack = rowsBack
            self.order = order
        }

        public func message(_ facts: FindingFacts) -> String {
            "reached after '\(after)' (\(order)), though it stands \(rowsBack) row\(rowsBack == 1 ? "" : "s") above it: the screen reader goes back up"
        }

        public func measuredText(_ facts: FindingFacts) -> String? { "after \(after), \(rowsBack) row\(rowsBack == 1 ? "" : "s") up" }

        public func requiredText(_ facts: FindingFacts) -> String? { "top to bottom, left to right" }
    }

    /// Rows of `frames`: an element joins the row whose vertical band holds its centre, within
    /// half the smaller height; rows are numbered top to bottom.
    static func rows(of frames: [Frame]) -> [Int] {
        let order = frames.indices.sorted { (frames[$0].y + frames[$0].height / 2, $0) < (frames[$1].y + frames[$1].height / 2, $1) }
        var row = [Int](repeating: 0, count: frames.count)
        var current = -1
        var band: (center: Double, height: Double)?
        for index in order {
            let frame = frames[index]
            let center = frame.y + frame.height / 2
            if let band, abs(center - band.center) <= min(band.height, frame.height) / 2 {
                row[index] = current
            } else {
                current += 1
                band = (center, frame.height)
                row[index] = current
            }
        }
        return row
    }

    /// Points an element may reach down into the one read before it and still stand above it.
    static let overlapSlack = 2.0

    /// Whether `outer` holds `inner` (a half point of slack).
    static func holds(_ outer: Frame, _ inner: Frame) -> Bool {
        inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.maxX <= outer.maxX + 0.5 && inner.maxY <= outer.maxY + 0.5
    }

    public func run(_ screen: ScreenContext) -> [CheckResult] {
        let contract = screen.screen
        // A dump lists each container's children in the order the platform gives the screen
        // reader: Android sorts a ViewGroup's accessibility children by position before
        // uiautomator reads them (ViewGroup.ViewLocationHolder, "stripe" order: the 319
        // containers of the 18 real dumps with two children or more are in that order, but for 8
        // zero-size web nodes), and XCUITest lists the accessibility children as the runtime
        // hands them to VoiceOver. What a dump cannot say is an app's own traversal
        // (accessibilityTraversalBefore/After, accessibilityElements set in code): a jump stays a
        // question for review.
        let fromDump = contract.framesFrom == ScreenContract.framesFromHierarchy
        // Elements not seen (a dump's covered or edge-cut ones, whose checks are off) are left
        // out of the walk: where they stand says nothing about what a person reads.
        let focusable = contract.elements.filter {
            !$0.isHiddenFromScreenReader && $0.role != .container && contract.overrides(for: $0).disable?[Self.descriptor.id] == nil
        }
        let walk: [ElementContract]
        let source: String
        if let declared = contract.readingOrder {
            let byID = Dictionary(focusable.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            walk = declared.compactMap { byID[$0] }
            source = "readingOrder"
        } else {
            walk = focusable
            source = fromDump ? "the dump's order" : "the contract's order"
        }
        guard walk.count >= 2 else { return [] }
        // What lies inside a control that is walked too (a card's thumbnail, name and rank) is
        // read as part of it: it takes the control's row, whatever its own.
        let frames = walk.map { element in
            walk.filter { $0.id != element.id && $0.role.isInteractive && Self.holds($0.frame, element.frame) }
                .max { $0.frame.width * $0.frame.height < $1.frame.width * $1.frame.height }?.frame ?? element.frame
        }
        let rows = Self.rows(of: frames)
        // Each step from the element before: a step up a row is the jump (the elements after it,
        // read on down from there, are not reported again).
        return walk.indices.dropFirst().map { index in
            let element = walk[index]
            // A jump is to an element that stands wholly above the one before it (a row's worth
            // of points at least): a backdrop that starts above and reaches below is not above.
            let back = frames[index].maxY <= frames[index - 1].y + Self.overlapSlack ? rows[index - 1] - rows[index] : 0
            return CheckResult(rule: Self.descriptor.id, element: element.id, status: back > 0 ? .fail : .pass,
                               severity: Self.descriptor.defaultSeverity, frame: screen.pixelRect(for: element.frame),
                               measured: .orderReading(Measured(after: walk[index - 1].id, rowsBack: max(0, back), order: source)))
        }
    }
}
