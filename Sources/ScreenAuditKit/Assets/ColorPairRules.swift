import ColorScience

/// The contrast of a declared colour pair, from the colour sets' values alone (WCAG 2.2
/// relative luminance and contrast ratio), in each appearance the requirements list.
enum ColorPairRules {
    static func check(_ pair: AssetRequirements.ColorPair, in catalog: AssetCatalog, file: String)
        -> (results: [ColorPairResult], findings: [AssetFinding]) {
        var results: [ColorPairResult] = []
        var findings: [AssetFinding] = []
        let pairPath = "colorPairs[\(pair.index)]"
        let names = ColorContrastRule.Measured.Pair(foreground: pair.foreground, background: pair.background)
        func result(_ appearance: Appearance, _ status: CheckStatus, ratio: Double? = nil, foreground: String? = nil,
                    background: String? = nil, notRun: ColorContrastRule.NotRun? = nil) {
            results.append(ColorPairResult(foreground: pair.foreground, background: pair.background, appearance: appearance.description,
                                           text: pair.use.rawValue, status: status, ratio: ratio.map(RatioDisplay.hundredths),
                                           minimumRatio: pair.minimumRatio, foregroundColor: foreground, backgroundColor: background, notRun: notRun))
        }
        var sets: [CatalogAsset] = []
        for (role, name) in [("foreground", pair.foreground), ("background", pair.background)] {
            guard let asset = catalog.asset(named: name), asset.kind == .color else {
                findings.append(AssetFinding(.colorContrast(.notAColorSet(pair: names, name: name, catalog: catalog.name)), severity: .error,
                                             asset: name, file: file, location: "\(pairPath).\(role)"))
                continue
            }
            sets.append(asset)
        }
        guard sets.count == 2 else {
            for appearance in pair.appearances { result(appearance, .notRun, notRun: .setMissing) }
            return (results, findings)
        }
        for appearance in pair.appearances {
            guard let top = resolve(sets[0], appearance), let bottom = resolve(sets[1], appearance) else {
                let absent = resolve(sets[0], appearance) == nil ? sets[0] : sets[1]
                findings.append(AssetFinding(.colorContrast(.noColor(pair: names, appearance: appearance)), severity: .error,
                                             asset: absent.name, file: absent.contentsPath, location: "colors"))
                result(appearance, .notRun, notRun: .noColor(set: absent.name, appearance: appearance))
                continue
            }
            switch (top.value, bottom.value) {
            case let (.components(foreground)?, .components(background)?):
                // A translucent background shows whatever is behind it: judge it over white and
                // over black and keep the worse.
                let backdrops = background.alpha < 1 ? [background.composited(over: .white), background.composited(over: .black)] : [background]
                let ratio = backdrops.map { backdrop in
                    WCAG.contrastRatio(luminance: foreground.composited(over: backdrop).relativeLuminance, backdrop.relativeLuminance)
                }.min()!
                let passed = ratio >= pair.minimumRatio
                result(appearance, passed ? .pass : .fail, ratio: ratio, foreground: foreground.hex, background: background.hex)
                if !passed {
                    let contrast = ColorContrastRule.Measured.Contrast(
                        pair: names, appearance: appearance, ratio: ratio, foregroundColor: foreground.hex, backgroundColor: background.hex,
                        minimumRatio: pair.minimumRatio, use: pair.use)
                    findings.append(AssetFinding(.colorContrast(.tooLow(contrast)), severity: .error, asset: sets[0].name, file: sets[0].contentsPath,
                                                 location: "colors[\(top.index)]"))
                }
            case let (.system(name)?, _), let (_, .system(name)?):
                result(appearance, .notRun, notRun: .systemColor(name: name))
                findings.append(AssetFinding(.colorContrast(.systemColor(pair: names, appearance: appearance, name: name)), severity: .info,
                                             asset: sets[0].name, file: file, location: pairPath))
            case (.systemDefault?, _), (_, .systemDefault?):
                let unset = top.value == .systemDefault ? sets[0].name : sets[1].name
                result(appearance, .notRun, notRun: .systemDefault(unset: unset))
                findings.append(AssetFinding(.colorContrast(.systemDefault(pair: names, appearance: appearance, unset: unset)), severity: .info,
                                             asset: sets[0].name, file: file, location: pairPath))
            default:
                result(appearance, .notRun, notRun: .invalidValue)
            }
        }
        return (results, findings)
    }

    /// The entry the OS would use for `appearance`: the exact one, else without high contrast,
    /// else "any" (light and dark fall back to it, as UIKit does). Universal first, then iphone.
    static func resolve(_ asset: CatalogAsset, _ appearance: Appearance) -> ColorEntry? {
        var candidates = [appearance]
        if appearance.highContrast { candidates.append(Appearance(luminosity: appearance.luminosity)) }
        if appearance.luminosity != nil { candidates.append(Appearance(luminosity: nil, highContrast: appearance.highContrast)) }
        candidates.append(.any)
        for candidate in candidates {
            for idiom in ["universal", "iphone"] {
                let matches = asset.colors.filter { $0.idiom == idiom && $0.appearance == candidate }
                if let entry = matches.min(by: { $0.qualifiers.count < $1.qualifiers.count }) { return entry }
            }
        }
        return nil
    }
}
