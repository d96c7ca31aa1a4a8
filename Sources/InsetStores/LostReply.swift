import RedisClient

/// A write whose reply was lost after it may have reached Redis (the command timeout, a connection broken once it
/// was sent): Redis may still run it, or have run it, so its failure says nothing about whether it was applied.
/// The write is sent again as it was, on fresh connections, until Redis answers one of the sends or
/// `RedisSessionStore.outcomeWait` has passed since the first was lost. Each write sent so has the same effect
/// however often it runs (a compare-and-set on one revision, a `SET … NX` of a new key, a `DEL`), so the send that
/// gets an answer tells what happened to all of them, and the ones still on their way can no longer change it.
///
/// This decides when: at once after the first loss, at most every `spacing` ms after that, and never before the
/// pipeline may connect again after a failed connect (`RedisPipeline.reconnectDelay`), so that a Redis that refuses
/// connections is not asked in a busy loop.
struct LostReply: Sendable {
    /// What to do after a send failed.
    enum Next: Equatable {
        /// Send again now.
        case send
        /// Wait this many milliseconds, then ask again.
        case wait(Double)
        /// The wait is over: the outcome stays unknown.
        case giveUp
    }

    /// Milliseconds at least between two sends again, after the first.
    static let spacing = 50.0
    /// Why the first reply was lost, for the answer when the outcome stays unknown.
    let reason: String
    /// When to give up, on `MonotonicClock.system`.
    let until: Double
    /// When the last send went out.
    private var lastSend: Double
    /// Sends again so far.
    private(set) var resends = 0

    /// A reply lost at `now` for `reason`, whose write's outcome is sought for `waiting` ms.
    init(reason: String, now: Double, waiting: Double) {
        self.reason = reason
        self.until = now + waiting
        self.lastSend = now
    }

    /// What to do at `now`, after a send that failed with `failure` (nil after a wait): when the pipeline could not
    /// send it at all (`sent` false), not before it may connect again, in `reconnectDelay` ms.
    func next(after failure: RedisOutcome?, now: Double, reconnectDelay: Double) -> Next {
        guard now < until else { return .giveUp }
        var wait = resends == 0 ? 0 : lastSend + Self.spacing - now
        if let failure, !failure.sent { wait = max(wait, reconnectDelay, 1) }
        guard wait > 0 else { return .send }
        return .wait(min(wait, until - now))
    }

    /// Notes a send again at `now`.
    mutating func sending(at now: Double) {
        lastSend = now
        resends += 1
    }
}
