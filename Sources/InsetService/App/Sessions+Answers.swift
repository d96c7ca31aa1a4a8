import HTTPServer
import InsetJSON
import InsetSession
import InsetStores

/// A session change that a handler answers: the store runs it (`SessionChange.apply`) and gives its outcome, and
/// `respond` makes the answer of it once the store is done.
protocol AnsweredChange: SessionChange {
    /// The answer from what `apply` returned, on the thread that sends it (a worker), after the store is done.
    func respond(_ outcome: consuming Outcome) throws(Problem) -> HTTPResponse
}

extension AnsweredChange where Outcome == WrittenJSON {
    /// The answer `apply` wrote, as a `200 application/json` response.
    @inline(__always)
    func respond(_ outcome: consuming WrittenJSON) -> HTTPResponse { .json(outcome) }
}

/// How the handlers answer what a store gives: the outcome at once is the answer at once; an outcome still to come
/// (Redis) is a pending answer (`HTTPPendingResponse`) that the outcome completes, so that no worker waits for
/// Redis. A store failure is its problem (`Problem(SessionError)`).
extension Sessions {
    /// Runs `change` on session `id` at `now` and answers what its `respond` makes of the outcome.
    func answer<Change: AnsweredChange>(_ change: Change, to id: String, now: Double) -> HTTPResponse {
        switch store.apply(change, to: id, now: now) {
        case .now(let result):
            return Self.response(result, change)
        case .later(let outcome):
            return Self.pending(outcome, session: id, onlyReads: Change.onlyReads) { Self.response($0, change) }
        }
    }

    /// `answer` on the session an id a request sent inline names, with no string made of it unless Redis keeps
    /// the session. Inlined into its one caller (a show or hide), so that the change is not copied again to be
    /// passed.
    @inline(__always)
    func answer<Change: AnsweredChange>(_ change: Change, to id: InlineSessionID, now: Double) -> HTTPResponse {
        switch store.apply(change, to: id, now: now) {
        case .now(let result):
            return Self.response(result, change)
        case .later(let outcome):
            return Self.pending(outcome, session: id.string, onlyReads: Change.onlyReads) { Self.response($0, change) }
        }
    }

    /// Stores `session`, new, and answers `respond()` once it is stored, or the failure as a problem.
    func answer(
        creating session: Session, now: Double, _ respond: @escaping @Sendable () -> HTTPResponse
    ) -> HTTPResponse {
        let answer: @Sendable (Result<Void, SessionError>) -> HTTPResponse = { result in
            switch result {
            case .success: respond()
            case .failure(let error): Problem(error).response
            }
        }
        switch store.create(session, now: now) {
        case .now(let result): return answer(result)
        case .later(let outcome): return Self.pending(outcome, session: session.id, onlyReads: false, answer)
        }
    }

    /// Deletes session `id` and answers what `respond` makes of whether it existed, or the failure as a problem.
    func answer(
        deleting id: String, _ respond: @escaping @Sendable (Bool) throws(Problem) -> HTTPResponse
    ) -> HTTPResponse {
        let answer: @Sendable (Result<Bool, SessionError>) -> HTTPResponse = { result in
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
        switch store.delete(id) {
        case .now(let result): return answer(result)
        case .later(let outcome): return Self.pending(outcome, session: id, onlyReads: false, answer)
        }
    }

    /// What a request still waiting for the store is answered when the server stops: a change may have reached
    /// Redis and been applied, so it is `store-outcome-unknown`, without `Retry-After`; a read changed nothing
    /// (but the idle time) and is a 503 with `Retry-After`, safe to send again.
    static func stoppedAnswer(session id: String, onlyReads: Bool) -> @Sendable () -> HTTPResponse {
        if onlyReads { return { Problem.storeUnavailable(Problem.stoppedReason).response } }
        return { Problem.stoppedBeforeOutcome(session: id).response }
    }

    /// The answer to a change's outcome, or to its failure.
    @inline(__always)
    private static func response<Change: AnsweredChange>(
        _ result: consuming Result<Change.Outcome, SessionError>, _ change: Change
    ) -> HTTPResponse {
        switch consume result {
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

    /// A pending answer that `outcome` completes, with what `respond` makes of it, built on the worker that sends
    /// it; should the server stop first, the answer `stoppedAnswer` gives. The outcome may be there already (the
    /// store needed no round trip): it then completes the answer before it is returned.
    private static func pending<Outcome>(
        _ outcome: PendingOutcome<Outcome>, session id: String, onlyReads: Bool,
        _ respond: @escaping @Sendable (Result<Outcome, SessionError>) -> HTTPResponse
    ) -> HTTPResponse {
        let answer = HTTPPendingResponse(ifStopped: stoppedAnswer(session: id, onlyReads: onlyReads))
        outcome.whenComplete { result in answer.complete { respond(result) } }
        return .pending(answer)
    }
}
