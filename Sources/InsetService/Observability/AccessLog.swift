import InsetJSON
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One JSON line per request on standard output, written by a thread of its own: a request only appends its
/// line to a bounded queue and never waits for the output. When whatever reads standard output stops (a full
/// pipe, a stalled log shipper, a terminal paused with Ctrl-S), lines past the queue's capacity are dropped and
/// counted, and requests go on being answered.
final class AccessLog: Sendable {
    /// Whether lines are written at all.
    let enabled: Bool
    private let queue: LineQueue?

    /// Queued bytes at most, about 6 000 lines: what a reader that stopped reading can cost in memory, since the
    /// lines past it are dropped and counted, never waited for.
    static let capacityBytes = 1 << 20

    /// A log on file descriptor `output` (standard output unless a test says otherwise). The log writes to a
    /// copy of `output` made here, while `output` is verified open, never to the number itself: were `output`
    /// closed, the next socket opened would take its number and lines written to it would reach a client or
    /// Redis. A closed `output` turns the log off.
    init(enabled: Bool, output: Int32 = 1, capacityBytes: Int = AccessLog.capacityBytes) {
        let owned = enabled ? fcntl(output, F_DUPFD_CLOEXEC, 3) : -1
        self.enabled = owned >= 0
        self.queue = owned >= 0 ? LineQueue(output: owned, capacityBytes: capacityBytes) : nil
    }

    /// Lines dropped because the queue was full.
    var dropped: Int { queue?.dropped ?? 0 }

    /// Queues one request's line.
    func record(method: String, path: String, status: Int, seconds: Double, requestId: String) {
        guard let queue else { return }
        var writer = JSONWriter(reservingCapacity: 256)
        writer.beginObject()
        writer.field("time", Self.timestamp())
        writer.field("method", String(method.prefix(16)))
        writer.field("path", String(path.prefix(256)))
        writer.field("status", status)
        writer.field("durationMs", (seconds * 1_000_000).rounded() / 1000)
        writer.field("requestId", requestId)
        writer.endObject()
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        queue.offer(line)
    }

    /// Waits until every queued line is written, for at most `seconds`; true when nothing was left behind.
    @discardableResult
    func flush(within seconds: Double) -> Bool {
        queue?.flush(within: seconds) ?? true
    }

    /// UTC in RFC 3339 with milliseconds.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
            + "\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}

/// Lines waiting for the writer thread, bounded in bytes. The writer takes everything queued at once and writes
/// it with as few `write` calls as the output accepts, so lines from many workers never interleave and a busy
/// server makes far fewer system calls than one per line. The executable's notes on standard error use one too.
public final class LineQueue: Sendable {
    private struct State {
        var pending: [UInt8] = []
        /// Set while the writer holds lines it took and has not finished writing.
        var writing = false
        var dropped = 0
    }

    private let output: Int32
    private let capacityBytes: Int
    private let state = Locked(State())
    private let started = Atomic<Bool>(false)

    /// A queue that writes to `output`, which it owns and closes when it goes (only a queue whose writer never
    /// started can go: the writer thread keeps it for the life of the process).
    public init(output: Int32, capacityBytes: Int) {
        self.output = output
        self.capacityBytes = capacityBytes
    }

    deinit { close(output) }

    /// Lines dropped because the queue was full.
    public var dropped: Int { state.withLock { $0.dropped } }

    /// Queues a line, or drops and counts it when the queue is full (false); never waits for the output.
    @discardableResult
    public func offer(_ line: [UInt8]) -> Bool {
        // The thread starts with the first line, so an application that never logs has none.
        if !started.load(ordering: .relaxed), !started.exchange(true, ordering: .acquiringAndReleasing) {
            startWriter()
        }
        let (queued, wake) = state.withLock { state -> (Bool, Bool) in
            if state.pending.count + line.count > capacityBytes {
                state.dropped += 1
                return (false, false)
            }
            let wasIdle = state.pending.isEmpty && !state.writing
            state.pending.append(contentsOf: line)
            return (true, wasIdle)
        }
        // Only an idle writer needs waking: a busy one looks at the queue again when its write returns, so a
        // busy server pays no wake-up per line.
        if wake { state.wakeWaiters() }
        return queued
    }

    /// Waits until the queue is empty and the writer idle, for at most `seconds`.
    public func flush(within seconds: Double) -> Bool {
        state.wait(until: { $0.pending.isEmpty && !$0.writing }, atMost: seconds) {
            $0.pending.isEmpty && !$0.writing
        }
    }

    private func startWriter() {
        if let thread = startThread({ self.drain() }) { pthread_detach(thread) }
    }

    /// The writer thread's loop; it lives as long as the process.
    private func drain() {
        // Two buffers swapped back and forth, so neither side allocates once both have grown.
        var batch: [UInt8] = []
        while true {
            state.wait(until: { !$0.pending.isEmpty }, atMost: 1) { state in
                guard !state.pending.isEmpty else { return }
                swap(&batch, &state.pending)
                state.writing = true
            }
            guard !batch.isEmpty else { continue }
            Self.writeAll(batch, to: output)
            batch.removeAll(keepingCapacity: true)
            state.withLockSignalling { $0.writing = false }
        }
    }

    /// Writes every byte unless the output fails for good (closed, `EPIPE`), in which case the rest is lost.
    private static func writeAll(_ bytes: [UInt8], to output: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(output, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
