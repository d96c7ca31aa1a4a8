import HTTPServer
import InsetSession

extension RedisSessionStore {
    /// Runs `change` in Redis and answers once Redis has replied: a pending answer, so that the worker serves its
    /// other connections during the round trip instead of sleeping through it (`HTTPPendingResponse`). A store
    /// failure is its problem, as a waiting call would have thrown.
    func answer<Change: SessionChange>(_ change: Change, to id: String, now: Double) -> HTTPResponse {
        let pending = HTTPPendingResponse()
        modify(id, now: now, { (session: inout Session) throws(SessionError) in try change.apply(to: &session) }) {
            result in
            pending.complete {
                switch result {
                case .success(let value): value
                case .failure(let error): Problem(error).response
                }
            }
        }
        return .pending(pending)
    }

    /// Events answer later.
    var answersLater: Bool { true }

    /// Why Redis refuses this service for good, if it does (`startupRefusal`), with its address.
    func refusal() -> String? {
        startupRefusal()
    }
}
