import Foundation
import Imaging

/// Pairs every screenshot `REL/NAME.png|.jpg` under a screenshots folder with its dump
/// `REL/NAME.txt` (XCUITest) or `REL/NAME.xml` (uiautomator) under a hierarchies folder, and
/// makes each pair a screen to audit (id `REL/NAME`). A screenshot without a dump, a dump
/// without a screenshot and a dump that cannot be used are screens too, carrying the problem:
/// never a crash, never dropped.
public struct HierarchyScreenLoader: Sendable {
    /// nil recognises each dump's format from its content.
    public var format: HierarchyFormat?
    public var importer: HierarchyImporter
    public var limits: HierarchyLimits
    /// Screens in one run at most.
    public var maxScreens: Int
    /// Reads the screenshots' headers (their pixel size) without decoding them.
    public var decoder: ImageDecoder

    public init(format: HierarchyFormat? = nil, importer: HierarchyImporter = HierarchyImporter(), limits: HierarchyLimits = HierarchyLimits(),
                maxScreens: Int = 10_000, decoder: ImageDecoder = ImageDecoder()) {
        self.format = format
        self.importer = importer
        self.limits = limits
        self.maxScreens = maxScreens
        self.decoder = decoder
    }

    static let screenshotExtensions = ["png", "jpg", "jpeg"]
    static let dumpExtensions = ["txt", "xml"]

    /// The screens of `screenshots` and `hierarchies`, in screen id order. Throws only when a
    /// folder cannot be listed or holds more screens than `maxScreens`.
    public func load(screenshots: String, hierarchies: String) throws(AuditError) -> [LoadedScreen] {
        let shots = try Self.files(in: screenshots, extensions: Self.screenshotExtensions, what: "screenshots")
        let dumps = try Self.files(in: hierarchies, extensions: Self.dumpExtensions, what: "hierarchies")
        let keys = Set(shots.keys).union(dumps.keys).sorted()
        guard keys.count <= maxScreens else {
            throw AuditError.invalidInput([InputIssue(
                file: screenshots, location: "",
                message: "\(keys.count) screens, more than the \(maxScreens) one run may audit (the screens limit: raise it, or split the run)",
                limit: .screens)])
        }
        // Only screens with a screenshot write files (an overlay); a screenshot and a dump whose
        // names differ in case are a missing pair, said so on each side.
        let collisions = ScreenFileNames.collisions(keys.compactMap { key in
            shots[key]?.first.map { ScreenFileNames.Declared(id: key, file: (screenshots as NSString).appendingPathComponent($0), location: "") }
        })
        guard collisions.isEmpty else { throw AuditError.invalidInput(collisions) }
        var folded: [String: [String]] = [:]
        for key in keys { folded[FilePaths.folded(key), default: []].append(key) }
        return keys.map { key in
            var screen = screen(key, shots: shots[key] ?? [], dumps: dumps[key] ?? [], screenshots: screenshots, hierarchies: hierarchies)
            if case let .hierarchyMissing(missing, reason)? = screen.problem,
               let other = folded[FilePaths.folded(key)]?.first(where: { $0 != key }) {
                let names = missing == "hierarchy" ? dumps[other] : shots[other]
                if let name = names?.first {
                    screen.problem = .hierarchyMissing(missing: missing, reason: reason + "; \(name) \(FilePaths.difference(between: key, and: other)): name the pair alike")
                }
            }
            return screen
        }
    }

    /// One screen id's files (each list sorted: `NAME.jpg` before `NAME.png`).
    func screen(_ key: String, shots: [String], dumps: [String], screenshots: String, hierarchies: String) -> LoadedScreen {
        let shot = shots.first ?? key + ".png"
        let dump = dumps.first ?? key + ".txt"
        let dumpPath = (hierarchies as NSString).appendingPathComponent(dump)
        let placeholder = ScreenContract(id: key, screenshot: shot, device: .unknown, elements: [])
        func problem(_ problem: ScreenProblem) -> LoadedScreen {
            LoadedScreen(contract: placeholder, file: dumpPath, source: dump, path: "", problem: problem)
        }
        guard !dumps.isEmpty else {
            return problem(.hierarchyMissing(missing: "hierarchy", reason: "no UI hierarchy for \(shot): expected \(key).txt (XCUITest) or \(key).xml (uiautomator) in the hierarchies folder"))
        }
        guard !shots.isEmpty else {
            return problem(.hierarchyMissing(missing: "screenshot", reason: "no screenshot for \(dump): expected \(key).png or \(key).jpg in the screenshots folder"))
        }
        guard shots.count == 1, dumps.count == 1 else {
            let names = (shots.count > 1 ? shots : dumps).joined(separator: " and ")
            return problem(.hierarchyUnreadable(format: "unknown", reason: "\(names) are one screen: keep one of them"))
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFiles.read(dumpPath, limit: limits.maxBytes)
        } catch {
            return problem(.hierarchyUnreadable(format: "unknown", reason: "\(error)"))
        }
        let format = format ?? HierarchyFormat.recognize(head: bytes)
        // A screenshot whose header cannot be read is audited as it is: the audit reports it unreadable.
        guard let size = try? decoder.pixelSize(ofFileAt: (screenshots as NSString).appendingPathComponent(shot)) else {
            return LoadedScreen(contract: placeholder, file: dumpPath, source: dump, path: "")
        }
        do {
            let parsed: HierarchyDump
            switch format {
            case .xcuitest: parsed = try XCUITestDumpParser(limits: limits).parse(bytes, file: dump)
            case .uiautomator: parsed = try UIAutomatorDumpParser(limits: limits).parse(bytes, file: dump)
            case .appium: parsed = try AppiumSourceParser(limits: limits).parse(bytes, file: dump)
            }
            let imported = try importer.importScreen(parsed, id: key, screenshot: shot, pixelWidth: size.width, pixelHeight: size.height,
                                                     file: dump)
            var loaded = LoadedScreen(contract: imported.contract, file: dumpPath, source: dump, path: "", notes: imported.notes)
            loaded.hierarchy = imported.outline
            return loaded
        } catch {
            return problem(.hierarchyUnreadable(format: format.rawValue, reason: error.description))
        }
    }

    /// The first dump below `folder` (in path order) that is uiautomator XML, by `format` or by
    /// its content: such dumps need a density, which a run must be told before it starts.
    public static func firstUIAutomatorDump(in folder: String, format: HierarchyFormat?) throws(AuditError) -> String? {
        if let format, format != .uiautomator { return nil }
        for name in try files(in: folder, extensions: dumpExtensions, what: "hierarchies").values.flatMap({ $0 }).sorted() {
            if format != nil { return name }
            guard let handle = FileHandle(forReadingAtPath: (folder as NSString).appendingPathComponent(name)) else { continue }
            defer { try? handle.close() }
            if HierarchyFormat.recognize(head: (try? handle.read(upToCount: 4096)) ?? Data()) == .uiautomator { return name }
        }
        return nil
    }

    /// Files below `root` with one of `extensions` (any case; hidden ones and hidden folders left
    /// out, see `InputFiles.walk`), grouped by their path without the extension; each group sorted.
    static func files(in root: String, extensions: [String], what: String) throws(AuditError) -> [String: [String]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AuditError.invalidInput([InputIssue(file: root, location: "", message: "the \(what) folder does not exist")])
        }
        guard let found = InputFiles.walk(root, extensions: Set(extensions)) else {
            throw AuditError.invalidInput([InputIssue(file: root, location: "", message: "the \(what) folder cannot be listed")])
        }
        return Dictionary(grouping: found) { ($0 as NSString).deletingPathExtension }
    }
}

extension HierarchyScreenLoader {
    /// Contract screens annotate the imported screen whose screenshot they name: their elements
    /// replace the imported ones with the same id or are added after them, and their waivers,
    /// `colorOnlyGroups` and `checks` apply (the geometry stays the dump's, fresh every run; the
    /// screen keeps its id `REL/NAME`). Contract screens that name no imported screenshot are
    /// audited as declared, after the imported ones.
    public static func annotate(_ imported: [LoadedScreen], with contracts: [LoadedScreen]) throws(AuditError) -> [LoadedScreen] {
        var byScreenshot: [String: Int] = [:]
        for (index, screen) in imported.enumerated() { byScreenshot[normalized(screen.contract.screenshot)] = index }
        var result = imported
        var added: [LoadedScreen] = []
        var issues: [InputIssue] = []
        for annotation in contracts {
            guard let index = byScreenshot[normalized(annotation.contract.screenshot)] else {
                if annotation.contract.device == .unknown {
                    issues.append(InputIssue(file: annotation.file, location: annotation.path,
                                             message: "no imported screenshot '\(annotation.contract.screenshot)' to annotate, and no device to audit it as a contract"))
                }
                added.append(annotation)
                continue
            }
            var screen = result[index]
            guard screen.problem == nil else { continue }
            var contract = screen.contract
            for element in annotation.contract.elements {
                if let existing = contract.elements.firstIndex(where: { $0.id == element.id }) {
                    contract.elements[existing] = element
                } else {
                    contract.elements.append(element)
                }
            }
            contract.colorOnlyGroups = annotation.contract.colorOnlyGroups
            contract.waivers = annotation.contract.waivers
            if let checks = annotation.contract.checks {
                contract.checks = contract.checks.map { checks.merged(over: $0) } ?? checks
            }
            // The design audit's tokens and the device's unsafe areas come from the contract too.
            contract.design = annotation.contract.design ?? contract.design
            if let safeArea = annotation.contract.device.safeArea { contract.device.safeArea = safeArea }
            screen.contract = contract
            let design = annotation.contract.design == nil ? "" : ", design tokens"
            screen.notes.append("annotated by \(annotation.source) (\(annotation.path)): elements, waivers, groups\(design) and checks from the contract")
            result[index] = screen
        }
        // The names waivers and groups use, on the screens as they will be audited.
        for screen in result + added where screen.problem == nil {
            let known = Set(screen.contract.elements.map(\.id))
            let names = screen.contract.waivers.compactMap(\.element) + screen.contract.colorOnlyGroups.flatMap(\.elements)
            for name in names where !known.contains(name) {
                issues.append(InputIssue(file: screen.file, location: screen.path,
                                         message: "no element '\(name)' on screen '\(screen.contract.id)' (neither in its contract nor in its UI hierarchy)"))
            }
        }
        let importedIDs = Set(imported.map(\.contract.id))
        for screen in added where importedIDs.contains(screen.contract.id) {
            issues.append(InputIssue(file: screen.file, location: screen.path.isEmpty ? "" : screen.path + ".id",
                                     message: "screen id '\(screen.contract.id)' is also the id of an imported screen: rename one"))
        }
        guard issues.isEmpty else { throw AuditError.invalidInput(issues) }
        return result + added
    }

    /// A screenshot path as written in a contract, compared with an imported one (`./a/b.png` is `a/b.png`).
    static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
    }
}
