import Imaging

/// Turns check results into findings: severity, waivers (with expiry), provenance and stable
/// fingerprints. Pure: the same results and inputs give the same findings.
public struct Policy: Sendable {
    public var today: CalendarDay
    public var provenance: ProvenanceDocument?

    public init(today: CalendarDay, provenance: ProvenanceDocument?) {
        self.today = today
        self.provenance = provenance
    }

    public func findings(for results: [CheckResult], screen: ScreenContract) -> [Finding] {
        results.filter { $0.status == .fail }.map { result in
            let waiver = matchingWaiver(for: result, on: screen)
            let waived = waiver.map { !$0.expired } ?? false
            var finding = Finding(
                rule: result.rule, element: result.element, severity: result.severity, frame: result.frame,
                measured: result.measured, threshold: result.threshold, reason: result.reason, waived: waived, waiver: waiver,
                provenance: result.element.flatMap { screen.element($0) }.flatMap(provenanceNote),
                fingerprint: Fingerprint.make(rule: result.rule, screen: screen.id, element: result.element,
                                              bucket: result.measured.fingerprintBucket))
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
