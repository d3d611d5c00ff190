import Foundation
import Imaging

/// A screen contract with where it was declared (a contract file, or a UI hierarchy dump).
public struct LoadedScreen: Equatable, Sendable {
    public var contract: ScreenContract
    /// The contract file (or dump) as the user named it (for messages).
    public var file: String
    /// The contract file relative to `--contracts` (or the dump relative to `--hierarchies`; for
    /// reports: no absolute paths).
    public var source: String
    /// The screen's JSON path in that file, e.g. `screens[2]` (empty for a dump).
    public var path: String
    /// What a reviewer should know about how the screen was made (elements of a dump clipped
    /// or left out), reported with the screenshot's own notes.
    public var notes: [String] = []
    /// Why the screen cannot be audited, known before its screenshot is read.
    public var problem: ScreenProblem?
    /// The screen's elements are the lines of text found in its pixels (`scan`): the contract
    /// gives the device, and the audit adds one text element a line once the screenshot is decoded.
    public var detectsText = false
    /// Points at the top of the screenshot that hold the system's status bar, whose text the app
    /// does not draw: no line is looked for there (`scan` of a known device's screenshot).
    public var statusBarHeight: Double = 0
    /// The screenshot is a marketing image with the screen drawn scaled inside a device frame
    /// (fastlane frameit writes them as `NAME_framed.png`): colours are the app's, sizes are not.
    public var framed = false
    /// For a screen imported from a dump: what the dump held and what of it is not judged.
    public var hierarchy: HierarchyOutline?

    public init(contract: ScreenContract, file: String, source: String, path: String, notes: [String] = [],
                problem: ScreenProblem? = nil) {
        self.contract = contract
        self.file = file
        self.source = source
        self.path = path
        self.notes = notes
        self.problem = problem
    }
}

/// Why a screen cannot be audited, found while its elements were gathered.
public enum ScreenProblem: Equatable, Sendable {
    /// `hierarchy.missing`: `missing` is `hierarchy` or `screenshot`.
    case hierarchyMissing(missing: String, reason: String)
    /// `hierarchy.unreadable`: the dump's format and what is wrong.
    case hierarchyUnreadable(format: String, reason: String)
}

/// Reads contract files (one file, or every `.json` below a directory, in path order), validates
/// them and merges their screens. Every problem is collected and reported together.
public struct ContractLoader: Sendable {
    /// Bytes per contract file read at most.
    public var maxFileBytes: Int
    public var jsonLimits: JSONLimits
    /// Screens in one run, over all contract files.
    public var maxScreens: Int
    /// Elements on one screen.
    public var maxElementsPerScreen: Int
    /// Whether waivers and colour-only groups must name elements the contract declares. Off for
    /// contracts that annotate screens imported from UI hierarchies: their elements come from the
    /// dump, and `HierarchyScreenLoader.annotate` checks the names on the merged screen.
    public var checksElementReferences = true

    public init(maxFileBytes: Int = 16 * 1024 * 1024, jsonLimits: JSONLimits = JSONLimits(), maxScreens: Int = 10_000,
                maxElementsPerScreen: Int = 2_000) {
        self.maxFileBytes = maxFileBytes
        self.jsonLimits = jsonLimits
        self.maxScreens = maxScreens
        self.maxElementsPerScreen = maxElementsPerScreen
    }

    /// Loads `path` (a file or a directory). Throws `AuditError.invalidInput` with every issue.
    public func load(path: String) throws -> [LoadedScreen] {
        var screens: [LoadedScreen] = []
        var firstDeclaration: [String: (file: String, path: String)] = [:]
        var fileNames = ScreenFileNames.Registry()
        try InputFiles.readEach(path, extension: "json", what: "contract", limit: maxFileBytes) { file, bytes in
            var (parsed, issues) = parse(bytes, file: file.path, source: file.relative)
            if screens.count + parsed.count > maxScreens {
                issues.append(InputIssue(file: file.path, location: "screens",
                                         message: "the contracts declare more than \(maxScreens) screens, the limit for one run (the screens limit: raise it, or split the run)",
                                         limit: .screens))
                return (issues, true)
            }
            for screen in parsed {
                if let first = firstDeclaration[screen.contract.id] {
                    issues.append(InputIssue(file: screen.file, location: "\(screen.path).id",
                                             message: "duplicate screen id '\(screen.contract.id)' (first declared in \(first.file) at \(first.path))"))
                } else {
                    let declared = ScreenFileNames.Declared(id: screen.contract.id, file: screen.file, location: "\(screen.path).id")
                    if let collision = fileNames.add(declared) {
                        issues.append(collision)
                    } else {
                        firstDeclaration[screen.contract.id] = (screen.file, screen.path)
                        screens.append(screen)
                    }
                }
            }
            return (issues, false)
        }
        let variantIssues = Self.variantIssues(screens)
        if !variantIssues.isEmpty { throw AuditError.invalidInput(variantIssues) }
        return screens
    }

    /// What is wrong with the screens' `variantOf`: a screen that is not declared, or one at the
    /// same text size (the pair would compare a screen with itself).
    static func variantIssues(_ screens: [LoadedScreen]) -> [InputIssue] {
        let byID = Dictionary(screens.map { ($0.contract.id, $0.contract) }, uniquingKeysWith: { first, _ in first })
        return screens.compactMap { screen in
            guard let base = screen.contract.variantOf else { return nil }
            let location = "\(screen.path).variantOf"
            guard let other = byID[base] else {
                return InputIssue(file: screen.file, location: location, message: "no screen '\(base)' is declared: variantOf names the screen's id at another text size")
            }
            let size = screen.contract.contentSize ?? .default, otherSize = other.contentSize ?? .default
            if size == otherSize {
                return InputIssue(file: screen.file, location: location,
                                  message: "'\(base)' is at the same text size (\(size.name)): give each variant its contentSize")
            }
            return nil
        }
    }

    /// Parses and validates one document. Screens with issues are left out of the result.
    public func parse(_ bytes: [UInt8], file: String, source: String) -> (screens: [LoadedScreen], issues: [InputIssue]) {
        // No array in a contract may hold more entries than the larger of its two limits.
        var limits = jsonLimits
        limits.maxArrayEntries = maxScreens >= maxElementsPerScreen ? (maxScreens, .screens) : (maxElementsPerScreen, .elements)
        let (opened, issues) = VersionedDocument.open(bytes, file: file, limits: limits,
                                                      schemaVersion: ContractDocument.currentSchemaVersion)
        guard let root = opened else { return ([], issues.issues) }
        var screens: [LoadedScreen] = []
        let entries = root.array("screens") ?? []
        if entries.isEmpty, root.has("screens") { issues.report(JSONPath().appending("screens"), "no screens declared") }
        // The count first: a million broken entries are one problem, not a million.
        guard entries.count <= maxScreens else {
            issues.report(JSONPath().appending("screens"),
                          "\(entries.count) screens, more than the \(maxScreens) one run may audit (the screens limit: raise it, or split the run)",
                          limit: .screens)
            return ([], issues.issues)
        }
        var seen: [String: JSONPath] = [:]
        let design = root.object("design", required: false).flatMap(DesignReader.read)
        for (value, path) in entries {
            let before = issues.count
            guard var screen = ScreenReader.read(value, path: path, issues: issues, maxElements: maxElementsPerScreen,
                                                 checksReferences: checksElementReferences) else { continue }
            // The screen's tokens over the document's: the checks read one set.
            screen.design = screen.design.map { $0.merged(over: design) } ?? design
            if let first = seen[screen.id] {
                issues.report(path.appending("id"), "duplicate screen id '\(screen.id)' (first declared at \(first))")
                continue
            }
            seen[screen.id] = path
            if issues.count == before {
                screens.append(LoadedScreen(contract: screen, file: file, source: source, path: path.description))
            }
        }
        return (issues.count == 0 ? screens : [], issues.issues)
    }
}

/// Reads and validates one screen object.
enum ScreenReader {
    static func read(_ value: JSONValue, path: JSONPath, issues: IssueCollector, maxElements: Int = .max,
                     checksReferences: Bool = true) -> ScreenContract? {
        guard let object = ObjectReader(value, path: path, issues: issues) else { return nil }
        let id = nonEmpty(object, "id")
        let screenshot = object.string("screenshot")
        if let screenshot { validateScreenshotPath(screenshot, path: path.appending("screenshot"), issues: issues) }
        // A contract annotating an imported screen may leave out the device and the elements: the
        // dump gives them.
        let device = object.object("device", required: checksReferences).flatMap(readDevice)
        var elements: [ElementContract] = []
        var elementPaths: [String: JSONPath] = [:]
        let declared = object.array("elements", required: checksReferences) ?? []
        guard declared.count <= maxElements else {
            issues.report(path.appending("elements"),
                          "\(declared.count) elements, over the limit of \(maxElements) per screen (the elements limit)", limit: .elements)
            return nil
        }
        for (value, elementPath) in declared {
            // The id is registered even when the rest of the element is invalid, so that groups and
            // waivers naming it do not report a second, misleading problem.
            if case let .object(members) = value, case let .string(id)? = members.first(where: { $0.key == "id" })?.value {
                if let first = elementPaths[id] {
                    issues.report(elementPath.appending("id"), "duplicate element id '\(id)' (first declared at \(first))")
                    continue
                }
                elementPaths[id] = elementPath
            }
            if let element = readElement(value, path: elementPath, device: device, issues: issues) {
                elements.append(element)
            }
        }
        let known = Set(elementPaths.keys)
        var groups: [ColorOnlyGroup] = []
        for (value, groupPath) in object.array("colorOnlyGroups", required: false) ?? [] {
            guard let group = ObjectReader(value, path: groupPath, issues: issues) else { continue }
            let groupID = nonEmpty(group, "id")
            let members = group.strings("elements") ?? []
            if group.has("elements"), members.count < 2 {
                issues.report(groupPath.appending("elements"), "a colour-only group needs at least two elements")
            }
            for (index, member) in members.enumerated() where checksReferences && !known.contains(member) {
                issues.report(groupPath.appending("elements").appending(index), "no element '\(member)' on this screen")
            }
            if let groupID { groups.append(ColorOnlyGroup(id: groupID, elements: members)) }
        }
        var waivers: [Waiver] = []
        for (value, waiverPath) in object.array("waivers", required: false) ?? [] {
            guard let waiver = ObjectReader(value, path: waiverPath, issues: issues) else { continue }
            let rule = waiver.string("rule")
            if let rule, !RuleID.all.contains(rule) {
                issues.report(waiverPath.appending("rule"), "unknown rule '\(rule)' (rules: \(RuleID.all.joined(separator: ", ")))")
            }
            let element = waiver.string("element", required: false)
            if let element, checksReferences, !known.contains(element) {
                issues.report(waiverPath.appending("element"), "no element '\(element)' on this screen")
            }
            let reason = nonEmpty(waiver, "reason")
            let expires = waiver.string("expires", required: false)
            if let expires, CalendarDay(expires) == nil {
                issues.report(waiverPath.appending("expires"), "'\(expires)' is not a date (use YYYY-MM-DD)")
            }
            if let rule, let reason {
                waivers.append(Waiver(rule: rule, element: element, reason: reason, expires: expires))
            }
        }
        let checks = object.object("checks", required: false).flatMap(readChecks)
        let design = object.object("design", required: false).flatMap(DesignReader.read)
        let framesFrom = object.string("framesFrom", required: false)
        if let framesFrom, framesFrom != ScreenContract.framesFromHierarchy {
            issues.report(path.appending("framesFrom"), "'\(framesFrom)' is not a source of frames (the one there is: '\(ScreenContract.framesFromHierarchy)')")
        }
        var readingOrder: [String]?
        if let value = object.value("readingOrder"), value != .null {
            guard case let .array(items) = value else {
                issues.report(path.appending("readingOrder"), "must be an array of element ids")
                return nil
            }
            let ids = Set(elements.map(\.id))
            readingOrder = []
            for (index, item) in items.enumerated() {
                guard case let .string(name) = item else {
                    issues.report(path.appending("readingOrder").appending(index), "an element id is a string")
                    continue
                }
                if !ids.contains(name) { issues.report(path.appending("readingOrder").appending(index), "no element '\(name)' on this screen") }
                readingOrder?.append(name)
            }
        }
        var contentSize: ContentSize?
        if let name = object.string("contentSize", required: false) {
            contentSize = ContentSize(name: name)
            if contentSize == nil { issues.report(path.appending("contentSize"), "'\(name)' is not a content size (\(ContentSize.acceptedNames))") }
        }
        let variantOf = object.string("variantOf", required: false)
        if let variantOf, variantOf == id { issues.report(path.appending("variantOf"), "a screen cannot be a variant of itself") }
        guard let id, let screenshot, let device = device ?? (checksReferences ? nil : DeviceSpec.unknown) else { return nil }
        var screen = ScreenContract(id: id, screenshot: screenshot, device: device, elements: elements,
                                    colorOnlyGroups: groups, waivers: waivers, checks: checks, design: design)
        screen.framesFrom = framesFrom
        screen.readingOrder = readingOrder
        screen.contentSize = contentSize
        screen.variantOf = variantOf
        return screen
    }

    static let targetProfiles = ["ios", "android", "wcag-aa"]

    /// A `checks` block: `disable` (rule id → reason), `minimumTextSize`, `capHeightRatio`, `targetProfile`.
    static func readChecks(_ object: ObjectReader) -> CheckOverrides? {
        var disabled: [String: String] = [:]
        if let disable = object.object("disable", required: false) {
            for member in disable.members {
                let path = disable.path.appending(member.key)
                if !RuleID.all.contains(member.key) {
                    object.issues.report(path, "unknown rule '\(member.key)' (rules: \(RuleID.all.joined(separator: ", ")))")
                }
                guard case let .string(reason) = member.value, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                    object.issues.report(path, "give the reason the rule does not apply, as a string")
                    continue
                }
                disabled[member.key] = reason
            }
        }
        var minimum: Double?
        if object.has("minimumTextSize") { minimum = positive(object, "minimumTextSize") }
        var ratio: Double?
        if object.has("capHeightRatio") {
            ratio = positive(object, "capHeightRatio")
            if let value = ratio, value >= 1 {
                object.issues.report(object.path.appending("capHeightRatio"), "must be below 1 (a fraction of the point size), got \(Words.number(value))")
                ratio = nil
            }
        }
        let profile = object.string("targetProfile", required: false)
        if let profile, !targetProfiles.contains(profile) {
            object.issues.report(object.path.appending("targetProfile"), "unknown profile '\(profile)' (profiles: \(targetProfiles.joined(separator: ", ")))")
        }
        return CheckOverrides(disable: disabled.isEmpty ? nil : disabled, minimumTextSize: minimum, capHeightRatio: ratio,
                              targetProfile: profile.flatMap { targetProfiles.contains($0) ? $0 : nil })
    }

    static func nonEmpty(_ object: ObjectReader, _ key: String) -> String? {
        guard let text = object.string(key) else { return nil }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            object.issues.report(object.path.appending(key), "must not be empty")
            return nil
        }
        return text
    }

    static func positive(_ object: ObjectReader, _ key: String) -> Double? {
        guard let value = object.number(key) else { return nil }
        guard value > 0 else {
            object.issues.report(object.path.appending(key), "must be greater than zero, got \(Words.number(value))")
            return nil
        }
        return value
    }

    static func readDevice(_ object: ObjectReader) -> DeviceSpec? {
        let name = object.string("name", required: false)
        let scale = positive(object, "scale")
        if let scale, scale > 10 {
            object.issues.report(object.path.appending("scale"), "scale \(Words.number(scale)) is not a device scale (1 to 10)")
        }
        let width = positive(object, "width")
        let height = positive(object, "height")
        let safeArea = object.object("safeArea", required: false).flatMap(DesignReader.readSafeArea)
        guard let scale, scale <= 10, let width, let height else { return nil }
        return DeviceSpec(name: name, scale: scale, width: width, height: height, safeArea: safeArea)
    }

    static func readElement(_ value: JSONValue, path: JSONPath, device: DeviceSpec?, issues: IssueCollector) -> ElementContract? {
        guard let object = ObjectReader(value, path: path, issues: issues) else { return nil }
        let id = nonEmpty(object, "id")
        var role: ElementRole?
        if let text = object.string("role") {
            role = ElementRole(rawValue: text)
            if role == nil {
                issues.report(path.appending("role"),
                              "unknown role '\(text)' (roles: \(ElementRole.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        let frame = object.object("frame").flatMap { readFrame($0, device: device) }
        var text: TextSpec?
        if let textObject = object.object("text", required: false) {
            let content = textObject.string("content")
            var pointSize: Double?
            if textObject.has("pointSize") { pointSize = positive(textObject, "pointSize") }
            var weight: FontWeight?
            if let name = textObject.string("weight", required: false) {
                weight = FontWeight(rawValue: name)
                if weight == nil {
                    issues.report(textObject.path.appending("weight"),
                                  "unknown weight '\(name)' (weights: \(FontWeight.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
            }
            var fromLabel: Bool?
            if let value = textObject.value("fromLabel"), value != .null {
                if case let .bool(flag) = value { fromLabel = flag } else {
                    issues.report(textObject.path.appending("fromLabel"), "must be true or false")
                }
            }
            var textStyle: TextStyle?
            if let name = textObject.string("textStyle", required: false) {
                textStyle = TextStyle(name: name)
                if textStyle == nil {
                    issues.report(textObject.path.appending("textStyle"),
                                  "unknown text style '\(name)' (styles: \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
            }
            if let content { text = TextSpec(content: content, pointSize: pointSize, weight: weight, fromLabel: fromLabel, textStyle: textStyle) }
        }
        let label = object.string("label", required: false)
        let hint = object.string("hint", required: false)
        let asset = object.string("asset", required: false)
        let checks = object.object("checks", required: false).flatMap(readChecks)
        let accessibility = object.object("accessibility", required: false).map(readAccessibility)
        guard let id, let role, let frame else { return nil }
        return ElementContract(id: id, role: role, frame: frame, label: label, hint: hint, text: text, asset: asset, checks: checks,
                               accessibility: accessibility)
    }

    /// An element's `accessibility`: `label`, `hint`, `value` (strings), `traits` (strings),
    /// `hidden` (true or false).
    static func readAccessibility(_ object: ObjectReader) -> AccessibilitySpec {
        var spec = AccessibilitySpec(label: object.string("label", required: false), hint: object.string("hint", required: false),
                                     value: object.string("value", required: false))
        if let value = object.value("traits"), value != .null {
            if case let .array(items) = value {
                var traits: [String] = []
                for (index, item) in items.enumerated() {
                    if case let .string(trait) = item, !trait.isEmpty { traits.append(trait) } else {
                        object.issues.report(object.path.appending("traits").appending(index), "a trait is a non-empty string")
                    }
                }
                spec.traits = traits
            } else {
                object.issues.report(object.path.appending("traits"), "must be an array of strings")
            }
        }
        if let value = object.value("hidden"), value != .null {
            if case let .bool(flag) = value { spec.hidden = flag } else {
                object.issues.report(object.path.appending("hidden"), "must be true or false")
            }
        }
        return spec
    }

    /// A frame's numbers. Where it lies is judged per element when the screen is audited (see
    /// `ElementGeometry`): partly outside the screen is clipped, wholly outside or empty is that
    /// element's "not run"; only numbers that are not numbers, or negative sizes, are errors here.
    static func readFrame(_ object: ObjectReader, device: DeviceSpec?) -> Frame? {
        let x = object.number("x"), y = object.number("y")
        let width = nonNegative(object, "width"), height = nonNegative(object, "height")
        guard let x, let y, let width, let height else { return nil }
        return Frame(x: x, y: y, width: width, height: height)
    }

    static func nonNegative(_ object: ObjectReader, _ key: String) -> Double? {
        guard let value = object.number(key) else { return nil }
        guard value >= 0 else {
            object.issues.report(object.path.appending(key), "must not be negative, got \(Words.number(value))")
            return nil
        }
        return value
    }

    static func validateScreenshotPath(_ screenshot: String, path: JSONPath, issues: IssueCollector) {
        guard !screenshot.isEmpty else {
            issues.report(path, "must not be empty")
            return
        }
        if screenshot.hasPrefix("/") || screenshot.hasPrefix("~") || screenshot.hasPrefix("\\")
            || (screenshot.count >= 2 && Array(screenshot)[1] == ":") {
            issues.report(path, "'\(screenshot)' is absolute; give it relative to the screenshots folder")
            return
        }
        if screenshot.contains("\0") || screenshot.contains("\\") {
            issues.report(path, "'\(screenshot)' contains a backslash or NUL; use '/' between folders")
            return
        }
        var depth = 0
        for component in screenshot.split(separator: "/", omittingEmptySubsequences: true) {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 {
                issues.report(path, "'\(screenshot)' climbs out of the screenshots folder")
                return
            }
        }
        if depth == 0 { issues.report(path, "'\(screenshot)' names the screenshots folder itself, not a file") }
    }
}
