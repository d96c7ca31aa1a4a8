import Foundation
import Testing

@testable import InsetService

/// A pipe whose ends the test holds; the read end is non-blocking, so draining stops when it is empty.
private struct Pipe2 {
    let read: Int32
    let write: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        read = ends[0]
        write = ends[1]
        _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
    }

    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Glibc.read(read, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// Writes until the pipe is full, so that the next blocking write waits for a reader.
    func fill() {
        let flags = fcntl(write, F_GETFL)
        _ = fcntl(write, F_SETFL, flags | O_NONBLOCK)
        let block = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
        while Glibc.write(write, block, block.count) > 0 {}
        _ = fcntl(write, F_SETFL, flags)
    }
}

/// The longest any of these tests waits for the writer thread, in seconds: a ceiling for a machine so loaded that
/// the thread barely runs, never a measure of speed (each wait ends as soon as the writer is done).
private let writerCeiling = 120.0

/// Reads `pipe` while `log`'s writer empties its queue, as a reader that keeps up does, until the queue is empty
/// or `writerCeiling` has passed; returns whether it emptied, and adds what was read to `received`.
private func flushWhileReading(_ log: AccessLog, _ pipe: Pipe2, into received: inout [UInt8]) -> Bool {
    let ceiling = ContinuousClock.now + .seconds(writerCeiling)
    var flushed = false
    while !flushed && ContinuousClock.now < ceiling {
        flushed = log.flush(within: 0.01)
        received += pipe.drain()
    }
    return flushed
}

@Suite("Access log: a queue and a writer thread")
struct AccessLogTests {
    @Test func everyLineArrivesWhenTheReaderKeepsUp() throws {
        let pipe = try Pipe2()
        let log = AccessLog(enabled: true, output: pipe.write)
        var received: [UInt8] = []
        for index in 0..<2000 {
            log.record(method: "GET", path: "/healthz", status: 200, seconds: 0.001, requestId: "id-\(index)")
            if index % 100 == 99 { received += pipe.drain() }
        }
        // The rest is read as it comes: 2 000 lines are more than the pipe holds, so a reader that stopped here
        // would stall the writer (a loaded first run did, on a 5-s deadline without reading).
        #expect(flushWhileReading(log, pipe, into: &received))
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2000)
        let ids = lines.compactMap { line in
            line.split(separator: "\"requestId\":\"").last?.split(separator: "\"").first
        }
        #expect(Set(ids) == Set((0..<2000).map { Substring("id-\($0)") }))
        #expect(lines.allSatisfy { $0.hasPrefix("{\"time\":\"") && $0.hasSuffix("}") })
        #expect(log.dropped == 0)
    }

    @Test func aStuckOutputDropsAndCountsInsteadOfWaiting() throws {
        let pipe = try Pipe2()
        pipe.fill()
        let log = AccessLog(enabled: true, output: pipe.write, capacityBytes: 4096)
        // A thousand lines past a stuck output take no waiting: recorded on a thread of their own, they are done
        // while the output is still stuck (a record that waited for the output would wait for good: nobody reads
        // it until they are done). The ceiling only keeps such a failure from hanging the suite.
        let recorded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for index in 0..<1000 {
                log.record(method: "GET", path: "/healthz", status: 200, seconds: 0.001, requestId: "id-\(index)")
            }
            recorded.signal()
        }
        #expect(recorded.wait(timeout: .now() + writerCeiling) == .success)
        // Most of them were dropped, and what is kept cannot be written while nobody reads.
        #expect(log.dropped > 900)
        #expect(!log.flush(within: 0.1))
        // Once someone reads, the writer finishes what it holds.
        var drained: [UInt8] = []
        #expect(flushWhileReading(log, pipe, into: &drained))
        #expect(!drained.isEmpty)
    }

    @Test func aDisabledLogWritesNothingAndStartsNoThread() throws {
        let pipe = try Pipe2()
        let log = AccessLog(enabled: false, output: pipe.write)
        log.record(method: "GET", path: "/", status: 200, seconds: 0, requestId: "x")
        #expect(log.flush(within: 0.1))
        #expect(pipe.drain().isEmpty)
    }
}

@Suite("Access log: the descriptor it writes to")
struct AccessLogDescriptorTests {
    @Test func aClosedOutputTurnsTheLogOffInsteadOfReachingWhatTakesItsNumber() throws {
        let closed = try Pipe2()
        let number = closed.write
        close(number)
        let log = AccessLog(enabled: true, output: number)
        // A socket opened later (a client's, Redis's) takes the free number; here a pipe's write end does.
        let newcomer = try Pipe2()
        try #require(dup2(newcomer.write, number) == number)
        log.record(method: "GET", path: "/sessions/abc", status: 200, seconds: 0, requestId: "x")
        #expect(log.flush(within: writerCeiling))
        #expect(!log.enabled)
        #expect(newcomer.drain().isEmpty)
        close(number)
    }

    @Test func anOutputClosedLaterStillGetsTheLinesNotTheNewcomer() throws {
        let output = try Pipe2()
        let log = AccessLog(enabled: true, output: output.write)
        close(output.write)
        let newcomer = try Pipe2()
        try #require(dup2(newcomer.write, output.write) == output.write)
        log.record(method: "GET", path: "/sessions/abc", status: 200, seconds: 0, requestId: "mine")
        #expect(log.flush(within: writerCeiling))
        #expect(newcomer.drain().isEmpty)
        #expect(String(decoding: output.drain(), as: UTF8.self).contains("\"requestId\":\"mine\""))
    }
}
