// Fuzz target `catalog`: `AssetContentsParser.parse`, the JSON parser and the reading of an asset
// catalog's Contents.json (image, colour, app icon and other sets), on one file's bytes, with the
// derived values reports use (slot names, colours in sRGB).
// Run with `scripts/fuzz.sh catalog SECONDS`; seeds come from Fuzz/seeds/catalog and Assets/.
import ScreenAuditKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogContents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for kind in AssetKind.allCases {
        let empty = CatalogAsset(name: "fuzz", kind: kind, path: "Fuzz.xcassets/fuzz.\(kind.rawValue)")
        let result = AssetContentsParser.parse(bytes, asset: empty)
        // What the parser promises: every finding names the asset's Contents.json and says why.
        for finding in result.findings {
            precondition(finding.file == empty.contentsPath && !finding.message.isEmpty, "finding without its file: \(finding)")
        }
        for entry in result.asset.images {
            precondition(!entry.slotDescription.isEmpty && !entry.slotKey.isEmpty)
        }
        for entry in result.asset.colors {
            if case let .components(color)? = entry.value {
                precondition(color.linear.allSatisfy { (0...1).contains($0) }, "a colour outside 0…1 after clipping")
                precondition(color.hex.hasPrefix("#"))
            }
        }
    }
    return 0
}
