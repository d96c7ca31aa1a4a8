import Foundation
import HTTPServer
import HTTPTestSupport
import InsetServiceTestSupport
import Testing

@testable import InsetService

extension ServerTests {
    /// A body over `--max-body-bytes`, whether declared up front or sent chunked past it, is refused with 413 on
    /// every route and method, and nothing runs: the session is exactly as it was and no session was created.
    @Test func anOversizedRequestIsRefusedOnEveryRouteAndNeverRuns() throws {
        let limit = 1024
        let server = try startServer(maxBodyBytes: limit, files: playgroundFiles)
        defer { server.shutdown(timeout: 1) }
        let port = server.http.port
        let setup = try RawHTTPClient(port: port)
        let id = try #require(try setup.json("POST", "/sessions", Phone.sessionBody).json["id"] as? String)
        #expect(
            try setup.json(
                "POST", "/keyboard/show", #"{"sessionId":"\#(id)","timestamp":0,"keyboard":\#(Phone.keyboard)}"#
            ).status == 200)
        let before = try setup.request("GET", "/sessions/\(id)?at=0").text
        // Every operation the contract lists: the routes a limit must hold on.
        let operations = specOperations(try openAPISpec()).map { ($0.method, $0.path) }
        #expect(operations.count >= 20, "the contract lists \(operations.count) operations")
        var refused = 0
        for (method, template) in operations + [("DELETE", "/sessions/{id}"), ("PUT", "/keyboard/show")] {
            let path = template.replacingOccurrences(of: "{id}", with: id)
            let declared = try RawHTTPClient(port: port)
            try declared.send(
                "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000000\r\n\r\n")
            let answer = try declared.readResponse(expectBody: method != "HEAD")
            #expect(answer.status == 413, "\(method) \(template) declared: \(answer.status)")
            if method != "HEAD" {
                #expect(answer.json["type"] as? String == "/problems/body-too-large", "\(method) \(template)")
            }
            #expect(answer.header("X-Request-Id") != nil)

            let chunked = try RawHTTPClient(port: port)
            let chunk = String(repeating: "x", count: 512)
            try chunked.send(
                "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n" + String(repeating: "200\r\n\(chunk)\r\n", count: 3)
                    + "0\r\n\r\n")
            let received = try chunked.readResponse(expectBody: method != "HEAD")
            #expect(received.status == 413, "\(method) \(template) chunked: \(received.status)")
            refused += 2
        }
        // Nothing ran: the session is untouched (not deleted, not shown, hidden, patched or focused) and no
        // other session was made.
        #expect(try setup.request("GET", "/sessions/\(id)?at=0").text == before)
        let metrics = try setup.request("GET", "/metrics").text
        #expect(metrics.contains("inset_sessions_created_total 1\n"))
        #expect(refused == 2 * (operations.count + 2))
    }
}

extension ServerTests {
    @Test func metricsCountHeadsCutOffAtTheDeadlineAndDroppedLogLines() throws {
        let server = InsetServer(
            http: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, headerTimeout: 0.5),
            service: ServiceConfiguration(accessLog: false))
        try server.start()
        defer { server.shutdown(timeout: 1) }
        let trickler = try RawHTTPClient(port: server.http.port)
        try trickler.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        // Trickled until cut (only the 0.5-s head deadline can: the idle timeout never runs out on a connection
        // that sends every 0.1 s), up to the tests' ceiling.
        let closed = eventually {
            usleep(100_000)
            if trickler.isClosedNow() { return true }
            try? trickler.send("a")
            return false
        }
        #expect(closed, "the trickling head was not cut off in \(ceilingSeconds) s")
        let metrics = try RawHTTPClient(port: server.http.port).request("GET", "/metrics").text
        #expect(metrics.contains("inset_http_header_timeouts_total 1\n"))
        #expect(metrics.contains("inset_access_log_dropped_total 0\n"))
    }
}

extension ServerTests {
    /// A pasted console over `--max-body-bytes` is refused like any body, and the session does not change;
    /// one under the limit replays.
    @Test func aConsoleLogOverTheBodyLimitIs413() throws {
        let limit = 2048
        let server = try startServer(maxBodyBytes: limit)
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let id = try #require(try client.json("POST", "/sessions", Phone.sessionBody).json["id"] as? String)
        let line = #"[AnyHashable("UIKeyboardFrameEndUserInfoKey"): NSRect: {{0, 508}, {390, 336}}]"# + "\n"
        let fits = String(repeating: line, count: limit / line.utf8.count)
        let large = fits + line
        for (text, status) in [(large, 413), (fits, 200)] {
            let sender = try RawHTTPClient(port: server.http.port)
            try sender.send(
                "POST /sessions/\(id)/notifications HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: \(text.utf8.count)\r\n\r\n" + text)
            let answer = try sender.readResponse(expectBody: true)
            #expect(answer.status == status, "\(text.utf8.count) bytes: \(answer.status)")
        }
    }
}
