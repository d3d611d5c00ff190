/// Pixel sizes across scales and the scales an image set needs when no requirement names it.
enum ImageSetRules {
    /// An @2x image is twice its @1x size and an @3x three times, to the nearest pixel where the
    /// size in points is fractional (judged against the image most others agree with); an app
    /// icon is its size in points × its scale; a required size in points fixes every scale.
    static func sizes(_ asset: CatalogAsset, pixels: (ImageEntry) -> (width: Int, height: Int)?,
                      requiredSize: (width: Double, height: Double)?) -> [AssetFinding] {
        var findings: [AssetFinding] = []
        func report(_ entry: ImageEntry, _ actual: (width: Int, height: Int), expected: (Double, Double), _ basis: SizeInconsistentRule.Measured.Basis) {
            let measured = SizeInconsistentRule.Measured(width: actual.width, height: actual.height, expectedWidth: expected.0,
                                                         expectedHeight: expected.1, slot: entry.slotDescription, basis: basis)
            findings.append(AssetFinding(.sizeInconsistent(measured), severity: .error, asset: asset.name, file: asset.path + "/" + (entry.filename ?? "")))
        }
        let measured = asset.images.compactMap { entry in pixels(entry).map { (entry: entry, size: $0) } }
        if asset.kind == .appicon {
            for (entry, size) in measured {
                guard let points = entry.size else { continue }
                let scale = Double(entry.scale ?? 1)
                let expected = (points.width * scale, points.height * scale)
                if Double(size.width) != expected.0 || Double(size.height) != expected.1 {
                    report(entry, size, expected: expected, .icon(width: points.width, height: points.height, scale: entry.scale ?? 1))
                }
            }
            return findings
        }
        if let required = requiredSize {
            for (entry, size) in measured {
                guard let scale = entry.scale else { continue }
                let expected = (required.width * Double(scale), required.height * Double(scale))
                if Double(size.width) != expected.0 || Double(size.height) != expected.1 {
                    report(entry, size, expected: expected, .required(width: required.width, height: required.height, scale: scale))
                }
            }
            return findings
        }
        let scaled = measured.filter { $0.entry.scale != nil }
        for variant in Dictionary(grouping: scaled, by: { $0.entry.variantKey }).keys.sorted() {
            let members = scaled.filter { $0.entry.variantKey == variant }.sorted { $0.entry.scale! < $1.entry.scale! }
            guard members.count > 1 else { continue }
            // A design at a fractional size in points rounds to the nearest pixel at each scale:
            // each image allows the sizes in points within half a pixel of its own, across and
            // down, and the images agree when some size in points is allowed by all of them.
            typealias Span = (low: Double, high: Double)
            func spans(_ member: (entry: ImageEntry, size: (width: Int, height: Int))) -> (Span, Span) {
                let scale = Double(member.entry.scale!)
                return (((Double(member.size.width) - 0.5) / scale, (Double(member.size.width) + 0.5) / scale),
                        ((Double(member.size.height) - 0.5) / scale, (Double(member.size.height) + 0.5) / scale))
            }
            func overlap(_ a: Span, _ b: Span) -> Bool { a.low <= b.high && b.low <= a.high }
            func agree(_ a: (Span, Span), _ b: (Span, Span)) -> Bool { overlap(a.0, b.0) && overlap(a.1, b.1) }
            // Images taken in order of how many others they agree with (ties: the smallest scale)
            // narrow the common size; one that leaves none is reported, so one wrong file is
            // reported, not the right ones around it, and no scale's rounding grows into another.
            let allowed = members.map(spans)
            let support = allowed.map { span in allowed.filter { agree($0, span) }.count }
            let order = members.indices.sorted { support[$0] != support[$1] ? support[$0] > support[$1] : $0 < $1 }
            var common = allowed[order[0]]
            let reference = members[order[0]]
            for index in order.dropFirst() {
                if agree(common, allowed[index]) {
                    common = ((max(common.0.low, allowed[index].0.low), min(common.0.high, allowed[index].0.high)),
                              (max(common.1.low, allowed[index].1.low), min(common.1.high, allowed[index].1.high)))
                    continue
                }
                let member = members[index]
                let factor = Double(member.entry.scale!) / Double(reference.entry.scale!)
                report(member.entry, member.size, expected: (Double(reference.size.width) * factor, Double(reference.size.height) * factor),
                       .otherScale(scale: reference.entry.scale!, width: reference.size.width, height: reference.size.height, at: member.entry.scale!))
            }
        }
        return findings
    }

    /// The platform a catalog is for, from the idioms its entries name besides `universal`: a
    /// catalog whose entries name only `mac` is a Mac app's, only watch idioms a watch app's, only
    /// `tv` a TV app's, only `vision` a visionOS app's; anything else (or nothing) is iOS. A
    /// single-size app icon's `platform` counts as its devices' idiom (`platformIdioms`).
    enum Platform: String {
        case iOS, macOS, watchOS, tvOS, visionOS

        /// Since Xcode 14 an app icon may be one 1024 × 1024 image, `"idiom" : "universal"` with the
        /// platform beside it: `"platform" : "watchos"` in a watch app's catalog
        /// (apple/sample-backyard-birds, `Watch/Assets.xcassets/AppIcon.appiconset`), `"ios"` in an
        /// iPhone app's. Without this, a watch catalog whose icon is of that form and whose images
        /// are `universal` read as iOS and were asked for @3x.
        static let platformIdioms = ["ios": "iphone", "watchos": "watch"]

        static func of(_ catalog: AssetCatalog) -> Platform {
            let entries = catalog.assets.flatMap(\.images)
            let platforms = entries.flatMap { $0.qualifiers.filter { $0.hasPrefix("platform=") } }
                .compactMap { platformIdioms[String($0.dropFirst("platform=".count))] }
            let idioms = Set(entries.map(\.idiom) + catalog.assets.flatMap { $0.colors.map(\.idiom) } + platforms).subtracting(["universal"])
            guard !idioms.isEmpty else { return .iOS }
            if idioms == ["mac"] { return .macOS }
            if idioms.isSubset(of: ["watch", "watch-marketing"]) { return .watchOS }
            if idioms.isSubset(of: ["tv", "tv-marketing"]) { return .tvOS }
            if idioms == ["vision"] { return .visionOS }
            return .iOS
        }
    }

    /// The scales an idiom needs by default (docs/checks/asset.scale-missing.md, "Scales per platform"): iPhone @2x and @3x
    /// (`scales`, the requirements' `defaultScales`), iPad @2x (no current iPad is @1x), Mac @1x and
    /// @2x, Apple Watch @2x, Apple TV @1x and @2x, Vision Pro @2x. A `universal` entry needs what its
    /// catalog's platform needs.
    static func neededScales(idiom: String, platform: Platform, scales: [Int]) -> (scales: [Int], device: String)? {
        switch idiom {
        case "iphone": return (scales, "iPhone")
        case "ipad": return ([2], "iPad")
        case "mac": return ([1, 2], "Mac")
        case "watch": return ([2], "Apple Watch")
        case "tv": return ([1, 2], "Apple TV")
        case "vision": return ([2], "Apple Vision Pro")
        case "universal":
            switch platform {
            case .iOS: return (scales, "iOS")
            case .macOS: return ([1, 2], "macOS")
            case .watchOS: return ([2], "watchOS")
            case .tvOS: return ([1, 2], "tvOS")
            case .visionOS: return ([2], "visionOS")
            }
        default: return nil
        }
    }

    /// Without a requirement, a raster image set needs the scales its idiom and platform need
    /// (`neededScales`), in every variant that has any image. A single-scale or vector-preserving
    /// set serves every scale from one file.
    static func defaultScales(_ asset: CatalogAsset, scales: [Int], platform: Platform = .iOS) -> [AssetFinding] {
        guard !asset.preservesVector else { return [] }
        let filled = asset.images.filter { $0.filename != nil }
        guard !filled.isEmpty else {
            return [AssetFinding(.scaleMissing(.noImages), severity: .warning, asset: asset.name, file: asset.contentsPath, location: "images")]
        }
        var findings: [AssetFinding] = []
        for variant in Set(filled.map(\.variantKey)).sorted() {
            let members = filled.filter { $0.variantKey == variant }
            guard let sample = members.first, let needed = neededScales(idiom: sample.idiom, platform: platform, scales: scales),
                  !members.contains(where: { $0.scale == nil }) else { continue }
            let present = members.compactMap(\.scale)
            for scale in needed.scales where !present.contains(scale) {
                var slot = sample
                slot.scale = scale
                // What the system does instead: scale a larger image down (softer, more memory)
                // or a smaller one up (it blurs).
                let instead: ScaleMissingRule.Measured.Substitute
                if let larger = present.filter({ $0 > scale }).min() {
                    instead = .scaledDown(from: larger)
                } else if let smaller = present.max() {
                    instead = .scaledUp(from: smaller)
                } else {
                    instead = .nothing
                }
                findings.append(AssetFinding(.scaleMissing(.byDefault(slot: slot.slotDescription, device: needed.device, needs: needed.scales, instead: instead)),
                                             severity: .warning, asset: asset.name, file: asset.contentsPath, location: "images"))
            }
        }
        return findings
    }
}
