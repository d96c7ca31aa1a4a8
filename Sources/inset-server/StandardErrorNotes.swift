import InsetService

#if canImport(Glibc)
    import Glibc
#endif

/// What the signal loop says on standard error once the server runs, written without ever waiting for the reader:
/// a standard error nobody reads (a pipe whose reader stopped) would otherwise hold the loop in `write(2)` once the
/// pipe is full, and no SIGTERM would ever be taken. The lines go to a bounded queue that a thread of its own
/// writes out (`LineQueue`, as the access log's); a line past the queue's capacity is dropped and counted, and the
/// next line that fits is preceded by how many were. Used from the main thread only.
final class StandardErrorNotes {
    /// Queued bytes at most, about 2 000 notes: what a reader that stopped can cost in memory.
    static let capacityBytes = 64 << 10
    /// How long the lines still queued at exit may take to be written; past it they are lost.
    static let exitFlushSeconds = 1.0

    private let queue: LineQueue?
    /// Lines dropped and not yet reported.
    private var unreported = 0

    /// Notes written to a copy of `output` made here (standard error unless a test says otherwise): were `output`
    /// closed and its number taken by a socket later, no note could reach that socket. A closed `output` writes
    /// nothing.
    init(output: Int32 = 2, capacityBytes: Int = StandardErrorNotes.capacityBytes) {
        let owned = fcntl(output, F_DUPFD_CLOEXEC, 3)
        queue = owned >= 0 ? LineQueue(output: owned, capacityBytes: capacityBytes) : nil
    }

    /// Queues `text` and a line end, or drops and counts it; never waits for the output.
    func write(_ text: String) {
        guard let queue else { return }
        if unreported > 0 {
            let report = "inset-server: \(unreported) line(s) to standard error dropped while it was full\n"
            guard queue.offer(Array(report.utf8)) else {
                unreported += 1
                return
            }
            unreported = 0
        }
        if !queue.offer(Array((text + "\n").utf8)) { unreported += 1 }
    }

    /// Waits until every queued line is written, for at most `seconds`; true when nothing was left behind.
    @discardableResult
    func flush(within seconds: Double) -> Bool {
        queue?.flush(within: seconds) ?? true
    }
}
