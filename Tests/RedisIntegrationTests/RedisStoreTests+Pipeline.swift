import Foundation
import HTTPServer
import HTTPTestSupport
import InsetCore
import InsetServiceTestSupport
import InsetSession
import Locking
import Testing

@testable import InsetService
@testable import InsetStores
@testable import RedisClient

/// The shared, pipelined connection and the answers that wait for Redis without holding a worker, against a real
/// `redis-server`; part of `RedisStoreTests`, so that its ThreadSanitizer run covers them.
extension RedisStoreTests {
    /// Connections Redis accepted so far, from `INFO stats`.
    static func connectionsReceived(_ redis: RedisProcess) throws -> Int {
        guard case .string(let text) = try redis.connection().command(["INFO", "stats"]) else { return -1 }
        let line = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline).first {
            $0.hasPrefix("total_connections_received:")
        }
        return line.flatMap { Int($0.split(separator: ":")[1]) } ?? -1
    }

    /// Stops Redis now and lets it go on after `seconds`, from a thread of its own: a block on Dispatch's global
    /// queue waited behind workers blocked on Redis, until their timeouts.
    static func pause(_ redis: RedisProcess, for seconds: Double) {
        let pid = redis.process.processIdentifier
        kill(pid, SIGSTOP)
        Thread.detachNewThread {
            usleep(UInt32(seconds * 1_000_000))
            kill(pid, SIGCONT)
        }
    }

    @Test func manyWorkersShareOneConnectionAndEachGetsItsOwnReply() throws {
        let redis = try RedisProcess()
        let pipeline = RedisPipeline(endpoint: redis.endpoint())
        let before = try Self.connectionsReceived(redis)
        let threads = 8
        let commands = 200
        let wrong = Locked([String]())
        // The connection is opened first, so that its handshake does not wait out the pause; then, with every
        // worker's thread started, Redis is stopped for a moment as they begin, so that their commands queue
        // behind the first and go out together whatever the machine's load: batching is not left to the
        // scheduler.
        _ = try pipeline.withConnection { channel throws(RedisError) in try channel.command(["PING"]) }
        onThreads(threads, whenAllStarted: { Self.pause(redis, for: 0.2) }) { thread in
            for step in 0..<commands {
                let text = "worker \(thread) command \(step)"
                let reply = try? pipeline.withConnection { channel throws(RedisError) in
                    try channel.command(["ECHO", text])
                }
                if reply != .string(Array(text.utf8)) { wrong.withLock { $0.append(text) } }
            }
        }
        #expect(wrong.withLock { $0 } == [])
        // One connection for every worker (the counting one is the test's own, opened after).
        #expect(try Self.connectionsReceived(redis) - before == 2)
        let sent = pipeline.sent
        #expect(sent.commands == threads * commands + 1)
        #expect(sent.batches < sent.commands)
    }

    @Test func commandsSentWithoutWaitingAreAnsweredInTheirOrder() throws {
        let redis = try RedisProcess()
        let pipeline = RedisPipeline(endpoint: redis.endpoint())
        let count = 1000
        let replies = Locked([RedisReply]())
        // As above: the commands queue while Redis is stopped, whatever the load.
        _ = try pipeline.withConnection { channel throws(RedisError) in try channel.command(["PING"]) }
        Self.pause(redis, for: 0.2)
        for _ in 0..<count {
            pipeline.send(RedisCommand(["INCR", "counter"])) { outcome in
                replies.withLockSignalling { $0.append((try? outcome.result.get()) ?? .null) }
            }
        }
        let answered = replies.wait(until: { $0.count == count }, atMost: 10) { $0 }
        #expect(answered == (1...count).map { RedisReply.integer($0) })
        #expect(pipeline.sent.batches < count / 2)
    }

    /// A `BLPOP` that blocks its connection past the command timeout, in the middle of a batch: the replies
    /// before it stand, it and the commands after it fail as unavailable (on a reused connection, so an
    /// idempotent call may go again), and the next command goes out on a fresh connection.
    @Test func aTimeoutInTheMiddleOfABatchFailsTheRestOfItAndTheNextCommandGetsAFreshConnection() throws {
        let redis = try RedisProcess()
        let pipeline = RedisPipeline(endpoint: redis.endpoint(), timeouts: RedisTimeouts(connect: 1, command: 0.3))
        #expect(
            try pipeline.withConnection { channel throws(RedisError) in try channel.command(["PING"]) }
                == .status("PONG"))
        let before = try Self.connectionsReceived(redis)
        let outcomes = Locked([Int: RedisOutcome]())
        func send(_ index: Int, _ arguments: [String]) {
            pipeline.send(RedisCommand(arguments)) { outcome in outcomes.withLockSignalling { $0[index] = outcome } }
        }
        // The first holds the connection for 0.2 s (under the timeout); the next three, queued meanwhile, go out
        // together once its reply is in.
        send(0, ["BLPOP", "nothing", "0.2"])
        usleep(50_000)
        send(1, ["PING"])
        send(2, ["BLPOP", "nothing", "2"])
        send(3, ["PING"])
        let all = outcomes.wait(until: { $0.count == 4 }, atMost: ceilingSeconds) { $0 }
        #expect(try all[0]?.result.get() == .null)
        #expect(try all[1]?.result.get() == .status("PONG"))
        for index in [2, 3] {
            guard case .failure(.unavailable)? = all[index]?.result else {
                Issue.record("command \(index): \(String(describing: all[index]))")
                continue
            }
            #expect(all[index]?.reused == true)
        }
        #expect(
            try pipeline.withConnection { channel throws(RedisError) in try channel.command(["PING"]) }
                == .status("PONG"))
        #expect(try Self.connectionsReceived(redis) - before == 2)
        // The first PING, the BLPOP alone, the three together, the last PING.
        #expect(pipeline.sent.batches == 4)
    }

    /// Events in flight when Redis freezes for good: the one whose write went out is sent again until the outcome
    /// wait has passed (three command timeouts after its reply was lost), then fails as `outcomeUnknown`, since
    /// Redis may run it yet; the ones waiting behind it, never sent, fail as 503s with it; none waits longer, and
    /// the next event after Redis thaws succeeds; no raise was applied twice.
    @Test func eventsOnAFrozenRedisFailWithinTheTimeoutsAndTheNextSucceeds() throws {
        let redis = try RedisProcess()
        let store = RedisSessionStore(
            endpoint: redis.endpoint(), ttlSeconds: 60, timeouts: RedisTimeouts(connect: 0.2, command: 0.2))
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        kill(redis.process.processIdentifier, SIGSTOP)
        let started = Date()
        let results = Locked([Result<Double, SessionError>]())
        let events = 8
        for _ in 0..<events {
            guard case .later(let pending) = store.apply(RaiseChange(), to: session.id, now: 2) else {
                throw SessionError.storeUnavailable("answered at once")
            }
            pending.whenComplete { result in results.withLockSignalling { $0.append(result) } }
        }
        let failed = results.wait(until: { $0.count == events }, atMost: ceilingSeconds) { $0 }
        let waited = Date().timeIntervalSince(started)
        kill(redis.process.processIdentifier, SIGCONT)
        #expect(failed.count == events)
        for (index, result) in failed.enumerated() {
            switch result {
            case .failure(.outcomeUnknown(let id, _)) where index == 0 && id == session.id: continue
            case .failure(.storeUnavailable) where index > 0: continue
            default: Issue.record("event \(index): \(result)")
            }
        }
        // 0.2 s until the reply is lost, 0.6 s of sends again, and the last one's timeout: about 1 s. Held to ten
        // times that, a ceiling; an event that waited for Redis to thaw would wait for good (it thaws after this).
        #expect(waited < 10, "waited \(waited) s")
        // The raise that reached Redis before it froze is applied once it thaws, once whatever how often it was
        // sent; the next one builds on it.
        let next = try store.modify(session.id, now: 3, Self.raise)
        let (stored, _) = try SessionRecord.decode(try Self.stored(session.id, in: redis))
        #expect(stored.scene.scrollView.contentInset.top == next)
        #expect(next == 2 || next == 3)
    }

    /// Redis killed while batches are in flight: every event in flight fails as a 503, `outcomeUnknown` for a
    /// write that went out (none hangs, none answers a value another one answered), and once Redis is back the
    /// store serves again on a fresh connection.
    @Test func redisKilledMidBatchFailsWhatWasInFlightAndRecovers() throws {
        let redis = try RedisProcess()
        let store = RedisSessionStore(endpoint: redis.endpoint(), ttlSeconds: 60)
        let session = try Self.session()
        try store.insert(session, now: 0)
        let answers = Locked([Double]())
        let failures = Locked([String]())
        let stop = Locked(false)
        let threads = 6
        let group = DispatchGroup()
        for _ in 0..<threads {
            // Threads of their own: on Dispatch's pool, busy with the other tests' tasks, they ran late or one
            // after the other, and none had answered before Redis was stopped (seen with the suite filtered).
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var step = 0.0
                while !stop.withLock({ $0 }) {
                    step += 1
                    do throws(SessionError) {
                        let value = try store.modify(session.id, now: step, Self.raise)
                        answers.withLock { $0.append(value) }
                    } catch .storeUnavailable {
                        failures.withLock { $0.append("503") }
                    } catch .outcomeUnknown {
                        failures.withLock { $0.append("unknown") }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        // Stopped once events are flowing, so that batches are in flight when it goes.
        let flowing = Date().addingTimeInterval(5)
        while answers.withLock({ $0.count }) < threads, Date() < flowing { usleep(1000) }
        redis.stop()
        usleep(100_000)
        stop.withLock { $0 = true }
        #expect(group.wait(timeout: .now() + ceilingSeconds) == .success)
        let answered = answers.withLock { $0 }
        #expect(!answered.isEmpty)
        #expect(Set(answered).count == answered.count)
        #expect(failures.withLock { $0 }.allSatisfy { $0 == "503" || $0 == "unknown" })
        #expect(failures.withLock { $0.count } > 0)
        // Back on the same port, empty: the backoff passes within a second, and a new session works (waited for up
        // to the ceiling).
        let restarted = try RedisProcess(port: redis.port)
        let fresh = try Self.session()
        let deadline = Date().addingTimeInterval(ceilingSeconds)
        var inserted = false
        while !inserted, Date() < deadline {
            inserted = (try? store.insert(fresh, now: 10)) != nil
            if !inserted { usleep(50_000) }
        }
        #expect(inserted)
        #expect(try store.modify(fresh.id, now: 11, Self.raise) == 1)
        _ = restarted
    }

    /// A raise as the routes hand the store a change (`SessionChange`).
    struct RaiseChange: SessionChange {
        func apply(to session: inout Session) throws(SessionError) -> Double { RedisStoreTests.raise(&session) }
    }

    /// Events that do not wait (the routes' path: `apply`, its outcome pending until Redis replies) on one session
    /// from many threads at once: every raise is kept, each answered a value no other answered, as the waiting
    /// calls guarantee.
    @Test func eventsThatDoNotWaitLoseNoUpdate() throws {
        let redis = try RedisProcess()
        let replicas = (0..<2).map { _ in Self.replica(redis) }
        let session = try Self.session()
        try replicas[0].insert(session, now: 0)
        let events = 300
        let answers = Locked([Result<Double, SessionError>]())
        let threads = 10
        onThreads(threads) { thread in
            for index in stride(from: thread, to: events, by: threads) {
                let answer = replicas[index % replicas.count].apply(RaiseChange(), to: session.id, now: Double(index))
                guard case .later(let outcome) = answer else {
                    answers.withLockSignalling { $0.append(.failure(.storeUnavailable("answered at once"))) }
                    continue
                }
                outcome.whenComplete { result in answers.withLockSignalling { $0.append(result) } }
            }
        }
        let all = answers.wait(until: { $0.count == events }, atMost: 20) { $0 }
        let values = all.compactMap { try? $0.get() }
        #expect(values.sorted() == (1...events).map(Double.init))
        let (stored, _) = try SessionRecord.decode(try Self.stored(session.id, in: redis))
        #expect(stored.scene.scrollView.contentInset.top == Double(events))
    }

    /// `/metrics` counts what went to Redis and in how many writes; the in-memory store reports neither.
    @Test func metricsCountTheCommandsAndTheirBatches() throws {
        let redis = try RedisProcess()
        let app = buildApplication(ServiceConfiguration(accessLog: false, sessionStore: .redis(redis.endpoint())))
        let id = try #require(app.call("POST", "/sessions", json: Phone.sessionBody).json["id"] as? String)
        for _ in 0..<5 {
            #expect(
                app.call("POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","keyboard":\#(Phone.keyboard)}"#)
                    .status == 200)
        }
        func sample(_ text: String, _ name: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) }
        }
        let text = app.call("GET", "/metrics").text
        // The SET, SCRIPT LOAD and five EVALSHAs at least.
        let commands = try #require(sample(text, "inset_redis_commands_total"))
        let batches = try #require(sample(text, "inset_redis_batches_total"))
        #expect(commands >= 7)
        #expect(batches >= 1 && batches <= commands)
        let memory = buildApplication(ServiceConfiguration(accessLog: false)).call("GET", "/metrics").text
        #expect(!memory.contains("inset_redis_"))
    }

    /// A Redis on the same machine through its Unix-domain socket (`redis+unix://`), credentials and database
    /// included: the store works as over TCP.
    @Test func aUnixSocketServesTheStore() throws {
        let path = "/tmp/inset-redis-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        let redis = try RedisProcess(["--unixsocket", path, "--requirepass", "unix secret"], password: "unix secret")
        defer { unlink(path) }
        let location = try #require(SessionStoreLocation(parsing: "redis+unix://:unix%20secret@\(path)?db=2"))
        guard case .redis(let endpoint) = location else { throw RedisTestError.notRedis }
        let store = RedisSessionStore(endpoint: endpoint, ttlSeconds: 60)
        #expect(store.startupRefusal() == nil)
        let session = try Self.session()
        try store.insert(session, now: 0)
        #expect(try store.modify(session.id, now: 1, Self.raise) == 1)
        let own = try redis.connection(password: "unix secret")
        _ = try own.command(["SELECT", "2"])
        #expect(try own.command(["EXISTS", RedisSessionStore.keyPrefix + session.id]) == .integer(1))
        let wrong = RedisSessionStore(endpoint: RedisEndpoint(socketPath: path, password: "not it"), ttlSeconds: 60)
        #expect(wrong.startupRefusal()?.contains("refused the credentials: WRONGPASS") == true)
    }

    /// One worker thread: a show waiting on a frozen Redis must not keep it from answering other connections. The
    /// command timeout is far longer than the test, so the show can only be answered once Redis is resumed: the
    /// health check answered while the show's reply has not come shows the worker was free, whatever the
    /// scheduler does (a 0.5-s bound on the health check, and a 1-s timeout before a retry that had to succeed,
    /// failed on a loaded machine). The 503 a timeout gives is `RedisStoreTests+LostReplies.swift`'s.
    @Test func aShowWaitingOnRedisLeavesTheWorkerFree() throws {
        let redis = try RedisProcess()
        var configuration = ServiceConfiguration(accessLog: false, sessionStore: .redis(redis.endpoint()))
        configuration.redisTimeouts = RedisTimeouts(connect: 30, command: 30)
        let server = InsetServer(
            http: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1), service: configuration)
        try server.start()
        defer { server.shutdown(timeout: 3) }
        let client = try RawHTTPClient(port: server.http.port)
        let id = try #require(try client.json("POST", "/sessions", Phone.sessionBody).json["id"] as? String)
        kill(redis.process.processIdentifier, SIGSTOP)
        let waiting = try RawHTTPClient(port: server.http.port, timeoutSeconds: 60)
        let body = #"{"sessionId":"\#(id)","keyboard":\#(Phone.keyboard)}"#
        try waiting.send(
            "POST /keyboard/show HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        // Time for the show to reach Redis: were it later, the check below would pass without testing anything,
        // never fail wrongly.
        usleep(100_000)
        let health = try RawHTTPClient(port: server.http.port, timeoutSeconds: 20).request("GET", "/healthz")
        #expect(health.status == 200)
        #expect(!waiting.hasBytesNow(), "the show was answered before Redis was resumed")
        kill(redis.process.processIdentifier, SIGCONT)
        let answered = try waiting.readResponse()
        #expect(answered.status == 200, "\(answered.status)")
        let again = try client.json("POST", "/keyboard/show", body)
        #expect(again.status == 200, "\(again.status) \(again.json)")
    }
}
