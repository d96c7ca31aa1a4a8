import InsetSession
import Locking

/// Sessions in memory: bounded by count and by the bytes they hold (least recently used evicted first, to stay
/// under both), and by idle time. A session that alone would hold more than the whole byte budget is never kept:
/// its creation is refused, and a change that grows it that far drops it (`SessionError.sessionTooLarge`).
/// One lock guards the table; every read-modify-write of a session runs under it, so no update is lost.
///
/// `apply` and `modify` are inlinable, with what they reach: the service runs every in-memory event through them,
/// from another module, and specialised for the change there they cost what they did when the store was the
/// service's own (docs/performance.md, "Across modules").
@usableFromInline
package final class SessionStore: SessionStoring {
    @usableFromInline
    struct State {
        @usableFromInline var table = LRUTable<SessionKey, Session>()
        @usableFromInline var evicted = 0
        @usableFromInline var expired = 0
        var created = 0

        init() {}
    }

    package let maxSessions: Int
    /// Bytes the sessions may hold, by `Session.footprint`.
    @usableFromInline package let maxBytes: Int
    /// Idle time after which a session is gone, in milliseconds.
    @usableFromInline package let ttl: Double
    @usableFromInline let state = Locked(State())

    /// The default `maxBytes`, 512 MiB (`ServiceConfiguration.defaultMaxSessionBytes` has why).
    package static let defaultMaxBytes = 512 << 20

    package init(maxSessions: Int, maxBytes: Int = SessionStore.defaultMaxBytes, ttlSeconds: Double) {
        self.maxSessions = max(1, maxSessions)
        self.maxBytes = max(1, maxBytes)
        self.ttl = ttlSeconds * 1000
    }

    /// Stores a new session, first dropping expired ones and, when full by count or by bytes, the least recently
    /// used; refuses one that alone weighs more than `maxBytes`, dropping nothing for it.
    package func insert(_ session: Session, now: Double) throws(SessionError) {
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
    @inlinable
    package func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        guard let key = SessionKey(id) else { throw .notFound }
        return try modify(key, now: now, body)
    }

    /// `modify` on the session `key` names.
    @inlinable
    func modify<T: Sendable>(
        _ key: SessionKey, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
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
    package func remove(_ id: String) -> Bool {
        guard let key = SessionKey(id) else { return false }
        return state.withLock { $0.table.remove(key) }
    }

    /// Live sessions and lifetime counters, after dropping expired ones.
    package func statistics(now: Double) -> SessionStatistics {
        state.withLock { state in
            Self.purgeExpired(&state, now: now, ttl: ttl)
            return SessionStatistics(
                live: state.table.count, created: state.created, evicted: state.evicted, expired: state.expired,
                bytes: state.table.totalWeight)
        }
    }

    /// Memory is always there.
    package func isReachable() -> Bool { true }

    /// Changes the session at once and gives what the change returned, or why it failed.
    @inlinable
    package func apply<Change: SessionChange>(
        _ change: Change, to id: String, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        guard let key = SessionKey(id) else { return .now(.failure(.notFound)) }
        return apply(change, to: key, now: now)
    }

    /// `apply` on the session an id a request sent inline names, with no string made of it: an id that is not
    /// well-formed finds no session, as `apply` with its string refuses it.
    @inlinable
    package func apply<Change: SessionChange>(
        _ change: Change, to id: InlineSessionID, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        apply(change, to: SessionKey(id), now: now)
    }

    /// `apply` on the session `key` names.
    @inlinable
    func apply<Change: SessionChange>(
        _ change: Change, to key: SessionKey, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        do {
            return .now(
                .success(
                    try modify(key, now: now) { (session: inout Session) throws(SessionError) in
                        try change.apply(to: &session)
                    }))
        } catch {
            return .now(.failure(error))
        }
    }

    /// Stores the session at once; a session larger than the whole budget is refused.
    package func create(_ session: Session, now: Double) -> StoreAnswer<Void> {
        do {
            try insert(session, now: now)
        } catch {
            return .now(.failure(error))
        }
        return .now(.success(()))
    }

    /// Deletes the session at once: whether it existed.
    package func delete(_ id: String) -> StoreAnswer<Bool> {
        .now(.success(remove(id)))
    }

    /// Every answer is given at once.
    package var answersLater: Bool { false }

    /// Memory refuses no one.
    package func refusal() -> String? { nil }

    private static func purgeExpired(_ state: inout State, now: Double, ttl: Double) {
        // The table is ordered by last use, so every expired session sits at the old end.
        while let oldest = state.table.oldestEntry, now - oldest.lastUse > ttl {
            state.table.remove(oldest.key)
            state.expired += 1
        }
    }
}
