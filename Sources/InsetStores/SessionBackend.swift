import InsetSession

/// The configured session store as a closed choice. Calls through it are dispatched statically, so the memory
/// store's generic `modify` and `apply` are specialised; through `any SessionStoring` they are not, and every
/// in-memory session request would pay for that (docs/performance.md, "Sessions in memory"). `apply` and
/// `modify` are inlinable, so that the service, in another module, specialises them for its changes; the types
/// they name are `@usableFromInline package`, as swiftc serialises no inlinable member of a type that is only
/// `package` (docs/performance.md, "Across modules").
@usableFromInline
package enum SessionBackend: SessionStoring {
    /// Sessions in this process (the default).
    case memory(SessionStore)
    /// Sessions in Redis, shared by every replica.
    case redis(RedisSessionStore)

    package func insert(_ session: Session, now: Double) throws(SessionError) {
        switch self {
        case .memory(let store): try store.insert(session, now: now)
        case .redis(let store): try store.insert(session, now: now)
        }
    }

    @inlinable
    package func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        switch self {
        case .memory(let store): try store.modify(id, now: now, body)
        case .redis(let store): try store.modify(id, now: now, body)
        }
    }

    package func remove(_ id: String) throws(SessionError) -> Bool {
        switch self {
        case .memory(let store): store.remove(id)
        case .redis(let store): try store.remove(id)
        }
    }

    package func statistics(now: Double) -> SessionStatistics {
        switch self {
        case .memory(let store): store.statistics(now: now)
        case .redis(let store): store.statistics(now: now)
        }
    }

    package func isReachable() -> Bool {
        switch self {
        case .memory(let store): store.isReachable()
        case .redis(let store): store.isReachable()
        }
    }

    @inlinable
    package func apply<Change: SessionChange>(
        _ change: Change, to id: String, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        switch self {
        case .memory(let store): store.apply(change, to: id, now: now)
        case .redis(let store): store.apply(change, to: id, now: now)
        }
    }

    /// `apply` on the session an id a request sent inline names: in memory, keyed on as it is; in Redis, by its
    /// string, which names the record.
    @inlinable
    package func apply<Change: SessionChange>(
        _ change: Change, to id: InlineSessionID, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        switch self {
        case .memory(let store): store.apply(change, to: id, now: now)
        case .redis(let store): store.apply(change, to: id.string, now: now)
        }
    }

    package func create(_ session: Session, now: Double) -> StoreAnswer<Void> {
        switch self {
        case .memory(let store): store.create(session, now: now)
        case .redis(let store): store.create(session, now: now)
        }
    }

    package func delete(_ id: String) -> StoreAnswer<Bool> {
        switch self {
        case .memory(let store): store.delete(id)
        case .redis(let store): store.delete(id)
        }
    }

    package var answersLater: Bool {
        switch self {
        case .memory(let store): store.answersLater
        case .redis(let store): store.answersLater
        }
    }

    package func refusal() -> String? {
        switch self {
        case .memory(let store): store.refusal()
        case .redis(let store): store.refusal()
        }
    }
}
