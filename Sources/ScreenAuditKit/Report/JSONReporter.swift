import Foundation

/// `report.json`: the report model with sorted keys, two-space indentation and a final newline.
public enum JSONReporter {
    public static let fileName = "report.json"

    public static func render(_ report: AuditReport) throws -> Data {
        try JSONText.encode(report)
    }
}
