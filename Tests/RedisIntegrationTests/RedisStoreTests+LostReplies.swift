import Foundation
import HTTPTestSupport
import InsetCore
import InsetServiceTestSupport
import InsetSession
import Locking
import Testing

@testable import InsetService
@testable import InsetStores
@testable import RedisClient

/// Writes whose reply is lost (issue 27, item 4): Redis frozen past the command timeout runs what reached it once
/// it thaws, so a lost reply is no proof of a change not made. A change that went out is never answered "not
/// done" (`store-unavailable`, retry): it is sent again until Redis tells whether it was applied, and answered
/// as applied, or run again, or, when Redis does not answer in time, `store-outcome-unknown`. Part of
/// `RedisStoreTests`, so that its ThreadSanitizer run covers them.
extension RedisStoreTests {
    /// Command timeout of these tests' applications, in seconds: the first send's reply is lost after it, the
    /// old store gave up after twice it, and the outcome is sought for three more (`outcomeWaitTimeouts`).
    static let lostTimeout = 0.3

    /// An application on `redis` with a command timeout of `lostTimeout`.
    static func lostReplyApp(_ redis: RedisProcess) -> InsetApplication {
        var configuration = ServiceConfiguration(
            accessLog: false, clock: .realTime, sessionStore: .redis(redis.endpoint()))
        configuration.redisTimeouts = RedisTimeouts(connect: 0.2, command: lostTimeout)
        return buildApplication(configuration)
    }

    /// A session with its keyboard shown at 1000 ms; the show also loads the script and leaves the record
    /// cached, so that a change after it is one `EVALSHA`.
    static func shownSession(_ app: InsetApplication) throws -> String {
        let id = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json["id"] as? String)
        let shown = app.call(
            "POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","timestamp":1000,"keyboard":\#(Phone.keyboard)}"#)
        #expect(shown.status == 200)
        return id
    }

    /// The stored revision of session `id`.
    static func revision(_ id: String, in redis: RedisProcess) throws -> Int {
        try SessionRecord.decode(try stored(id, in: redis)).revision
    }

    /// A PATCH (which waits on its worker) and a hide (which answers later, without one) sent while Redis is
    /// frozen for 2.8 command timeouts: each one's first reply is lost, and so is the reply of its send again on
    /// a fresh connection, which is where the store used to answer 503 `store-unavailable`, "retry" (a client
    /// that did applied it twice). Redis thaws within the outcome wait: both are answered 200, both were applied,
    /// and once: each record is one revision on.
    @Test func aLostReplyOnAPatchOrAnEventIsAnsweredAsApplied() throws {
        let redis = try RedisProcess()
        let app = Self.lostReplyApp(redis)
        let patched = try Self.shownSession(app)
        let hidden = try Self.shownSession(app)
        let before = try [patched, hidden].map { try Self.revision($0, in: redis) }
        let answers = Locked([String: Answer]())
        onThreads(2, whenAllStarted: { Self.pause(redis, for: 2.8 * Self.lostTimeout) }) { index in
            let answer =
                index == 0
                ? app.call(
                    "PATCH", "/sessions/\(patched)",
                    json: #"{"timestamp":2000,"scrollView":{"contentSize":{"width":390,"height":3333}}}"#)
                : app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(hidden)","timestamp":2000}"#)
            answers.withLock { $0[index == 0 ? "PATCH" : "hide"] = answer }
        }
        for (name, answer) in answers.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            #expect(answer.status == 200, "\(name): \(answer.status) \(answer.text)")
        }
        usleep(200_000)
        let patch = app.call("GET", "/sessions/\(patched)").json
        #expect(patch.at("scrollView", "contentSize").number("height") == 3333)
        #expect(patch.number("lastEventTime") == 2000)
        let hide = app.call("GET", "/sessions/\(hidden)").json
        #expect(["hiding", "hidden"].contains(hide.string("keyboardState") ?? ""))
        #expect(hide.number("lastEventTime") == 2000)
        let after = try [patched, hidden].map { try Self.revision($0, in: redis) }
        #expect(after == before.map { $0 + 1 })
    }

    /// Redis frozen for longer than the outcome wait: the PATCH and the hide whose writes went out are answered
    /// 503 `store-outcome-unknown`, without `Retry-After` and telling the client to GET the session, not
    /// `store-unavailable`; a second hide of the same session, queued behind the first and never sent, is
    /// `store-unavailable` with `Retry-After`. Once Redis thaws, both changes are applied, once: "unknown" was
    /// the truth.
    @Test func aLostReplyRedisDoesNotSettleInTimeIsOutcomeUnknown() throws {
        let redis = try RedisProcess()
        let app = Self.lostReplyApp(redis)
        let patched = try Self.shownSession(app)
        let hidden = try Self.shownSession(app)
        let before = try [patched, hidden].map { try Self.revision($0, in: redis) }
        let answers = Locked([Int: Answer]())
        // Lost after one timeout, sought for three more: thawed after six.
        let thawed = Date().addingTimeInterval(6 * Self.lostTimeout)
        onThreads(3, whenAllStarted: { Self.pause(redis, for: 6 * Self.lostTimeout) }) { index in
            let answer: Answer
            switch index {
            case 0:
                answer = app.call(
                    "PATCH", "/sessions/\(patched)",
                    json: #"{"timestamp":2000,"scrollView":{"contentSize":{"width":390,"height":3333}}}"#)
            case 1:
                answer = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(hidden)","timestamp":2000}"#)
            default:
                usleep(100_000)
                answer = app.call("POST", "/keyboard/hide", json: #"{"sessionId":"\#(hidden)","timestamp":2100}"#)
            }
            answers.withLock { $0[index] = answer }
        }
        let all = answers.withLock { $0 }
        for (index, id) in [(0, patched), (1, hidden)] {
            let answer = try #require(all[index])
            #expect(answer.status == 503)
            #expect(answer.json.string("type") == "/problems/store-outcome-unknown", "\(answer.text)")
            #expect(answer.headers["Retry-After"] == nil)
            #expect(answer.json.string("detail")?.contains("GET /sessions/\(id) before sending it again") == true)
        }
        let queued = try #require(all[2])
        #expect(queued.status == 503)
        #expect(queued.json.string("type") == "/problems/store-unavailable", "\(queued.text)")
        #expect(queued.headers["Retry-After"] == "1")
        // Once Redis has thawed and run what reached it, both changes show (waited for, up to the ceiling).
        Thread.sleep(until: thawed)
        #expect(eventually { app.call("GET", "/sessions/\(patched)").json.number("lastEventTime") == 2000 })
        #expect(eventually { app.call("GET", "/sessions/\(hidden)").json.number("lastEventTime") == 2000 })
        let after = try [patched, hidden].map { try Self.revision($0, in: redis) }
        #expect(after == before.map { $0 + 1 })
    }

    /// `POST /sessions` and `DELETE` whose replies are lost as above: the session created is answered 201 and
    /// exists once, the one deleted is answered 204 and is gone. The store used to answer both 503, "retry", and
    /// a client that did created a second session, or was told 404; a `DEL` sent again alone answers 0 here,
    /// since a send before it deleted the session, which is why the deletion leaves a mark.
    @Test func aLostReplyOnACreateOrADeleteIsAnsweredAsDone() throws {
        let redis = try RedisProcess()
        let app = Self.lostReplyApp(redis)
        let deleted = try Self.shownSession(app)
        let sessionKeys = { () throws -> [RedisReply] in
            guard case .array(let keys) = try redis.connection().command(["KEYS", "inset:session:*"]) else { return [] }
            return keys
        }
        #expect(try sessionKeys() == [.string(Array("inset:session:\(deleted)".utf8))])
        let answers = Locked([Int: Answer]())
        onThreads(2, whenAllStarted: { Self.pause(redis, for: 2.8 * Self.lostTimeout) }) { index in
            let answer =
                index == 0
                ? app.call("POST", "/sessions", json: Phone.sessionBody) : app.call("DELETE", "/sessions/\(deleted)")
            answers.withLock { $0[index] = answer }
        }
        let created = try #require(answers.withLock { $0[0] })
        #expect(created.status == 201, "\(created.text)")
        let id = try #require(created.json["id"] as? String)
        #expect(app.call("GET", "/sessions/\(id)").status == 200)
        let removed = try #require(answers.withLock { $0[1] })
        #expect(removed.status == 204, "\(removed.text)")
        #expect(app.call("GET", "/sessions/\(deleted)").status == 404)
        #expect(try sessionKeys() == [.string(Array("inset:session:\(id)".utf8))])
        #expect(app.call("DELETE", "/sessions/\(deleted)").status == 404)
    }

    /// An event that does not wait, in flight when Redis is killed (its reply lost with the connection), and Redis
    /// back a moment later without it: while Redis refuses connections the event waits between sends
    /// (`DelayedCalls`, not on the pipeline's thread), then its send again applies it, and it is answered once
    /// written. The restarted Redis loads the record as it was before the event (a `SAVE` of the first one) before
    /// it accepts a connection, so the event's next send finds it however soon it comes.
    @Test func anEventWhoseRedisDiedIsAppliedWhenRedisComesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = ["--dir", folder.path, "--dbfilename", "before-the-event.rdb"]
        let redis = try RedisProcess(saved)
        let store = RedisSessionStore(
            endpoint: redis.endpoint(), ttlSeconds: 60, timeouts: RedisTimeouts(connect: 0.2, command: 0.5))
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        #expect(try redis.connection().command(["SAVE"]) == .status("OK"))
        kill(redis.process.processIdentifier, SIGSTOP)
        let result = Locked<Result<Double, SessionError>?>(nil)
        guard case .later(let pending) = store.apply(RaiseChange(), to: session.id, now: 2) else {
            throw SessionError.storeUnavailable("answered at once")
        }
        pending.whenComplete { outcome in result.withLockSignalling { $0 = outcome } }
        usleep(100_000)
        redis.stop()
        usleep(200_000)
        #expect(result.withLock { $0 } == nil)
        let restarted = try RedisProcess(saved, port: redis.port)
        let answered = result.wait(until: { $0 != nil }, atMost: ceilingSeconds) { $0 }
        #expect(answered.map { try? $0.get() } == 2.0)
        let (stored, revision) = try SessionRecord.decode(try Self.stored(session.id, in: restarted))
        #expect(revision == 2 && stored.scene.scrollView.contentInset.top == 2)
    }

    /// The `DELETE` script sent again by the same `DELETE` finds its own mark and answers 1, as its first send
    /// did; another `DELETE`'s finds another's mark, or none, and answers 0; the mark expires.
    @Test func theDeletionMarkTellsOnlyItsOwnDeleteThatItDeleted() throws {
        let redis = try RedisProcess()
        let own = try redis.connection()
        let id = SessionID.make()
        let key = RedisSessionStore.keyPrefix + id
        _ = try own.command(["SET", key, "{}"])
        func delete(_ by: String, ttl: String = "60000") throws -> RedisReply {
            try own.command([
                Array("EVAL".utf8), RedisSessionStore.deleteOnce, Array("2".utf8), Array(key.utf8),
                RedisSessionStore.deletionMark(id), Array(by.utf8), Array(ttl.utf8),
            ])
        }
        #expect(try delete("AAAAAAAB") == .integer(1))
        #expect(try own.command(["EXISTS", key]) == .integer(0))
        #expect(try delete("AAAAAAAB") == .integer(1))
        #expect(try delete("AAAAAAAC") == .integer(0))
        _ = try own.command(["SET", key, "{}"])
        #expect(try delete("AAAAAAAD", ttl: "50") == .integer(1))
        usleep(150_000)
        #expect(try delete("AAAAAAAD") == .integer(0))
        #expect(try own.command(["DBSIZE"]) == .integer(0))
    }
}
