import Foundation
import HTTPServer
import HTTPTestSupport
import Testing

/// Seconds on a monotonic clock.
private func secondsNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Sends `prefix` at once, then one more header byte every `interval` seconds, never ending the head; returns
/// the seconds from just before the first byte until the close was seen, or nil if the server held on for `limit`
/// (the tests' ceiling: the idle timeout, 15 s, never runs out on a connection that sends every `interval`, so
/// only the head deadline can close it first).
private func trickle(
    _ client: RawHTTPClient, prefix: String = "GET /trickle HTTP/1.1\r\nHost: x\r\nX-Slow: ",
    interval: Double = 0.2, limit: Double = ceilingSeconds
) throws -> Double? {
    let firstByte = secondsNow()
    try client.send(prefix)
    while secondsNow() - firstByte < limit {
        usleep(UInt32(interval * 1_000_000))
        if client.isClosedNow() { return secondsNow() - firstByte }
        // A send into a connection the server just shut down may fail: that is the close being seen.
        do { try client.send("a") } catch { return secondsNow() - firstByte }
    }
    return nil
}

extension TransportTests {
    @Test func aHeadThatTricklesIsClosedAtTheDeadlineFromItsFirstByte() throws {
        let server = try startEchoServer(headerTimeout: 1)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        // Silent first, longer than the deadline: a connection that sent nothing has no head to time.
        usleep(1_500_000)
        #expect(!client.isClosedNow())
        let closedAfter = try trickle(client)
        let seconds = try #require(closedAfter, "the trickling head was never cut off")
        // Not before the 1-s deadline from its first byte (less the watchdog's millisecond clock); the ceiling is
        // the wait's.
        #expect(seconds >= 0.9, "closed \(seconds) s after the first byte")
        #expect(server.headTimeouts == 1)
        // Everyone else is still served.
        #expect(try RawHTTPClient(port: server.port).request("GET", "/after").status == 200)
    }

    @Test func anIdleKeepAliveConnectionIsNotAHeadInProgress() throws {
        let server = try startEchoServer(headerTimeout: 1)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        #expect(try client.request("GET", "/first").status == 200)
        // Idle past the head deadline (the idle timeout is 15 s): the next request is still served.
        usleep(1_600_000)
        #expect(!client.isClosedNow())
        #expect(try client.request("GET", "/second").status == 200)
        // And a head that then trickles on the same connection is timed from its own first byte.
        let closedAfter = try trickle(client)
        let seconds = try #require(closedAfter, "the trickling head was never cut off")
        #expect(seconds >= 0.9, "closed \(seconds) s after the first byte")
    }

    @Test func aBodyThatTricklesIsNotTimedAsAHead() throws {
        // No rate floor: this body's 7 bytes a second are what the head deadline must leave alone.
        let server = try startEchoServer(headerTimeout: 1, minBodyRate: 0)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let body = Array(String(repeating: "b", count: 12).utf8)
        try client.send("POST /slow-body HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        for byte in body {
            usleep(150_000)
            try client.send([byte])
        }
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test func manyTricklersDoNotLockOutANormalClientPastTheDeadline() throws {
        let limit = 16
        let server = try startEchoServer(headerTimeout: 1, connectionLimit: limit)
        defer { server.stop() }
        var tricklers: [RawHTTPClient] = []
        for _ in 0..<limit {
            let client = try RawHTTPClient(port: server.port)
            try client.send("GET /t HTTP/1.1\r\nHost: x\r\nX-Slow: a")
            tricklers.append(client)
        }
        usleep(100_000)
        let started = secondsNow()
        var served = false
        while !served && secondsNow() - started < ceilingSeconds {
            for client in tricklers where !client.isClosedNow() { try? client.send("a") }
            if let client = try? RawHTTPClient(port: server.port, timeoutSeconds: 1),
                let response = try? client.request("GET", "/normal"), response.status == 200
            {
                served = true
            } else {
                usleep(100_000)
            }
        }
        let waited = secondsNow() - started
        // Locked out, it never would be (the tricklers send on as it tries, and the idle timeout is 15 s). How it
        // got in depends on timing (a spare slot while the watchdog made room, a trickler closed for it, or one
        // cut at the deadline), and how long it took on this machine's speed. Eviction has tests of its own.
        #expect(served, "a normal client was locked out for \(waited) s")
    }

    @Test func aQueryWithTooManyArgumentsIsRefusedAndTheConnectionLivesOn() throws {
        let responder = EchoResponder()
        let server = try startEchoServer(responder: responder)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let query = (0..<600).map { "a\($0)=\($0)" }.joined(separator: "&")
        let refused = try client.request("GET", "/sessions/x?\(query)")
        #expect(refused.status == 414)
        #expect(refused.header("X-Refused") == "414")
        #expect(refused.header("X-Path") == "/sessions/x")
        #expect(responder.responded.load(ordering: .relaxed) == 0)
        let allowed = (0..<HTTPServerConfiguration.defaultMaxQueryArguments).map { "b\($0)" }.joined(separator: "&")
        let next = try client.request("GET", "/next?\(allowed)")
        #expect(next.status == 200)
        #expect(next.header("X-Query")?.hasPrefix("b0=&b1=") == true)
    }

    @Test func untrustworthyFramingWinsOverATooLongQueryAndCloses() throws {
        let responder = EchoResponder()
        let server = try startEchoServer(responder: responder)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let query = (0..<600).map { "a\($0)" }.joined(separator: "&")
        try client.send(
            "GET /x?\(query) HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab")
        let refused = try client.readResponse()
        #expect(refused.status == 400)
        #expect(refused.header("X-Refused") == "400")
        #expect(client.isClosedByPeer())
        #expect(responder.responded.load(ordering: .relaxed) == 0)
    }

    @Test func startingTwiceThrowsAndKeepsTheRunningDaemon() throws {
        let server = try startEchoServer()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        #expect(try RawHTTPClient(port: server.port).request("GET", "/still").status == 200)
        server.stop()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        server.stop()
    }
}
