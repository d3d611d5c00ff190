/// A timed stage's countdown: how long it lasts and when VoiceOver says how much time is left.
///
/// Announcements fall at fixed remaining times, never continuously, so speech never crowds out
/// the relic names the player is listening for.
public struct StageTimer: Equatable, Sendable {
    /// How a remaining time is put into words.
    public enum Voice: Equatable, Sendable {
        /// As a share of the whole: "Half your time remains". Suits a long, soft timer.
        case shareOfTime
        /// As a countdown: "10 seconds", then bare numbers ("5", "4") that VoiceOver can say
        /// within the second they stand for.
        case countdown
    }

    /// The stage's length in seconds.
    public var duration: Double
    /// The remaining seconds at which VoiceOver announces the time left.
    public var announcementsAt: [Double]
    public var voice: Voice

    public init(duration: Double, announcementsAt: [Double], voice: Voice) {
        self.duration = duration
        self.announcementsAt = announcementsAt
        self.voice = voice
    }

    /// The trial: 45 seconds, announced when half and a quarter of the time remain. Soft: running
    /// out moves on to the final.
    public static let trial = StageTimer(duration: 45, announcementsAt: [45 * 0.5, 45 * 0.25], voice: .shareOfTime)

    /// The final: 20 seconds, announced at 10 seconds left and then every second from 5. Hard:
    /// running out ends the run.
    public static let final = StageTimer(duration: 20, announcementsAt: [10, 5, 4, 3, 2, 1], voice: .countdown)

    /// Whether the stage's time is up after `elapsed` seconds, forgiving the rounding error that
    /// summing many small ticks leaves.
    public func hasExpired(after elapsed: Double) -> Bool {
        elapsed >= duration - StageTimer.tolerance
    }

    /// What VoiceOver says when `remaining` seconds are left.
    public func text(forRemaining remaining: Double) -> String {
        switch voice {
        case .shareOfTime:
            switch remaining / duration {
            case 0.75: "Three quarters of your time remain"
            case 0.5: "Half your time remains"
            case 0.25: "A quarter of your time remains"
            default: "\(SpokenNumber.seconds(remaining)) seconds remain"
            }
        case .countdown:
            remaining > 5 ? "\(SpokenNumber.seconds(remaining)) seconds" : SpokenNumber.seconds(remaining)
        }
    }

    // Far below a frame (1/120 s) and far above the error of summing thousands of ticks.
    static let tolerance = 1e-9
}
