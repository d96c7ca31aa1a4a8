import Locking

/// Sessions in Redis, shared by every replica: any replica serves any session, and a replica's death loses none.
///
/// Each session is one key, `inset:session:<id>`, holding its `SessionRecord` and expiring after the idle TTL
/// (`PX` on every write, `PEXPIRE` on every read), so Redis does the expiry. An update is an optimistic
/// read-modify-write: `GET`, apply the change, then a Lua compare-and-set that writes only if the key still holds
/// the bytes that were read; when another replica wrote first, it starts over from the new value. Every write
/// raises the record's revision, so equal bytes mean no write happened in between. `--max-sessions` is not
/// enforced here: bound Redis's memory (`maxmemory`, `maxmemory-policy volatile-lru`) instead.
final class RedisSessionStore: SessionStoring {
    /// Writes `ARGV[2]` with a TTL of `ARGV[3]` ms only if the key still holds `ARGV[1]`; 1 when it wrote.
    static let compareAndSet = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then \
        redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0
        """
    /// Read-modify-write attempts before giving up on a session that other writers keep changing.
    static let maxAttempts = 100
    /// Every key this store writes starts with this.
    static let keyPrefix = "inset:session:"

    let pool: RedisPool
    /// Idle time after which a session is gone, in whole milliseconds (the keys' expiry).
    let ttlMilliseconds: Int
    private let created = Locked(0)

    /// A store on `endpoint` whose sessions expire after `ttlSeconds` idle.
    init(endpoint: RedisEndpoint, ttlSeconds: Double, timeouts: RedisTimeouts = RedisTimeouts()) {
        pool = RedisPool(endpoint: endpoint, timeouts: timeouts)
        ttlMilliseconds = max(1, Int(ttlSeconds * 1000))
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
    }

    func modify<T: Sendable>(
        _ id: String, now: Double, _ body: (inout Session) throws(SessionError) -> T
    ) throws(SessionError) -> T {
        guard SessionID.isWellFormed(id) else { throw .notFound }
        let key = Self.key(id)
        let ttl = Array(String(ttlMilliseconds).utf8)
        for _ in 0..<Self.maxAttempts {
            let reply = try run { connection throws(RedisError) in try connection.command([Array("GET".utf8), key]) }
            guard case .string(let stored) = reply else { throw .notFound }
            let (original, revision): (Session, Int)
            do {
                (original, revision) = try SessionRecord.decode(stored)
            } catch {
                throw .storeUnavailable("the stored session cannot be read: \(error.reason)")
            }
            var session = original
            let result = try body(&session)
            if SessionRecord.encode(session, revision: revision) == stored {
                // Nothing changed: a touch, which no concurrent write can be lost to.
                _ = try run { connection throws(RedisError) in
                    try connection.command([Array("PEXPIRE".utf8), key, ttl])
                }
                return result
            }
            let updated = SessionRecord.encode(session, revision: revision + 1)
            let written = try run(idempotent: false) { connection throws(RedisError) in
                try connection.command([
                    Array("EVAL".utf8), Array(Self.compareAndSet.utf8), Array("1".utf8), key, stored, updated, ttl,
                ])
            }
            if written == .integer(1) { return result }
            // Another replica wrote first (or the key expired): start over from what is there now.
        }
        throw .storeUnavailable("session \(id) changed under \(Self.maxAttempts) attempts in a row")
    }

    func remove(_ id: String) throws(SessionError) -> Bool {
        guard SessionID.isWellFormed(id) else { return false }
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

    /// A `PING` within the command timeout.
    func isReachable() -> Bool {
        let reply = try? pool.withConnection(idempotent: true) { connection throws(RedisError) in
            try connection.command(["PING"])
        }
        return reply == .status("PONG")
    }
}
