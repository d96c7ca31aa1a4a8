import InsetSession

extension RedisSessionStore {
    /// Runs `change` in Redis and gives its outcome once Redis has replied: pending, so that the worker serves its
    /// other connections during the round trip instead of waiting through it, and a Redis that does not answer
    /// holds no worker. The outcome is completed on the Redis thread (or on this one, when no round trip was
    /// needed); what the answer makes of it is the service's, on the worker that sends it.
    @usableFromInline
    package func apply<Change: SessionChange>(
        _ change: Change, to id: String, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        let pending = PendingOutcome<Change.Outcome>()
        let body: @Sendable (inout Session) throws(SessionError) -> Change.Outcome = { session throws(SessionError) in
            try change.apply(to: &session)
        }
        modify(id, now: now, body) { pending.complete($0) }
        return .later(pending)
    }

    /// Stores `session`, done once Redis has, pending meanwhile.
    package func create(_ session: Session, now: Double) -> StoreAnswer<Void> {
        let pending = PendingOutcome<Void>()
        insert(session, now: now) { pending.complete($0) }
        return .later(pending)
    }

    /// Deletes session `id`: whether it existed once Redis has told, pending meanwhile.
    package func delete(_ id: String) -> StoreAnswer<Bool> {
        let pending = PendingOutcome<Bool>()
        remove(id) { pending.complete($0) }
        return .later(pending)
    }

    /// Every route that needs Redis answers later.
    package var answersLater: Bool { true }

    /// Why Redis refuses this service for good, if it does (`startupRefusal`), with its address.
    package func refusal() -> String? {
        startupRefusal()
    }
}
