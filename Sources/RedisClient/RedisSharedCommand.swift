import Locking

/// One command that many callers ask at once and none may wait long for (`PING` for readiness, `DBSIZE` for
/// metrics): at most one send of it is in flight on the pipeline, every caller meanwhile waits for that one's
/// reply, and each waits no longer than its own bound. While Redis is frozen the send in flight takes up to its
/// command timeout and a fresh connection's; a caller gives up at its bound instead, and the next caller after the
/// send fails starts another. The last reply is kept for callers that would rather have an old answer than none.
package final class RedisSharedCommand: Sendable {
    private struct State {
        /// Whether a send is in flight.
        var inFlight = false
        /// Sends completed so far: a caller waits for the count to pass what it was when it came.
        var completed = 0
        /// The last completed send's reply; nil when it failed.
        var reply: RedisReply?
        /// The last reply that came, however long ago.
        var lastReply: RedisReply?
    }

    private let pipeline: RedisPipeline
    private let command: RedisCommand
    private let state = Locked(State())

    /// `command`, sent on `pipeline`.
    package init(_ command: RedisCommand, on pipeline: RedisPipeline) {
        self.pipeline = pipeline
        self.command = command
    }

    /// The reply of a send that completes within `seconds` from now (the one in flight, or a fresh one when none
    /// is); nil when that send failed or did not complete in time.
    package func reply(within seconds: Double) -> RedisReply? {
        let (completed, send) = state.withLock { (state: inout State) -> (Int, Bool) in
            defer { state.inFlight = true }
            return (state.completed, !state.inFlight)
        }
        if send {
            pipeline.send(command) { [state] outcome in
                state.withLockSignalling { state in
                    state.inFlight = false
                    state.completed += 1
                    state.reply = try? outcome.result.get()
                    if let reply = state.reply { state.lastReply = reply }
                }
            }
        }
        return state.wait(until: { $0.completed > completed }, atMost: seconds) { state in
            state.completed > completed ? state.reply : nil
        }
    }

    /// The last reply that came, however long ago; nil when none has.
    package var lastReply: RedisReply? { state.withLock { $0.lastReply } }
}
