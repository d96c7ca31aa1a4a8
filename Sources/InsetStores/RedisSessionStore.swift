import InsetSession
import Locking
import RedisClient

#if canImport(Glibc)
    import Glibc
#endif

/// Sessions in Redis, shared by every replica: any replica serves any session, and a replica's death loses none.
///
/// Each session is one key, `inset:session:<id>`, holding its `SessionRecord` and expiring after the idle TTL
/// (`PX` on every write, `PEXPIRE` on every use), so Redis does the expiry. An update is an optimistic
/// read-modify-write in one round trip when this replica has seen the session before:
///
/// - Each replica keeps, per session, the record it last read or wrote, decoded, with its bytes and revision
///   (`RecordCache`: at most `cacheCapacity` sessions, least recently used dropped first, an entry older than
///   the TTL never used, an entry dropped on `DEL`, on any mismatch and whenever a Redis connection breaks). An
///   update takes its session's entry out while it runs and puts back the record it wrote, so that the change
///   runs on the only copy; the session's other changes on this replica, reads included, wait for it.
/// - An event runs its change on the cached session and sends the new record with the revision it was computed
///   from in one `EVALSHA` of `compareAndSet`. The script swaps the new record in (`SET … XX GET`) and keeps it
///   only when the record it replaced had that revision, else puts that one back, in the same atomic call; a
///   change that leaves the record as it was (a read, a touch) sends no record and the script only renews the
///   TTL (`PEXPIRE`). On a mismatch the script answers the record as it is now, so the retry needs no `GET`: the
///   change runs again on it.
/// - Without a cached record (the first event on this replica, an entry dropped or expired) the event starts
///   with a `GET`.
/// - A change that throws on a cached record (a stale timestamp, a drag without a keyboard) is not answered
///   from it: the record may be stale, so the event starts over with a `GET` and answers what Redis holds.
/// - A read or a touch whose reused connection is found dead (Redis restarted) goes again on a fresh one, so the
///   first request after a restart succeeds.
/// - A write whose reply is lost after it went out (the command timeout, a connection that broke: Redis may have
///   run it, or run it yet) is never answered as not done. The same compare-and-set goes again, on fresh
///   connections, until Redis answers one of its sends or `outcomeWait` has passed (`LostReply`): since only one
///   write follows a revision, an answer tells whether it was applied (`RedisUpdate.settled`): applied, the change
///   is answered; another's record at the next revision, it runs again on that record. Each record names the
///   attempts that wrote its last few revisions (`RecordWriters`), which tells even when others wrote on top of
///   it meanwhile. Redis not answering in time, or the writers kept not reaching back far enough, it is a 503
///   `store-outcome-unknown` without `Retry-After` that says the change may have been applied. The insert (`SET
///   … NX`) and the `DEL` go again the same way. Only a write that never left this process (no connection) is a
///   503 `store-unavailable` with `Retry-After`, as is a read: both are safe to send again.
///
/// The revision identifies a record: the insert writes revision 0, every write raises it by one, and the script
/// writes revision `r + 1` only over revision `r`, atomically, so under one key no two writes ever leave the same
/// revision. A key is never re-created under the same id (ids are random 128-bit, and only the insert writes a
/// new key), so a deleted or expired session cannot come back with a revision a replica remembers. What breaks
/// that is a Redis that forgets acknowledged writes (a crash with `appendfsync everysec`, a failover to a
/// lagging replica): those writes are lost anyway, and such a loss usually comes with broken connections, which
/// empty the cache. The `"r"` member leads every record after `"v"` (`SessionRecord`), which is how the script reads
/// it. The script's SHA1 comes from `SCRIPT LOAD` at first use, and again after a `NOSCRIPT` (Redis restarted or
/// `SCRIPT FLUSH`), then the call is repeated on the same connection.
///
/// `--max-sessions` is not enforced here: bound Redis's memory (`maxmemory`, `maxmemory-policy volatile-lru`)
/// instead.
@usableFromInline
package final class RedisSessionStore: SessionStoring {
    /// `KEYS[1]` the session key, `ARGV[1]` the revision the change was computed from, `ARGV[2]` the new record
    /// (empty: unchanged, renew the TTL only), `ARGV[3]` the TTL in ms. Answers 1 when it wrote or renewed, the
    /// stored record when its revision is another, nil when the key is gone.
    ///
    /// A write is one call into Redis, not a `GET` and a `SET`: the swap answers the record it replaced, and
    /// only a mismatch, the rare case, pays a second call to put it back (with the TTL renewed, as the retry
    /// would). Each `redis.call` costs Redis about as much as the rest of the script (docs/performance.md,
    /// "Sessions in Redis").
    static let compareAndSet = """
        local lead = '^{"v":%d+,"r":(%d+),' \
        if ARGV[2] == '' then \
        local stored = redis.call('GET', KEYS[1]) \
        if not stored then return false end \
        if string.match(stored, lead) ~= ARGV[1] then return stored end \
        redis.call('PEXPIRE', KEYS[1], ARGV[3]) \
        return 1 \
        end \
        local replaced = redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3], 'XX', 'GET') \
        if not replaced then return false end \
        if string.match(replaced, lead) ~= ARGV[1] then \
        redis.call('SET', KEYS[1], replaced, 'PX', ARGV[3]) \
        return replaced \
        end \
        return 1
        """
    /// How long a write whose reply was lost is sent again to learn whether it was applied, in command timeouts
    /// after the loss: Redis frozen for up to about two of them (after the timeout of the lost send and one more
    /// send's) still gives an answer.
    static let outcomeWaitTimeouts = 3.0
    /// Read-modify-write attempts before giving up on a session that other writers keep changing. Optimistic
    /// writes are not fair: when two replicas' changes of one session meet at Redis in step, the replica whose
    /// batch lands second can lose every time for as long as the other has changes to make, whether or not its
    /// changes wait their turn on their replica (docs/reliability.md, section 9, has the test that showed it).
    /// Each attempt is one round trip, so this bounds an event's
    /// retries at about a tenth of a second.
    static let maxAttempts = 1000
    /// Sessions whose last record a replica keeps; the sessions beyond it start their next event with a `GET`.
    /// An entry is a decoded session and its record: about a kilobyte for a plain scroll view (docs/performance.md,
    /// "Sessions in Redis"), about 130 KiB for the largest a 64-KiB body makes, so a full cache holds from a few
    /// megabytes to about 550 MiB (deploy/resources.md measures it; the Deployment's memory limit allows for it).
    package static let cacheCapacity = 4096
    /// Every key this store writes starts with this.
    static let keyPrefix = "inset:session:"
    /// Bytes a Redis reply may take before its connection is dropped and its command fails as a lost reply
    /// would: the largest reply this store reads is one session record, and the largest record a legal session
    /// makes (256 fields with 256-byte ids, 16 pinned views, 8 animations) is under 200 KB
    /// (`SessionBudgetTests.theLargestRecordIsFarBelowTheRedisReplyCap`). A peer answering more (a 300 MB bulk string
    /// took the process to 935 MB) costs the process this much at most.
    static let maxReplyBytes = 1 << 20
    /// Seconds `/readyz` and `/metrics` wait for Redis's reply (`PING`, `DBSIZE`): a Redis that does not answer
    /// within it is unready, its size the last one it told; so both answer within a second even while Redis is
    /// frozen, when a command takes its timeout and a fresh connection's.
    static let probeWait = 0.5

    /// The one pipelined connection every worker's commands go out on.
    let pipeline: RedisPipeline
    /// `/readyz`'s `PING` and `/metrics`' `DBSIZE`, one of each in flight at most.
    let ping: RedisSharedCommand
    let size: RedisSharedCommand
    /// Milliseconds a lost write is sent again for (`outcomeWaitTimeouts`).
    let outcomeWait: Double
    /// The ids of the attempts this replica writes (`RecordWriters`).
    let writerIDs = WriterIDs()
    /// Milliseconds a deletion mark lives (`deleteOnce`): ten command timeouts, past the last send again of its
    /// `DELETE` whose answer is read, at most five after the first send ran (its timeout, the outcome wait, the
    /// timeout of the send in flight then).
    let deletionMarkTTL: [UInt8]
    /// Where an update that does not wait pauses between sends of a lost write, while Redis refuses connections.
    let delays = DelayedCalls()
    /// Idle time after which a session is gone, in whole milliseconds (the keys' expiry).
    let ttlMilliseconds: Int
    /// What this replica last read or wrote of each session it served.
    let cache: Locked<RecordCache<SessionKey>>
    private let created = Locked(0)
    /// Per session with an event in flight that does not wait, the events of this replica to start after it.
    private let waitingEvents = Locked([SessionKey: [WaitingEvent]]())
    /// The compare-and-set script's SHA1 as Redis named it, once loaded.
    let scriptSHA = Locked<[UInt8]?>(nil)
    /// The words of the commands an update sends, spelled once.
    static let evalsha = Array("EVALSHA".utf8)
    /// The script's number of keys.
    static let oneKey = Array("1".utf8)
    static let get = Array("GET".utf8)
    static let set = Array("SET".utf8)
    static let eval = Array("EVAL".utf8)
    static let twoKeys = Array("2".utf8)
    static let px = Array("PX".utf8)
    static let nx = Array("NX".utf8)
    /// Loads `compareAndSet`, whose SHA1 Redis answers.
    static let scriptLoad = RedisCommand([Array("SCRIPT".utf8), Array("LOAD".utf8), Array(compareAndSet.utf8)])

    /// A store on `endpoint` whose sessions expire after `ttlSeconds` idle.
    package init(
        endpoint: RedisEndpoint, ttlSeconds: Double, timeouts: RedisTimeouts = RedisTimeouts(),
        cacheCapacity: Int = RedisSessionStore.cacheCapacity
    ) {
        pipeline = RedisPipeline(endpoint: endpoint, timeouts: timeouts, maxReplyBytes: Self.maxReplyBytes)
        ping = RedisSharedCommand(RedisCommand(["PING"]), on: pipeline)
        size = RedisSharedCommand(RedisCommand(["DBSIZE"]), on: pipeline)
        outcomeWait = Self.outcomeWaitTimeouts * timeouts.command * 1000
        deletionMarkTTL = RedisCommand.decimal(max(1, Int(10 * timeouts.command * 1000)))
        ttlMilliseconds = max(1, Int(ttlSeconds * 1000))
        ttlArgument = RedisCommand.decimal(ttlMilliseconds)
        cache = Locked(RecordCache(capacity: cacheCapacity, ttl: Double(max(1, Int(ttlSeconds * 1000)))))
    }

    /// The TTL as the script's argument, in milliseconds.
    let ttlArgument: [UInt8]

    /// The key of session `id`, built without joining two strings first.
    static func key(_ id: String) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(keyPrefixBytes.count + id.utf8.count)
        key.append(contentsOf: keyPrefixBytes)
        key.append(contentsOf: id.utf8)
        return key
    }

    private static let keyPrefixBytes = Array(keyPrefix.utf8)

    /// The 503 for a Redis failure.
    func unavailable(_ error: RedisError) -> SessionError {
        if case .unavailable = error {
            // A broken connection may mean a Redis that restarted without some of its writes: remembered
            // revisions may then name other records.
            cache.withLock { $0.removeAll() }
        }
        return .storeUnavailable(error.reason)
    }

    /// `SET … NX`: a send whose reply was lost goes again (`write`), and finds the key there when the first was
    /// applied; no other writer makes a new key under a fresh random id. `NX` also keeps a lost send that Redis
    /// runs late from overwriting what the session became meanwhile. `completion` runs on the Redis thread.
    func insert(
        _ session: Session, now: Double, then completion: @escaping @Sendable (Result<Void, SessionError>) -> Void
    ) {
        let (record, geometryText) = SessionRecord.encode(session, revision: 0, reusing: nil)
        let command = RedisCommand([Self.set, Self.key(session.id), record, Self.px, ttlArgument, Self.nx])
        write(command, session: session.id) { [self] written in
            switch written {
            case .failure(let error):
                completion(.failure(error))
            // Nil: the key was there. After a lost send, that send's; else an id drawn twice, which is not this one's.
            case .success(let (reply, again)) where reply == .status("OK") || (reply == .null && again):
                created.withLock { $0 += 1 }
                if let sessionKey = SessionKey(session.id) {
                    let cached = CachedRecord(session: session, revision: 0, bytes: record, geometryText: geometryText)
                    cache.withLock { $0.remember(sessionKey, cached, now: now) }
                }
                completion(.success(()))
            case .success:
                completion(.failure(.storeUnavailable("session id \(session.id) is taken")))
            }
        }
    }

    /// `insert`, waiting on this thread: for tests and tools, never for a route.
    package func insert(_ session: Session, now: Double) throws(SessionError) {
        try Self.waiting { insert(session, now: now, then: $0) }
    }

    /// Waits for the session's changes that run on this replica before it, as events that do not wait do, so that
    /// a replica has one attempt in flight per session rather than one per worker racing its own siblings. That
    /// alone does not make writes fair between replicas (`maxAttempts` has why). The answer is what the body's last
    /// run returned, the run whose write Redis took.
    @usableFromInline
    package func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        guard let key = SessionKey(id) else { throw .notFound }
        try awaitTurn(key)
        var outcome: T?
        func change(_ session: inout Session) throws(SessionError) { outcome = try body(&session) }
        let update = RedisUpdate(store: self, id: id, key: key, now: now)
        var step = update.begin(change)
        while true {
            switch step {
            case .send(let command): step = update.received(pipeline.send(command), change)
            case .pause(let milliseconds):
                usleep(UInt32(max(0, milliseconds) * 1000))
                step = update.resume()
            case .done(let result):
                endTurn(key, result)
                try result.get()
                guard let outcome else { throw .storeUnavailable("the change left no outcome") }
                return outcome
            }
        }
    }

    /// Returns once no other change of session `id` runs on this replica (at once when none does), or throws the
    /// store failure that ended the one before it.
    private func awaitTurn(_ id: SessionKey) throws(SessionError) {
        let turn = Locked<Result<Void, SessionError>?>(nil)
        let event = WaitingEvent(
            start: { turn.withLockSignalling { $0 = .success(()) } },
            fail: { error in turn.withLockSignalling { $0 = .failure(error) } })
        guard !enqueue(event, for: id) else { return }
        while true {
            if let outcome = turn.wait(until: { $0 != nil }, atMost: 60, then: { $0 }) { return try outcome.get() }
        }
    }

    /// Queues `event` behind the change of session `id` in flight; true when none is, and `event` runs now.
    private func enqueue(_ event: WaitingEvent, for id: SessionKey) -> Bool {
        waitingEvents.withLock { (waiting: inout [SessionKey: [WaitingEvent]]) -> Bool in
            guard waiting[id] == nil else {
                waiting[id, default: []].append(event)
                return false
            }
            waiting[id] = []
            return true
        }
    }

    /// Ends a change of session `id`: the next one waiting starts, unless Redis could not be reached, and then
    /// they all fail (as not done: none was sent), so that none waits out more than one change's timeouts.
    private func endTurn(_ id: SessionKey, _ result: Result<Void, SessionError>) {
        let failure: SessionError
        switch result {
        case .failure(.storeUnavailable(let reason)): failure = .storeUnavailable(reason)
        case .failure(.outcomeUnknown(_, let reason)): failure = .storeUnavailable(reason)
        default:
            startNext(id)
            return
        }
        for waiting in waitingEvents.withLock({ $0.removeValue(forKey: id) ?? [] }) { waiting.fail(failure) }
    }

    /// `modify` without waiting: `completion` gets whether the body's last run was applied, on this thread when no
    /// round trip was needed, else on the pipeline's thread, which also runs `body` again when the record changed
    /// meanwhile. The body keeps what it computes (`apply`'s `OutcomeSlot`): not generic, this runs one
    /// specialisation for every change.
    ///
    /// Such events on one session run one after the other on this replica: each begins once the one before has
    /// its answer, from the record that one left. Sent together, they would all be computed from the same record,
    /// one would win and the rest would go again, round after round. When one fails because Redis cannot be
    /// reached, those waiting behind it fail with it, so that none waits out more than one event's timeouts.
    @usableFromInline
    func modify(
        _ id: String, now: Double, _ body: @escaping @Sendable (inout Session) throws(SessionError) -> Void,
        then completion: @escaping @Sendable (Result<Void, SessionError>) -> Void
    ) {
        guard let key = SessionKey(id) else { return completion(.failure(.notFound)) }
        let event = WaitingEvent(
            start: { [self] in
                let update = RedisUpdate(store: self, id: id, key: key, now: now)
                continueUpdate(update.begin(body), update, body) { [self] result in
                    completion(result)
                    endTurn(key, result)
                }
            }, fail: { error in completion(.failure(error)) })
        if enqueue(event, for: key) { event.start() }
    }

    /// Starts the next event waiting for session `id`, or notes that none runs.
    private func startNext(_ id: SessionKey) {
        let next = waitingEvents.withLock { (waiting: inout [SessionKey: [WaitingEvent]]) -> WaitingEvent? in
            guard var queued = waiting[id], !queued.isEmpty else {
                waiting[id] = nil
                return nil
            }
            let next = queued.removeFirst()
            waiting[id] = queued
            return next
        }
        next?.start()
    }

    /// Sends the step's command and goes on from its reply, or completes.
    private func continueUpdate(
        _ step: RedisUpdate.Step, _ update: RedisUpdate,
        _ body: @escaping @Sendable (inout Session) throws(SessionError) -> Void,
        _ completion: @escaping @Sendable (Result<Void, SessionError>) -> Void
    ) {
        switch step {
        case .send(let command):
            pipeline.send(command) { [self] outcome in
                continueUpdate(update.received(outcome, body), update, body, completion)
            }
        case .pause(let milliseconds):
            delays.after(milliseconds) { [self] in continueUpdate(update.resume(), update, body, completion) }
        case .done(let result):
            completion(result)
        }
    }

    /// The session in a stored record; a record this build cannot read is a store fault, not a missing session.
    static func decode(_ stored: [UInt8]) throws(SessionError) -> CachedRecord {
        do {
            let (session, revision) = try SessionRecord.decode(stored)
            return CachedRecord(
                session: session, revision: revision, writers: try SessionRecord.writers(in: stored), bytes: stored)
        } catch {
            throw .storeUnavailable("the stored session cannot be read: \(error.reason)")
        }
    }

    /// `live` is the size of the Redis database (give the service a database of its own): the one Redis tells
    /// within `probeWait`, else the last it told (0 before it told any).
    package func statistics(now: Double) -> SessionStatistics {
        let reply = size.reply(within: Self.probeWait) ?? size.lastReply
        var live = 0
        if case .integer(let size)? = reply { live = size }
        let sent = pipeline.sent
        return SessionStatistics(
            live: live, created: created.withLock { $0 }, evicted: 0, expired: 0,
            redis: RedisPipelineCounters(batches: sent.batches, commands: sent.commands))
    }

    /// Why Redis refuses this service for good, on a connection of the check's own (`RedisPipeline.probe`):
    /// the credentials (`WRONGPASS`, `NOAUTH`, …), the database (`SELECT`'s error), or a peer that answers, but
    /// not as Redis does (a reply trickled past the command timeout, one over `maxReplyBytes`); with the address,
    /// never the password. Nil when Redis answers, or cannot be reached now.
    func startupRefusal() -> String? {
        guard case .refused(let message) = pipeline.probe() else { return nil }
        return message
    }

    /// A `PONG` within `probeWait`.
    package func isReachable() -> Bool {
        ping.reply(within: Self.probeWait) == .status("PONG")
    }
}

/// An event that does not wait, queued behind another on the same session: how to start it, and how to fail it.
struct WaitingEvent: Sendable {
    /// Runs the event.
    let start: @Sendable () -> Void
    /// Answers it with a failure without running it.
    let fail: @Sendable (SessionError) -> Void
}
