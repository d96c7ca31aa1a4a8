import HTTPServer
import InsetSession

extension RedisSessionStore {
    /// Runs `change` in Redis and answers once Redis has replied: a pending answer, so that the worker serves its
    /// other connections during the round trip instead of waiting through it (`HTTPPendingResponse`), and a
    /// Redis that does not answer holds no worker. A store failure is its problem, as a waiting call would have
    /// thrown; the answer itself is made (`respond`) on the worker that sends it, not on the Redis thread.
    func answer<Change: SessionChange>(_ change: Change, to id: String, now: Double) -> HTTPResponse {
        let pending = HTTPPendingResponse(ifStopped: Self.stoppedAnswer(session: id, onlyReads: Change.onlyReads))
        let body: @Sendable (inout Session) throws(SessionError) -> Change.Outcome = { session throws(SessionError) in
            try change.apply(to: &session)
        }
        modify(id, now: now, body) { result in
            pending.complete {
                switch result {
                case .success(let outcome):
                    do throws(Problem) {
                        return try change.respond(outcome)
                    } catch {
                        return error.response
                    }
                case .failure(let error):
                    return Problem(error).response
                }
            }
        }
        return .pending(pending)
    }

    /// Stores `session` and answers `respond()` once Redis has, pending meanwhile.
    func answer(
        creating session: Session, now: Double, _ respond: @escaping @Sendable () -> HTTPResponse
    ) -> HTTPResponse {
        let pending = HTTPPendingResponse(ifStopped: Self.stoppedAnswer(session: session.id, onlyReads: false))
        insert(session, now: now) { result in
            pending.complete {
                switch result {
                case .success: respond()
                case .failure(let error): Problem(error).response
                }
            }
        }
        return .pending(pending)
    }

    /// Deletes session `id` and answers what `respond` makes of whether it existed once Redis has, pending
    /// meanwhile.
    func answer(
        deleting id: String, _ respond: @escaping @Sendable (Bool) throws(Problem) -> HTTPResponse
    ) -> HTTPResponse {
        let pending = HTTPPendingResponse(ifStopped: Self.stoppedAnswer(session: id, onlyReads: false))
        remove(id) { result in
            pending.complete {
                let deleted: Bool
                switch result {
                case .success(let existed): deleted = existed
                case .failure(let error): return Problem(error).response
                }
                do throws(Problem) {
                    return try respond(deleted)
                } catch {
                    return error.response
                }
            }
        }
        return .pending(pending)
    }

    /// What a request still waiting for Redis is answered when the server stops: a change may have reached Redis
    /// and been applied, so it is `store-outcome-unknown`, without `Retry-After`; a read changed nothing (but the
    /// idle time) and is a 503 with `Retry-After`, safe to send again.
    static func stoppedAnswer(session id: String, onlyReads: Bool) -> @Sendable () -> HTTPResponse {
        if onlyReads { return { Problem.storeUnavailable(Problem.stoppedReason).response } }
        return { Problem.stoppedBeforeOutcome(session: id).response }
    }

    /// Every route that needs Redis answers later.
    var answersLater: Bool { true }

    /// Why Redis refuses this service for good, if it does (`startupRefusal`), with its address.
    func refusal() -> String? {
        startupRefusal()
    }
}
