/// Screens that show the same UI at several text sizes (`variantOf`, `contentSize`): grouped for
/// the side-by-side report, and the findings only a larger size brings marked as such.
public enum Variants {
    /// The report's screens in groups of variants, each group smallest size first, in the order
    /// its first screen comes in the report; a screen without variants is in no group.
    public static func groups(_ screens: [ScreenReport]) -> [[Int]] {
        let index = Dictionary(screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        /// The screen a chain of `variantOf` leads back to.
        func root(_ position: Int) -> Int {
            var current = position, seen: Set<Int> = [position]
            while let next = screens[current].variantOf.flatMap({ index[$0] }), seen.insert(next).inserted { current = next }
            return current
        }
        var members: [Int: [Int]] = [:]
        var order: [Int] = []
        for position in screens.indices where screens[position].variantOf.flatMap({ index[$0] }) != nil {
            let base = root(position)
            if members[base] == nil {
                members[base] = [base]
                order.append(base)
            }
            if position != base { members[base]?.append(position) }
        }
        return order.map { base in
            members[base]!.sorted { (size(screens[$0]), $0) < (size(screens[$1]), $1) }
        }.sorted { $0.min()! < $1.min()! }
    }

    /// A screen's text size (`L` when it states none).
    static func size(_ screen: ScreenReport) -> ContentSize {
        screen.contentSize.flatMap { ContentSize(name: $0) } ?? .default
    }

    /// The screens with each finding of a larger size that no smaller variant of its group has (the
    /// same rule on the same element) marked `onlyAt` its size, `notAt` the smaller ones'. Screens
    /// whose elements are lines found in the pixels are not compared (their ids are not shared),
    /// nor `text.scales`' own findings (it compares the sizes itself). Marks already made are
    /// made again from scratch, so merging shards gives what one run gives.
    public static func markingFindingsOnlyAtLargerSizes(_ screens: [ScreenReport]) -> [ScreenReport] {
        var marked = screens
        for index in marked.indices {
            for finding in marked[index].findings.indices {
                marked[index].findings[finding].onlyAt = nil
                marked[index].findings[finding].notAt = nil
            }
        }
        for group in groups(screens) {
            for (place, position) in group.enumerated() where place > 0 {
                let screen = screens[position]
                let smaller = group.prefix(place).map { screens[$0] }.filter { size($0) < size(screen) && $0.status == .audited }
                guard screen.elementsFrom == nil, screen.status == .audited, !smaller.isEmpty,
                      smaller.allSatisfy({ $0.elementsFrom == nil }) else { continue }
                let before = Set(smaller.flatMap { $0.findings.map { "\($0.rule) \($0.element ?? "-")" } })
                let notAt = smaller.map { size($0).name }.joined(separator: ", ")
                for finding in screen.findings.indices {
                    let found = screen.findings[finding]
                    guard found.rule != RuleID.textScales, !before.contains("\(found.rule) \(found.element ?? "-")") else { continue }
                    marked[position].findings[finding].onlyAt = size(screen).name
                    marked[position].findings[finding].notAt = notAt
                }
            }
        }
        return marked
    }
}

/// One screen's variants side by side, as the reports show them: a column per text size, a row
/// per rule and element that has a finding at any of the sizes.
public struct VariantComparison: Equatable, Sendable {
    public struct Column: Equatable, Sendable {
        public var size: String
        /// Index of the screen in the report.
        public var screen: Int
    }

    public struct Row: Equatable, Sendable {
        public var rule: String
        public var element: String?
        /// Per column: the finding's number in the report and the finding, or nil where the size
        /// has none.
        public var cells: [(number: Int, finding: Finding)?]

        public static func == (a: Row, b: Row) -> Bool {
            a.rule == b.rule && a.element == b.element && a.cells.map { $0?.number } == b.cells.map { $0?.number }
        }
    }

    public var columns: [Column]
    public var rows: [Row]
    /// False for screens whose lines were found in the pixels (`scan`): a row is one finding.
    public var paired = true

    /// The comparisons of `report`'s groups of variants, in report order.
    public static func all(_ report: AuditReport) -> [VariantComparison] {
        let numbers = report.firstFindingNumbers
        return Variants.groups(report.screens).map { group in
            let columns = group.map { Column(size: Variants.size(report.screens[$0]).name, screen: $0) }
            var rows: [Row] = []
            var place: [String: Int] = [:]
            // Lines found in the pixels (`scan`) are named by where they stand: no row pairs them.
            let paired = group.allSatisfy { report.screens[$0].elementsFrom == nil }
            for (column, screenIndex) in group.enumerated() {
                for (offset, finding) in report.screens[screenIndex].findings.enumerated() {
                    let key = paired ? "\(finding.rule) \(finding.element ?? "-")" : "\(column) \(offset)"
                    if place[key] == nil {
                        place[key] = rows.count
                        rows.append(Row(rule: finding.rule, element: finding.element, cells: Array(repeating: nil, count: group.count)))
                    }
                    rows[place[key]!].cells[column] = (numbers[screenIndex] + offset, finding)
                }
            }
            return VariantComparison(columns: columns, rows: rows, paired: paired)
        }
    }
}
