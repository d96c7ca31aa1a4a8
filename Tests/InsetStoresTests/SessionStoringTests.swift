import InsetCore
import InsetSession
import Testing

@testable import InsetStores

/// The store protocol as the routes use it, with the memory store behind it.
@Suite("Session store protocol")
struct SessionStoringTests {
    /// A session of a 390x844 scroll view, created at `time`.
    static func session(time: Double? = nil, serverTime: Double = 0) throws -> Session {
        sampleSession(time: time, serverTime: serverTime)
    }

    let store: any SessionStoring = SessionStore(maxSessions: 2, ttlSeconds: 1)

    @Test func insertModifyRemove() throws {
        let session = try Self.session(time: 100)
        try store.insert(session, now: 0)
        let time = try store.modify(session.id, now: 10) { (stored: inout Session) throws(SessionError) in
            try stored.advance(to: 200, serverTime: 10)
            return stored.lastTime
        }
        #expect(time == 200)
        #expect(try store.modify(session.id, now: 20) { $0.lastTime } == 200)
        #expect(try store.remove(session.id))
        #expect(try !store.remove(session.id))
        #expect(throws: SessionError.notFound) { try store.modify(session.id, now: 30) { $0.lastTime } }
    }

    @Test func aThrowingBodyKeepsTheSession() throws {
        let session = try Self.session(time: 100)
        try store.insert(session, now: 0)
        #expect(throws: SessionError.staleTimestamp(50, last: 100)) {
            try store.modify(session.id, now: 1) { (stored: inout Session) throws(SessionError) in
                try stored.advance(to: 50, serverTime: 1)
            }
        }
        #expect(try store.modify(session.id, now: 2) { $0.lastTime } == 100)
    }

    /// The memory store changes a session in place, so a body must throw before it changes anything; debug
    /// builds (which the tests are) stop at a body that breaks that.
    @Test func aBodyThatChangesTheSessionThenThrowsStopsADebugBuild() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                let store = SessionStore(maxSessions: 2, ttlSeconds: 1)
                let session = try SessionStoringTests.session(time: 100)
                try store.insert(session, now: 0)
                _ = try? store.modify(session.id, now: 1) { (stored: inout Session) throws(SessionError) in
                    stored.keyboardVisible = true
                    throw .notFound
                }
            }
        #endif
    }

    @Test func ttlAndStatistics() throws {
        let first = try Self.session()
        try store.insert(first, now: 0)
        // The counts; the bytes, which only memory counts, are the byte budget's tests'.
        func counts(_ now: Double) -> SessionStatistics {
            var statistics = store.statistics(now: now)
            statistics.bytes = nil
            return statistics
        }
        #expect(counts(500) == SessionStatistics(live: 1, created: 1, evicted: 0, expired: 0))
        #expect(throws: SessionError.notFound) { try store.modify(first.id, now: 1_001) { $0.lastTime } }
        for _ in 0..<3 { try store.insert(try Self.session(), now: 2_000) }
        #expect(counts(2_000) == SessionStatistics(live: 2, created: 4, evicted: 1, expired: 1))
        #expect(store.isReachable())
    }
}
