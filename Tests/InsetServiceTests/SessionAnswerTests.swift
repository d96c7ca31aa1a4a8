import HTTPServer
import InsetServiceTestSupport
import InsetSession
import RedisClient
import Testing

@testable import InsetService
@testable import InsetStores

/// How the handlers answer what the stores give (`Sessions.answer`): a store failure as its problem, and a request
/// still waiting for the store when the server stops as the shutdown rule says.
@Suite("Session answers")
struct SessionAnswerTests {
    @Test func storeUnavailableCarriesRetryAfter() {
        let response = Problem.storeUnavailable("connection refused").response
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.headers["Content-Type"] == "application/problem+json")
    }

    /// A change still waiting for the store may have been applied: `store-outcome-unknown`, without
    /// `Retry-After`; a read changed nothing and may be sent again: `store-unavailable`, with it.
    @Test func aStoppedServerAnswersAChangeAndAReadApart() {
        let change = Sessions.stoppedAnswer(session: "abc", onlyReads: false)()
        #expect(change.status == 503)
        #expect(change.headers["Retry-After"] == nil)
        #expect(String(decoding: change.body, as: UTF8.self).contains("/problems/store-outcome-unknown"))
        #expect(String(decoding: change.body, as: UTF8.self).contains("GET /sessions/abc"))
        let read = Sessions.stoppedAnswer(session: "abc", onlyReads: true)()
        #expect(read.status == 503)
        #expect(read.headers["Retry-After"] == "1")
        #expect(String(decoding: read.body, as: UTF8.self).contains("/problems/store-unavailable"))
    }

    /// An event on a session in memory is answered at once with the JSON its change wrote; one on a session that
    /// is not there, with the store's `notFound` as a 404.
    @Test func aChangeInMemoryIsAnsweredAtOnce() throws {
        let sessions = Sessions(
            store: .memory(SessionStore(maxSessions: 4, ttlSeconds: 60)), clock: MonotonicClock { 0 })
        let session = sampleSession(time: 0)
        try sessions.store.insert(session, now: 0)
        let answer = sessions.answer(FocusChange(name: "next", timestamp: nil, serverTime: 0), to: session.id, now: 0)
        #expect(answer.pendingAnswer == nil)
        // No keyboard is shown, so the focus cannot move: the domain's refusal, as a problem.
        #expect(answer.status == 409 || answer.status == 400)
        let missing = sessions.answer(SessionRead(at: nil, serverTime: 0), to: "nobody", now: 0)
        #expect(missing.status == 404)
        let read = sessions.answer(SessionRead(at: nil, serverTime: 0), to: session.id, now: 0)
        #expect(read.status == 200)
        #expect(read.headers["Content-Type"] == "application/json")
    }

    /// With Redis, the answer is pending, and the store's outcome completes it: here its failure to connect
    /// (nothing listens on port 1), a 503 with `Retry-After`.
    @Test func aChangeInRedisIsAnsweredLater() {
        let store = RedisSessionStore(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: 1), ttlSeconds: 60,
            timeouts: RedisTimeouts(connect: 0.2, command: 0.2))
        let sessions = Sessions(store: .redis(store), clock: MonotonicClock { 0 })
        let answer = sessions.answer(SessionRead(at: nil, serverTime: 0), to: sampleSession().id, now: 0)
        let pending = answer.pendingAnswer
        #expect(pending != nil)
        let response = pending?.wait()
        #expect(response?.status == 503)
        #expect(response?.headers["Retry-After"] == "1")
    }
}
