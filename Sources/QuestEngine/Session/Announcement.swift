/// A time announcement: VoiceOver says `text` when `remaining` seconds are left.
public struct Announcement: Equatable, Sendable {
    public var remaining: Double
    public var text: String

    public init(remaining: Double, text: String) {
        self.remaining = remaining
        self.text = text
    }
}

/// The announcements whose moment falls in `(previousElapsed, elapsed]`, earliest first.
///
/// Calling this for each tick with the previous tick's `elapsed` announces every threshold exactly
/// once however the time is sliced: one 45-second tick and 450 ticks of a tenth give the same
/// announcements. Nothing is announced between thresholds, and a threshold listed twice is
/// announced once.
public func announcements(for timer: StageTimer, from previousElapsed: Double, to elapsed: Double) -> [Announcement] {
    guard elapsed > previousElapsed else { return [] }
    // The same tolerance shifts both ends, so consecutive windows still meet without overlapping.
    let start = previousElapsed + StageTimer.tolerance
    let end = elapsed + StageTimer.tolerance
    return Set(timer.announcementsAt)
        .filter { remaining in
            let moment = timer.duration - remaining
            return start < moment && moment <= end
        }
        .sorted(by: >)
        .map { Announcement(remaining: $0, text: timer.text(forRemaining: $0)) }
}
