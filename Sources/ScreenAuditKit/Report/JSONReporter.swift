import Foundation

/// `report.json`: the report model with sorted keys, two-space indentation and a final newline.
public enum JSONReporter {
    public static let fileName = "report.json"

    public static func render(_ report: AuditReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(report)
        data.append(0x0A)
        return data
    }
}
