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

/// Seconds from `started` (taken just before the head was sent) until the close of `client` was seen, or nil when
/// it was not within `limit` (the tests' ceiling); sends `byte` every `interval` seconds meanwhile (a trickle), or
/// nothing when `byte` is nil.
private func secondsUntilClosed(
    _ client: RawHTTPClient, since started: Double, trickling byte: UInt8? = UInt8(ascii: "b"),
    interval: Double = 0.2, limit: Double = ceilingSeconds
) -> Double? {
    while secondsNow() - started < limit {
        usleep(UInt32(interval * 1_000_000))
        if client.isClosedNow() { return secondsNow() - started }
        if let byte {
            do { try client.send([byte]) } catch { return secondsNow() - started }
        }
    }
    return nil
}

/// The watchdog: bodies are timed as heads are, only the client's slowness counts, and the connection limit
/// makes room for a new client.
extension TransportTests {
    /// `--header-timeout` stopped timing once the head was complete: a body sent a byte at a time held its
    /// connection for as long as the client liked.
    @Test func aBodyThatTricklesIsClosedAtTheBodyDeadline() throws {
        // The idle timeout past the ceiling, so that only the body deadline can close the connection in time.
        let server = try startEchoServer(
            headerTimeout: 1, bodyTimeout: 1, minBodyRate: 0, connectionTimeout: 2 * Int(ceilingSeconds))
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let head = secondsNow()
        try client.send("POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        let seconds = try #require(secondsUntilClosed(client, since: head), "the trickling body was never cut off")
        // Not before the 1-s deadline from the head (less the watchdog's millisecond clock).
        #expect(seconds >= 0.9, "closed \(seconds) s after the head")
        #expect(server.bodyTimeouts == 1)
        #expect(server.headTimeouts == 0)
        #expect(try RawHTTPClient(port: server.port).request("GET", "/after").status == 200)
    }

    @Test func aBodyBelowTheRateFloorIsClosedSoonAfterItsFirstSecond() throws {
        // The body deadline and the idle timeout past the wait's ceiling: only the rate floor closes it in time.
        let server = try startEchoServer(
            bodyTimeout: 2 * ceilingSeconds, minBodyRate: 100, connectionTimeout: 2 * Int(ceilingSeconds))
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let head = secondsNow()
        try client.send("POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        let seconds = try #require(secondsUntilClosed(client, since: head), "the trickling body was never cut off")
        // The floor holds only after the body's first second.
        #expect(seconds >= 1.0, "closed \(seconds) s after the head")
        #expect(server.bodyTimeouts == 1)
        // A body that keeps the average rate is read whole, though it takes longer than the floor's first second:
        // 590 bytes at once and the last 10 after 1.2 s average 100 B/s or more for the first 5.9 s, so only a
        // stall of seconds in this test could make it slow.
        let steady = try RawHTTPClient(port: server.port, timeoutSeconds: Int(ceilingSeconds))
        let body = [UInt8](repeating: UInt8(ascii: "s"), count: 600)
        try steady.send("POST /steady HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        try steady.send(Array(body[..<590]))
        usleep(1_200_000)
        try steady.send(Array(body[590...]))
        let response = try steady.readResponse()
        #expect(response.status == 200 && response.body == body)
    }

    /// While a worker is held (by a route waiting on a stalled store), the heads of its other connections wait
    /// unread in the kernel: the deadline, counted from their arrival, cut them with no answer.
    @Test func aHeadThatArrivedWholeIsNotCutWhileTheServerIsBusy() throws {
        let server = try startEchoServer(threads: 1, headerTimeout: 1)
        defer { server.stop() }
        // Both accepted before the worker is held: a connection still in the accept queue is nobody's yet.
        let waiting = try RawHTTPClient(port: server.port, timeoutSeconds: Int(ceilingSeconds))
        let holder = try RawHTTPClient(port: server.port, timeoutSeconds: Int(ceilingSeconds))
        usleep(100_000)
        try holder.send("GET /sleep?ms=2500 HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(200_000)
        try waiting.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try holder.readResponse().status == 200)
        let response = try waiting.readResponse()
        #expect(response.status == 200 && response.header("X-Path") == "/healthz")
        #expect(server.headTimeouts == 0)
    }

    @Test(arguments: ["silent", "idle", "trickling head", "trickling body"])
    func aNewClientAtTheLimitTakesTheSlotOfOneWaitingForItsClient(occupants kind: String) throws {
        let limit = 8
        // One worker, and the occupants a few milliseconds apart: two workers accept in either order, and the
        // watchdog's clock counts milliseconds, so "the first to wait" must be the first by both.
        // Every deadline past the ceiling: the fresh client gets in by eviction or not at all, and no occupant but
        // the one evicted is closed while the test runs, however long it takes.
        let server = try startEchoServer(
            threads: 1, headerTimeout: 4 * ceilingSeconds, bodyTimeout: 4 * ceilingSeconds, minBodyRate: 0,
            connectionLimit: limit, connectionTimeout: 4 * Int(ceilingSeconds))
        defer { server.stop() }
        var occupants: [RawHTTPClient] = []
        for _ in 0..<limit {
            usleep(20_000)
            let client = try RawHTTPClient(port: server.port)
            switch kind {
            case "idle": #expect(try client.request("GET", "/first").status == 200)
            case "trickling head": try client.send("GET /t HTTP/1.1\r\nHost: x\r\nX-Slow: a")
            case "trickling body": try client.send("POST /t HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\na")
            default: break
            }
            occupants.append(client)
        }
        usleep(100_000)
        let fresh = try RawHTTPClient(port: server.port, timeoutSeconds: Int(ceilingSeconds))
        let response = try fresh.request("GET", "/fresh")
        #expect(response.status == 200)
        // The fresh client stays open, one past the limit, until the watchdog closes the first to wait: the
        // longest waiting goes first. A loaded machine (the sanitizer's) may take a while to get there.
        #expect(eventually { occupants.first?.isClosedNow() == true })
        #expect(server.connectionsEvicted >= 1)
        #expect(occupants.first?.isClosedNow() == true)
        #expect(occupants.dropFirst().filter { $0.isClosedNow() }.isEmpty)
    }
}
