import InsetSession
import RedisClient

/// One `RedisSessionStore.modify`, as the steps between its round trips: what to send next, or how it ended.
///
/// The store's rules live here once (its doc comment has them: the cached record, the compare-and-set, the retry
/// on a mismatch, the `GET` without a cached record, the script reloaded after `NOSCRIPT`, a read sent again once
/// on a fresh connection when a reused one broke, and a write whose reply was lost sent again until Redis tells
/// whether it was applied), and two drivers run them: one that waits for each reply on the caller's thread, and
/// one that goes on from each reply on the Redis thread, so that a worker answering an HTTP request never waits
/// for Redis. `body` is passed to each step rather than kept, so that the waiting driver can run a closure that
/// must not escape. What the change computes is the body's to keep (the driver's): the update tells only whether
/// it was applied, and the body's last run is the one that was. Not generic, so that the one type serves every
/// change, specialised here, whatever module the change comes from (docs/performance.md, "Across modules").
///
/// A class, changed in place: its records are large, and a value would be copied at every step. Used by one
/// thread at a time, each step handed to the next through the Redis pipeline's lock, hence `@unchecked Sendable`.
final class RedisUpdate: @unchecked Sendable {
    /// What to do next.
    enum Step {
        /// Send this command and give its outcome to `received`.
        case send(RedisCommand)
        /// Wait this many milliseconds, then call `resume`: a write's outcome is being sought from a Redis that
        /// cannot be reached yet.
        case pause(Double)
        /// Done: the body's last run was applied, or why not.
        case done(Result<Void, SessionError>)
    }

    /// Where the last command sent stands.
    private enum Phase {
        /// A `GET` of the record; `repeated` once sent again after a reused connection broke.
        case reading(repeated: Bool)
        /// The script's `SCRIPT LOAD`, before the call of `attempt` it is for.
        case loading
        /// The compare-and-set's `EVALSHA` of `attempt`.
        case evaluating
    }

    /// A computed change on its way to Redis.
    private struct Attempt {
        /// The revision the change was computed from.
        var base: Int
        /// The changed session and its record at the next revision; when `unchanged` (the session writes the
        /// same record), the record Redis holds, at `base`.
        var written: CachedRecord
        var unchanged: Bool
        /// The id this attempt writes into the record's writers.
        var writer: UInt64
        /// How often the call went out (again after a reused connection broke, or a write's reply was lost).
        var sends: Int
        /// Whether the script was loaded for this send already, after a `NOSCRIPT`.
        var reloaded: Bool
        /// Once a send of this write went out and its reply was lost: the search for what became of it.
        var lost: LostReply?
    }

    let store: RedisSessionStore
    let id: String
    /// The id as the record cache keys it; nil when `id` is malformed, and no session has it.
    private let sessionKey: SessionKey?
    let now: Double
    private let key: [UInt8]
    private let ttl: [UInt8]
    /// The record the next change runs on, when known without a `GET`.
    private var current: CachedRecord?
    /// Whether `current` is what Redis held during this update, rather than what this replica remembered.
    private var fresh = false
    private var attempts = 0
    private var phase = Phase.reading(repeated: false)
    /// The change being sent, while loading or evaluating.
    private var attempt: Attempt?

    /// An update of session `id` at `now`.
    convenience init(store: RedisSessionStore, id: String, now: Double) {
        self.init(store: store, id: id, key: SessionKey(id), now: now)
    }

    /// An update of session `id`, whose key `sessionKey` the caller made already, at `now`.
    init(store: RedisSessionStore, id: String, key sessionKey: SessionKey?, now: Double) {
        self.store = store
        self.id = id
        self.sessionKey = sessionKey
        self.now = now
        key = RedisSessionStore.key(id)
        ttl = store.ttlArgument
    }

    /// The first step.
    func begin(_ body: (inout Session) throws(SessionError) -> Void) -> Step {
        guard let sessionKey else { return .done(.failure(.notFound)) }
        // Taken, not copied: the change then runs on the only copy (`RecordCache.take`).
        current = store.cache.withLock { $0.take(sessionKey, now: now) }
        return advance(body)
    }

    /// The step after the last command's `outcome`.
    func received(_ outcome: RedisOutcome, _ body: (inout Session) throws(SessionError) -> Void) -> Step {
        switch phase {
        case .reading(let repeated):
            switch outcome.result {
            case .failure(.unavailable) where outcome.reused && !repeated:
                phase = .reading(repeated: true)
                return .send(RedisCommand([RedisSessionStore.get, key]))
            case .failure(let error):
                return failed(error)
            case .success(.string(let stored)):
                do throws(SessionError) {
                    let record = try RedisSessionStore.decode(stored)
                    fresh = true
                    return apply(record, body)
                } catch {
                    return .done(.failure(error))
                }
            case .success:
                forget()
                return .done(.failure(.notFound))
            }
        case .loading:
            guard case .success(.string(let sha)) = outcome.result else {
                if case .failure(let error) = outcome.result { return evaluationFailed(error, outcome) }
                return evaluationFailed(.server("SCRIPT LOAD answered no SHA1"), outcome)
            }
            store.scriptSHA.withLock { $0 = sha }
            return evaluate(sha: sha)
        case .evaluating:
            switch outcome.result {
            case .failure(.server(let message)) where message.hasPrefix("NOSCRIPT") && attempt?.reloaded == false:
                // Nothing ran, so the call is repeated as it was, once the script is loaded again.
                attempt?.reloaded = true
                phase = .loading
                return .send(RedisSessionStore.scriptLoad)
            case .failure(let error):
                return evaluationFailed(error, outcome)
            case .success(let reply):
                return evaluated(reply, body)
            }
        }
    }

    /// The step after a `.pause`: the write whose reply was lost goes again, unless the wait is over.
    func resume() -> Step {
        guard let lost = attempt?.lost else { return .done(.failure(.storeUnavailable("no change to send"))) }
        return settle(lost, after: nil)
    }

    /// The next attempt: on the record known, or after a `GET`.
    private func advance(_ body: (inout Session) throws(SessionError) -> Void) -> Step {
        guard attempts < RedisSessionStore.maxAttempts else {
            return .done(.failure(.storeUnavailable("session \(id) changed under \(attempts) attempts in a row")))
        }
        attempts += 1
        guard let record = current.take() else {
            phase = .reading(repeated: false)
            return .send(RedisCommand([RedisSessionStore.get, key]))
        }
        return apply(record, body)
    }

    /// Runs the change on `record`, in place, and sends the compare-and-set.
    private func apply(_ taken: consuming CachedRecord, _ body: (inout Session) throws(SessionError) -> Void) -> Step {
        var record = taken
        let reusable = record.reusableGeometry
        do {
            try body(&record.session)
        } catch {
            guard fresh else {
                // Refused by a remembered record, which may be stale: ask Redis what it holds now.
                forget()
                current = nil
                return advance(body)
            }
            return .done(.failure(error))
        }
        let base = record.revision
        let writer = store.writerIDs.next()
        let writers = record.writers.adding(writer)
        let (updated, geometryText) = SessionRecord.encode(
            record.session, revision: base + 1, writers: writers, reusing: reusable)
        // A change that leaves the record as it was (a read, a touch) keeps what Redis holds, at its revision.
        let unchanged = SessionRecord.equalApartFromRevision(updated, record.bytes)
        if !unchanged {
            record.revision = base + 1
            record.writers = writers
            record.bytes = updated
            record.geometryText = geometryText
        }
        attempt = Attempt(
            base: base, written: record, unchanged: unchanged, writer: writer, sends: 0, reloaded: false, lost: nil)
        return send()
    }

    /// Sends the call (again), loading the script first when this process has not yet.
    private func send() -> Step {
        attempt?.sends += 1
        attempt?.reloaded = false
        if attempt?.lost != nil { attempt?.lost?.sending(at: MonotonicClock.system.now()) }
        guard let sha = store.scriptSHA.withLock({ $0 }) else {
            phase = .loading
            return .send(RedisSessionStore.scriptLoad)
        }
        return evaluate(sha: sha)
    }

    private func evaluate(sha: [UInt8]) -> Step {
        // Read in place: a copy of the attempt would retain every reference its session holds.
        guard let base = attempt?.base, let unchanged = attempt?.unchanged, let record = attempt?.written.bytes else {
            return .done(.failure(.storeUnavailable("no change to send")))
        }
        phase = .evaluating
        return .send(
            RedisCommand([
                RedisSessionStore.evalsha, sha, RedisSessionStore.oneKey, key, RedisCommand.decimal(base),
                unchanged ? [] : record, ttl,
            ]))
    }

    /// A call (or the `SCRIPT LOAD` before it) that failed.
    ///
    /// A write that may have reached Redis (its reply was lost, not refused) may have been applied, or be applied
    /// yet: it is sent again until Redis answers, which tells (`settle`). Anything else wrote nothing (a read or a
    /// touch, a `SCRIPT LOAD`, a call that never left this process or that Redis answered with an error): it goes
    /// again once, on a fresh connection, when a reused one turned out dead (Redis restarted), so that the first
    /// request after a restart succeeds; otherwise it fails, and the client may retry.
    private func evaluationFailed(_ error: RedisError, _ outcome: RedisOutcome) -> Step {
        if let lost = attempt?.lost { return settle(lost, after: outcome) }
        guard case .evaluating = phase, attempt?.unchanged == false, outcome.sent, case .unavailable(let reason) = error
        else {
            if case .unavailable = error, outcome.reused, attempt?.sends == 1 { return send() }
            return failed(error)
        }
        let lost = LostReply(reason: reason, now: MonotonicClock.system.now(), waiting: store.outcomeWait)
        attempt?.lost = lost
        return settle(lost, after: outcome)
    }

    /// The next step while a lost write's outcome is sought: send it again, wait, or give up with the outcome
    /// unknown (a 503 that does not say "not done").
    private func settle(_ lost: LostReply, after failure: RedisOutcome?) -> Step {
        switch lost.next(
            after: failure, now: MonotonicClock.system.now(), reconnectDelay: store.pipeline.reconnectDelay)
        {
        case .send:
            return send()
        case .wait(let milliseconds):
            return .pause(milliseconds)
        case .giveUp:
            store.cache.withLock { $0.removeAll() }
            return .done(.failure(.outcomeUnknown(session: id, reason: lost.reason)))
        }
    }

    /// What Redis holds, `stored`, tells of a write sent again after its reply was lost, whose send just found
    /// another revision than its base `b`. Only one write ever follows a revision, and every send of this write
    /// is the same compare-and-set on `b`: it was applied exactly when revision `b + 1` is its own record, which
    /// the record's writers tell when later writes came on top of it (`RecordWriters`), and the sends still on
    /// their way can no longer apply it, since the revision has moved past `b`. Applied, it is done (the body's
    /// last run is the answer); not applied, the change runs again on what Redis holds, as after any mismatch; when the writers
    /// kept do not reach back to `b + 1`, the outcome stays unknown.
    private func settled(
        _ attempt: Attempt, stored: [UInt8], _ body: (inout Session) throws(SessionError) -> Void
    ) -> Step {
        let record: CachedRecord
        do throws(SessionError) {
            record = try RedisSessionStore.decode(stored)
        } catch {
            forget()
            return .done(.failure(.outcomeUnknown(session: id, reason: attempt.lost?.reason ?? "")))
        }
        let back = record.revision - (attempt.base + 1)
        let applied: Bool
        if back == 0 {
            applied = stored == attempt.written.bytes
        } else if let writer = record.writers.writer(back: back) {
            applied = writer == attempt.writer
        } else {
            forget()
            return .done(.failure(.outcomeUnknown(session: id, reason: attempt.lost?.reason ?? "")))
        }
        guard !applied else {
            remember(record)
            return .done(.success(()))
        }
        forget()
        current = record
        fresh = true
        return advance(body)
    }

    private func evaluated(_ reply: RedisReply, _ body: (inout Session) throws(SessionError) -> Void) -> Step {
        guard let attempt = attempt.take() else { return .done(.failure(.storeUnavailable("no change sent"))) }
        switch reply {
        case .integer(1):
            remember(attempt.written)
            return .done(.success(()))
        case .string(let stored) where attempt.lost != nil:
            return settled(attempt, stored: stored, body)
        case .string(let stored):
            // Another replica wrote first: the change runs again on the record it wrote.
            forget()
            do throws(SessionError) {
                current = try RedisSessionStore.decode(stored)
            } catch {
                return .done(.failure(error))
            }
            fresh = true
            return advance(body)
        default:
            // The key is gone. After a lost reply too: whether or not that write was applied, the session was
            // deleted or expired since, and a change sent again would find none.
            forget()
            return .done(.failure(.notFound))
        }
    }

    /// Any Redis failure is a 503 with `Retry-After`.
    private func failed(_ error: RedisError) -> Step {
        .done(.failure(store.unavailable(error)))
    }

    /// Drops this replica's record of the session.
    private func forget() {
        guard let sessionKey else { return }
        store.cache.withLock { $0.forget(sessionKey) }
    }

    /// Keeps `record` as this replica's record of the session.
    private func remember(_ record: CachedRecord) {
        guard let sessionKey else { return }
        store.cache.withLock { $0.remember(sessionKey, record, now: now) }
    }
}
