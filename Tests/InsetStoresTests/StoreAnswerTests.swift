import InsetSession
import Locking
import Testing

@testable import InsetStores
@testable import RedisClient

/// What the stores give the routes, in the domain's values: the memory store's outcome at once, Redis's later
/// through a one-shot that either side may reach first.
@Suite("Store answers")
struct StoreAnswerTests {
    /// Raises the content inset's top and gives the new value.
    struct Raise: SessionChange {
        func apply(to session: inout Session) throws(SessionError) -> Double {
            session.scene.scrollView.contentInset.top += 1
            return session.scene.scrollView.contentInset.top
        }
    }

    /// Refuses before changing anything.
    struct Refuse: SessionChange {
        static var onlyReads: Bool { true }

        func apply(to session: inout Session) throws(SessionError) -> Double { throw .keyboardNotShown }
    }

    /// The outcome, when given at once.
    static func now<T>(_ answer: StoreAnswer<T>) -> Result<T, SessionError>? {
        guard case .now(let result) = answer else { return nil }
        return result
    }

    /// The outcome a pending answer gives, waited for (at most a minute).
    static func waited<T>(_ answer: StoreAnswer<T>) -> Result<T, SessionError>? {
        guard case .later(let pending) = answer else { return nil }
        let outcome = Locked<Result<T, SessionError>?>(nil)
        pending.whenComplete { result in outcome.withLockSignalling { $0 = result } }
        return outcome.wait(until: { $0 != nil }, atMost: 60) { $0 }
    }

    @Test func theMemoryStoreGivesEveryOutcomeAtOnce() throws {
        let store = SessionBackend.memory(SessionStore(maxSessions: 4, ttlSeconds: 60))
        let session = sampleSession(time: 100)
        #expect(try Self.now(store.create(session, now: 0))?.get() != nil)
        #expect(try Self.now(store.apply(Raise(), to: session.id, now: 1))?.get() == 1)
        #expect(try Self.now(store.apply(Raise(), to: session.id, now: 2))?.get() == 2)
        #expect(throws: SessionError.keyboardNotShown) {
            try Self.now(store.apply(Refuse(), to: session.id, now: 3))?.get()
        }
        #expect(throws: SessionError.notFound) { try Self.now(store.apply(Raise(), to: "nobody", now: 4))?.get() }
        #expect(try Self.now(store.delete(session.id))?.get() == true)
        #expect(try Self.now(store.delete(session.id))?.get() == false)
        #expect(!store.answersLater)
        #expect(store.refusal() == nil)
    }

    /// A change to the session an id sent inline names finds the session its string finds; an inline id that is
    /// not 22 base64url digits finds none, as its string does.
    @Test func anInlineIdFindsTheSessionItsStringFinds() throws {
        let store = SessionBackend.memory(SessionStore(maxSessions: 4, ttlSeconds: 60))
        let session = sampleSession(time: 100)
        #expect(try Self.now(store.create(session, now: 0))?.get() != nil)
        let id = try #require(InlineSessionID(session.id))
        #expect(SessionKey(id) == SessionKey(session.id))
        #expect(try Self.now(store.apply(Raise(), to: id, now: 1))?.get() == 1)
        #expect(try Self.now(store.apply(Raise(), to: session.id, now: 2))?.get() == 2)
        let malformed = try #require(InlineSessionID("AAAAAAAAAAAAAAAAAAAA.."))
        #expect(SessionKey("AAAAAAAAAAAAAAAAAAAA..") == nil)
        #expect(throws: SessionError.notFound) { try Self.now(store.apply(Raise(), to: malformed, now: 3))?.get() }
    }

    /// A session that alone weighs more than the whole budget is refused, as a domain error.
    @Test func aCreationPastTheWholeBudgetFails() {
        let store = SessionStore(maxSessions: 4, maxBytes: 64, ttlSeconds: 60)
        let session = sampleSession()
        guard case .failure(.sessionTooLarge(let bytes, let limit))? = Self.now(store.create(session, now: 0)) else {
            Issue.record("not refused as too large")
            return
        }
        #expect(bytes == session.footprint && limit == 64)
    }

    /// Redis gives every outcome later, completed by its reply (here, the failure to connect: nothing listens on
    /// port 1), and a malformed id before any round trip: either way, through the one-shot.
    @Test func redisGivesEveryOutcomeLater() throws {
        let store = SessionBackend.redis(
            RedisSessionStore(
                endpoint: RedisEndpoint(host: "127.0.0.1", port: 1), ttlSeconds: 60,
                timeouts: RedisTimeouts(connect: 0.2, command: 0.2)))
        #expect(store.answersLater)
        #expect(throws: SessionError.notFound) { try Self.waited(store.apply(Raise(), to: "malformed", now: 0))?.get() }
        let session = sampleSession()
        let changed: Result<Void, SessionError>? = Self.waited(store.apply(Raise(), to: session.id, now: 0)).map {
            $0.map { _ in () }
        }
        let created: Result<Void, SessionError>? = Self.waited(store.create(session, now: 0))
        let deleted: Result<Void, SessionError>? = Self.waited(store.delete(session.id)).map { $0.map { _ in () } }
        for answer in [changed, created, deleted] {
            guard case .failure(.storeUnavailable)? = answer else {
                Issue.record("\(String(describing: answer)) is not a store failure")
                continue
            }
        }
    }

    @Test func anOutcomeGivenBeforeTheSubscriptionIsKeptForIt() {
        let pending = PendingOutcome<Int>()
        pending.complete(.success(7))
        pending.complete(.success(8))
        let delivered = Locked<[Int]>([])
        pending.whenComplete { result in delivered.withLock { $0.append((try? result.get()) ?? -1) } }
        #expect(delivered.withLock { $0 } == [7])
    }

    @Test func anOutcomeGivenAfterTheSubscriptionIsDeliveredOnce() {
        let pending = PendingOutcome<Int>()
        let delivered = Locked<[Int]>([])
        pending.whenComplete { result in delivered.withLock { $0.append((try? result.get()) ?? -1) } }
        #expect(delivered.withLock { $0 }.isEmpty)
        pending.complete(.failure(.notFound))
        pending.complete(.success(8))
        #expect(delivered.withLock { $0 } == [-1])
    }

    /// The completing thread and the subscribing one race; every outcome arrives exactly once.
    @Test func completionAndSubscriptionRaceWithoutLoss() async {
        let rounds = 2000
        let delivered = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for round in 0..<rounds {
                let pending = PendingOutcome<Int>()
                group.addTask { pending.complete(.success(round)) }
                group.addTask { pending.whenComplete { _ in delivered.withLock { $0 += 1 } } }
            }
        }
        #expect(delivered.withLock { $0 } == rounds)
    }
}
