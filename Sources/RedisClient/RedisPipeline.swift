import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// One Redis connection shared by every worker, on a thread of its own that sends the commands of all workers that
/// need Redis at the same moment together (pipelined), and reconnects with backoff.
///
/// A command joins a queue with what to do with its reply. The pipeline's thread writes everything queued in one
/// write and reads the replies in order; before it hands them out it writes what was queued meanwhile, so Redis
/// runs the next batch while the replies are handed out. A worker answering an HTTP request does not wait for its
/// reply: the transport suspends the connection and the worker serves others, so a worker sleeps only when it has
/// nothing to do, where blocking on a reply of its own would cost a sleep and a wake-up for every command. Callers that
/// must wait (`RedisChannel`) sleep until their reply is handed out.
///
/// Failures are a connection's: a reply that does not come whole within the command timeout of its batch's write,
/// one that takes more than `maxReplyBytes`, or a connection that breaks, fails every command of its batch still
/// unanswered (`.unavailable`), and the connection is dropped; the next batch opens a fresh one. After a failed connect, batches fail at once until the
/// backoff (25 ms doubling to 1 s) has passed, so a Redis outage costs clients one connect timeout at most, and the
/// first batch after it tries again: recovery needs nothing but Redis coming back.
///
/// The thread starts with the first command and ends after `idleSeconds` without one.
package final class RedisPipeline: Sendable {
    private struct State {
        /// Commands waiting for the next batch, oldest first.
        var queue: [RedisTicket] = []
        /// Whether the pipeline's thread runs.
        var running = false
        /// Whether it sleeps until a command comes.
        var waiting = false
        /// The connection while the thread is not running.
        var connection: RedisConnection?
        /// The running thread, which must never wait for a reply it is to read itself.
        var thread: pthread_t?
        var failures = 0
        var retryAt = 0.0
        var batches = 0
        var commands = 0
    }

    /// Commands written on a connection whose replies are still to be read.
    private struct Batch {
        var tickets: [RedisTicket]
        /// Whether the connection had served earlier batches.
        var reused: Bool
        /// When every reply must be whole, on `RedisClock`: the command timeout from the write.
        var deadline: Double
    }

    /// The server.
    package let endpoint: RedisEndpoint
    /// Connect and command timeouts.
    let timeouts: RedisTimeouts
    /// Bytes one reply may take before its connection is dropped (`RedisConnection`).
    let maxReplyBytes: Int
    /// Seconds without a command after which the pipeline's thread ends.
    let idleSeconds: Double
    private let state = Locked(State())

    /// Bytes a reply may take off the socket, unless told otherwise: far past any value this client's users
    /// store (Redis's own bulk limit is 512 MB; `RedisSessionStore` passes its own, smaller cap).
    package static let defaultMaxReplyBytes = 16 << 20

    /// Seconds without a command after which the pipeline's thread ends, unless told otherwise.
    package static let defaultIdleSeconds = 1.0

    /// A pipeline that connects on first use.
    package init(
        endpoint: RedisEndpoint, timeouts: RedisTimeouts = RedisTimeouts(),
        maxReplyBytes: Int = RedisPipeline.defaultMaxReplyBytes, idleSeconds: Double = RedisPipeline.defaultIdleSeconds
    ) {
        self.endpoint = endpoint
        self.timeouts = timeouts
        self.maxReplyBytes = maxReplyBytes
        self.idleSeconds = idleSeconds
    }

    /// The wait after `failures` failed connects in a row, in milliseconds.
    static func backoff(failures: Int) -> Double {
        min(1000, 25 * Double(1 << min(max(0, failures - 1), 10)))
    }

    /// Milliseconds until a connect may be tried again after a failed one (0 when it may now): a command sent
    /// before then fails at once, without reaching Redis.
    package var reconnectDelay: Double {
        let retryAt = state.withLock { $0.retryAt }
        return max(0, retryAt - RedisClock.now())
    }

    /// Batches sent and commands in them so far: how much pipelining there was.
    package var sent: (batches: Int, commands: Int) {
        state.withLock { ($0.batches, $0.commands) }
    }

    /// Runs `body`, whose commands go out through the shared connection and which waits for each reply.
    ///
    /// The connection may have died with the Redis it was opened to (a restart); when `idempotent` says `body`
    /// can safely run twice, a body that failed because a connection opened before its command broke runs once
    /// more, on the fresh connection that follows, so the first request after Redis comes back does not fail. A
    /// compare-and-set is never retried blindly: its caller checks whether the lost send had written.
    package func withConnection<T>(
        idempotent: Bool = false, _ body: (RedisChannel) throws(RedisError) -> T
    ) throws(RedisError) -> T {
        let channel = RedisChannel(pipeline: self)
        do {
            return try body(channel)
        } catch {
            guard idempotent, channel.brokeOnReusedConnection else { throw error }
            return try body(RedisChannel(pipeline: self))
        }
    }

    /// Sends `command` in the next batch; `completion` gets its outcome on the pipeline's thread, in the order the
    /// commands were sent, and must not wait for Redis itself (it may send more).
    package func send(_ command: RedisCommand, then completion: @escaping @Sendable (RedisOutcome) -> Void) {
        let ticket = RedisTicket(command, completion)
        let (start, wake) = state.withLock { (state: inout State) -> (Bool, Bool) in
            state.queue.append(ticket)
            if !state.running {
                state.running = true
                return (true, false)
            }
            return (false, state.waiting)
        }
        if wake { state.wakeWaiters() }
        if start { startThread() }
    }

    /// Sends `command` in the next batch and waits for its outcome; never on the pipeline's own thread, which would
    /// wait for itself (an `.unavailable` failure then).
    package func send(_ command: RedisCommand) -> RedisOutcome {
        let onOwnThread = state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } }
        guard onOwnThread != true else {
            return RedisOutcome(
                .failure(.unavailable("a Redis reply waited for on the thread that reads it")), reused: false,
                sent: false)
        }
        let outcome = Locked<RedisOutcome?>(nil)
        send(command) { result in outcome.withLockSignalling { $0 = result } }
        while true {
            if let result = outcome.wait(until: { $0 != nil }, atMost: Self.waitSlice, then: { $0 }) { return result }
        }
    }

    /// Seconds a waiting caller sleeps between checks; its reply wakes it sooner. Every reply comes within the
    /// timeouts, so this only bounds a wait the clock's jumps might stretch.
    private static let waitSlice = 60.0

    private func startThread() {
        let started = Locking.startThread { [self] in run() }
        if let started {
            pthread_detach(started)
        } else {
            // No thread: every command queued fails, and the next one tries again.
            let queued = state.withLock { (state: inout State) -> [RedisTicket] in
                state.running = false
                defer { state.queue.removeAll() }
                return state.queue
            }
            let failure = RedisOutcome(
                .failure(.unavailable("cannot start the Redis thread")), reused: false, sent: false)
            for ticket in queued { ticket.completion(failure) }
        }
    }

    /// The pipeline's thread: batches until `idleSeconds` pass without a command.
    private func run() {
        var connection = state.withLock { (state: inout State) -> RedisConnection? in
            state.thread = pthread_self()
            defer { state.connection = nil }
            return state.connection
        }
        var inFlight: Batch?
        while true {
            if inFlight == nil {
                guard let queued = nextBatch() else { break }
                inFlight = write(queued, on: &connection)
                continue
            }
            guard let batch = inFlight, let reading = connection else { continue }
            let outcomes = reading.readReplies(batch.tickets.count, by: batch.deadline).map {
                RedisOutcome($0, reused: batch.reused, sent: true)
            }
            inFlight = nil
            if reading.isBroken {
                connection = nil
            } else {
                // Written before the replies are handed out, so that Redis runs them meanwhile.
                let queued = state.withLock { (state: inout State) -> [RedisTicket] in
                    defer { state.queue.removeAll(keepingCapacity: true) }
                    return state.queue
                }
                if !queued.isEmpty { inFlight = write(queued, on: &connection) }
            }
            state.withLock { state in
                state.batches += 1
                state.commands += batch.tickets.count
            }
            for (ticket, outcome) in zip(batch.tickets, outcomes) { ticket.completion(outcome) }
        }
        state.withLock { $0.connection = connection }
    }

    /// The commands queued, waiting up to `idleSeconds` for one; nil when none came, and the thread then ends
    /// (decided under the lock, so a command sent at that moment starts a new one).
    private func nextBatch() -> [RedisTicket]? {
        state.withLock { $0.waiting = true }
        return state.wait(until: { !$0.queue.isEmpty }, atMost: idleSeconds) { (state: inout State) in
            state.waiting = false
            guard !state.queue.isEmpty else {
                state.running = false
                state.thread = nil
                return nil
            }
            defer { state.queue.removeAll(keepingCapacity: true) }
            return state.queue
        }
    }

    /// Writes `tickets` on `connection`, connecting first when there is none; the batch to read, or nil when
    /// they failed, which they are told at once.
    private func write(_ tickets: [RedisTicket], on connection: inout RedisConnection?) -> Batch? {
        let reused = connection != nil
        if connection == nil {
            do {
                connection = try connect()
            } catch {
                fail(tickets, error, reused: false, sent: false)
                return nil
            }
        }
        guard let open = connection else { return nil }
        let deadline = open.deadline(from: RedisClock.now())
        if let failure = open.write(tickets.map(\.command), by: deadline) {
            connection = nil
            // Some of the batch may have gone out before the write failed.
            fail(tickets, failure, reused: reused, sent: true)
            return nil
        }
        return Batch(tickets: tickets, reused: reused, deadline: deadline)
    }

    private func fail(_ tickets: [RedisTicket], _ error: RedisError, reused: Bool, sent: Bool) {
        let outcome = RedisOutcome(.failure(error), reused: reused, sent: sent)
        for ticket in tickets { ticket.completion(outcome) }
    }

    /// A fresh connection, unless a failed connect's backoff has not passed yet.
    private func connect() throws(RedisError) -> RedisConnection {
        let now = RedisClock.now()
        let retryAt = state.withLock { $0.retryAt }
        if now < retryAt {
            throw .unavailable("reconnecting to Redis in \(Int(retryAt - now)) ms")
        }
        do {
            let connection = try RedisConnection(endpoint, timeouts: timeouts, maxReplyBytes: maxReplyBytes)
            state.withLock { $0.failures = 0 }
            return connection
        } catch {
            let failedAt = RedisClock.now()
            state.withLock { state in
                state.failures += 1
                state.retryAt = failedAt + Self.backoff(failures: state.failures)
            }
            throw error
        }
    }
}

/// One command waiting in `RedisPipeline`'s queue, and what to do with its outcome.
struct RedisTicket: Sendable {
    /// The command, formatted.
    let command: RedisCommand
    /// Called on the pipeline's thread with the outcome.
    let completion: @Sendable (RedisOutcome) -> Void

    /// A ticket for `command`.
    init(_ command: RedisCommand, _ completion: @escaping @Sendable (RedisOutcome) -> Void) {
        self.command = command
        self.completion = completion
    }
}
