import Foundation
import Imaging
import QuestEngine
import ScreenAuditKit

/// Renders quest frames and writes them as a screenshot folder with its contract and provenance —
/// the shape `screenaudit audit` reads. Shared by `render` and `demo`.
enum QuestFrames {
    static let contractFile = "quest-screens.contract.json"
    static let provenanceFile = "quest-art.provenance.json"
    /// zlib level for rendered frames: fixed (deterministic bytes) and fast, since frames are many
    /// and large; level 6 would make files about 15 % smaller and take several times longer.
    static let compressionLevel: Int32 = 2

    static let defectsFile = "defects.json"

    struct Written {
        var contracts: ContractDocument
        var frames: Int
        var defects: [SeededDefect]
    }

    /// Renders every `routes` × `devices` pair at each of `contentSizes` on `jobs` workers, writes
    /// `out/en-US/<device>/<route>.png` (at another size `out/<size>/en-US/…`), the contract and the
    /// provenance, and returns the contract. With `seed`, frames carry planted defects (each frame's
    /// generator derived from the seed and its pair's position, so the corpus does not depend on
    /// scheduling or on the other sizes rendered) and `defects.json` records them.
    static func write(routes: [Route], devices: [DeviceProfile], contentSizes: [ContentSize] = [.l], to out: String, jobs: Int,
                      seed: UInt64? = nil) async throws -> Written {
        let pairs = devices.flatMap { device in routes.map { (device, $0) } }
        let jobsList = contentSizes.flatMap { size in pairs.enumerated().map { (size, $0.offset, $0.element) } }
        let rendered = try await boundedMap(jobsList, width: jobs) { _, job -> (ScreenContract, SeededDefect?) in
            let (contentSize, index, (device, route)) = job
            var frame: RenderedFrame
            var defect: SeededDefect?
            if let seed {
                var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
                (frame, defect) = QuestRenderer.renderSeeded(route, on: device, contentSize: contentSize, random: &random)
            } else {
                frame = QuestRenderer.render(route, on: device, contentSize: contentSize)
            }
            let png = try PNGEncoder.encode(frame.image, compressionLevel: compressionLevel)
            try writeFile(Data(png), to: (out as NSString).appendingPathComponent(frame.screenshotPath))
            return (frame.contract, defect)
        }
        var contracts = rendered.map(\.0)
        // A variant names its L screen only when the file declares it (the loader requires that).
        let declared = Set(contracts.map(\.id))
        for index in contracts.indices where contracts[index].variantOf.map(declared.contains) == false {
            contracts[index].variantOf = nil
        }
        let defects = rendered.map(\.1)
        let document = ContractDocument(design: Palette.tokens, screens: contracts)
        try writeFile(try JSONText.encode(document), to: (out as NSString).appendingPathComponent(contractFile))
        try writeFile(try JSONText.encode(QuestArt.provenance), to: (out as NSString).appendingPathComponent(provenanceFile))
        let planted = defects.compactMap { $0 }
        if let seed {
            let manifest = DefectManifest(seed: seed, screens: document.screens.map(\.id), defects: planted)
            try writeFile(try JSONText.encode(manifest), to: (out as NSString).appendingPathComponent(defectsFile))
        }
        return Written(contracts: document, frames: jobsList.count, defects: planted)
    }

    static func writeFile(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try ReportWriter.write([((path as NSString).lastPathComponent, data)], to: directory)
    }

    /// Parses `--content-size`: a comma-separated list of sizes by any name `ContentSize(name:)`
    /// reads (default L).
    static func contentSizes(_ text: String?) throws -> [ContentSize] {
        guard let text else { return [.l] }
        var sizes: [ContentSize] = []
        for part in text.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
            guard let size = ContentSize(name: part) else {
                throw UsageError("unknown value '\(part)' for --content-size (values: \(ContentSize.acceptedNames))")
            }
            if !sizes.contains(size) { sizes.append(size) }
        }
        guard !sizes.isEmpty else { throw UsageError("--content-size needs a size (values: \(ContentSize.acceptedNames))") }
        return sizes
    }

    /// Parses a comma-separated list of names against the known ones.
    static func select<Item>(_ text: String?, option: String, from all: [Item], name: (Item) -> String) throws -> [Item] {
        guard let text else { return all }
        var chosen: [Item] = []
        for part in text.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
            guard let item = all.first(where: { name($0) == part }) else {
                throw UsageError("unknown value '\(part)' for \(option) (values: \(all.map(name).joined(separator: ", ")))")
            }
            chosen.append(item)
        }
        return chosen
    }
}
