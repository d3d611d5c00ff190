/// The "required catalog entries" matrix: every required asset exists with the right kind, and
/// has each required idiom and appearance (and, for images, each scale).
enum RequirementRules {
    static func check(_ requirement: AssetRequirements.Requirement, in catalog: AssetCatalog, file: String) -> [AssetFinding] {
        guard let asset = catalog.asset(named: requirement.name) else {
            return [AssetFinding(.requiredMissing(.absent(name: requirement.name, kind: requirement.kind, catalog: catalog.name)), severity: .error,
                                 asset: requirement.name, file: file, location: "assets.\(requirement.name)")]
        }
        guard asset.kind == requirement.kind else {
            return [AssetFinding(.requiredMissing(.wrongKind(found: asset.kind, needed: requirement.kind)), severity: .error, asset: asset.name,
                                 file: asset.path)]
        }
        guard asset.contentsReadable else { return [] }
        var findings: [AssetFinding] = []
        func missing(_ measured: AssetMeasurement, location: String) {
            findings.append(AssetFinding(measured, severity: .error, asset: asset.name, file: asset.contentsPath, location: location))
        }
        for idiom in requirement.idioms {
            for appearance in requirement.appearances {
                switch asset.kind {
                case .image, .appicon:
                    let filled = asset.images.filter { $0.idiom == idiom && $0.appearance == appearance && $0.filename != nil }
                    guard !filled.isEmpty else {
                        missing(.requiredMissing(.noImage(idiom: idiom, appearance: appearance)), location: "images")
                        continue
                    }
                    guard asset.kind == .image, !filled.contains(where: { $0.scale == nil }) else { continue }
                    for scale in requirement.scales where !filled.contains(where: { $0.scale == scale }) {
                        missing(.scaleMissing(.required(scale: scale, idiom: idiom, appearance: appearance, needs: requirement.scales)), location: "images")
                    }
                case .color:
                    if !asset.colors.contains(where: { $0.idiom == idiom && $0.appearance == appearance }) {
                        missing(.requiredMissing(.noColor(idiom: idiom, appearance: appearance)), location: "colors")
                    }
                case .other:
                    break
                }
            }
        }
        return findings
    }
}
