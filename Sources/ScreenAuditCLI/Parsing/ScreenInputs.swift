import Foundation
import ScreenAuditKit

/// Where a run's screens come from, shared by `audit`, `baseline` and `import`: contracts, UI
/// hierarchy dumps beside the screenshots, or both (contracts annotating the imported screens).
struct ScreenInputs {
    var contracts: String?
    var screenshots: String
    var hierarchies: String?
    var format: HierarchyFormat?
    var density: Double?
    /// The `target.size` profile Android screens get; nil leaves the run's (`--target-profile`).
    var androidProfile: String?

    static let contractsOption = OptionSpec("--contracts", value: "PATH", help: "Contract file, or a directory of them.")
    static let screenshotsOption = OptionSpec("--screenshots", value: "DIR", help: "Folder of the screenshots (required).")
    static let hierarchyOptions = [
        OptionSpec("--hierarchies", value: "DIR", help: "UI hierarchy dumps: REL/NAME.txt (XCUITest) or .xml (uiautomator, Appium) per screenshot REL/NAME.png."),
        OptionSpec("--hierarchy-format", value: "FORMAT", help: "auto (default: from each dump's content), xcuitest, uiautomator or appium (Appium's iOS page source)."),
        OptionSpec("--density", value: "N", help: "Android pixels per dp for uiautomator dumps (e.g. 2.625 for 420 dpi)."),
    ]

    /// Reads the options; `requireContracts` for commands that cannot take contracts alone.
    static func parse(_ parsed: ParsedArguments, contractsAllowed: Bool = true) throws -> ScreenInputs {
        let contracts = contractsAllowed ? parsed.value("--contracts") : nil
        let hierarchies = parsed.value("--hierarchies")
        guard contracts != nil || hierarchies != nil else {
            throw UsageError(contractsAllowed ? "--contracts or --hierarchies is required" : "--hierarchies is required")
        }
        guard let screenshots = parsed.value("--screenshots") else { throw UsageError("--screenshots is required") }
        if hierarchies == nil {
            for option in ["--hierarchy-format", "--density"] where parsed.value(option) != nil {
                throw UsageError("option '\(option)' needs --hierarchies")
            }
        }
        var format: HierarchyFormat?
        if let text = parsed.value("--hierarchy-format"), text != "auto" {
            guard let chosen = HierarchyFormat(rawValue: text) else {
                throw UsageError("option '--hierarchy-format' must be auto, xcuitest, uiautomator or appium, got '\(text)'")
            }
            format = chosen
        }
        var density: Double?
        if let text = parsed.value("--density") {
            guard let value = Double(text), value.isFinite, value >= 0.5, value <= 10 else {
                throw UsageError("option '--density' needs Android's pixels per dp between 0.5 and 10 (2.625 for 420 dpi), got '\(text)'")
            }
            density = value
        }
        return ScreenInputs(contracts: contracts, screenshots: screenshots, hierarchies: hierarchies, format: format, density: density,
                            androidProfile: parsed.value("--target-profile") == nil ? "android" : nil)
    }

    /// The run's screens. Throws `AuditError` for inputs that cannot be used (exit 3), and a
    /// usage error when uiautomator dumps come without `--density`.
    func load(_ limits: RunLimits) throws -> [LoadedScreen] {
        // Screenshots in folders named by a text size (AX3/home.png) are that size's variants.
        ContentSizeFolders.assign(try loadScreens(limits))
    }

    func loadScreens(_ limits: RunLimits) throws -> [LoadedScreen] {
        guard let hierarchies else { return try limits.contracts.load(path: contracts ?? "") }
        if density == nil, let dump = try HierarchyScreenLoader.firstUIAutomatorDump(in: hierarchies, format: format) {
            throw UsageError("\(dump) is a uiautomator dump, whose bounds are pixels: pass --density N, the device's pixels per dp (its dpi ÷ 160, e.g. 2.625 for 420 dpi)")
        }
        let loader = HierarchyScreenLoader(
            format: format, importer: HierarchyImporter(density: density, androidTargetProfile: androidProfile),
            limits: limits.hierarchy, maxScreens: limits.contracts.maxScreens, decoder: limits.decoder)
        let imported = try loader.load(screenshots: screenshots, hierarchies: hierarchies)
        guard let contracts else { return imported }
        var annotations = limits.contracts
        annotations.checksElementReferences = false
        return try HierarchyScreenLoader.annotate(imported, with: try annotations.load(path: contracts))
    }
}
