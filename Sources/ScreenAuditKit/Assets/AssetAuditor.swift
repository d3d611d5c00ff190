import ColorScience
import Foundation
import Imaging

/// Run-wide settings of an asset catalog audit.
public struct AssetAuditOptions: Sendable {
    /// Placeholder art is an error, not a warning.
    public var release: Bool
    public var failOn: FailThreshold
    public var catalogLimits: AssetCatalogLimits
    public var decodeLimits: DecodeLimits
    /// Keep a thumbnail of every decoded image, fitted within this many pixels, and each colour
    /// set's values, for the review page (`AssetAudit.previews`); nil keeps none.
    public var previewSide: Int?

    public init(release: Bool = false, failOn: FailThreshold = .error, catalogLimits: AssetCatalogLimits = AssetCatalogLimits(),
                decodeLimits: DecodeLimits = .default, previewSide: Int? = nil) {
        self.release = release
        self.failOn = failOn
        self.catalogLimits = catalogLimits
        self.decodeLimits = decodeLimits
        self.previewSide = previewSide
    }
}

/// Validates an asset catalog against Xcode's format, the requirements and the provenance
/// policy. Images are decoded with the same decoders as the screen audit, one at a time.
public struct AssetAuditor: Sendable {
    public var options: AssetAuditOptions

    public init(options: AssetAuditOptions = AssetAuditOptions()) { self.options = options }

    /// The files the report names beside the catalog: shown as given (their last component).
    public struct Inputs: Sendable {
        public var catalogPath: String
        public var requirements: AssetRequirements?
        public var requirementsFile: String?
        public var provenance: ProvenanceDocument?
        public var provenanceFile: String?

        public init(catalogPath: String, requirements: AssetRequirements? = nil, requirementsFile: String? = nil,
                    provenance: ProvenanceDocument? = nil, provenanceFile: String? = nil) {
            self.catalogPath = catalogPath
            self.requirements = requirements
            self.requirementsFile = requirementsFile
            self.provenance = provenance
            self.provenanceFile = provenanceFile
        }
    }

    /// Throws `AuditError.invalidInput` only when the catalog path is not a catalog.
    public func audit(_ inputs: Inputs) throws -> AssetReport { try run(inputs).report }

    /// The report and, when `options.previewSide` is set, what the review page shows of the
    /// assets. Each image is still decoded once. Throws as `audit` does.
    public func run(_ inputs: Inputs) throws -> AssetAudit {
        let read = try AssetCatalogReader(limits: options.catalogLimits).read(path: inputs.catalogPath)
        let catalog = read.catalog
        let parent = URL(fileURLWithPath: inputs.catalogPath).standardizedFileURL.deletingLastPathComponent().path
        var findings = read.findings
        var notes: [String] = []

        var pixelSizes: [String: (width: Int, height: Int)] = [:]
        var undecoded = 0
        // A file is inspected once, however many entries name it: its findings are its own.
        var inspected: [String: (width: Int, height: Int)?] = [:]
        var previews = AssetPreviews()
        for asset in catalog.assets where asset.kind == .image || asset.kind == .appicon {
            for entry in asset.images {
                guard let file = entry.filename else { continue }
                let relative = asset.path + "/" + file
                if inspected[relative] == nil {
                    let outcome = inspectImage(at: (parent as NSString).appendingPathComponent(relative), relative: relative, asset: asset.name)
                    findings += outcome.findings
                    if outcome.skipped { undecoded += 1 }
                    inspected[relative] = .some(outcome.size)
                    if let thumbnail = outcome.thumbnail { previews.images[relative] = thumbnail }
                }
                if let size = inspected[relative] ?? nil { pixelSizes["\(asset.path)#\(entry.index)"] = size }
            }
        }
        if undecoded > 0 {
            notes.append("\(undecoded) image \(undecoded == 1 ? "file is" : "files are") not PNG or JPEG (PDF, SVG, HEIC): present and referenced, but not decoded or measured.")
        }

        let requirements = inputs.requirements
        let platform = ImageSetRules.Platform.of(catalog)
        let requirementsFile = inputs.requirementsFile.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "requirements"
        for asset in catalog.assets where asset.contentsReadable {
            let requirement = requirements?.requirement(named: asset.name)
            findings += ImageSetRules.sizes(asset, pixels: { pixelSizes["\(asset.path)#\($0.index)"] }, requiredSize: requirement?.size)
            // Inside a container the role decides the scales (a tvOS App Store icon's layers are
            // @1x alone), which the default scales do not know: only sizes are judged there.
            if requirement == nil, asset.kind == .image, asset.container == nil {
                findings += ImageSetRules.defaultScales(asset, scales: requirements?.defaultScales ?? AssetRequirements.builtInDefaultScales,
                                                        platform: platform)
            }
        }
        if let requirements {
            for requirement in requirements.assets {
                findings += RequirementRules.check(requirement, in: catalog, file: requirementsFile)
            }
        } else {
            notes.append("No requirements given: only the catalog's own consistency and the default scales (\(AssetRequirements.builtInDefaultScales.map { "@\($0)x" }.joined(separator: ", "))) were checked.")
        }

        var provenanceSummaries: [String: String] = [:]
        if let provenance = inputs.provenance {
            let required = requirements?.assets.map(\.name) ?? []
            let outcome = ProvenancePolicy(release: options.release).check(catalog: catalog, required: required, provenance: provenance,
                                                                           file: inputs.provenanceFile.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "provenance")
            findings += outcome.findings
            provenanceSummaries = outcome.summaries
        } else {
            notes.append("Provenance was not checked: give a provenance file to require an entry for every asset.")
        }

        var pairs: [ColorPairResult] = []
        for pair in requirements?.colorPairs ?? [] {
            let outcome = ColorPairRules.check(pair, in: catalog, file: requirementsFile)
            pairs += outcome.results
            findings += outcome.findings
        }

        findings.sort(by: AssetFinding.ordered)
        let required = Set(requirements?.assets.map(\.name) ?? [])
        let assets = catalog.assets.map { asset in
            AssetSummary(name: asset.name, kind: asset.kind, path: asset.path, files: asset.images.filter { $0.filename != nil }.count,
                         provenance: provenanceSummaries[asset.name], required: required.contains(asset.name))
        }
        let summary = AssetReport.Summary(
            assets: catalog.assets.count,
            errors: findings.filter { $0.severity == .error }.count,
            warnings: findings.filter { $0.severity == .warning }.count,
            infos: findings.filter { $0.severity == .info }.count,
            requirementsChecked: requirements != nil, provenanceChecked: inputs.provenance != nil,
            gateFailed: findings.contains { options.failOn.gates($0.severity) })
        if options.previewSide != nil {
            for asset in catalog.assets where asset.kind == .color {
                previews.colors[asset.name] = asset.colors.map(AssetPreviews.ColorSwatch.init)
            }
        }
        let report = AssetReport(
            schemaVersion: AssetReport.currentSchemaVersion,
            tool: AuditReport.ToolInfo(name: ScreenAuditKit.toolName, version: ScreenAuditKit.version),
            settings: AssetReport.Settings(catalog: catalog.name, requirements: inputs.requirementsFile.map { URL(fileURLWithPath: $0).lastPathComponent },
                                           provenance: inputs.provenanceFile.map { URL(fileURLWithPath: $0).lastPathComponent },
                                           release: options.release, failOn: options.failOn.rawValue),
            summary: summary, notes: notes, assets: assets, colorPairs: pairs, findings: findings)
        return AssetAudit(report: report, previews: previews)
    }

    /// What decoding one image file told: its pixel size (nil when it cannot be used), the
    /// findings about it, whether it is a format nothing here decodes, and its thumbnail when
    /// previews are kept.
    struct ImageInspection {
        var size: (width: Int, height: Int)?
        var findings: [AssetFinding]
        var skipped: Bool
        var thumbnail: PixelBuffer?
    }

    /// Decodes one image file: its pixel size, or why it cannot be used.
    func inspectImage(at path: String, relative: String, asset: String) -> ImageInspection {
        let ext = (path as NSString).pathExtension.lowercased()
        let named: ImageFormat? = ["png": .png, "jpg": .jpeg, "jpeg": .jpeg][ext]
        // Only a name the folder lists exactly: a case-insensitive disk opens `Icon.png` for
        // `icon.png`, a case-sensitive one does not (the reader reports the difference), and a
        // catalog gives one report on both.
        guard FileManager.default.fileExists(atPath: path),
              FilePaths.caseDifference(of: (path as NSString).lastPathComponent, under: (path as NSString).deletingLastPathComponent) == nil
        else { return ImageInspection(findings: [], skipped: false) }
        var head = Data()
        if let handle = FileHandle(forReadingAtPath: path) {
            head = (try? handle.read(upToCount: 16)) ?? Data()
            try? handle.close()
        }
        let actual = ImageFormat.detect(head)
        guard let named else {
            // PDF, SVG, HEIC: Xcode's to handle; nothing here decodes them.
            return ImageInspection(findings: [], skipped: true)
        }
        var findings: [AssetFinding] = []
        if let actual, actual != named {
            findings.append(AssetFinding(.formatMismatch(.init(format: actual.rawValue, fileExtension: ext, named: named, decodable: true)),
                                         severity: .error, asset: asset, file: relative))
        }
        // WebP, HEIC and the like behind a PNG or JPEG name: a format mismatch, not an unreadable
        // image; its pixels are not measured here.
        if actual == nil, let other = ImageFormat.otherFormatName(head) {
            findings.append(AssetFinding(.formatMismatch(.init(format: other, fileExtension: ext, named: named, decodable: false)),
                                         severity: .error, asset: asset, file: relative))
            return ImageInspection(findings: findings, skipped: true)
        }
        do {
            let image = try ImageDecoder(limits: options.decodeLimits).decodeFile(atPath: path)
            return ImageInspection(size: (image.pixels.width, image.pixels.height), findings: findings, skipped: false,
                                   thumbnail: options.previewSide.map { image.pixels.thumbnail(side: $0) })
        } catch let ImagingError.decodeFailed(_, category, detail) {
            findings.append(AssetFinding(.imageUnreadable(.decodeFailed(category, detail: detail)), severity: .error, asset: asset, file: relative))
        } catch {
            findings.append(AssetFinding(.imageUnreadable(.other("\(error)")), severity: .error, asset: asset, file: relative))
        }
        return ImageInspection(findings: findings, skipped: false)
    }
}

/// An asset audit's report with what its review page shows of the assets.
public struct AssetAudit: Sendable {
    public var report: AssetReport
    public var previews: AssetPreviews
}

/// What the review page shows of a catalog beside its findings: never part of report.json.
public struct AssetPreviews: Equatable, Sendable {
    /// The side the CLI fits thumbnails within, in pixels.
    public static let defaultSide = 96

    /// Each decoded image file's thumbnail, by its path relative to the catalog's parent (the
    /// path findings name).
    public var images: [String: PixelBuffer] = [:]
    /// Each colour set's entries in catalog order, by asset name.
    public var colors: [String: [ColorSwatch]] = [:]

    public init() {}

    /// One colour-set entry as the page shows it.
    public struct ColorSwatch: Equatable, Sendable {
        /// "any", "dark", "ipad, dark+high-contrast".
        public var slot: String
        /// "#1B162E", "#1B162E 50%", "system colour systemBlueColor", "system default" or "invalid".
        public var value: String

        public init(slot: String, value: String) {
            self.slot = slot
            self.value = value
        }

        init(_ entry: ColorEntry) {
            var slot = entry.appearance.description
            if entry.idiom != "universal" { slot = entry.idiom + ", " + slot }
            if !entry.qualifiers.isEmpty { slot += ", " + entry.qualifiers.joined(separator: ", ") }
            switch entry.value {
            case let .components(color)?: value = color.hex
            case let .system(name)?: value = "system colour \(name)"
            case .systemDefault?: value = "system default"
            case nil: value = "invalid"
            }
            self.slot = slot
        }
    }
}
