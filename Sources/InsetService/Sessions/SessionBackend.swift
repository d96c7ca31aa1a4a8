import HTTPServer
import InsetSession

/// The configured session store as a closed choice. Calls through it are dispatched statically, so the memory
/// store's generic `modify` and `answer` are specialised; through `any SessionStoring` they are not, and every
/// in-memory session request would pay for that (docs/performance.md, "Sessions in memory").
enum SessionBackend: SessionStoring {
    /// Sessions in this process (the default).
    case memory(SessionStore)
    /// Sessions in Redis, shared by every replica.
    case redis(RedisSessionStore)

    func insert(_ session: Session, now: Double) throws(SessionError) {
        switch self {
        case .memory(let store): try store.insert(session, now: now)
        case .redis(let store): try store.insert(session, now: now)
        }
    }

    func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        switch self {
        case .memory(let store): try store.modify(id, now: now, body)
        case .redis(let store): try store.modify(id, now: now, body)
        }
    }

    func remove(_ id: String) throws(SessionError) -> Bool {
        switch self {
        case .memory(let store): store.remove(id)
        case .redis(let store): try store.remove(id)
        }
    }

    func statistics(now: Double) -> SessionStatistics {
        switch self {
        case .memory(let store): store.statistics(now: now)
        case .redis(let store): store.statistics(now: now)
        }
    }

    func isReachable() -> Bool {
        switch self {
        case .memory(let store): store.isReachable()
        case .redis(let store): store.isReachable()
        }
    }

    func answer<Change: SessionChange>(_ change: Change, to id: String, now: Double) -> HTTPResponse {
        switch self {
        case .memory(let store): store.answer(change, to: id, now: now)
        case .redis(let store): store.answer(change, to: id, now: now)
        }
    }

    func answer(
        creating session: Session, now: Double, _ respond: @escaping @Sendable () -> HTTPResponse
    ) -> HTTPResponse {
        switch self {
        case .memory(let store): store.answer(creating: session, now: now, respond)
        case .redis(let store): store.answer(creating: session, now: now, respond)
        }
    }

    func answer(
        deleting id: String, _ respond: @escaping @Sendable (Bool) throws(Problem) -> HTTPResponse
    ) -> HTTPResponse {
        switch self {
        case .memory(let store): store.answer(deleting: id, respond)
        case .redis(let store): store.answer(deleting: id, respond)
        }
    }

    var answersLater: Bool {
        switch self {
        case .memory(let store): store.answersLater
        case .redis(let store): store.answersLater
        }
    }

    func refusal() -> String? {
        switch self {
        case .memory(let store): store.refusal()
        case .redis(let store): store.refusal()
        }
    }
}
