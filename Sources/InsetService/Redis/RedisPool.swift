import Locking

/// One Redis connection shared by every worker, with the commands of workers that need Redis at the same moment
/// sent together (pipelined), and reconnection with backoff.
///
/// A worker's command joins a queue. When no batch is in flight, that worker leads: it takes everything queued,
/// writes it in one write, reads the replies in order, hands each to its waiting worker and passes the lead to
/// the first command queued meanwhile, whose worker then sends the next batch. So a worker never waits on the
/// socket while another batch could go out, and Redis reads, runs and answers a batch in one turn of its event
/// loop, where a connection per worker cost a wake-up and two system calls on each side for every command.
///
/// Failures are a connection's, as before: a reply that does not come within the command timeout, or a
/// connection that breaks, fails every command of its batch still unanswered (`.unavailable`), and the
/// connection is dropped; the next batch opens a fresh one. After a failed connect, batches fail at once until the
/// backoff (25 ms doubling to 1 s) has passed, so a Redis outage costs clients one connect timeout at most, and the
/// first batch after it tries again: recovery needs nothing but Redis coming back.
final class RedisPool: Sendable {
    private struct State {
        /// Commands waiting for the next batch, oldest first.
        var queue: [RedisTicket] = []
        /// Whether a worker is sending a batch; the queue is then the next batch.
        var leading = false
        /// The shared connection between batches; the leader holds it during one.
        var connection: RedisConnection?
        var failures = 0
        var retryAt = 0.0
        var batches = 0
        var commands = 0
    }

    /// The server.
    let endpoint: RedisEndpoint
    /// Connect and command timeouts.
    let timeouts: RedisTimeouts
    private let state = Locked(State())
    private let clock: MonotonicClock

    /// A pool that connects on first use.
    init(endpoint: RedisEndpoint, timeouts: RedisTimeouts = RedisTimeouts()) {
        self.endpoint = endpoint
        self.timeouts = timeouts
        self.clock = .system
    }

    /// The wait after `failures` failed connects in a row, in milliseconds.
    static func backoff(failures: Int) -> Double {
        min(1000, 25 * Double(1 << min(max(0, failures - 1), 10)))
    }

    /// Batches sent and commands in them so far: how much pipelining there was.
    var sent: (batches: Int, commands: Int) {
        state.withLock { ($0.batches, $0.commands) }
    }

    /// Runs `body`, whose commands go out through the shared connection.
    ///
    /// The connection may have died with the Redis it was opened to (a restart); when `idempotent` says `body`
    /// can safely run twice, a body that failed because a connection opened before its command broke runs once
    /// more, on the fresh connection that follows, so the first request after Redis comes back does not fail. A
    /// compare-and-set is never retried blindly: its caller checks whether the lost send had written.
    func withConnection<T>(
        idempotent: Bool = false, _ body: (RedisChannel) throws(RedisError) -> T
    ) throws(RedisError) -> T {
        let channel = RedisChannel(pool: self)
        do {
            return try body(channel)
        } catch {
            guard idempotent, channel.brokeOnReusedConnection else { throw error }
            return try body(RedisChannel(pool: self))
        }
    }

    /// Sends one command in the next batch and waits for its outcome.
    func send(_ command: RedisCommand) -> RedisOutcome {
        let ticket = RedisTicket(command)
        let leads = state.withLock { (state: inout State) -> Bool in
            state.queue.append(ticket)
            if state.leading { return false }
            state.leading = true
            return true
        }
        if !leads {
            let outcome = state.wait(on: ticket.wake, until: { _ in ticket.outcome != nil || ticket.leads }) { _ in
                ticket.outcome
            }
            if let outcome { return outcome }
        }
        sendBatch()
        // The leader's own command is the first of the batch it sent, so it is answered now.
        return state.withLock { _ in ticket.outcome } ?? .init(.failure(.unavailable("no reply")), reused: false)
    }

    /// Sends what is queued (the leader's own command first) as one batch, hands out the outcomes, and passes the
    /// lead to the next command queued, if any.
    private func sendBatch() {
        let (batch, kept, retryAt) = state.withLock { (state: inout State) in
            let batch = state.queue
            state.queue.removeAll(keepingCapacity: true)
            let kept = state.connection
            state.connection = nil
            return (batch, kept, state.retryAt)
        }
        let connection: RedisConnection
        if let kept {
            connection = kept
        } else {
            do {
                connection = try connect(retryAt: retryAt)
            } catch {
                let failure = RedisOutcome(.failure(error), reused: false)
                handOut(Array(repeating: failure, count: batch.count), to: batch, keeping: nil)
                return
            }
        }
        let outcomes = connection.exchange(batch.map(\.command)).map { RedisOutcome($0, reused: kept != nil) }
        handOut(outcomes, to: batch, keeping: connection.isBroken ? nil : connection)
    }

    /// A fresh connection, unless a failed connect's backoff has not passed yet.
    private func connect(retryAt: Double) throws(RedisError) -> RedisConnection {
        let now = clock.now()
        if now < retryAt {
            throw .unavailable("reconnecting to Redis in \(Int(retryAt - now)) ms")
        }
        do {
            let connection = try RedisConnection(endpoint, timeouts: timeouts)
            state.withLock { $0.failures = 0 }
            return connection
        } catch {
            let failedAt = clock.now()
            state.withLock { state in
                state.failures += 1
                state.retryAt = failedAt + Self.backoff(failures: state.failures)
            }
            throw error
        }
    }

    /// Gives each ticket its outcome, keeps `connection` for the next batch, and passes the lead on; the waiters
    /// are woken after the lock is let go, so that none wakes only to wait for it.
    private func handOut(_ outcomes: [RedisOutcome], to batch: [RedisTicket], keeping connection: RedisConnection?) {
        let next = state.withLock { (state: inout State) -> RedisTicket? in
            for (ticket, outcome) in zip(batch, outcomes) { ticket.outcome = outcome }
            state.connection = connection
            state.batches += 1
            state.commands += batch.count
            guard let next = state.queue.first else {
                state.leading = false
                return nil
            }
            next.leads = true
            return next
        }
        for ticket in batch { ticket.wake.signal() }
        next?.wake.signal()
    }
}

/// What one command came to: Redis's reply or why there is none, and whether it went out on a connection opened
/// before its batch (which may have died unnoticed with a Redis that restarted).
struct RedisOutcome {
    /// The reply, or the failure.
    var result: Result<RedisReply, RedisError>
    /// Whether the connection had served earlier batches.
    var reused: Bool

    /// An outcome.
    init(_ result: Result<RedisReply, RedisError>, reused: Bool) {
        self.result = result
        self.reused = reused
    }
}

/// One worker's command waiting in `RedisPool`'s queue, then its outcome. Its mutable members are only touched
/// under the pool's lock, hence `@unchecked Sendable`.
final class RedisTicket: @unchecked Sendable {
    /// The command, formatted.
    let command: RedisCommand
    /// What the waiting worker sleeps on.
    let wake = Condition()
    /// Set when the batch that carried the command is answered.
    var outcome: RedisOutcome?
    /// Set when the worker is to send the next batch itself.
    var leads = false

    /// A ticket for `command`.
    init(_ command: RedisCommand) { self.command = command }
}

/// What a `RedisPool.withConnection` body sends its commands through, one at a time, each in the next batch on
/// the pool's shared connection. Remembers whether one failed on a reused connection, which is when the pool may
/// run an idempotent body again.
final class RedisChannel {
    private let pool: RedisPool
    /// Whether a command of this body failed because a connection that had served before broke.
    private(set) var brokeOnReusedConnection = false

    /// A channel into `pool`.
    init(pool: RedisPool) { self.pool = pool }

    /// Runs one command given as its arguments (binary-safe) and returns the reply; an error reply throws
    /// `.server`.
    func command(_ arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        let outcome = pool.send(RedisCommand(arguments))
        if case .failure(.unavailable) = outcome.result, outcome.reused { brokeOnReusedConnection = true }
        return try outcome.result.get()
    }

    /// Runs one command given as strings.
    func command(_ arguments: [String]) throws(RedisError) -> RedisReply {
        try command(arguments.map { Array($0.utf8) })
    }
}
