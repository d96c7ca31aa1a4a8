import InsetSession

/// Counters a session store reports on `/metrics`.
package struct SessionStatistics: Equatable, Sendable {
    /// Sessions held now (for Redis: the keys in its database).
    package var live: Int
    /// Sessions this process created.
    package var created: Int
    /// Sessions dropped to stay under `--max-sessions` or `--max-session-bytes`.
    package var evicted: Int
    /// Sessions dropped after `--session-ttl` idle seconds, as this process saw them.
    package var expired: Int
    /// Bytes the sessions hold in this process (`Session.footprint` summed); nil with Redis, which holds them.
    package var bytes: Int? = nil
    /// With Redis, how many batches carried how many commands; nil in memory.
    package var redis: RedisPipelineCounters? = nil
}

/// What went to Redis through the shared connection: the commands, and the batches (writes) that carried them.
/// Their ratio is how many workers' commands went out together.
package struct RedisPipelineCounters: Equatable, Sendable {
    /// Batches written.
    package var batches: Int
    /// Commands in them.
    package var commands: Int
}

/// Where sessions live between requests: in this process (`SessionStore`) or shared by every replica
/// (`RedisSessionStore`). The routes see only this, so both answer the same through the HTTP API.
///
/// The routes call only `apply`, `create` and `delete`, which never wait for Redis (their outcome is pending
/// until it replies); `insert`, `modify` and `remove` wait on the calling thread, for tests and tools. What the
/// stores answer is the domain's: a change's outcome or a `SessionError`, never a transport's answer.
///
/// Every method may throw `SessionError.storeUnavailable` when the store cannot be reached; the memory store never does.
package protocol SessionStoring: Sendable {
    /// Stores a new session, last used at `now` (server milliseconds).
    func insert(_ session: Session, now: Double) throws(SessionError)

    /// An atomic read-modify-write: runs `body` on the session and keeps its changes, with no other update of
    /// that session in between. `body` must throw, if at all, before it changes the session (validate, then
    /// change): the memory store changes it in place and has nothing to roll back to. `body` may run more than
    /// once (a shared store retries when another replica wrote first), so it must depend on nothing but the
    /// session and its captures. Throws `notFound` when the session is absent or expired.
    func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T

    /// Deletes a session; false when it did not exist.
    func remove(_ id: String) throws(SessionError) -> Bool

    /// The counters for `/metrics`, after dropping expired sessions; never blocks longer than a store timeout.
    func statistics(now: Double) -> SessionStatistics

    /// Whether the store answers now, for `/readyz`.
    func isReachable() -> Bool

    /// Runs `change` on session `id` as `modify` does, and gives what it returned or why it failed. The two
    /// stores finish it differently, and this is the one place that differs: the memory store changes the session
    /// at once and gives the outcome now; Redis gives a pending outcome that its reply completes, so that no
    /// worker ever waits for Redis (`PendingOutcome`).
    func apply<Change: SessionChange>(_ change: Change, to id: String, now: Double) -> StoreAnswer<Change.Outcome>

    /// Stores `session`, new, as `insert` does: done, or why not; pending with Redis, as `apply` is.
    func create(_ session: Session, now: Double) -> StoreAnswer<Void>

    /// Deletes session `id` as `remove` does: whether it existed, or why that is not known; pending with Redis, as
    /// `apply` is.
    func delete(_ id: String) -> StoreAnswer<Bool>

    /// Whether `apply`, `create` and `delete` may give their outcome later, so the transport must be able to
    /// suspend connections.
    var answersLater: Bool { get }

    /// Why the store refuses this service, for the executable to exit on before it listens: credentials a shared
    /// store refused (or wants), a database it does not have, or a peer that does not answer as the store does,
    /// which waiting will not change. Nil when it accepts them, keeps sessions in memory, or merely cannot be
    /// reached now. Never holds a password.
    func refusal() -> String?
}

/// A change of one session whose outcome is the answer to a request: a session route's handler hands it to the
/// store's `apply`, and makes its answer from the outcome. A value, not a closure, so the memory store runs it
/// where it lies without boxing its captures (a request body is several hundred bytes), and Redis copies it once
/// into the change it may run again. `apply` must throw, if at all, before it changes the session, and depend on
/// nothing but the session and the change's own values: a shared store may run it more than once.
@usableFromInline
package protocol SessionChange: Sendable {
    /// What `apply` returns: the values the answer is made of, or the answer's JSON written where the session
    /// lies (docs/performance.md, "Where an event's answer is written").
    associatedtype Outcome: Sendable

    /// Whether the change only reads the session (its record stays as it was; only its idle time restarts): a
    /// read cut off by a stopping server may simply be sent again, where a change may have been made. False
    /// unless the change says so.
    static var onlyReads: Bool { get }

    /// The change, on the session where it lies; with Redis, maybe on the Redis thread, so kept to the change
    /// itself: what takes longer to write belongs to the answer, made from the outcome once the store is done.
    func apply(to session: inout Session) throws(SessionError) -> Outcome
}

extension SessionChange {
    package static var onlyReads: Bool { false }
}
