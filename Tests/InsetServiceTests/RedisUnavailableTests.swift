import Foundation
import InsetService
import InsetServiceTestSupport
import RedisClient
import Testing

/// A Redis store that cannot be reached: 503s with Retry-After, at once, and never a crash or a hang.
@Suite("Redis unavailable")
struct RedisUnavailableTests {
    /// Port 1 on loopback: nothing listens, so every connect is refused.
    let app = buildApplication(
        ServiceConfiguration(
            accessLog: false, clock: .realTime,
            sessionStore: .redis(RedisEndpoint(host: "127.0.0.1", port: 1))))

    func expectStoreUnavailable(_ answer: Answer) {
        #expect(answer.status == 503)
        #expect(answer.headers["Retry-After"] == "1")
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        #expect(answer.json.string("type") == "/problems/store-unavailable")
    }

    @Test func sessionRoutesAnswer503WithRetryAfter() {
        let started = Date()
        expectStoreUnavailable(app.call("POST", "/sessions", json: Phone.sessionBody))
        let id = "AAAAAAAAAAAAAAAAAAAAAA"
        expectStoreUnavailable(app.call("GET", "/sessions/\(id)"))
        expectStoreUnavailable(app.call("PATCH", "/sessions/\(id)", json: "{}"))
        expectStoreUnavailable(app.call("DELETE", "/sessions/\(id)"))
        expectStoreUnavailable(
            app.call("POST", "/keyboard/show", json: #"{"sessionId":"\#(id)","keyboard":\#(Phone.keyboard)}"#))
        // A ceiling, not a speed: a refused connect fails at once, and a route that hung would never return.
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func readinessFailsAndStatelessCallsStillWork() {
        let ready = app.call("GET", "/readyz")
        #expect(ready.status == 503)
        #expect(ready.json.string("status") == "store-unavailable")
        #expect(ready.headers["Retry-After"] == "1")
        #expect(app.call("GET", "/healthz").status == 200)
        #expect(app.call("POST", "/keyboard/show", json: Phone.showBody).status == 200)
        #expect(app.call("GET", "/metrics").status == 200)
    }

    @Test func malformedIdsAreStill404() {
        #expect(app.call("GET", "/sessions/nope").status == 404)
    }
}
