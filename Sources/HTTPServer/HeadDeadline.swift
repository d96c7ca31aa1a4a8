import CMicroHTTPDShim
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Closes a connection that has not delivered a complete request head within the deadline, counted from the
/// head's first byte, however it trickles: libmicrohttpd 0.9.75 only has an inactivity timeout.
///
/// libmicrohttpd announces each connection and its close (`MHD_OPTION_NOTIFY_CONNECTION`) and calls the access
/// handler when a head is complete; it does not say when a head's first byte arrives. One watchdog thread asks
/// the kernel instead: every tick it reads each waiting connection's `tcp_info` (payload bytes received, time
/// since the last), and the first tick that sees bytes arrive while the connection waits for a head starts that
/// head's clock, at the time of the latest byte, so within one tick of the first. At the deadline it shuts the
/// socket down (`shutdown`, never `close`): libmicrohttpd sees the end of the stream on its own thread and
/// closes the connection through its usual path, with its usual notifications.
///
/// The socket is only touched under the lock that the close notification also takes, and libmicrohttpd closes
/// a connection's socket only after that notification returns, so the watchdog can never reach a socket that
/// was closed, nor one whose number a new connection reuses.
final class HeadDeadline: @unchecked Sendable {
    /// One connection as the watchdog follows it; only touched under `state`'s lock.
    private struct Watch {
        let connection: ConnectionState
        /// The connection's `phase` when the watchdog last looked; -1 before it first did.
        var observedPhase = -1
        /// Bytes received when the watchdog first looked at the current wait.
        var baseline: UInt64 = 0
        /// When the current head's first byte arrived, once seen.
        var firstByteAt: Int?
        /// Set once the socket was shut down, so it is not shut down again.
        var expired = false
    }

    private struct State {
        var watches: [ObjectIdentifier: Watch] = [:]
        var stopping = false
    }

    /// The deadline, in milliseconds.
    let timeout: Int
    /// Milliseconds between two looks at every connection.
    let tick: Int
    /// A byte received within this many milliseconds of the previous answer may still belong to that request:
    /// the kernel counts time in jiffies (4 ms at 250 Hz).
    static let jiffyMargin = 10
    /// Connections closed for missing the deadline.
    let expired = Atomic<Int>(0)
    private let state = Locked(State())
    private var thread: pthread_t?

    /// A watchdog for `timeout` seconds; it looks about ten times per deadline, between 10 and 250 ms apart.
    init(timeout: Double) {
        self.timeout = max(1, Int((timeout * 1000).rounded()))
        self.tick = min(250, max(10, self.timeout / 10))
    }

    /// Starts the watchdog thread.
    func start() {
        thread = startThread { self.run() }
    }

    /// Stops the watchdog and waits for its thread: afterwards it touches no socket.
    func stop() {
        state.withLockSignalling { $0.stopping = true }
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    /// Follows a connection libmicrohttpd just announced.
    func watch(_ connection: ConnectionState) {
        guard connection.socket >= 0 else { return }
        state.withLock { $0.watches[ObjectIdentifier(connection)] = Watch(connection: connection) }
    }

    /// Forgets a connection libmicrohttpd is closing; called before it closes the socket.
    func forget(_ connection: ConnectionState) {
        guard connection.socket >= 0 else { return }
        _ = state.withLock { $0.watches.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    private func run() {
        while true {
            let stopping = state.wait(until: { $0.stopping }, atMost: Double(tick) / 1000) { $0.stopping }
            if stopping { return }
            state.withLock { state in
                let now = monotonicMilliseconds()
                // In place: iterating the keys and writing each entry back copied the whole table every tick.
                var index = state.watches.values.startIndex
                while index != state.watches.values.endIndex {
                    look(at: &state.watches.values[index], now: now)
                    state.watches.values.formIndex(after: &index)
                }
            }
        }
    }

    private func look(at watch: inout Watch, now: Int) {
        guard !watch.expired else { return }
        let phase = watch.connection.phase.load(ordering: .acquiring)
        if phase & 1 == 1 {
            // A head arrived; the request runs.
            watch.observedPhase = phase
            watch.firstByteAt = nil
            return
        }
        var bytes: UInt64 = 0
        var age: UInt32 = 0
        guard inset_socket_received(watch.connection.socket, &bytes, &age) == 0 else { return }
        let lastReceived = now - Int(age)
        if phase != watch.observedPhase {
            // A new wait: on a fresh connection every byte is the head's; after an answer, only what came later.
            watch.observedPhase = phase
            watch.firstByteAt = nil
            if phase == 0 {
                watch.baseline = 0
                if bytes > 0 { watch.firstByteAt = lastReceived }
            } else {
                watch.baseline = bytes
                let answered = watch.connection.answeredAt.load(ordering: .relaxed)
                if lastReceived > answered + Self.jiffyMargin { watch.firstByteAt = lastReceived }
            }
        } else if watch.firstByteAt == nil && bytes != watch.baseline {
            watch.firstByteAt = lastReceived
        }
        if let first = watch.firstByteAt, now - first >= timeout {
            watch.expired = true
            shutdown(watch.connection.socket, Int32(SHUT_RDWR))
            expired.add(1, ordering: .relaxed)
        }
    }
}

/// CLOCK_MONOTONIC in milliseconds: the clock the kernel's receive ages are measured on.
func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
}
