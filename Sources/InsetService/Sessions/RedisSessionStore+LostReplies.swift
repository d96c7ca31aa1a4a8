import InsetSession
import RedisClient

#if canImport(Glibc)
    import Glibc
#endif

extension RedisSessionStore {
    /// Sends `command`, a write of session `id` that has the same effect however often it runs, waiting for its
    /// reply; a send whose reply was lost goes again until one is answered (`LostReply`), and `again` says
    /// whether it did. A failure before it was sent is a 503 with `Retry-After`; a lost reply that no send again
    /// could settle in time is `outcomeUnknown`.
    func write(_ command: RedisCommand, session id: String) throws(SessionError) -> (RedisReply, again: Bool) {
        var lost: LostReply?
        while true {
            let outcome = pipeline.send(command)
            let error: RedisError
            switch outcome.result {
            case .success(let reply): return (reply, lost != nil)
            case .failure(let failure): error = failure
            }
            if lost == nil {
                guard outcome.sent, case .unavailable(let reason) = error else { throw unavailable(error) }
                lost = LostReply(reason: reason, now: MonotonicClock.system.now(), waiting: outcomeWait)
            }
            var next = lost?.next(
                after: outcome, now: MonotonicClock.system.now(), reconnectDelay: pipeline.reconnectDelay)
            while case .wait(let milliseconds) = next {
                usleep(UInt32(milliseconds * 1000))
                next = lost?.next(after: nil, now: MonotonicClock.system.now(), reconnectDelay: pipeline.reconnectDelay)
            }
            guard next == .send else {
                _ = unavailable(error)
                throw .outcomeUnknown(session: id, reason: lost?.reason ?? error.reason)
            }
            lost?.sending(at: MonotonicClock.system.now())
        }
    }
}
