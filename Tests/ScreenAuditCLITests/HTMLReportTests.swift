import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Imaging
import TestSupport
import Testing

/// index.html parsed as XHTML: headings in order, alt text on every image, table headers, filters.
struct HTMLReportTests {
    final class Collector: NSObject, XMLParserDelegate {
        var headings: [String] = []
        var images: [[String: String]] = []
        var headers = 0
        var radios: [String] = []
        var links: [String] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if ["h1", "h2", "h3", "h4"].contains(name) { headings.append(name) }
            if name == "img" { images.append(attributes) }
            if name == "th" { headers += 1 }
            if name == "input", attributes["type"] == "radio" { radios.append(attributes["id"] ?? "") }
            if name == "a", let href = attributes["href"] { links.append(href) }
        }
    }

    @Test func testPageStructure() throws {
        let directory = try TemporaryDirectory()
        try AuditCommandTests.makeProject(in: directory)
        _ = try AuditCommandTests.run(directory, [], out: "html")
        let data = try Data(contentsOf: directory.url.appendingPathComponent("html/index.html"))
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "index.html is not well-formed: \(String(describing: parser.parserError))")
        // One h1, then an h2 per screen, never skipping a level.
        #expect(collector.headings.first == "h1")
        #expect(collector.headings.filter { $0 == "h1" }.count == 1)
        #expect(collector.headings.filter { $0 == "h2" }.count == 5)
        #expect(!collector.headings.contains("h3") && !collector.headings.contains("h4"))
        // Every image has alt text and a relative path; nothing is fetched from the network.
        let shots = collector.images.filter { ($0["alt"] ?? "").hasPrefix("Screenshot of") }
        let closeUps = collector.images.filter { ($0["alt"] ?? "").hasPrefix("Close-up of finding") }
        #expect(shots.count == 3 && closeUps.count + shots.count == collector.images.count, "\(collector.images)")
        #expect(collector.images.allSatisfy { !($0["alt"] ?? "").isEmpty && ($0["src"] ?? "").hasPrefix("overlays/") })
        // Each finding on a screen with an overlay shows its frame enlarged from that overlay.
        #expect(!closeUps.isEmpty && closeUps.allSatisfy { ($0["style"] ?? "").contains("object-position:-") })
        #expect(collector.links.allSatisfy { !$0.contains("://") })
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("<script"))
        #expect(collector.headers >= 4)
        // The measured colours as swatches with their hex values, and the ratio.
        #expect(text.contains("<span class=\"chip\" style=\"background:#"), "no colour swatch")
        #expect(text.range(of: #"text <code>#[0-9A-F]{6}</code>"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"<span class="swatch">[0-9]+\.[0-9]{2}:1</span>"#, options: .regularExpression) != nil)
        // Filters by severity and by rule, as radio buttons (keyboard reachable, no script).
        #expect(collector.radios.contains("sev-error") && collector.radios.contains("rule-contrast-text"))
        #expect(text.contains("#sev-error:checked ~ main tr.finding:not(.sev-error){display:none}"))
    }

    /// A page whose findings say what is spoken (screens from UI hierarchies) is well-formed too:
    /// the line break before "Spoken:" is closed, as XHTML asks.
    @Test func testPageWithSpokenFindings_isWellFormed() throws {
        let directory = try TemporaryDirectory()
        let samples = AssetsCommandTests.repository.appendingPathComponent("Samples/hierarchies").path
        let run = try Binary.run(["audit", "--screenshots", samples, "--hierarchies", samples, "--density", "2",
                                  "--today", "2026-12-06", "--out", "out"], in: directory.url)
        #expect(run.status <= 1, "\(run.stdout)\(run.stderr)")
        let data = try Data(contentsOf: directory.url.appendingPathComponent("out/index.html"))
        #expect(String(decoding: data, as: UTF8.self).contains("<br/><small>Spoken: "))
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "index.html is not well-formed: \(String(describing: parser.parserError))")
        #expect(collector.headings.first == "h1")
    }

    /// `screenaudit assets` writes the same kind of page: its findings with a thumbnail of the
    /// image each is about or the colours it measured, the colour pairs, every asset.
    @Test func testAssetPageStructure() throws {
        let directory = try TemporaryDirectory()
        let catalog = try AssetsCommandTests.makeProject(in: directory, textColor: "#8A8A8A")
        // A wide image, red on its left half and transparent on its right, at the wrong size.
        var wide = PixelBuffer(width: 300, height: 150)
        for y in 0..<150 { for x in 0..<150 { wide[x, y] = RGBA(red: 0xE0, green: 0x10, blue: 0x10) } }
        _ = try catalog.write(try PNGEncoder.encode(wide), to: "Art/hero.imageset/hero@3x.png")
        let run = try AssetsCommandTests.run(directory)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("out/index.html"))
        let data = try Data(contentsOf: directory.url.appendingPathComponent("out/index.html"))
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "index.html is not well-formed: \(String(describing: parser.parserError))")
        #expect(collector.headings == ["h1", "h2", "h2", "h2"])
        #expect(collector.headers >= 7)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("<script") && collector.links.allSatisfy { !$0.contains("://") })
        // Every image is a thumbnail in previews/ that exists, has alt text and the size it says.
        #expect(collector.images.count >= 5)
        for image in collector.images {
            let src = try #require(image["src"])
            #expect(src.hasPrefix("previews/") && (image["alt"] ?? "").hasSuffix(", thumbnail"), "\(image)")
            let decoded = try ImageDecoder().decodeFile(atPath: directory.path("out/\(src)")).pixels
            #expect(decoded.width <= 96 && decoded.height <= 96)
            #expect(image["width"] == "\(decoded.width)" && image["height"] == "\(decoded.height)")
        }
        // The wide image: fitted to 96×48, its left red and its right clear.
        let hero = try #require(collector.images.first { ($0["alt"] ?? "").hasPrefix("hero: hero@3x.png") })
        let thumbnail = try ImageDecoder().decodeFile(atPath: directory.path("out/\(hero["src"]!)")).pixels
        #expect(thumbnail.width == 96 && thumbnail.height == 48)
        #expect(thumbnail[10, 20] == RGBA(red: 0xE0, green: 0x10, blue: 0x10) && thumbnail[80, 20].alpha == 0)
        // The size finding shows that file; the contrast finding its two colours and ratio.
        let heroRow = try #require(text.split(separator: "\n").first { $0.contains("asset.size-inconsistent") && $0.contains("hero@3x.png") })
        #expect(heroRow.contains("src=\"\(hero["src"]!)\""))
        let contrastRow = try #require(text.split(separator: "\n").first { $0.contains("<tr class=\"finding sev-error rule-asset-color-contrast\">") })
        #expect(contrastRow.contains("text <code>#8A8A8A</code>") && contrastRow.contains("background <code>#FFFFFF</code>")
            && contrastRow.contains("<span class=\"swatch\">3.45:1</span>"))
        // Colour sets show each appearance's value in the assets table.
        #expect(text.contains("<span class=\"chip\" style=\"background:#EEEEEE\" aria-hidden=\"true\"></span>dark <code>#EEEEEE</code>"))
        #expect(collector.radios.contains("sev-warning") && collector.radios.contains("rule-asset-placeholder"))
        #expect(text.contains("#rule-asset-color-contrast:checked ~ main tr.finding:not(.rule-asset-color-contrast){display:none}"))
        // --format without html writes no page and no thumbnails.
        _ = try AssetsCommandTests.run(directory, ["--format", "json"], out: "plain")
        #expect(!FileManager.default.fileExists(atPath: directory.path("plain/index.html")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("plain/previews")))
    }
}
