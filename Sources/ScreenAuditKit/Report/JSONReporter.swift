import Foundation

/// `report.json`: the report model with sorted keys, two-space indentation and a final newline.
public enum JSONReporter {
    public static let fileName = "report.json"

    public static func render(_ report: AuditReport) throws -> Data {
        try JSONText.encode(report)
    }

    /// The same bytes, the screens encoded up to `width` at a time and joined: a large run's JSON
    /// took as long as every other report together, with one core left idle at the end.
    public static func render(_ report: AuditReport, width: Int) async throws -> Data {
        guard width > 1, report.screens.count > 1 else { return try render(report) }
        let screens = try await boundedMap(report.screens, width: width) { _, screen in try JSONText.fragment(screen) }
        var shell = report
        shell.screens = []
        return try JSONText.encode(shell, splicing: "screens", items: screens)
    }
}
