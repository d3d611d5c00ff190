import Imaging

/// Turns check results into findings: severity, waivers (with expiry), provenance and stable
/// fingerprints. Pure: the same results and inputs give the same findings.
public struct Policy: Sendable {
    public var today: CalendarDay
    public var provenance: ProvenanceDocument?
    /// A waivers file's entries by fingerprint (`--waivers`).
    public var fileWaivers: [String: WaiverEntry] = [:]

    public init(today: CalendarDay, provenance: ProvenanceDocument?, fileWaivers: [String: WaiverEntry] = [:]) {
        self.today = today
        self.provenance = provenance
        self.fileWaivers = fileWaivers
    }

    public func findings(for results: [CheckResult], screen: ScreenContract) -> [Finding] {
        results.filter { $0.status == .fail }.map { result in
            let fingerprint = Fingerprint.make(rule: result.rule, screen: screen.id, element: result.element,
                                               bucket: result.measured.fingerprintBucket)
            let waiver = chosenWaiver(contract: matchingWaiver(for: result, on: screen), file: fileWaiver(fingerprint))
            let waived = waiver.map { !$0.expired } ?? false
            var finding = Finding(
                rule: result.rule, element: result.element, severity: result.severity, frame: result.frame,
                measured: result.measured, threshold: result.threshold, reason: result.reason, waived: waived, waiver: waiver,
                provenance: result.element.flatMap { screen.element($0) }.flatMap(provenanceNote),
                fingerprint: fingerprint)
            finding.spoken = result.element.flatMap { screen.element($0) }.flatMap(SpokenText.focusedAnnouncement)
            return finding
        }
    }

    /// A waiver for the element itself wins over a screen-wide one for the same rule.
    func matchingWaiver(for result: CheckResult, on screen: ScreenContract) -> WaiverStatus? {
        let candidates = screen.waivers.filter { $0.rule == result.rule && ($0.element == nil || $0.element == result.element) }
        guard let waiver = candidates.first(where: { $0.element != nil }) ?? candidates.first else { return nil }
        let expired = waiver.expires.flatMap(CalendarDay.init).map { $0 < today } ?? false
        return WaiverStatus(reason: waiver.reason, expires: waiver.expires, expired: expired)
    }

    /// The waivers file's entry for the finding with `fingerprint`, judged on `today`.
    func fileWaiver(_ fingerprint: String) -> WaiverStatus? {
        guard let entry = fileWaivers[fingerprint] else { return nil }
        let expired = entry.expires.flatMap(CalendarDay.init).map { $0 < today } ?? false
        return WaiverStatus(reason: entry.reason, expires: entry.expires, expired: expired, kind: entry.kind)
    }

    /// The file's entry names this one finding, so it wins over a contract's waiver (which names a
    /// rule on an element or screen) unless it has expired and the contract's has not. With none
    /// current, the expired one shown is the file's, then the contract's.
    func chosenWaiver(contract: WaiverStatus?, file: WaiverStatus?) -> WaiverStatus? {
        if let file, !file.expired { return file }
        if let contract, !contract.expired { return contract }
        return file ?? contract
    }

    func provenanceNote(for element: ElementContract) -> ProvenanceNote? {
        guard let asset = element.asset, let provenance else { return nil }
        guard let entry = provenance.assets[asset] else {
            return ProvenanceNote(asset: asset, source: nil, authoringStatus: nil, sourceQuality: nil, knownRisks: [],
                                  evidence: [], summary: "no provenance entry for asset '\(asset)'")
        }
        return ProvenanceNote(asset: asset, source: entry.source, authoringStatus: entry.authoringStatus.rawValue,
                              sourceQuality: entry.sourceQuality.rawValue, knownRisks: entry.knownRisks,
                              evidence: entry.evidence, summary: entry.summary)
    }
}

/// Finding fingerprints: SHA-256 of rule, screen, element and a coarse measurement bucket (each
/// rule's `RuleMeasurement.fingerprintBucket`), so a finding keeps its fingerprint while its
/// measurement wobbles and the contract is edited elsewhere, and gets a new one when it changes
/// in kind.
public enum Fingerprint {
    public static func make(rule: String, screen: String, element: String?, bucket: String) -> String {
        let key = ["v1", rule, screen, element ?? "", bucket].joined(separator: "\u{1F}")
        return String(SHA256.hexDigest(Array(key.utf8)).prefix(16))
    }
}
