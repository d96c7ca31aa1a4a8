import Foundation
import InsetCore
import InsetServiceTestSupport
import InsetSession
import Locking
import Testing

@testable import InsetService
@testable import InsetStores
@testable import RedisClient

/// The Redis store against a real `redis-server`: one round trip per event, the replica's cache of records, the
/// script reloaded after `SCRIPT FLUSH`, credentials, and concurrent writers on several replicas (run under
/// ThreadSanitizer by `scripts/sanitize thread --filter RedisStoreTests`). Skipped without `redis-server` only
/// outside CI: with `CI` set, its absence fails them (`RedisProcess.required`).
@Suite(
    "Redis store (real redis-server)", .serialized,
    .enabled(if: RedisProcess.suitesRun, "redis-server is not installed: skipped (with CI set, a failure)"))
struct RedisStoreTests {
    static func session() throws -> Session { sampleSession(time: 100) }

    /// A store as a replica makes it, with the test's TTL.
    static func replica(_ redis: RedisProcess, ttl: Double = 60) -> RedisSessionStore {
        RedisSessionStore(endpoint: redis.endpoint(), ttlSeconds: ttl)
    }

    /// Raises the content inset's top by one: a change every replica can make to any record.
    static func raise(_ session: inout Session) -> Double {
        session.scene.scrollView.contentInset.top += 1
        return session.scene.scrollView.contentInset.top
    }

    @Test func anEventOnACachedSessionIsOneEvalsha() throws {
        let redis = try RedisProcess()
        let store = Self.replica(redis)
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        try redis.resetCalls()
        for event in 1...10 {
            #expect(try store.modify(session.id, now: Double(event), Self.raise) == Double(event + 1))
        }
        // The script's own calls count too: the client sent ten commands, all EVALSHA, and each wrote with one
        // swap (`SET … XX GET`), no GET before it.
        let calls = try redis.sessionCalls()
        #expect(calls == ["evalsha": 10, "set": 10])
    }

    @Test func aStaleWriteLeavesTheNewerRecordInPlaceAndAnAbsentKeyAbsent() throws {
        let redis = try RedisProcess()
        let store = Self.replica(redis)
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        let key = RedisSessionStore.keyPrefix + session.id
        let own = try redis.connection()
        let newer = try own.command(["GET", key])
        // Computed from revision 0, which revision 1 replaced: the script answers revision 1 and puts it back.
        let stale = try own.command([
            "EVAL", RedisSessionStore.compareAndSet, "1", key, "0", "{\"v\":1,\"r\":1,\"x\":0}", "60000",
        ])
        #expect(stale == newer)
        #expect(try own.command(["GET", key]) == newer)
        guard case .integer(let left) = try own.command(["PTTL", key]) else { throw RedisError.server("no PTTL") }
        #expect(left > 50_000)
        let absent = RedisSessionStore.keyPrefix + SessionID.make()
        #expect(try own.command(["EVAL", RedisSessionStore.compareAndSet, "1", absent, "0", "{}", "60000"]) == .null)
        #expect(try own.command(["EXISTS", absent]) == .integer(0))
    }

    @Test func aReadIsOneEvalshaThatRenewsTheTTL() throws {
        let redis = try RedisProcess()
        let store = Self.replica(redis, ttl: 60)
        let session = try Self.session()
        try store.insert(session, now: 0)
        let key = RedisSessionStore.keyPrefix + session.id
        let own = try redis.connection()
        _ = try own.command(["PEXPIRE", key, "5000"])
        let before = try own.command(["GET", key])
        try redis.resetCalls()
        #expect(try store.modify(session.id, now: 1) { $0.lastTime } == 100)
        let calls = try redis.sessionCalls()
        // This replica's first script call loads it first.
        #expect(calls == ["script|load": 1, "evalsha": 1, "get": 1, "pexpire": 1])
        // Renewed to the store's 60 s, and not rewritten.
        guard case .integer(let left) = try own.command(["PTTL", key]) else { throw RedisError.server("no PTTL") }
        #expect(left > 50_000)
        #expect(try own.command(["GET", key]) == before)
    }

    @Test func aMissReadsOnceThenCachesAndAMismatchRetriesWithoutAGet() throws {
        let redis = try RedisProcess()
        let first = Self.replica(redis)
        let second = Self.replica(redis)
        let session = try Self.session()
        try first.insert(session, now: 0)
        try redis.resetCalls()
        // The second replica never saw it: one GET, then the compare-and-set.
        #expect(try second.modify(session.id, now: 1, Self.raise) == 1)
        let calls = try redis.sessionCalls()
        #expect(calls == ["get": 1, "script|load": 1, "evalsha": 1, "set": 1])
        // The first replica's record (revision 0) is stale now: the script answers revision 1, the change runs
        // again on it, and the second call writes. Two round trips, no GET, no lost update; the first call's
        // swap and the put-back are its two SETs.
        try redis.resetCalls()
        #expect(try first.modify(session.id, now: 2, Self.raise) == 2)
        let retried = try redis.sessionCalls()
        #expect(retried == ["script|load": 1, "evalsha": 2, "set": 3])
        #expect(try second.modify(session.id, now: 3, Self.raise) == 3)
        let (stored, revision) = try SessionRecord.decode(try Self.stored(session.id, in: redis))
        #expect(revision == 3 && stored.scene.scrollView.contentInset.top == 3)
    }

    @Test func aRefusalByACachedRecordIsCheckedAgainstRedis() throws {
        let redis = try RedisProcess()
        let first = Self.replica(redis)
        let second = Self.replica(redis)
        let session = try Self.session()
        try first.insert(session, now: 0)
        // The other replica shows the keyboard; the first still remembers it hidden.
        try second.modify(session.id, now: 1) { $0.keyboardVisible = true }
        let hidden = try first.modify(session.id, now: 2) { (stored: inout Session) throws(SessionError) -> Bool in
            guard stored.keyboardVisible else { throw .keyboardNotShown }
            stored.keyboardVisible = false
            return true
        }
        #expect(hidden)
        #expect(try second.modify(session.id, now: 3) { $0.keyboardVisible } == false)
    }

    @Test func theScriptIsLoadedAgainAfterScriptFlush() throws {
        let redis = try RedisProcess()
        let store = Self.replica(redis)
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        _ = try redis.connection().command(["SCRIPT", "FLUSH"])
        try redis.resetCalls()
        #expect(try store.modify(session.id, now: 2, Self.raise) == 2)
        // The first EVALSHA answered NOSCRIPT (a failed call, counted too), SCRIPT LOAD, then the EVALSHA again.
        let calls = try redis.sessionCalls()
        #expect(calls == ["evalsha": 2, "script|load": 1, "set": 1])
        #expect(try store.modify(session.id, now: 3, Self.raise) == 3)
    }

    /// The reused connection died with Redis: the write goes again on a fresh one (loading the script, which the
    /// restarted Redis has forgotten) instead of failing the first event after the restart.
    @Test func theFirstWriteAfterARedisRestartSucceeds() throws {
        let redis = try RedisProcess()
        let store = Self.replica(redis)
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        let kept = try Self.stored(session.id, in: redis)
        redis.stop()
        // The same port, and the record back as a restart from an AOF would bring it.
        let restarted = try RedisProcess(port: redis.port)
        _ = try restarted.connection().command([
            Array("SET".utf8), Array((RedisSessionStore.keyPrefix + session.id).utf8), kept,
        ])
        #expect(try store.modify(session.id, now: 2, Self.raise) == 2)
        let (stored, revision) = try SessionRecord.decode(try Self.stored(session.id, in: restarted))
        #expect(revision == 2 && stored.scene.scrollView.contentInset.top == 2)
    }

    @Test func aDeletedSessionIsGoneOnEveryReplica() throws {
        let redis = try RedisProcess()
        let first = Self.replica(redis)
        let second = Self.replica(redis)
        let session = try Self.session()
        try first.insert(session, now: 0)
        #expect(try second.modify(session.id, now: 1, Self.raise) == 1)
        #expect(try second.remove(session.id))
        #expect(second.cache.withLock { $0.count } == 0)
        #expect(throws: SessionError.notFound) { try first.modify(session.id, now: 2, Self.raise) }
        #expect(first.cache.withLock { $0.count } == 0)
    }

    @Test func anExpiredKeyIsNotFoundThoughTheReplicaRemembersIt() throws {
        let redis = try RedisProcess()
        let store = Self.replica(redis)
        let session = try Self.session()
        try store.insert(session, now: 0)
        _ = try redis.connection().command(["DEL", RedisSessionStore.keyPrefix + session.id])
        #expect(throws: SessionError.notFound) { try store.modify(session.id, now: 1) { $0.lastTime } }
    }

    /// Threads on three replicas raise the same two sessions' counters at once: every raise is kept, so each
    /// ends at the number of raises, and every answer was a value no other raise had answered.
    @Test func concurrentRaisesOnSeveralReplicasLoseNothing() throws {
        let redis = try RedisProcess()
        let replicas = (0..<3).map { _ in Self.replica(redis) }
        let sessions = try (0..<2).map { _ in try Self.session() }
        for session in sessions { try replicas[0].insert(session, now: 0) }
        let threads = 6
        let raises = 40
        let answers = Locked([[Double]](repeating: [], count: sessions.count))
        let failures = Locked([String]())
        onThreads(threads) { thread in
            let store = replicas[thread % replicas.count]
            for step in 0..<raises {
                let index = (thread + step) % sessions.count
                do {
                    let value = try store.modify(sessions[index].id, now: Double(step), Self.raise)
                    answers.withLock { $0[index].append(value) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let total = Double(threads * raises / sessions.count)
        for (index, session) in sessions.enumerated() {
            let seen = answers.withLock { $0[index] }
            #expect(seen.sorted() == Array(stride(from: 1, through: total, by: 1)))
            let (stored, _) = try SessionRecord.decode(try Self.stored(session.id, in: redis))
            #expect(stored.scene.scrollView.contentInset.top == total)
        }
    }

    @Test func aPasswordAndAnACLUserAuthenticate() throws {
        let redis = try RedisProcess(["--requirepass", "first secret"], password: "first secret")
        _ = try redis.connection(password: "first secret").command([
            "ACL", "SETUSER", "app", "on", ">app secret", "~*", "+@all",
        ])
        let session = try Self.session()
        let byPassword = RedisSessionStore(endpoint: redis.endpoint(password: "first secret"), ttlSeconds: 60)
        #expect(byPassword.startupRefusal() == nil)
        try byPassword.insert(session, now: 0)
        let byUser = RedisSessionStore(
            endpoint: redis.endpoint(username: "app", password: "app secret"), ttlSeconds: 60)
        #expect(byUser.startupRefusal() == nil)
        #expect(try byUser.modify(session.id, now: 1, Self.raise) == 1)
    }

    @Test func refusedCredentialsAreTold() throws {
        let redis = try RedisProcess(["--requirepass", "right"], password: "right")
        let wrong = RedisSessionStore(endpoint: redis.endpoint(password: "not-it-7"), ttlSeconds: 60)
        let refusal = try #require(wrong.startupRefusal())
        #expect(refusal.hasPrefix("Redis at 127.0.0.1:\(redis.port)/0 refused the credentials: WRONGPASS"))
        #expect(!refusal.contains("not-it-7"))
        let none = RedisSessionStore(endpoint: redis.endpoint(), ttlSeconds: 60)
        #expect(none.startupRefusal()?.contains("refused the credentials: NOAUTH") == true)
        // Not reachable at all is not a refusal: the service starts and waits for it.
        let absent = RedisSessionStore(endpoint: RedisEndpoint(host: "127.0.0.1", port: 1), ttlSeconds: 60)
        #expect(absent.startupRefusal() == nil)
        #expect(throws: SessionError.self) { try wrong.modify(SessionID.make(), now: 0) { $0.lastTime } }
    }

    /// A database index Redis does not have (16 of the default 16) is refused for good, as credentials are: the
    /// startup check says so, where it used to pass and leave every session route a 503.
    @Test func aDatabaseOutOfRangeIsTold() throws {
        let redis = try RedisProcess()
        let store = RedisSessionStore(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: redis.port, database: 16), ttlSeconds: 60)
        let refusal = try #require(store.startupRefusal())
        #expect(refusal.hasPrefix("Redis at 127.0.0.1:\(redis.port)/16 refused database 16: ERR"), "\(refusal)")
        let last = RedisSessionStore(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: redis.port, database: 15), ttlSeconds: 60)
        #expect(last.startupRefusal() == nil)
    }

    static func stored(_ id: String, in redis: RedisProcess) throws -> [UInt8] {
        guard case .string(let bytes) = try redis.connection().command(["GET", RedisSessionStore.keyPrefix + id])
        else { throw SessionError.notFound }
        return bytes
    }
}
