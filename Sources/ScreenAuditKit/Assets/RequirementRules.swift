/// The "required catalog entries" matrix: every required asset exists with the right kind, and
/// has each required idiom and appearance (and, for images, each scale).
enum RequirementRules {
    static func check(_ requirement: AssetRequirements.Requirement, in catalog: AssetCatalog, file: String) -> [AssetFinding] {
        guard let asset = catalog.asset(named: requirement.name) else {
            return [AssetFinding(rule: AssetRule.requiredMissing, severity: .error, asset: requirement.name, file: file,
                                 location: "assets.\(requirement.name)",
                                 message: "the requirements need the \(requirement.kind.title) '\(requirement.name)'; it is not in \(catalog.name)")]
        }
        guard asset.kind == requirement.kind else {
            return [AssetFinding(rule: AssetRule.requiredMissing, severity: .error, asset: asset.name, file: asset.path,
                                 message: "is \(article(asset.kind.title)) \(asset.kind.title); the requirements need \(article(requirement.kind.title)) \(requirement.kind.title)")]
        }
        guard asset.contentsReadable else { return [] }
        var findings: [AssetFinding] = []
        func missing(_ rule: String, _ message: String, location: String) {
            findings.append(AssetFinding(rule: rule, severity: .error, asset: asset.name, file: asset.contentsPath, location: location, message: message))
        }
        for idiom in requirement.idioms {
            for appearance in requirement.appearances {
                let what = appearance == .any ? idiom : "\(idiom), \(appearance)"
                switch asset.kind {
                case .image, .appicon:
                    let filled = asset.images.filter { $0.idiom == idiom && $0.appearance == appearance && $0.filename != nil }
                    guard !filled.isEmpty else {
                        missing(AssetRule.requiredMissing, "no image for \(what) (required)", location: "images")
                        continue
                    }
                    guard asset.kind == .image, !filled.contains(where: { $0.scale == nil }) else { continue }
                    for scale in requirement.scales where !filled.contains(where: { $0.scale == scale }) {
                        missing(AssetRule.scaleMissing,
                                "no @\(scale)x image for \(what) (the requirements need \(requirement.scales.map { "@\($0)x" }.joined(separator: ", ")))",
                                location: "images")
                    }
                case .color:
                    if !asset.colors.contains(where: { $0.idiom == idiom && $0.appearance == appearance }) {
                        missing(AssetRule.requiredMissing, "no colour for \(what) (required)", location: "colors")
                    }
                case .other:
                    break
                }
            }
        }
        return findings
    }

    static func article(_ noun: String) -> String {
        ["a", "e", "i", "o", "u"].contains(noun.prefix(1)) ? "an" : "a"
    }
}
