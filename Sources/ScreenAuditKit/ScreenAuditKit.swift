// The screen model is part of the kit's interface: whoever imports the kit audits contracts.
@_exported import ScreenContracts

/// The toolkit's identity, shown by `screenaudit --version` and written into reports.
public enum ScreenAuditKit {
    public static let version = "0.1.0"
    public static let toolName = "screenaudit"
}
