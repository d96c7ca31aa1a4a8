import Locking

/// Sessions in Redis, shared by every replica: any replica serves any session, and a replica's death loses none.
///
/// Each session is one key, `inset:session:<id>`, holding its `SessionRecord` and expiring after the idle TTL
/// (`PX` on every write, `PEXPIRE` on every use), so Redis does the expiry. An update is an optimistic
/// read-modify-write in one round trip when this replica has seen the session before:
///
/// - Each replica keeps, per session, the record it last read or wrote, decoded, with its bytes and revision
///   (`RecordCache`: at most `cacheCapacity` sessions, least recently used dropped first, an entry older than
///   the TTL never used, an entry dropped on `DEL`, on any mismatch and whenever a Redis connection breaks).
/// - An event runs its change on the cached session and sends the new record with the revision it was computed
///   from in one `EVALSHA` of `compareAndSet`. The script writes (`SET … PX`) only when the stored record still
///   has that revision; a change that leaves the record as it was (a read, a touch) sends no record and the
///   script only renews the TTL (`PEXPIRE`). On a mismatch the script answers the record as it is now, so the
///   retry needs no `GET`: the change runs again on it.
/// - Without a cached record (the first event on this replica, an entry dropped or expired) the event starts
///   with a `GET`.
/// - A change that throws on a cached record (a stale timestamp, a drag without a keyboard) is not answered
///   from it: the record may be stale, so the event starts over with a `GET` and answers what Redis holds.
/// - A pooled connection found dead (Redis restarted) gets the call again on a fresh one, so the first event
///   after a restart succeeds. If the lost send had written, Redis now holds that very record at the next
///   revision, which counts as written; any other record after a lost write is a 503, since running the change
///   again on it could apply it twice.
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
final class RedisSessionStore: SessionStoring {
    /// `KEYS[1]` the session key, `ARGV[1]` the revision the change was computed from, `ARGV[2]` the new record
    /// (empty: unchanged, renew the TTL only), `ARGV[3]` the TTL in ms. Answers 1 when it wrote or renewed, the
    /// stored record when its revision is another, nil when the key is gone.
    static let compareAndSet = """
        local stored = redis.call('GET', KEYS[1]) \
        if not stored then return false end \
        if string.match(stored, '^{"v":%d+,"r":(%d+),') ~= ARGV[1] then return stored end \
        if ARGV[2] == '' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) \
        else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end \
        return 1
        """
    /// Read-modify-write attempts before giving up on a session that other writers keep changing.
    static let maxAttempts = 100
    /// Sessions whose last record a replica keeps; the sessions beyond it start their next event with a `GET`.
    /// An entry is a decoded session (InsetBench's `session_bytes_rss`: 922 B) and its record (990 B in
    /// `bench/redis-commands`), so 4096 of them hold about 8 MB.
    static let cacheCapacity = 4096
    /// Every key this store writes starts with this.
    static let keyPrefix = "inset:session:"

    let pool: RedisPool
    /// Idle time after which a session is gone, in whole milliseconds (the keys' expiry).
    let ttlMilliseconds: Int
    /// What this replica last read or wrote of each session it served.
    let cache: Locked<RecordCache>
    private let created = Locked(0)
    /// The compare-and-set script's SHA1 as Redis named it, once loaded.
    private let scriptSHA = Locked<[UInt8]?>(nil)

    /// A store on `endpoint` whose sessions expire after `ttlSeconds` idle.
    init(
        endpoint: RedisEndpoint, ttlSeconds: Double, timeouts: RedisTimeouts = RedisTimeouts(),
        cacheCapacity: Int = RedisSessionStore.cacheCapacity
    ) {
        pool = RedisPool(endpoint: endpoint, timeouts: timeouts)
        ttlMilliseconds = max(1, Int(ttlSeconds * 1000))
        cache = Locked(RecordCache(capacity: cacheCapacity, ttl: Double(max(1, Int(ttlSeconds * 1000)))))
    }

    private static func key(_ id: String) -> [UInt8] { Array((keyPrefix + id).utf8) }

    /// Runs commands on a pooled connection (retried once on a stale one when `idempotent`); any Redis failure is
    /// a 503 with `Retry-After`.
    private func run<T>(
        idempotent: Bool = true, _ body: (RedisConnection) throws(RedisError) -> T
    ) throws(SessionError) -> T {
        do {
            return try pool.withConnection(idempotent: idempotent, body)
        } catch {
            if case .unavailable = error {
                // A broken connection may mean a Redis that restarted without some of its writes: remembered
                // revisions may then name other records.
                cache.withLock { $0.removeAll() }
            }
            throw .storeUnavailable(error.reason)
        }
    }

    func insert(_ session: Session, now: Double) throws(SessionError) {
        let record = SessionRecord.encode(session, revision: 0)
        let ttl = Array(String(ttlMilliseconds).utf8)
        _ = try run { connection throws(RedisError) in
            try connection.command([Array("SET".utf8), Self.key(session.id), record, Array("PX".utf8), ttl])
        }
        created.withLock { $0 += 1 }
        cache.withLock { $0.remember(session.id, CachedRecord(session: session, revision: 0, bytes: record), now: now) }
    }

    func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        guard SessionID.isWellFormed(id) else { throw .notFound }
        let key = Self.key(id)
        let ttl = Array(String(ttlMilliseconds).utf8)
        var current = cache.withLock { $0.record(id, now: now) }
        // Whether `current` is what Redis held during this call, rather than what this replica remembered.
        var fresh = false
        for _ in 0..<Self.maxAttempts {
            let record: CachedRecord
            if let current {
                record = current
            } else {
                let reply = try run { connection throws(RedisError) in
                    try connection.command([Array("GET".utf8), key])
                }
                guard case .string(let stored) = reply else {
                    cache.withLock { $0.forget(id) }
                    throw .notFound
                }
                record = try Self.decode(stored)
                fresh = true
            }
            var session = record.session
            let result: T
            do {
                result = try body(&session)
            } catch {
                guard fresh else {
                    // Refused by a remembered record, which may be stale: ask Redis what it holds now.
                    cache.withLock { $0.forget(id) }
                    current = nil
                    continue
                }
                throw error
            }
            let updated = SessionRecord.encode(session, revision: record.revision + 1)
            let unchanged = SessionRecord.equalApartFromRevision(updated, record.bytes)
            // Sent again on a fresh connection when a pooled one turns out dead (Redis restarted), so the first
            // event after a restart succeeds; the answer then tells whether the first send had written.
            var sends = 0
            let reply = try run(idempotent: true) { connection throws(RedisError) in
                sends += 1
                return try evaluate(
                    [key, Array(String(record.revision).utf8), unchanged ? [] : updated, ttl], on: connection)
            }
            let written = CachedRecord(session: session, revision: record.revision + 1, bytes: updated)
            switch reply {
            case .integer(1):
                cache.withLock { $0.remember(id, unchanged ? record : written, now: now) }
                return result
            case .string(let stored) where sends > 1 && !unchanged:
                // The lost send wrote if Redis holds this very record at the next revision (only one write can
                // follow a revision). Anything else may be a write on top of it: running the change again could
                // apply it twice, so the event fails as the lost connection did.
                guard stored == updated else {
                    cache.withLock { $0.forget(id) }
                    throw .storeUnavailable("the connection to Redis broke during a write")
                }
                cache.withLock { $0.remember(id, written, now: now) }
                return result
            case .string(let stored):
                // Another replica wrote first: the change runs again on the record it wrote.
                cache.withLock { $0.forget(id) }
                current = try Self.decode(stored)
                fresh = true
            default:
                cache.withLock { $0.forget(id) }
                throw .notFound
            }
        }
        throw .storeUnavailable("session \(id) changed under \(Self.maxAttempts) attempts in a row")
    }

    /// The session in a stored record; a record this build cannot read is a store fault, not a missing session.
    private static func decode(_ stored: [UInt8]) throws(SessionError) -> CachedRecord {
        do {
            let (session, revision) = try SessionRecord.decode(stored)
            return CachedRecord(session: session, revision: revision, bytes: stored)
        } catch {
            throw .storeUnavailable("the stored session cannot be read: \(error.reason)")
        }
    }

    /// `EVALSHA` of `compareAndSet` with one key and the arguments after it, loading the script first when this
    /// process has not yet, or when Redis has forgotten it (`NOSCRIPT`: a restart, `SCRIPT FLUSH`).
    private func evaluate(_ arguments: [[UInt8]], on connection: RedisConnection) throws(RedisError) -> RedisReply {
        let known = scriptSHA.withLock { $0 }
        let sha: [UInt8]
        if let known { sha = known } else { sha = try loadScript(on: connection) }
        let command = [Array("EVALSHA".utf8), sha, Array("1".utf8)] + arguments
        do {
            return try connection.command(command)
        } catch .server(let message) where message.hasPrefix("NOSCRIPT") {
            // Nothing ran, so the call is repeated as it was.
            let loaded = try loadScript(on: connection)
            return try connection.command([Array("EVALSHA".utf8), loaded, Array("1".utf8)] + arguments)
        }
    }

    private func loadScript(on connection: RedisConnection) throws(RedisError) -> [UInt8] {
        let reply = try connection.command([Array("SCRIPT".utf8), Array("LOAD".utf8), Array(Self.compareAndSet.utf8)])
        guard case .string(let sha) = reply else { throw .server("SCRIPT LOAD answered no SHA1") }
        scriptSHA.withLock { $0 = sha }
        return sha
    }

    func remove(_ id: String) throws(SessionError) -> Bool {
        guard SessionID.isWellFormed(id) else { return false }
        cache.withLock { $0.forget(id) }
        // Not retried: a DEL that went through before the connection broke would then report 404.
        let reply = try run(idempotent: false) { connection throws(RedisError) in
            try connection.command([Array("DEL".utf8), Self.key(id)])
        }
        return reply == .integer(1)
    }

    /// `live` is the size of the Redis database (give the service a database of its own), 0 while unreachable.
    func statistics(now: Double) -> SessionStatistics {
        let reply = try? pool.withConnection(idempotent: true) { connection throws(RedisError) in
            try connection.command(["DBSIZE"])
        }
        var live = 0
        if case .integer(let size)? = reply { live = size }
        return SessionStatistics(live: live, created: created.withLock { $0 }, evicted: 0, expired: 0)
    }

    /// Redis's refusal of this store's credentials on a `PING` (`WRONGPASS`, `NOAUTH`, …); nil when it answers,
    /// or cannot be reached at all.
    func credentialsRefusal() -> String? {
        do {
            _ = try pool.withConnection(idempotent: true) { connection throws(RedisError) in
                try connection.command(["PING"])
            }
            return nil
        } catch .authentication(let message) {
            return message
        } catch .server(let message) where message.hasPrefix("NOAUTH") {
            return message
        } catch {
            return nil
        }
    }

    /// A `PING` within the command timeout.
    func isReachable() -> Bool {
        let reply = try? pool.withConnection(idempotent: true) { connection throws(RedisError) in
            try connection.command(["PING"])
        }
        return reply == .status("PONG")
    }
}

/// A session's record as a replica last read or wrote it.
struct CachedRecord: Equatable {
    /// The record decoded.
    var session: Session
    /// Its revision, which the compare-and-set checks.
    var revision: Int
    /// The record as stored, to tell a change from a touch.
    var bytes: [UInt8]
}

/// The records a replica remembers, bounded by count (least recently used dropped first) and by the TTL: an
/// entry unused for longer than a key lives is never used, since the key is most likely gone. Not thread-safe;
/// `RedisSessionStore` guards it.
struct RecordCache {
    /// Entries kept at most.
    let capacity: Int
    /// Milliseconds after its last use that an entry is dropped.
    let ttl: Double
    private var table = LRUTable<String, CachedRecord>()

    /// An empty cache.
    init(capacity: Int, ttl: Double) {
        self.capacity = max(1, capacity)
        self.ttl = ttl
    }

    /// Sessions remembered now.
    var count: Int { table.count }

    /// The record of `id` unless absent or unused for longer than the TTL (then dropped); a hit counts as a use.
    mutating func record(_ id: String, now: Double) -> CachedRecord? {
        let ttl = ttl
        var expired = false
        let found = table.modify(id, now: now) { (record, lastUse) -> CachedRecord? in
            if now - lastUse > ttl {
                expired = true
                return nil
            }
            return record
        }
        if expired { table.remove(id) }
        return found ?? nil
    }

    /// Keeps `record` for `id`, unless a later revision is kept already (two threads of this replica finishing
    /// in the other order); makes room by dropping expired entries, then the least recently used.
    mutating func remember(_ id: String, _ record: CachedRecord, now: Double) {
        let present: Bool? = table.modify(id, now: now) { (kept, _) in
            if record.revision >= kept.revision { kept = record }
            return true
        }
        guard present == nil else { return }
        while let oldest = table.oldestEntry, table.count >= capacity || now - oldest.lastUse > ttl {
            table.remove(oldest.key)
        }
        table.insert(id, record, now: now)
    }

    /// Drops `id`.
    mutating func forget(_ id: String) { table.remove(id) }

    /// Drops every entry.
    mutating func removeAll() { table = LRUTable() }
}
