import HTTPServer
import InsetSession
import Locking

/// Sessions in memory: bounded by count and by the bytes they hold (least recently used evicted first, to stay
/// under both), and by idle time. A session that alone would hold more than the whole byte budget is never kept:
/// its creation is refused, and a change that grows it that far drops it (`SessionError.sessionTooLarge`).
/// One lock guards the table; every read-modify-write of a session runs under it, so no update is lost.
final class SessionStore: SessionStoring {
    private struct State {
        var table = LRUTable<SessionKey, Session>()
        var evicted = 0
        var expired = 0
        var created = 0
    }

    let maxSessions: Int
    /// Bytes the sessions may hold, by `Session.footprint`.
    let maxBytes: Int
    /// Idle time after which a session is gone, in milliseconds.
    let ttl: Double
    private let state = Locked(State())

    init(maxSessions: Int, maxBytes: Int = ServiceConfiguration.defaultMaxSessionBytes, ttlSeconds: Double) {
        self.maxSessions = max(1, maxSessions)
        self.maxBytes = max(1, maxBytes)
        self.ttl = ttlSeconds * 1000
    }

    /// Stores a new session, first dropping expired ones and, when full by count or by bytes, the least recently
    /// used; refuses one that alone weighs more than `maxBytes`, dropping nothing for it.
    func insert(_ session: Session, now: Double) throws(SessionError) {
        // Ids come from SessionID.make, so always well-formed.
        guard let key = SessionKey(session.id) else { preconditionFailure("a malformed session id") }
        let bytes = session.footprint
        guard bytes <= maxBytes else { throw .sessionTooLarge(bytes: bytes, limit: maxBytes) }
        state.withLock { state in
            Self.purgeExpired(&state, now: now, ttl: ttl)
            while state.table.count >= maxSessions || state.table.totalWeight + bytes > maxBytes,
                let oldest = state.table.oldestEntry
            {
                state.table.remove(oldest.key)
                state.evicted += 1
            }
            state.table.insert(key, session, now: now, weight: bytes)
            state.created += 1
        }
    }

    /// Runs `body` on the session in place under the lock; `body` must throw before it changes the session. A
    /// session that `body` grows past `maxBytes` alone is dropped, and the change fails (`sessionTooLarge`):
    /// changed in place, it has nothing to go back to, and kept it would pass the budget.
    func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        guard let key = SessionKey(id) else { throw .notFound }
        let (ttl, maxBytes) = (ttl, maxBytes)
        return try state.withLock { (state: inout State) throws(SessionError) -> T in
            var expired = false
            var tooLarge: Int?
            let result = try state.table.modify(key, now: now) {
                (session, lastUse, weight) throws(SessionError) -> T? in
                if now - lastUse > ttl {
                    expired = true
                    return nil
                }
                let result = try body(&session)
                // Weighed where it lies: handing the session to a function by value would copy all of it.
                weight = session.footprint
                if weight > maxBytes { tooLarge = weight }
                return result
            }
            if let bytes = tooLarge {
                state.table.remove(key)
                throw .sessionTooLarge(bytes: bytes, limit: maxBytes)
            }
            if expired {
                state.table.remove(key)
                state.expired += 1
            }
            // A session that grew (a PATCH that sent fields) may pass the budget: older ones make room for it.
            while state.table.totalWeight > maxBytes, let oldest = state.table.oldestEntry, oldest.key != key {
                state.table.remove(oldest.key)
                state.evicted += 1
            }
            guard let result, let value = result else { throw .notFound }
            return value
        }
    }

    /// Deletes a session; false when it did not exist.
    func remove(_ id: String) -> Bool {
        guard let key = SessionKey(id) else { return false }
        return state.withLock { $0.table.remove(key) }
    }

    /// Live sessions and lifetime counters, after dropping expired ones.
    func statistics(now: Double) -> SessionStatistics {
        state.withLock { state in
            Self.purgeExpired(&state, now: now, ttl: ttl)
            return SessionStatistics(
                live: state.table.count, created: state.created, evicted: state.evicted, expired: state.expired,
                bytes: state.table.totalWeight)
        }
    }

    /// Memory is always there.
    func isReachable() -> Bool { true }

    /// Changes the session at once and answers with what the change makes of its result.
    func answer<Change: SessionChange>(_ change: Change, to id: String, now: Double) -> HTTPResponse {
        let outcome: Change.Outcome
        do {
            outcome = try modify(id, now: now) { (session: inout Session) throws(SessionError) in
                try change.apply(to: &session)
            }
        } catch {
            return Problem(error).response
        }
        do {
            return try change.respond(outcome)
        } catch {
            return error.response
        }
    }

    /// Stores the session at once and answers `respond()`; a session larger than the whole budget is refused.
    func answer(
        creating session: Session, now: Double, _ respond: @escaping @Sendable () -> HTTPResponse
    ) -> HTTPResponse {
        do {
            try insert(session, now: now)
        } catch {
            return Problem(error).response
        }
        return respond()
    }

    /// Deletes the session at once and answers what `respond` makes of whether it existed.
    func answer(
        deleting id: String, _ respond: @escaping @Sendable (Bool) throws(Problem) -> HTTPResponse
    ) -> HTTPResponse {
        do {
            return try respond(remove(id))
        } catch {
            return error.response
        }
    }

    /// Every answer is given at once.
    var answersLater: Bool { false }

    /// Memory refuses no one.
    func refusal() -> String? { nil }

    private static func purgeExpired(_ state: inout State, now: Double, ttl: Double) {
        // The table is ordered by last use, so every expired session sits at the old end.
        while let oldest = state.table.oldestEntry, now - oldest.lastUse > ttl {
            state.table.remove(oldest.key)
            state.expired += 1
        }
    }
}
