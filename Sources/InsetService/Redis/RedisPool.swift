import Locking

/// One Redis connection shared by every worker, with the commands of workers that need Redis at the same moment
/// sent together (pipelined), and reconnection with backoff.
///
/// A worker's command joins a queue. When no worker leads, that worker leads: it writes everything queued in one
/// write and reads the replies in order. Before it hands the replies out, it writes what was queued meanwhile, so
/// that Redis works on the next batch while the workers wake, and makes the first worker of that batch the next
/// leader, who reads its replies in turn. One batch is in flight at a time; Redis reads, runs and answers each in
/// one turn of its event loop, where a connection per worker cost a wake-up and two system calls on each side for
/// every command.
///
/// Failures are a connection's, as before: a reply that does not come within the command timeout, or a
/// connection that breaks, fails every command of its batch still unanswered (`.unavailable`), and the
/// connection is dropped; the next batch opens a fresh one. After a failed connect, batches fail at once until the
/// backoff (25 ms doubling to 1 s) has passed, so a Redis outage costs clients one connect timeout at most, and the
/// first batch after it tries again: recovery needs nothing but Redis coming back.
final class RedisPool: Sendable {
    /// Commands written on a connection whose replies are still to be read.
    private struct Batch {
        var tickets: [RedisTicket]
        var connection: RedisConnection
        /// Whether the connection had served earlier batches.
        var reused: Bool
    }

    private struct State {
        /// Commands waiting for the next batch, oldest first.
        var queue: [RedisTicket] = []
        /// Whether a worker leads (or has been told to): the queue then waits for it.
        var leading = false
        /// The batch written ahead for the next leader to read.
        var inFlight: Batch?
        /// The shared connection while no batch is in flight.
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
        lead()
        // The leader's command is in the batch it read, so it is answered now.
        return state.withLock { _ in ticket.outcome } ?? RedisOutcome(.failure(.unavailable("no reply")), reused: false)
    }

    /// The leader's turn: reads the batch written ahead for it (or, when there is none, writes what is queued, its
    /// own command first, and reads that), writes what was queued meanwhile, then hands out the replies and the
    /// lead.
    private func lead() {
        let (written, queued, kept, retryAt) = state.withLock { (state: inout State) in
            if let batch = state.inFlight {
                state.inFlight = nil
                return (Optional(batch), [RedisTicket](), RedisConnection?.none, state.retryAt)
            }
            let queued = state.queue
            state.queue.removeAll(keepingCapacity: true)
            let kept = state.connection
            state.connection = nil
            return (nil, queued, kept, state.retryAt)
        }
        let batch: Batch
        if let written {
            batch = written
        } else {
            let connection: RedisConnection
            if let kept {
                connection = kept
            } else {
                do {
                    connection = try connect(retryAt: retryAt)
                } catch {
                    let failure = RedisOutcome(.failure(error), reused: false)
                    finish(queued, Array(repeating: failure, count: queued.count), written: 0, next: nil, keeping: nil)
                    return
                }
            }
            if let failure = connection.write(queued.map(\.command)) {
                let outcome = RedisOutcome(.failure(failure), reused: kept != nil)
                finish(queued, Array(repeating: outcome, count: queued.count), written: 0, next: nil, keeping: nil)
                return
            }
            batch = Batch(tickets: queued, connection: connection, reused: kept != nil)
        }
        let connection = batch.connection
        let outcomes = connection.readReplies(batch.tickets.count).map { RedisOutcome($0, reused: batch.reused) }
        guard !connection.isBroken else {
            finish(batch.tickets, outcomes, written: batch.tickets.count, next: nil, keeping: nil)
            return
        }
        // Written before the replies are handed out, so that Redis runs them while the workers wake.
        let next = state.withLock { (state: inout State) in
            let next = state.queue
            state.queue.removeAll(keepingCapacity: true)
            return next
        }
        guard !next.isEmpty else {
            finish(batch.tickets, outcomes, written: batch.tickets.count, next: nil, keeping: connection)
            return
        }
        if let failure = connection.write(next.map(\.command)) {
            let outcome = RedisOutcome(.failure(failure), reused: true)
            let failures = Array(repeating: outcome, count: next.count)
            finish(
                batch.tickets + next, outcomes + failures, written: batch.tickets.count, next: nil, keeping: nil)
            return
        }
        let ahead = Batch(tickets: next, connection: connection, reused: true)
        finish(batch.tickets, outcomes, written: batch.tickets.count, next: ahead, keeping: nil)
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

    /// Gives each ticket its outcome (counting the `written` commands of the batch read, as one batch) and passes the
    /// lead on: to the first worker of `next`, written ahead, or else
    /// to the first worker queued, who then writes; `connection` stays for the next batch when nothing is in flight.
    /// The waiters are woken after the lock is let go, so that none wakes only to wait for it.
    private func finish(
        _ tickets: [RedisTicket], _ outcomes: [RedisOutcome], written: Int, next: Batch?,
        keeping connection: RedisConnection?
    ) {
        let leader = state.withLock { (state: inout State) -> RedisTicket? in
            for (ticket, outcome) in zip(tickets, outcomes) { ticket.outcome = outcome }
            if written > 0 {
                state.batches += 1
                state.commands += written
            }
            let leader: RedisTicket?
            if let next {
                state.inFlight = next
                leader = next.tickets.first
            } else {
                state.connection = connection
                leader = state.queue.first
            }
            if let leader {
                leader.leads = true
            } else {
                state.leading = false
            }
            return leader
        }
        for ticket in tickets { ticket.wake.signal() }
        leader?.wake.signal()
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
