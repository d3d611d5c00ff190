import QuestEngine
import ScreenAuditKit

/// How well an audit found the defects planted in a corpus: recall per rule, and false positives
/// (findings that match no planted defect), on clean frames and on defective ones.
public struct DefectEvaluation: Codable, Equatable, Sendable {
    public struct RuleScore: Codable, Equatable, Sendable {
        public var rule: String
        /// False when this release has no check for the rule: its defects cannot be found yet.
        public var checked: Bool
        public var seeded: Int
        public var found: Int
        /// found / seeded, or nil when nothing was seeded or the rule is not checked.
        public var recall: Double?
        public var missed: [String]
    }

    public var rules: [RuleScore]
    public var cleanScreens: Int
    public var falsePositivesOnClean: [String]
    public var falsePositivesOnDefective: [String]

    /// Recall of at least 99 % on every checked rule and no false positive anywhere.
    public var meetsTarget: Bool {
        rules.allSatisfy { !$0.checked || ($0.recall ?? 1) >= 0.99 } && falsePositivesOnClean.isEmpty && falsePositivesOnDefective.isEmpty
    }

    /// Compares `report` with the planted `manifest`. `checkedRules`: the rules the audit ran.
    public static func evaluate(_ report: AuditReport, manifest: DefectManifest, checkedRules: Set<String>) -> DefectEvaluation {
        evaluate(report.screens.map { ($0.id, $0.findings) }, manifest: manifest, checkedRules: checkedRules)
    }

    /// The same, from each screen's findings in screen order.
    public static func evaluate(_ screens: [(id: String, findings: [Finding])], manifest: DefectManifest,
                                checkedRules: Set<String>) -> DefectEvaluation {
        let defectsByScreen = Dictionary(grouping: manifest.defects, by: \.screen)
        var matched = Set<String>()
        var cleanFalse: [String] = [], defectiveFalse: [String] = []
        for screen in screens {
            let planted = defectsByScreen[screen.id] ?? []
            for finding in screen.findings {
                let hit = planted.first { defect in
                    defect.rule == finding.rule && (finding.element == defect.element || finding.measured.colorOnly?.group == defect.element)
                }
                if let hit {
                    matched.insert(key(hit))
                } else if isConsequence(finding, of: planted) {
                    // A review-only finding on an element a defect was planted on: a label drawn
                    // at 9 pt is off the type ramp as well, a shrunken button out of place.
                    continue
                } else {
                    let description = "\(screen.id): \(finding.rule) on \(finding.element ?? "the screen"): \(finding.message)"
                    if planted.isEmpty { cleanFalse.append(description) } else { defectiveFalse.append(description) }
                }
            }
        }
        let rules = DefectKind.allCases.map(\.rule).map { rule -> RuleScore in
            let seeded = manifest.defects.filter { $0.rule == rule }
            let found = seeded.filter { matched.contains(key($0)) }
            let checked = checkedRules.contains(rule)
            return RuleScore(rule: rule, checked: checked, seeded: seeded.count, found: found.count,
                             recall: checked && !seeded.isEmpty ? Double(found.count) / Double(seeded.count) : nil,
                             missed: checked ? seeded.filter { !matched.contains(key($0)) }.map { "\($0.screen): \($0.element) (\($0.detail))" } : [])
        }
        let clean = Set(manifest.screens).subtracting(defectsByScreen.keys).count
        return DefectEvaluation(rules: rules, cleanScreens: clean, falsePositivesOnClean: cleanFalse,
                                falsePositivesOnDefective: defectiveFalse)
    }

    /// Whether `finding` is a review-only rule's (design, layout, a missing hint) on an element of
    /// `planted`: a button whose label was taken out has lost its hint too.
    static func isConsequence(_ finding: Finding, of planted: [SeededDefect]) -> Bool {
        // A text kept at its size at L is also smaller than its declared size: text.size sees it too.
        if finding.rule == RuleID.textSize, planted.contains(where: { $0.kind == .fixedSizeText && $0.element == finding.element }) {
            return true
        }
        return (finding.rule.hasPrefix("design.") || finding.rule.hasPrefix("layout.") || finding.rule == RuleID.labelHintMissing)
            && finding.element != nil && planted.contains { $0.element == finding.element }
    }

    static func key(_ defect: SeededDefect) -> String { "\(defect.screen)|\(defect.element)|\(defect.rule)" }
}
