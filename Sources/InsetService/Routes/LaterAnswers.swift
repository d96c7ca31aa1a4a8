import HTTPServer
import InsetSession

extension InsetApplication {
    /// Runs `change` on session `id` in Redis and answers with `answer` over its result once Redis has replied: a
    /// pending answer, so that the worker serves its other connections during the round trip instead of sleeping
    /// through it (`HTTPPendingResponse`). A store failure is its problem, as a waiting call would have thrown.
    static func later<T: Sendable>(
        _ id: String, in redis: RedisSessionStore, now serverTime: Double,
        _ change: @escaping @Sendable (inout Session) throws(SessionError) -> T,
        answer: @escaping @Sendable (T) -> HTTPResponse
    ) -> HTTPResponse {
        let pending = HTTPPendingResponse()
        redis.modify(id, now: serverTime, change) { result in
            pending.complete {
                switch result {
                case .success(let value): answer(value)
                case .failure(let error): Problem(error).response
                }
            }
        }
        return .pending(pending)
    }
}
