import InsetSession

extension RedisSessionStore {
    /// Runs `change` in Redis and gives its outcome once Redis has replied: pending, so that the worker serves its
    /// other connections during the round trip instead of waiting through it, and a Redis that does not answer
    /// holds no worker. The outcome is completed on the Redis thread (or on this one, when no round trip was
    /// needed); what the answer makes of it is the service's, on the worker that sends it.
    ///
    /// Inlinable, and generic only here: the service specialises this for its change, and the update itself is
    /// the store's one, not generic (`modify(_:now:_:then:)`), the change's outcome left in a slot (`OutcomeSlot`).
    /// Generic across the module boundary, every event paid for generic metadata at each step (8 % more
    /// instructions a Redis cycle request; docs/performance.md, "Across modules").
    @inlinable
    package func apply<Change: SessionChange>(
        _ change: Change, to id: String, now: Double
    ) -> StoreAnswer<Change.Outcome> {
        let pending = PendingOutcome<Change.Outcome>()
        let slot = OutcomeSlot<Change.Outcome>()
        modify(
            id, now: now,
            { (session: inout Session) throws(SessionError) in slot.value = try change.apply(to: &session) }
        ) { result in
            switch result {
            case .success:
                guard let outcome = slot.take() else {
                    return pending.complete(.failure(.storeUnavailable("the change left no outcome")))
                }
                pending.complete(.success(outcome))
            case .failure(let error):
                pending.complete(.failure(error))
            }
        }
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

/// Where a change the Redis store runs leaves its outcome: the store may run the change more than once (a record
/// changed meanwhile), and the outcome answered is always that of the last run, the one whose write Redis took,
/// so the slot keeps the last. Used by one thread at a time, each run handed to the next through the Redis
/// pipeline's lock, hence `@unchecked Sendable` and no exclusivity check.
@usableFromInline
final class OutcomeSlot<Outcome>: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: Outcome?

    @inlinable init() {}

    /// The outcome, moved out.
    @inlinable func take() -> Outcome? {
        defer { value = nil }
        return value
    }
}
