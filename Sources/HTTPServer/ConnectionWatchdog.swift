import CMicroHTTPDShim
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches every connection from a thread of its own, for what libmicrohttpd 0.9.75 cannot do: it only has an
/// inactivity timeout, which a client sending a byte now and then never meets, and a connection limit that
/// such clients, or idle ones, can fill.
///
/// - A request head must arrive within `headTimeout` of its first byte, however it trickles.
/// - A request body must arrive within `bodyTimeout` of the head, and, after its first second, at no less than
///   `minBodyRate` bytes a second on average.
/// - Only the client's slowness is timed, never the server's: while the kernel holds bytes the server has not
///   read (its worker was busy with another connection), the connection is not cut, however late it is.
/// - At `limit` connections, each new one makes room: the connection that has waited longest for its client
///   (idle between requests, or sending a head or a body) is closed; when every connection has a request
///   running, the newcomer is. libmicrohttpd's own limit is set higher by `spareConnections`, so that a new
///   connection is accepted and seen here instead of refused unseen.
///
/// libmicrohttpd announces each connection and its close (`MHD_OPTION_NOTIFY_CONNECTION`) and calls the access
/// handler when a head is complete; it does not say when a head's first byte arrives. Every tick the watchdog
/// asks the kernel instead (`tcp_info`: payload bytes received, time since the last), and the first tick that
/// sees bytes arrive while the connection waits for a head starts that head's clock, at the time of the latest
/// byte, so within one tick of the first. A body's clock starts at the first tick that sees its head's request
/// still reading it. A connection is cut with `shutdown`, never `close`: libmicrohttpd sees the end of the
/// stream on its own thread and closes the connection through its usual path, with its usual notifications.
///
/// The socket is only touched under the lock that the close notification also takes, and libmicrohttpd closes
/// a connection's socket only after that notification returns, so the watchdog can never reach a socket that
/// was closed, nor one whose number a new connection reuses.
final class ConnectionWatchdog: @unchecked Sendable {
    /// One connection as the watchdog follows it; only touched under `state`'s lock.
    private struct Watch {
        let connection: ConnectionState
        /// Its place in the order connections arrived: breaks ties between waits that began in the same
        /// millisecond.
        let arrival: Int
        /// The connection's `phase` when the watchdog last looked; -1 before it first did.
        var observedPhase = -1
        /// Bytes received when the watchdog first looked at the current wait for a head.
        var baseline: UInt64 = 0
        /// When the current head's first byte arrived, once seen.
        var firstByteAt: Int?
        /// When the current wait for the client began: the connection's start, the last answer, or the head
        /// whose body is awaited. The longest waiting is closed first to make room.
        var waitingSince: Int
        /// When the current request's body was first seen awaited (nil: none is).
        var bodySince: Int?
        /// Whether the previous look found this connection past a deadline with nothing unread: a cut needs two
        /// such looks in a row, since the server reads a head a moment before its request shows as started.
        var overdue = false
        /// Set once the socket was shut down, so it is not shut down again.
        var expired = false
    }

    private struct State {
        var watches: [ObjectIdentifier: Watch] = [:]
        var arrivals = 0
        /// Set by `watch` when a connection arrived past the limit: the next look makes room at once.
        var crowded = false
        var stopping = false
    }

    /// Why a connection was cut, for the counters.
    private enum Cut {
        case head, body, room
    }

    /// The head deadline in milliseconds; 0 when off.
    let headTimeout: Int
    /// The body deadline in milliseconds; 0 when off.
    let bodyTimeout: Int
    /// Bytes a second a body must average after its first second; 0 when off.
    let minBodyRate: Int
    /// Connections held at most before the longest waiting one is closed for a new one.
    let limit: Int
    /// Milliseconds between two looks at every connection.
    let tick: Int
    /// A byte received within this many milliseconds of the previous answer may still belong to that request:
    /// the kernel counts time in jiffies (4 ms at 250 Hz).
    static let jiffyMargin = 10
    /// Milliseconds a body may take before `minBodyRate` applies: a client's first segments and the server's
    /// `100 Continue` take a round trip or two.
    static let rateGrace = 1000
    /// Connections libmicrohttpd may hold past `limit` for the moment it takes to close one to make room.
    static func spareConnections(limit: Int) -> Int { max(16, limit / 8) }

    /// Connections closed for missing the head deadline.
    let headTimeouts = Atomic<Int>(0)
    /// Connections closed for a body that missed its deadline or its rate.
    let bodyTimeouts = Atomic<Int>(0)
    /// Connections closed to make room for a new one at the limit.
    let evictions = Atomic<Int>(0)
    private let state = Locked(State())
    private var thread: pthread_t?

    /// A watchdog for deadlines in seconds (0: off), a rate in bytes a second (0: off) and a connection limit;
    /// it looks about ten times per deadline, between 10 and 250 ms apart.
    init(headTimeout: Double, bodyTimeout: Double, minBodyRate: Int, limit: Int) {
        func milliseconds(_ seconds: Double) -> Int { seconds > 0 ? max(1, Int((seconds * 1000).rounded())) : 0 }
        self.headTimeout = milliseconds(headTimeout)
        self.bodyTimeout = milliseconds(bodyTimeout)
        self.minBodyRate = max(0, minBodyRate)
        self.limit = max(1, limit)
        // The rate floor is checked at the same looks, a quarter second late at most: looking more often costs
        // every connection a `tcp_info` call more often.
        let shortest = [self.headTimeout, self.bodyTimeout].filter { $0 > 0 }.min() ?? 2500
        self.tick = min(250, max(10, shortest / 10))
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

    /// Follows a connection libmicrohttpd just announced; past the limit, wakes the watchdog to make room.
    func watch(_ connection: ConnectionState) {
        guard connection.socket >= 0 else { return }
        let now = monotonicMilliseconds()
        let crowded = state.withLock { state -> Bool in
            state.arrivals += 1
            state.watches[ObjectIdentifier(connection)] = Watch(
                connection: connection, arrival: state.arrivals, waitingSince: now)
            state.crowded = state.crowded || state.watches.count > limit
            return state.crowded
        }
        if crowded { state.wakeWaiters() }
    }

    /// Forgets a connection libmicrohttpd is closing; called before it closes the socket.
    func forget(_ connection: ConnectionState) {
        guard connection.socket >= 0 else { return }
        _ = state.withLock { $0.watches.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    private func run() {
        var lastLook = 0
        // Set while a crowd found no connection waiting for its client: bytes a trickler just sent wait unread for
        // a moment, so the watchdog looks again every few milliseconds for a tick before it closes the newest.
        var crowdedSince: Int?
        while true {
            let slice = crowdedSince == nil ? Double(tick) / 1000 : Self.crowdedRetry
            let stopping = state.wait(until: { $0.stopping || (crowdedSince == nil && $0.crowded) }, atMost: slice) {
                $0.stopping
            }
            if stopping { return }
            state.withLock { state in
                let now = monotonicMilliseconds()
                // A wake-up to make room looks at the deadlines only when a tick has passed, so that a flood of
                // connections does not make every look a full one.
                let due = now - lastLook >= tick
                if due { lastLook = now }
                // In place: iterating the keys and writing each entry back would copy the whole table every tick.
                var index = state.watches.values.startIndex
                while index != state.watches.values.endIndex {
                    if due { look(at: &state.watches.values[index], now: now) }
                    state.watches.values.formIndex(after: &index)
                }
                if state.crowded || crowdedSince != nil {
                    state.crowded = false
                    let since = crowdedSince ?? now
                    let roomMade = makeRoom(in: &state.watches, closingTheNewest: now - since >= tick)
                    crowdedSince = roomMade ? nil : since
                }
            }
        }
    }

    /// Seconds between looks while a crowd waits for room.
    static let crowdedRetry = 0.01

    private func look(at watch: inout Watch, now: Int) {
        guard !watch.expired else { return }
        let phase = watch.connection.phase.load(ordering: .acquiring)
        if phase & 1 == 1 {
            lookAtRequest(&watch, phase: phase, now: now)
        } else {
            lookAtHead(&watch, phase: phase, now: now)
        }
    }

    /// A connection waiting for a head: timed from the head's first byte.
    private func lookAtHead(_ watch: inout Watch, phase: Int, now: Int) {
        var bytes: UInt64 = 0
        var age: UInt32 = 0
        guard inset_socket_received(watch.connection.socket, &bytes, &age) == 0 else { return }
        let lastReceived = now - Int(age)
        if phase != watch.observedPhase {
            // A new wait: on a fresh connection every byte is the head's; after an answer, only what came later.
            watch.observedPhase = phase
            watch.firstByteAt = nil
            watch.bodySince = nil
            watch.overdue = false
            if phase == 0 {
                watch.baseline = 0
                if bytes > 0 { watch.firstByteAt = lastReceived }
            } else {
                watch.baseline = bytes
                let answered = watch.connection.answeredAt.load(ordering: .relaxed)
                watch.waitingSince = answered
                if lastReceived > answered + Self.jiffyMargin { watch.firstByteAt = lastReceived }
            }
        } else if watch.firstByteAt == nil && bytes != watch.baseline {
            watch.firstByteAt = lastReceived
        }
        guard headTimeout > 0, let first = watch.firstByteAt, now - first >= headTimeout else { return }
        cutIfTheClientIsLate(&watch, .head)
    }

    /// A connection with a request running: its body, while one is awaited, is timed from the head.
    private func lookAtRequest(_ watch: inout Watch, phase: Int, now: Int) {
        if phase != watch.observedPhase {
            watch.observedPhase = phase
            watch.firstByteAt = nil
            watch.bodySince = nil
            watch.overdue = false
        }
        let received = watch.connection.bodyReceived.load(ordering: .relaxed)
        guard received >= 0 else {
            // The whole request is in: it runs or is answered, which is the server's time, not the client's.
            watch.bodySince = nil
            return
        }
        let since = watch.bodySince ?? now
        if watch.bodySince == nil {
            watch.bodySince = now
            watch.waitingSince = now
        }
        let elapsed = now - since
        let late = bodyTimeout > 0 && elapsed >= bodyTimeout
        let slow =
            minBodyRate > 0 && elapsed > Self.rateGrace && received * 1000 < minBodyRate * (elapsed - Self.rateGrace)
        guard late || slow else { return }
        cutIfTheClientIsLate(&watch, .body)
    }

    /// Cuts a connection past a deadline unless the server is the late one: bytes it has not read yet wait in
    /// the kernel. Two looks in a row must agree.
    private func cutIfTheClientIsLate(_ watch: inout Watch, _ reason: Cut) {
        guard inset_socket_unread(watch.connection.socket) == 0 else {
            watch.overdue = false
            return
        }
        guard watch.overdue else {
            watch.overdue = true
            return
        }
        cut(&watch, reason)
    }

    /// Past the limit: closes the connections that have waited longest for their clients, and, when that is not
    /// enough and `closingTheNewest`, the newest ones, until the limit holds. Returns whether it holds.
    private func makeRoom(in watches: inout [ObjectIdentifier: Watch], closingTheNewest: Bool) -> Bool {
        var live = watches.values.filter { !$0.expired }.count
        guard live > limit else { return true }
        var waiting: [(since: Int, arrival: Int, key: ObjectIdentifier)] = []
        var newest: [(since: Int, arrival: Int, key: ObjectIdentifier)] = []
        for (key, watch) in watches where !watch.expired {
            newest.append((watch.waitingSince, watch.arrival, key))
            if waitsForItsClient(watch) { waiting.append((watch.waitingSince, watch.arrival, key)) }
        }
        waiting.sort { ($0.since, $0.arrival) < ($1.since, $1.arrival) }
        newest.sort { $0.arrival > $1.arrival }
        var victims = waiting.makeIterator()
        var fallbacks = newest.makeIterator()
        while live > limit {
            guard let victim = victims.next() ?? (closingTheNewest ? fallbacks.next() : nil) else { return false }
            guard var watch = watches[victim.key], !watch.expired else { continue }
            cut(&watch, .room)
            watches[victim.key] = watch
            live -= 1
        }
        return true
    }

    /// Whether a connection waits for its client, not for the server: between requests, or reading a head or
    /// a body, with nothing unread in the kernel.
    private func waitsForItsClient(_ watch: Watch) -> Bool {
        let phase = watch.connection.phase.load(ordering: .acquiring)
        let idleOrReading = phase & 1 == 0 || watch.connection.bodyReceived.load(ordering: .relaxed) >= 0
        return idleOrReading && inset_socket_unread(watch.connection.socket) == 0
    }

    private func cut(_ watch: inout Watch, _ reason: Cut) {
        watch.expired = true
        // Counted first: a client that sees its connection closed then finds it counted.
        switch reason {
        case .head: headTimeouts.add(1, ordering: .relaxed)
        case .body: bodyTimeouts.add(1, ordering: .relaxed)
        case .room: evictions.add(1, ordering: .relaxed)
        }
        shutdown(watch.connection.socket, Int32(SHUT_RDWR))
    }
}

/// CLOCK_MONOTONIC in milliseconds: the clock the kernel's receive ages are measured on.
func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
}
