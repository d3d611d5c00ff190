/// Pixel sizes across scales and the scales an image set needs when no requirement names it.
enum ImageSetRules {
    /// An @2x image is exactly twice its @1x size and an @3x three times (judged against the
    /// smallest scale present); an app icon is its size in points × its scale; a required size
    /// in points fixes every scale.
    static func sizes(_ asset: CatalogAsset, pixels: (ImageEntry) -> (width: Int, height: Int)?,
                      requiredSize: (width: Double, height: Double)?) -> [AssetFinding] {
        var findings: [AssetFinding] = []
        func report(_ entry: ImageEntry, _ actual: (width: Int, height: Int), expected: (Double, Double), _ why: String) {
            findings.append(AssetFinding(
                rule: AssetRule.sizeInconsistent, severity: .error, asset: asset.name, file: asset.path + "/" + (entry.filename ?? ""),
                message: "\(entry.slotDescription) is \(actual.width)×\(actual.height) px; \(why) it must be \(format(expected.0))×\(format(expected.1)) px",
                measured: .pixelSize(width: actual.width, height: actual.height, expectedWidth: expected.0, expectedHeight: expected.1)))
        }
        let measured = asset.images.compactMap { entry in pixels(entry).map { (entry: entry, size: $0) } }
        if asset.kind == .appicon {
            for (entry, size) in measured {
                guard let points = entry.size else { continue }
                let scale = Double(entry.scale ?? 1)
                let expected = (points.width * scale, points.height * scale)
                if Double(size.width) != expected.0 || Double(size.height) != expected.1 {
                    report(entry, size, expected: expected, "as a \(ImageEntry.format(points.width))x\(ImageEntry.format(points.height)) pt icon at @\(entry.scale ?? 1)x")
                }
            }
            return findings
        }
        if let required = requiredSize {
            for (entry, size) in measured {
                guard let scale = entry.scale else { continue }
                let expected = (required.width * Double(scale), required.height * Double(scale))
                if Double(size.width) != expected.0 || Double(size.height) != expected.1 {
                    report(entry, size, expected: expected,
                           "the requirements give \(format(required.width))×\(format(required.height)) pt, so at @\(scale)x")
                }
            }
            return findings
        }
        let scaled = measured.filter { $0.entry.scale != nil }
        for variant in Dictionary(grouping: scaled, by: { $0.entry.variantKey }).keys.sorted() {
            let members = scaled.filter { $0.entry.variantKey == variant }.sorted { $0.entry.scale! < $1.entry.scale! }
            guard let base = members.first, let baseScale = base.entry.scale else { continue }
            for (entry, size) in members.dropFirst() {
                let scale = entry.scale!
                if size.width * baseScale != base.size.width * scale || size.height * baseScale != base.size.height * scale {
                    let factor = Double(scale) / Double(baseScale)
                    report(entry, size, expected: (Double(base.size.width) * factor, Double(base.size.height) * factor),
                           "the @\(baseScale)x image is \(base.size.width)×\(base.size.height) px, so at @\(scale)x")
                }
            }
        }
        return findings
    }

    /// Without a requirement, a raster image set needs `scales` for the universal and iphone
    /// idioms and @2x for ipad, in every variant that has any image. A single-scale or
    /// vector-preserving set serves every scale from one file.
    static func defaultScales(_ asset: CatalogAsset, scales: [Int]) -> [AssetFinding] {
        guard !asset.preservesVector else { return [] }
        let filled = asset.images.filter { $0.filename != nil }
        guard !filled.isEmpty else {
            return [AssetFinding(rule: AssetRule.scaleMissing, severity: .warning, asset: asset.name, file: asset.contentsPath,
                                 location: "images", message: "the image set has no images")]
        }
        var findings: [AssetFinding] = []
        for variant in Set(filled.map(\.variantKey)).sorted() {
            let members = filled.filter { $0.variantKey == variant }
            guard let sample = members.first, ["universal", "iphone", "ipad"].contains(sample.idiom),
                  !members.contains(where: { $0.scale == nil }) else { continue }
            let needed = sample.idiom == "ipad" ? [2] : scales
            for scale in needed where !members.contains(where: { $0.scale == scale }) {
                var slot = sample
                slot.scale = scale
                findings.append(AssetFinding(
                    rule: AssetRule.scaleMissing, severity: .warning, asset: asset.name, file: asset.contentsPath, location: "images",
                    message: "no image for \(slot.slotDescription) (by default \(sample.idiom) needs \(needed.map { "@\($0)x" }.joined(separator: " and ")); iOS scales another one and it blurs)"))
            }
        }
        return findings
    }

    static func format(_ value: Double) -> String { ImageEntry.format(value) }
}
