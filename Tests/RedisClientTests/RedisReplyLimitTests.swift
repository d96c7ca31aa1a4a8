import Foundation
import Testing

@testable import RedisClient

/// A reply must come whole within the command timeout from its send, and be no larger than the client's cap:
/// hiredis's own timeout is per `recv`, so a peer trickling a byte at a time held a command for ever, and one
/// answering a 300 MB bulk string took the process to 935 MB.
@Suite("Redis: the deadline and the cap of a reply")
struct RedisReplyLimitTests {
    /// Sends `command` and waits for its outcome up to `seconds`; nil when none came by then, with the seconds
    /// it took.
    static func outcome(of pipeline: RedisPipeline, within seconds: Double) -> (RedisOutcome?, Double) {
        let started = Date()
        let arrived = Arrival()
        pipeline.send(RedisCommand(["PING"])) { outcome in arrived.set(outcome) }
        return (arrived.wait(until: started.addingTimeInterval(seconds)), Date().timeIntervalSince(started))
    }

    @Test func aTrickledReplyFailsAtTheCommandDeadline() throws {
        let peer = try FakeRedisPeer(.trickle(interval: 0.05))
        defer { peer.close() }
        let pipeline = RedisPipeline(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: peer.port),
            timeouts: RedisTimeouts(connect: 0.5, command: 0.5))
        // Generous: the deadline is 0.5 s from the send; anything under 10 s is not "never".
        let (outcome, seconds) = Self.outcome(of: pipeline, within: 10)
        let failed = try #require(
            outcome, "no outcome within 10 s of a trickled reply (\(peer.bytesWritten) bytes came)")
        guard case .failure(.unavailable(let reason)) = failed.result else {
            Issue.record("a trickled reply answered \(failed.result)")
            return
        }
        #expect(failed.sent)
        #expect(seconds >= 0.5, "failed before its deadline: \(seconds) s (\(reason))")
        #expect(reason.contains("0.5 s"), "\(reason)")
    }

    @Test func aReplyOverTheCapDropsTheConnection() throws {
        let bulk = 64 << 20
        let peer = try FakeRedisPeer(.bulk(bytes: bulk))
        defer { peer.close() }
        let pipeline = RedisPipeline(endpoint: RedisEndpoint(host: "127.0.0.1", port: peer.port))
        let (outcome, _) = Self.outcome(of: pipeline, within: 20)
        let failed = try #require(outcome, "no outcome within 20 s of a 64 MiB reply")
        guard case .failure(.unavailable(let reason)) = failed.result else {
            Issue.record(
                "a 64 MiB reply answered a string of \(String(describing: try? failed.result.get()).count) characters")
            return
        }
        #expect(reason.contains("larger than"), "\(reason)")
        // What the client took in before it closed: the cap, one read past it, and what the sockets' buffers
        // between the two held, which loopback keeps to a few megabytes.
        #expect(peer.bytesWritten < RedisPipeline.defaultMaxReplyBytes + (16 << 20), "\(peer.bytesWritten)")
    }
}

/// The startup check: a peer that answers, but not as Redis does, is refused for good; one that says nothing is
/// only unreachable, as a Redis not up yet is.
@Suite("Redis: the startup probe")
struct RedisProbeTests {
    static func pipeline(_ peer: FakeRedisPeer) -> RedisPipeline {
        RedisPipeline(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: peer.port),
            timeouts: RedisTimeouts(connect: 0.5, command: 0.5))
    }

    @Test func aTrickledFirstReplyIsARefusal() throws {
        let peer = try FakeRedisPeer(.trickle(interval: 0.05))
        defer { peer.close() }
        guard case .refused(let message) = Self.pipeline(peer).probe() else {
            Issue.record("not refused")
            return
        }
        #expect(message.hasPrefix("Redis at 127.0.0.1:\(peer.port)/0 does not answer as Redis does: "), "\(message)")
        #expect(message.contains("no whole reply within the 0.5 s command timeout"), "\(message)")
    }

    @Test func anOversizedFirstReplyIsARefusal() throws {
        let peer = try FakeRedisPeer(.bulk(bytes: 64 << 20))
        defer { peer.close() }
        guard case .refused(let message) = Self.pipeline(peer).probe() else {
            Issue.record("not refused")
            return
        }
        #expect(message.contains("a reply larger than \(RedisPipeline.defaultMaxReplyBytes) bytes"), "\(message)")
    }

    @Test func aSilentPeerIsOnlyUnreachable() throws {
        let peer = try FakeRedisPeer(.silence)
        defer { peer.close() }
        #expect(Self.pipeline(peer).probe() == .unreachable("no reply within the 0.5 s command timeout"))
        #expect(RedisPipeline(endpoint: RedisEndpoint(host: "127.0.0.1", port: 1)).probe() != .answered)
    }

    /// A shared command's callers wait no longer than their bound, however long the send in flight takes, and
    /// all of them share that one send.
    @Test func aSharedCommandWaitsNoLongerThanItsBound() throws {
        let peer = try FakeRedisPeer(.silence)
        defer { peer.close() }
        let pipeline = RedisPipeline(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: peer.port),
            timeouts: RedisTimeouts(connect: 0.5, command: 5))
        let ping = RedisSharedCommand(RedisCommand(["PING"]), on: pipeline)
        for _ in 0..<3 {
            let started = Date()
            #expect(ping.reply(within: 0.2) == nil)
            // Its bound, not the command's 5 s timeout; generous above it.
            #expect(Date().timeIntervalSince(started) < 3)
        }
        #expect(pipeline.sent.commands <= 1)
        #expect(ping.lastReply == nil)
    }
}

/// An outcome handed from the pipeline's thread to the test's.
private final class Arrival: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: RedisOutcome?

    func set(_ value: RedisOutcome) {
        condition.withLock {
            outcome = value
            condition.broadcast()
        }
    }

    /// The outcome, or nil when none came by `deadline`.
    func wait(until deadline: Date) -> RedisOutcome? {
        condition.withLock {
            while outcome == nil, condition.wait(until: deadline) {}
            return outcome
        }
    }
}
