import Foundation
import Imaging
import ScreenAuditKit

/// `--limits key=value,…`: the resource limits of one run, each checked before the work or the
/// allocation it guards. Defaults are the library's; docs/reliability.md ("Limits") lists them.
struct RunLimits {
    var decode = DecodeLimits.default
    var contracts = ContractLoader()
    var catalog = AssetCatalogLimits()

    /// Every key with what it sets, for help and errors.
    static let keys: [(name: String, meaning: String)] = [
        ("pixels", "pixels of one decoded image"),
        ("image-bytes", "bytes of one image file"),
        ("screens", "screens in one run"),
        ("elements", "elements on one screen (ten times as many nodes in a UI hierarchy dump)"),
        ("input-bytes", "bytes of one contract, provenance, requirements, waivers or hierarchy file"),
        ("json-depth", "nesting of any JSON input"),
        ("catalog-files", "files and folders in one asset catalog"),
        ("contents-bytes", "bytes of one Contents.json"),
    ]

    /// The option as commands list it.
    static let option = OptionSpec("--limits", value: "LIST", help: "Resource limits, key=N,… (keys: \(keys.map(\.name).joined(separator: ", ")); see docs/reliability.md).")

    var provenanceLoader: ProvenanceLoader {
        ProvenanceLoader(maxFileBytes: contracts.maxFileBytes, jsonLimits: contracts.jsonLimits)
    }

    var waiversLoader: WaiversLoader {
        WaiversLoader(maxFileBytes: contracts.maxFileBytes, jsonLimits: contracts.jsonLimits)
    }

    var requirementsLoader: AssetRequirementsLoader {
        AssetRequirementsLoader(maxFileBytes: contracts.maxFileBytes, jsonLimits: contracts.jsonLimits)
    }

    var decoder: ImageDecoder { ImageDecoder(limits: decode) }

    /// UI hierarchy dumps: as many bytes as any input file, ten times the elements of a contract
    /// screen (dumps list every container), four times the JSON nesting.
    var hierarchy: HierarchyLimits {
        HierarchyLimits(maxBytes: contracts.maxFileBytes, maxElements: contracts.maxElementsPerScreen * 10,
                        maxDepth: contracts.jsonLimits.maxDepth * 4)
    }

    /// Reads `--limits`; each value is a whole number above zero.
    static func parse(_ parsed: ParsedArguments) throws -> RunLimits {
        var limits = RunLimits()
        guard let text = parsed.value("--limits") else { return limits }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, keys.contains(where: { $0.name == parts[0] }) else {
                throw UsageError("option '--limits' takes key=N pairs (keys: \(keys.map(\.name).joined(separator: ", "))), got '\(item)'")
            }
            guard let value = Int(parts[1]), value > 0 else {
                throw UsageError("option '--limits' needs a whole number above 0 for \(parts[0]), got '\(parts[1])'")
            }
            switch parts[0] {
            case "pixels": limits.decode.maxPixels = value
            case "image-bytes": limits.decode.maxFileBytes = value
            case "screens": limits.contracts.maxScreens = value
            case "elements": limits.contracts.maxElementsPerScreen = value
            case "input-bytes": limits.contracts.maxFileBytes = value
            case "json-depth":
                limits.contracts.jsonLimits.maxDepth = value
                limits.catalog.json.maxDepth = value
            case "catalog-files": limits.catalog.maxEntries = value
            default: limits.catalog.maxContentsBytes = value
            }
        }
        return limits
    }
}
