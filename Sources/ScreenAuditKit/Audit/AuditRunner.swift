import Foundation
import Imaging

/// Audits screens: decode each screenshot, check its size, run the checks, apply the policy.
/// Screens run concurrently (at most `options.maxConcurrentScreens` decoded images in memory at
/// once); the report lists them in contract order whatever order they finish in.
public struct AuditRunner: Sendable {
    public var checks: [any AuditCheck]
    public var options: AuditOptions
    public var decoder: ImageDecoder
    /// The screenshot folders' listings, read once for a whole run by `audit` (nil: each screen
    /// lists its folders itself).
    var folderNames: FolderNamesCache?

    public init(checks: [any AuditCheck], options: AuditOptions, decoder: ImageDecoder = ImageDecoder()) {
        self.checks = checks
        self.options = options
        self.decoder = decoder
    }

    /// The pixel checks this release has, one per rule, configured from `options`
    /// (`text.unexposed` only where `options.detectsText`).
    public static func allChecks(_ options: AuditOptions) -> [any AuditCheck] {
        [
            TextContrastRule(level: options.level, largeTextRule: options.largeTextRule),
            TextSizeRule(minimumPointSize: options.minimumTextSize),
            TextClippedRule(),
            TextTruncatedRule(),
            NonTextContrastRule(),
            TargetSizeRule(profile: options.targetProfile),
            TargetSpacingRule(profile: options.targetProfile),
            ColorOnlyRule(),
            DesignPaletteRule(),
            DesignTypeRampRule(sizing: TextSizeRule(minimumPointSize: options.minimumTextSize)),
            DesignConsistencyRule(),
            TextScalesRule(sizing: TextSizeRule(minimumPointSize: options.minimumTextSize)),
            LayoutSafeAreaRule(),
            LayoutOverlapRule(),
            LabelMissingRule(),
            LabelUnclearRule(),
            LabelRedundantRule(),
            LabelDuplicateRule(),
            LabelTextMismatchRule(),
            LabelHintMissingRule(),
            OrderReadingRule(),
        ] + (options.detectsText ? [TextUnexposedRule()] : [])
    }

    /// The checks a run uses: all of them, less those `--checks` / `--skip-checks` leave out.
    public static func standardChecks(_ options: AuditOptions) -> [any AuditCheck] {
        allChecks(options).filter { options.runs(type(of: $0).descriptor.id) }
    }

    /// Descriptors of every rule, the screenshot rules included, in rule-id order.
    public static func descriptors(_ options: AuditOptions) -> [CheckDescriptor] {
        descriptors(options, hierarchies: false)
    }

    /// With `hierarchies`, the rules of screens made from UI hierarchy dumps as well.
    public static func descriptors(_ options: AuditOptions, hierarchies: Bool) -> [CheckDescriptor] {
        var screenRules = [ScreenshotUnreadableRule.descriptor, ScreenshotSizeMismatchRule.descriptor]
        if hierarchies { screenRules += [HierarchyMissingRule.descriptor, HierarchyUnreadableRule.descriptor] }
        return (allChecks(options).map { type(of: $0).descriptor } + screenRules).sorted { $0.id < $1.id }
    }

    /// What the run's checks need measured of each text element: the ink coverage only for
    /// `text.size` and `text.clipped`, the glyph geometry for `text.size`, `text.truncated` and
    /// `design.type-ramp`, and for `contrast.text` where the text's size is not declared.
    var textParts: TextAnalysis.Parts {
        let ids = Set(checks.map { type(of: $0).descriptor.id })
        var parts: TextAnalysis.Parts = []
        if ids.contains(RuleID.contrastText) || ids.contains(RuleID.designPalette) { parts.insert(.contrast) }
        if ids.contains(RuleID.contrastText) { parts.formUnion([.otherColors, .geometryWhereSizeUndeclared]) }
        if ids.contains(RuleID.textClipped) { parts.insert(.coverage) }
        if ids.contains(RuleID.textSize) || ids.contains(RuleID.designTypeRamp) || ids.contains(RuleID.textTruncated) {
            parts.formUnion([.coverage, .geometry])
        }
        return parts
    }

    /// `progress` is told (screens done, total) as each screen finishes. With `overlays`, each
    /// screen it selects hands its frame to `overlays.deliver` as soon as the screens before it
    /// are done (its first finding number is known then); a frame waiting for that counts as a
    /// screen in flight, so at most `maxConcurrentScreens` frames are ever held.
    /// `wholeRun`: every screen of the run when `screens` is one shard of it (checks that compare
    /// screens with each other look at all of them).
    public func audit(_ screens: [LoadedScreen], screenshotsRoot: String, provenance: ProvenanceDocument?,
                      overlays: OverlayRequest? = nil, wholeRun: [LoadedScreen]? = nil,
                      progress: (@Sendable (Int, Int) -> Void)? = nil) async -> AuditReport {
        let policy = Policy(today: options.today, provenance: provenance, fileWaivers: options.waivers?.byFingerprint ?? [:])
        let run = (wholeRun ?? screens).map(\.contract)
        var preparing = AuditRunner(checks: checks.map { $0.preparing(for: run) }, options: options, decoder: decoder)
        preparing.folderNames = FolderNamesCache()
        let prepared = await preparing.sampling(wholeRun ?? screens, root: screenshotsRoot)
        var reports = [ScreenReport?](repeating: nil, count: screens.count)
        // Frames travel boxed (`FrameHandOff`): the loop below never holds the pixels.
        enum Work: Sendable {
            case screen(Int, ScreenReport, FrameHandOff?)
            case overlay
        }
        await withTaskGroup(of: Work.self) { group in
            var next = 0, inFlight = 0, done = 0
            var held: [Int: FrameHandOff] = [:]
            var numbered = 0, numbers = FindingNumbers()
            func fill() {
                while next < screens.count, inFlight < max(1, options.maxConcurrentScreens) {
                    let index = next
                    let screen = screens[index]
                    group.addTask {
                        let (report, frame) = prepared.auditScreen(screen, root: screenshotsRoot, policy: policy,
                                                                   keepingFrameFor: overlays)
                        return .screen(index, report, frame.map { FrameHandOff($0) })
                    }
                    next += 1
                    inFlight += 1
                }
            }
            fill()
            while let work = await group.next() {
                inFlight -= 1
                if case let .screen(index, report, frame) = work {
                    reports[index] = report
                    done += 1
                    progress?(done, screens.count)
                    if let frame {
                        held[index] = frame
                        inFlight += 1
                    }
                    // Number the finished screens in order, as `AuditReport.firstFindingNumbers`
                    // does; a held frame becomes an overlay task.
                    while numbered < screens.count, let finished = reports[numbered] {
                        let first = numbers.first(of: finished.findings.count)
                        if let overlays, let handOff = held.removeValue(forKey: numbered) {
                            let scale = screens[numbered].contract.device.scale
                            group.addTask {
                                overlays.deliver(finished, handOff.take(), first, scale)
                                return .overlay
                            }
                        }
                        numbered += 1
                    }
                }
                fill()
            }
        }
        let finished = Variants.markingFindingsOnlyAtLargerSizes(reports.compactMap { $0 })
        return AuditReport(
            schemaVersion: AuditReport.currentSchemaVersion,
            tool: .init(name: ScreenAuditKit.toolName, version: ScreenAuditKit.version),
            settings: .init(level: options.level.rawValue, largeTextRule: options.largeTextRule.summary,
                            failOn: options.failOn.rawValue),
            summary: summarize(finished),
            screens: finished, baseline: nil)
    }

    /// The runner with its checks shown the pixels they compare across screens: each screen of
    /// `run` that a check samples is decoded once more, before the audit (a few at a time, as the
    /// audit goes), and only the samples are kept. A screen that cannot be decoded, or is not the
    /// contract's size, gives no sample (the audit reports it). Nothing is decoded when no check
    /// samples a screen (no contract declares `design`).
    func sampling(_ run: [LoadedScreen], root: String) async -> AuditRunner {
        let wanted = run.enumerated().filter { _, screen in
            screen.problem == nil && !screen.detectsText && checks.contains { $0.samples(screen.contract) }
        }
        guard !wanted.isEmpty else { return self }
        let samples = await boundedMap(wanted.map(\.element), width: options.maxConcurrentScreens) { _, screen in
            self.samples(of: screen, root: root)
        }
        var sampled = checks
        for (position, check) in checks.enumerated() {
            if wanted.contains(where: { check.samples($0.element.contract) }) {
                sampled[position] = check.sampled(samples.map { $0[position] })
            }
        }
        var runner = AuditRunner(checks: sampled, options: options, decoder: decoder)
        runner.folderNames = folderNames
        return runner
    }

    /// One sample per check (empty for a check that does not sample the screen), in check order.
    func samples(of loaded: LoadedScreen, root: String) -> [ScreenSample] {
        let screen = loaded.contract
        let path = (root as NSString).appendingPathComponent(screen.screenshot)
        guard let image = try? decodeScreenshot(screen, path: path, root: root), Self.fits(image, screen) else {
            return checks.map { _ in ScreenSample(screen: screen.id) }
        }
        let context = ScreenContext(screen: ElementGeometry.judge(screen, checks: checks).screen, image: image.pixels, textParts: [])
        return checks.map { $0.samples(screen) ? $0.sample(context) : ScreenSample(screen: screen.id) }
    }

    /// One screen, start to finish. Never throws: every failure becomes a finding on the screen.
    public func auditScreen(_ loaded: LoadedScreen, root: String, policy: Policy) -> ScreenReport {
        auditScreen(loaded, root: root, policy: policy, keepingFrameFor: nil).report
    }

    /// One screen, and its decoded frame when `overlays` wants one of it.
    func auditScreen(_ loaded: LoadedScreen, root: String, policy: Policy,
                     keepingFrameFor overlays: OverlayRequest?) -> (report: ScreenReport, frame: PixelBuffer?) {
        var screen = loaded.contract
        let path = (root as NSString).appendingPathComponent(screen.screenshot)
        var report = ScreenReport(id: screen.id, screenshot: screen.screenshot, contract: loaded.source,
                                  status: .audited, notes: [], findings: [], checked: [])
        report.hierarchy = loaded.hierarchy
        report.contentSize = screen.contentSize?.name
        report.variantOf = screen.variantOf
        if loaded.detectsText { report.elementsFrom = "pixels" }
        let results: [CheckResult]
        var frame: PixelBuffer?
        switch loaded.problem {
        case let .hierarchyMissing(missing, reason)?:
            report.status = .hierarchyMissing
            report.notes = loaded.notes
            results = [CheckResult(rule: RuleID.hierarchyMissing, element: nil, status: .fail, severity: .error,
                                   measured: .hierarchyMissing(.init(missing: missing)), reason: reason)]
        case let .hierarchyUnreadable(format, reason)?:
            report.status = .hierarchyUnreadable
            report.notes = loaded.notes
            results = [CheckResult(rule: RuleID.hierarchyUnreadable, element: nil, status: .fail, severity: .error,
                                   measured: .hierarchyUnreadable(.init(format: format)), reason: reason)]
        case nil:
            results = checkScreenshot(loaded, path: path, root: root, screen: &screen, report: &report, frame: &frame)
        }
        let order = Dictionary(uniqueKeysWithValues: screen.elements.enumerated().map { ($1.id, $0) })
        let severities = options.severities
        let judged = severities.isEmpty ? results : results.map { result in
            var raised = result
            if result.status == .fail, let severity = severities[result.rule] { raised.severity = severity }
            return raised
        }
        // In the contract's element order (results on no element first), then by rule; each
        // result's place looked up once, not at every comparison.
        let places = judged.map { $0.element.flatMap { order[$0] } ?? -1 }
        let sorted = judged.indices.sorted { a, b in
            places[a] != places[b] ? places[a] < places[b] : judged[a].rule < judged[b].rule
        }.map { judged[$0] }
        report.findings = policy.findings(for: sorted, screen: screen)
        report.checked = sorted.map {
            CheckedEntry(rule: $0.rule, element: $0.element, status: $0.status, measured: $0.measured,
                         threshold: $0.threshold, reason: $0.reason, frame: $0.frame)
        }
        return (report, overlays?.wants(report) == true ? frame : nil)
    }

    /// Decodes the screen's screenshot and runs the checks on it; a screenshot that cannot be
    /// used is one result on the screen (and its status). A screen that `detectsText` gets its
    /// elements from the pixels here.
    func checkScreenshot(_ loaded: LoadedScreen, path: String, root: String, screen: inout ScreenContract,
                         report: inout ScreenReport, frame: inout PixelBuffer?) -> [CheckResult] {
        do {
            let image = try decodeScreenshot(screen, path: path, root: root)
            report.notes = image.notes + loaded.notes
            if !Self.fits(image, screen) {
                report.status = .sizeMismatch
                return [CheckResult(
                    rule: RuleID.screenshotSizeMismatch, element: nil, status: .fail, severity: .error,
                    measured: .screenshotSizeMismatch(.init(actualWidth: image.pixels.width, actualHeight: image.pixels.height,
                                                            expectedWidth: screen.device.pixelWidth,
                                                            expectedHeight: screen.device.pixelHeight)))]
            }
            if loaded.detectsText {
                let scale = screen.device.scale
                var detection = TextDetector(scale: scale).detect(in: image.pixels)
                if loaded.statusBarHeight > 0 {
                    let top = Int((loaded.statusBarHeight * scale).rounded())
                    detection.lines.removeAll { $0.glyphs.maxY <= top }
                    report.notes.append("the top \(Words.number(loaded.statusBarHeight)) pt hold the system's status bar: lines of text there are not the app's and are left out")
                }
                screen.elements = detection.elements(scale: scale)
                if loaded.framed {
                    // The screen is drawn scaled inside a device frame: its text's size in points
                    // cannot be read, and where a tab bar stands is not the screen's bottom.
                    let reason = "a framed marketing image (NAME_framed, as fastlane frameit writes them): the screen is drawn scaled inside a device frame, so the text's size in points cannot be read from it; audit the screenshot it was made from"
                    for index in screen.elements.indices {
                        screen.elements[index].checks = CheckOverrides(disable: [RuleID.textSize: reason])
                    }
                    report.notes.append("a framed marketing image (named NAME_framed, as fastlane frameit writes them): colours are judged, text sizes are not")
                }
                let tabLabels = loaded.framed ? [] : TabBarLabels.find(detection.lines, in: image.pixels, scale: scale)
                for index in tabLabels {
                    screen.elements[index].checks = CheckOverrides(minimumTextSize: TabBarLabels.labelPointSize)
                }
                // A line reaching into the bar, other than its labels, scrolled under it: the bar
                // hides part of it.
                if let top = TabBarLabels.barTop(detection.lines, labels: tabLabels, scale: scale) {
                    for (index, line) in detection.lines.enumerated() where !tabLabels.contains(index) && Double(line.glyphs.maxY) > top {
                        screen.elements[index].checks = CheckOverrides(disable: Dictionary(uniqueKeysWithValues: HierarchyImporter.visibilityRules.map {
                            ($0, "covered: it runs under the tab bar along the bottom, which hides part of it")
                        }))
                    }
                }
                if !tabLabels.isEmpty {
                    report.notes.append("a tab bar of \(tabLabels.count) items along the bottom (labels under icons, evenly spaced): its labels are held to the \(Words.number(TabBarLabels.labelPointSize)) pt iOS draws them at, not the app's minimum")
                }
                if let reason = detection.unsearched {
                    report.notes.append("no text was searched for: \(reason)")
                } else if detection.lines.isEmpty {
                    report.notes.append("no line of text was found in the pixels: nothing on this screen was judged")
                }
            }
            // A window the dump does not list (a system sheet and its scrim) hides the app's pixels.
            if screen.framesFrom == ScreenContract.framesFromHierarchy, let note = UnlistedWindow.apply(to: &screen, image: image.pixels) {
                report.notes.append(note)
            }
            // Each element's frame is judged on its own: clipped to the screen, or not run.
            let judged = ElementGeometry.judge(screen, checks: checks)
            report.notes += judged.notes
            let context = ScreenContext(screen: judged.screen, image: image.pixels, textParts: textParts)
            frame = image.pixels
            let results = (checks.flatMap { $0.run(context) } + judged.notRun).map { Self.applyingDisabledRules($0, on: screen) }
            if context.fromDump, let reason = Self.dumpMismatch(context) {
                report.status = .hierarchyUnreadable
                return [CheckResult(rule: RuleID.hierarchyUnreadable, element: nil, status: .fail, severity: .error,
                                    measured: .hierarchyUnreadable(.init(format: loaded.hierarchy?.format ?? ScreenContract.framesFromHierarchy)),
                                    reason: "\(loaded.source): \(reason)")]
            }
            return results
        } catch {
            report.status = .unreadable
            report.notes = loaded.notes
            let category: String, detail: String
            switch error {
            case let ImagingError.decodeFailed(_, failure, message): (category, detail) = (failure.rawValue, message)
            case let AuditError.screenshotRefused(_, reason): (category, detail) = (DecodeFailure.unreadable.rawValue, reason)
            default: (category, detail) = (DecodeFailure.unreadable.rawValue, "\(error)")
            }
            return [CheckResult(rule: RuleID.screenshotUnreadable, element: nil, status: .fail, severity: .error,
                                measured: .screenshotUnreadable(.init(category: category)), reason: "\(category): \(detail)")]
        }
    }

    /// The screen's screenshot, decoded once it is known to lie inside the screenshots root.
    func decodeScreenshot(_ screen: ScreenContract, path: String, root: String) throws -> DecodedImage {
        try Self.requireInside(root: root, path: path, relative: screen.screenshot)
        try Self.requireExactName(root: root, relative: screen.screenshot, names: folderNames.map { cache in cache.names(in:) } ?? FilePaths.FolderNames.list)
        return try decoder.decodeFile(atPath: path)
    }

    /// A screenshot named in another case than on disk is not read on any system: a
    /// case-insensitive disk (macOS) would open it and a case-sensitive one (Linux) would not,
    /// and a suite gives one report on both.
    static func requireExactName(root: String, relative: String,
                                 names: (String) -> FilePaths.FolderNames? = FilePaths.FolderNames.list) throws {
        guard let (named, present) = FilePaths.caseDifference(of: relative, under: root, names: names) else { return }
        throw AuditError.screenshotRefused(
            file: relative,
            reason: "no file named '\(named)'; '\(present)' \(FilePaths.difference(between: named, and: present)) (a case-insensitive disk would open it, a case-sensitive one would not): name it as on disk")
    }

    /// Whether the decoded screenshot has the contract's pixel size (within a pixel either way).
    static func fits(_ image: DecodedImage, _ screen: ScreenContract) -> Bool {
        abs(image.pixels.width - screen.device.pixelWidth) <= 1 && abs(image.pixels.height - screen.device.pixelHeight) <= 1
    }

    /// The screenshot must resolve inside the screenshots root, symbolic links included: a link
    /// that points elsewhere is refused for that screen (the contract's path is already checked
    /// for `..` and absolute paths when it is loaded).
    static func requireInside(root: String, path: String, relative: String) throws {
        let resolvedRoot = FilePaths.resolved(root)
        let resolved = FilePaths.resolved(path)
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        guard resolved.hasPrefix(prefix) else {
            throw AuditError.screenshotRefused(file: relative, reason: "resolves outside the screenshots folder (a symbolic link?); refused")
        }
    }

    /// Why a dump and its screenshot show two different moments, or nil. Text in a frame the
    /// app laid out fits it; when many texts run into the top or bottom of their frames, the
    /// frames are not where the pixels are (captured while the screen scrolled, or an app opened
    /// over the launcher), and every finding would be about the wrong pixels.
    static func dumpMismatch(_ context: ScreenContext) -> String? {
        var measured = 0
        var cut: [String] = []
        for element in context.screen.elements where context.screen.overrides(for: element).disabledReason(for: RuleID.textClipped) == nil {
            guard let text = context.text(of: element),
                  case let .measured(edges) = context.textAnalysis(for: element, needing: .coverage).frameEdgeInk else { continue }
            measured += 1
            if edges.cutEdges(rightToLeft: TextClippedRule.isRightToLeft(text.content)).contains(where: { $0 == .top || $0 == .bottom }) {
                cut.append(element.id)
            }
        }
        guard cut.count >= 3, 10 * cut.count >= 3 * measured else { return nil }
        let named = cut.prefix(4).joined(separator: ", ") + (cut.count > 4 ? ", …" : "")
        return "the dump does not match the screenshot: \(cut.count) of \(measured) texts run into the top or bottom of their frames (\(named)); the screen moved between the two captures (an animation, a scroll, an app opening): capture the dump and the screenshot of a still screen"
    }

    /// A rule the contract switches off for an element (or the screen) is reported as not run,
    /// with the contract's reason.
    static func applyingDisabledRules(_ result: CheckResult, on screen: ScreenContract) -> CheckResult {
        let overrides = result.element.flatMap { screen.element($0) }.map { screen.overrides(for: $0) } ?? screen.checks
        guard let reason = overrides?.disabledReason(for: result.rule) else { return result }
        var disabled = result
        disabled.status = .notRun
        // The import's own reasons (inactive, covered, cut) say where they come from.
        disabled.reason = HierarchyImporter.isImportReason(reason) ? reason : "disabled by the contract: \(reason)"
        return disabled
    }

    func summarize(_ screens: [ScreenReport]) -> AuditReport.Summary {
        AuditReport.Summary(screens: screens, failOn: options.failOn)
    }
}
