import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
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
}
