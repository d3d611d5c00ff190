import Foundation
@testable import ScreenAuditKit
import Testing

/// `AssetMeasurement`: each case writes the keys assets-report.json has always had, and reads
/// back as the same case.
struct AssetMeasurementTests {
    static let cases: [(AssetMeasurement, String)] = [
        (.none, "{}"),
        (.pixelSize(width: 130, height: 131, expectedWidth: 132, expectedHeight: 115.5),
         #"{"expectedHeight":115.5,"expectedWidth":132,"height":131,"width":130}"#),
        (.contrast(ratio: 4.49, foreground: "#EB171B", background: "#FFFFFF", appearance: "dark"),
         ##"{"appearance":"dark","background":"#FFFFFF","foreground":"#EB171B","ratio":4.49}"##),
        (.format("JPEG"), #"{"format":"JPEG"}"#),
        (.unreadable(category: "truncated"), #"{"category":"truncated"}"#),
        (.authoringStatus("placeholder"), #"{"authoringStatus":"placeholder"}"#),
        (.sourceQuality("upscaled"), #"{"sourceQuality":"upscaled"}"#),
    ]

    @Test func testEveryCase_encodesItsKeysAndDecodesBack() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (measurement, json) in Self.cases {
            #expect(String(decoding: try encoder.encode(measurement), as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(AssetMeasurement.self, from: Data(json.utf8)) == measurement)
        }
    }
}
