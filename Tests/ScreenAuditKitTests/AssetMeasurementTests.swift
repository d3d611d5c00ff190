import Foundation
import Imaging
@testable import ScreenAuditKit
import Testing

/// Each asset rule's payload: it writes the `measured` keys the assets report.json has always had (and
/// nothing it only needs for its sentence), builds its sentence, and names its own rule.
struct AssetMeasurementTests {
    static let pair = ColorContrastRule.Measured.Pair(foreground: "ink", background: "paper")

    /// One payload per rule, with its `measured` object and sentence.
    static let cases: [(AssetMeasurement, String, String)] = [
        (.contentsMalformed(.notJSON(line: 2, column: 1, problem: "the document ends where a value was expected")), "{}",
         "not valid JSON: line 2, column 1: the document ends where a value was expected"),
        (.fileMissing(.caseDiffers(named: "b@1x.png", present: "B@1x.png")), "{}",
         "'b@1x.png' is missing; 'B@1x.png' differs only in case, which a case-insensitive disk accepts and a case-sensitive one does not"),
        (.fileUnreferenced(.inGroup), "{}", "a file in a group, outside any asset folder: Xcode does not build it"),
        (.entryInvalid(.path("../x.png")), "{}", "'../x.png' is a path; an entry names a file inside the asset folder"),
        (.entryDuplicate(.colorSlot(first: 0, idiom: "universal", appearance: Appearance(luminosity: "dark"))), "{}",
         "competes with colors[0] for the slot universal, dark; which colour ships is undefined"),
        (.scaleMissing(.byDefault(slot: "universal @2x", device: "iOS", needs: [2, 3], instead: .scaledDown(from: 3))), "{}",
         "no image for universal @2x (iOS needs @2x and @3x by default; iOS scales the @3x image down instead, softer and larger in memory)"),
        (.sizeInconsistent(.init(width: 132, height: 131, expectedWidth: 130.5, expectedHeight: 130.5, slot: "universal @3x",
                                 basis: .otherScale(scale: 2, width: 87, height: 87, at: 3))),
         #"{"expectedHeight":130.5,"expectedWidth":130.5,"height":131,"width":132}"#,
         "universal @3x is 132×131 px; the @2x image is 87×87 px, so at @3x it must be 130 or 131×130 or 131 px"),
        (.imageUnreadable(.decodeFailed(.truncated, detail: "libpng: cut short")), #"{"category":"truncated"}"#, "truncated: libpng: cut short"),
        (.imageUnreadable(.other("no permission")), "{}", "cannot be decoded: no permission"),
        (.formatMismatch(.init(format: "JPEG", fileExtension: "png", named: .png, decodable: true)), #"{"format":"JPEG"}"#,
         "named .png but holds JPEG data; re-export it as PNG"),
        (.colorInvalid(.init(problem: "'0xZZ' is not a component value")), "{}", "'0xZZ' is not a component value"),
        (.groupName(.init(folder: "Icons.v2")), "{}",
         "the group name 'Icons.v2' contains a period: Xcode reads '.v2' as an asset type it does not know; rename the folder"),
        (.pathOutside(.init(target: "/Users/me/secret.png")), "{}", "resolves outside the catalog (a symbolic link to an outside path); not read"),
        (.requiredMissing(.wrongKind(found: .image, needed: .appicon)), "{}", "is an image set; the requirements need an app icon set"),
        (.provenanceMissing(.init(name: "star", provenanceFile: "prov.json")), "{}",
         "no provenance entry for 'star' in prov.json: record its source, authoringStatus and sourceQuality"),
        (.provenanceUnused(.init(name: "ghost")), "{}", "provenance describes 'ghost', which is neither in the catalog nor required"),
        (.placeholder(.init(authoringStatus: .placeholder, source: "Figma", knownRisks: ["busy", "thin"], release: true)),
         #"{"authoringStatus":"placeholder"}"#, "placeholder art (source: Figma; known risks: busy; thin); a release needs final art"),
        (.sourceQuality(.init(sourceQuality: .lowRes, source: "Stock", knownRisks: [])), #"{"sourceQuality":"low-res"}"#,
         "source quality low-res (source: Stock; no known risks recorded)"),
        (.colorContrast(.tooLow(.init(pair: pair, appearance: Appearance(luminosity: "dark"), ratio: 4.4963, foregroundColor: "#EB171B", backgroundColor: "#FFFFFF",
                                      minimumRatio: 4.5, use: .normal))),
         ##"{"appearance":"dark","background":"#FFFFFF","foreground":"#EB171B","ratio":4.49}"##,
         "ink #EB171B on paper #FFFFFF in dark: 4.49:1, needs 4.5:1 (normal text)"),
        (.colorContrast(.systemColor(pair: pair, appearance: Appearance(luminosity: "light"), name: "systemBlueColor")), "{}",
         "ink on paper in light not checked: systemBlueColor is a system colour, whose value the OS decides"),
    ]

    @Test func testEveryPayload_writesItsMeasuredKeysAndItsSentence() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (measurement, json, message) in Self.cases {
            #expect(String(decoding: try encoder.encode(measurement), as: UTF8.self) == json, "\(measurement.rule)")
            #expect(measurement.message == message)
        }
    }

    @Test func testEveryRule_hasAPayloadNamingIt() {
        #expect(Set(Self.cases.map(\.0.rule)) == Set(AssetRule.ids))
        let finding = AssetFinding(.provenanceUnused(.init(name: "ghost")), severity: .info, asset: "ghost", file: "prov.json", location: "assets.ghost")
        #expect(finding.rule == AssetRule.provenanceUnused)
        #expect(finding.message == "provenance describes 'ghost', which is neither in the catalog nor required")
    }

    @Test func testFinding_writesTheSameFieldsAsBefore() throws {
        let finding = AssetFinding(.formatMismatch(.init(format: "WebP", fileExtension: "png", named: .png, decodable: false)), severity: .error,
                                   asset: "hero", file: "A.xcassets/hero.imageset/hero@2x.png")
        let json = String(decoding: try JSONText.encode(finding), as: UTF8.self)
        #expect(json == """
        {
          "asset" : "hero",
          "file" : "A.xcassets/hero.imageset/hero@2x.png",
          "fingerprint" : "\(finding.fingerprint)",
          "measured" : {
            "format" : "WebP"
          },
          "message" : "named .png but holds WebP data, which this tool does not decode; re-export it as PNG",
          "rule" : "asset.format-mismatch",
          "severity" : "error"
        }

        """)
    }

    @Test func testColorPairRow_writesItsNotRunCauseAsReason() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var row = ColorPairResult(foreground: "ink", background: "paper", appearance: "dark", text: "normal", status: .notRun, ratio: nil,
                                  minimumRatio: 4.5, foregroundColor: nil, backgroundColor: nil,
                                  notRun: .noColor(set: "paper", appearance: Appearance(luminosity: "dark")))
        #expect(String(decoding: try encoder.encode(row), as: UTF8.self) == """
            {"appearance":"dark","background":"paper","foreground":"ink","minimumRatio":4.5,"reason":"paper has no colour for dark",\
            "status":"not-run","text":"normal"}
            """)
        row.notRun = .systemDefault(unset: "ink")
        #expect(row.reason == "ink gives no colour: the system default applies, whose value the OS decides")
        row.notRun = nil
        #expect(!String(decoding: try encoder.encode(row), as: UTF8.self).contains("reason"))
    }
}
