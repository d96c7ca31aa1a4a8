import Foundation
import HTTPServer
import HTTPTestSupport
import InsetServiceTestSupport
import RedisClient
import Testing

@testable import InsetService

#if canImport(Glibc)
    import Glibc
#endif

/// A Redis that takes connections and never answers: a loopback socket that listens and never accepts, so the
/// kernel completes each connect and keeps what is sent, as a frozen Redis does.
final class SilentRedis {
    let descriptor: Int32
    let port: Int

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 128) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            if listener >= 0 { close(listener) }
            throw RawHTTPError(description: "cannot listen on loopback")
        }
        descriptor = listener
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// Every route that needs Redis, with Redis silent: none holds a worker (one worker serves them all, and
/// `/healthz` besides), and a stopping server answers each as its route chose.
@Suite("Session routes while Redis is silent")
struct SilentRedisTests {
    static let session = "AAAAAAAAAAAAAAAAAAAAAA"

    /// A log of one show.
    static let notifications = """
        {"notifications":[{"name":"UIKeyboardWillShowNotification","timestamp":1000,"userInfo":\
        {"UIKeyboardFrameEndUserInfoKey":"{{0, 508}, {390, 336}}","UIKeyboardAnimationDurationUserInfoKey":0.25}}]}
        """

    /// Each route that waits for Redis, and whether it only reads.
    static let routes: [(method: String, path: String, body: String?, reads: Bool)] = [
        ("POST", "/sessions", Phone.sessionBody, false),
        ("GET", "/sessions/\(session)", nil, true),
        ("PATCH", "/sessions/\(session)", #"{"keyboardDistance":8}"#, false),
        ("DELETE", "/sessions/\(session)", nil, false),
        ("POST", "/sessions/\(session)/focus", #"{"field":"next"}"#, false),
        ("POST", "/sessions/\(session)/notifications", notifications, false),
        ("GET", "/sessions/\(session)/timeline", nil, true),
        ("POST", "/keyboard/show", #"{"sessionId":"\#(session)","keyboard":\#(Phone.keyboard)}"#, false),
    ]

    /// One worker thread and a Redis that never answers within the test (a 60-s command timeout): every session
    /// route's request waits suspended (the transport counts it pending), `/healthz` and a stateless show are
    /// answered meanwhile by the same worker, and `shutdown` answers each waiting change 503
    /// `store-outcome-unknown` without `Retry-After`, each read 503 `store-unavailable` with it, within its timeout
    /// and a generous margin.
    @Test func everySessionRouteWaitsSuspendedAndIsAnsweredAsItsRouteChoseAtShutdown() throws {
        let redis = try SilentRedis()
        var service = ServiceConfiguration(
            accessLog: false, clock: .realTime,
            sessionStore: .redis(RedisEndpoint(host: "127.0.0.1", port: redis.port)))
        service.redisTimeouts = RedisTimeouts(connect: 5, command: 60)
        let server = InsetServer(
            http: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1), service: service)
        try server.start()
        var stopped = false
        defer { if !stopped { server.shutdown(timeout: 0) } }
        var clients: [RawHTTPClient] = []
        for route in Self.routes {
            let client = try RawHTTPClient(port: server.http.port, timeoutSeconds: 20)
            var head = "\(route.method) \(route.path) HTTP/1.1\r\nHost: localhost\r\n"
            if let body = route.body {
                head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            }
            try client.send(head + "\r\n" + (route.body ?? ""))
            clients.append(client)
        }
        let deadline = Date().addingTimeInterval(20)
        while server.http.answersPending < Self.routes.count, Date() < deadline { usleep(10_000) }
        #expect(server.http.answersPending == Self.routes.count)
        let probe = try RawHTTPClient(port: server.http.port, timeoutSeconds: 20)
        #expect(try probe.request("GET", "/healthz").status == 200)
        #expect(try probe.json("POST", "/keyboard/show", Phone.showBody).status == 200)

        let started = Date()
        server.shutdown(timeout: 1)
        stopped = true
        #expect(Date().timeIntervalSince(started) < 1 + 4)
        for (route, client) in zip(Self.routes, clients) {
            let answer = try client.readResponse()
            let label = "\(route.method) \(route.path)"
            #expect(answer.status == 503, "\(label)")
            #expect(answer.header("X-Request-Id") != nil, "\(label)")
            if route.reads {
                #expect(answer.json["type"] as? String == "/problems/store-unavailable", "\(label)")
                #expect(answer.header("Retry-After") == "1", "\(label)")
            } else {
                #expect(answer.json["type"] as? String == "/problems/store-outcome-unknown", "\(label)")
                #expect(answer.header("Retry-After") == nil, "\(label)")
            }
        }
    }
}
