import Locking

/// A small pool of Redis connections, reconnecting with backoff.
///
/// A request takes an idle connection or opens one (so at most one per worker thread is ever open), and gives
/// it back when the command went through. A broken connection is dropped together with every idle one, since
/// they most likely broke together (a Redis restart). After a failed connect, requests fail at once until the
/// backoff (25 ms doubling to 1 s) has passed, so a Redis outage costs clients one connect timeout at most, and
/// the first request after it tries again: recovery needs nothing but Redis coming back.
final class RedisPool: Sendable {
    private struct State {
        var idle: [RedisConnection] = []
        var failures = 0
        var retryAt = 0.0
    }

    /// The server.
    let endpoint: RedisEndpoint
    /// Connect and command timeouts.
    let timeouts: RedisTimeouts
    /// Idle connections kept at most.
    let maxIdle: Int
    private let state = Locked(State())
    private let clock: MonotonicClock

    /// A pool that connects on first use.
    init(endpoint: RedisEndpoint, timeouts: RedisTimeouts = RedisTimeouts(), maxIdle: Int = 64) {
        self.endpoint = endpoint
        self.timeouts = timeouts
        self.maxIdle = maxIdle
        self.clock = .system
    }

    /// The wait after `failures` failed connects in a row, in milliseconds.
    static func backoff(failures: Int) -> Double {
        min(1000, 25 * Double(1 << min(max(0, failures - 1), 10)))
    }

    /// Runs `body` on a connection; the connection goes back to the pool unless it broke.
    ///
    /// An idle connection may have died with the Redis it was opened to (a restart); when `idempotent` says `body`
    /// can safely run twice, a failure on such a reused connection is retried once on a fresh one, so the first
    /// request after Redis comes back does not fail. A compare-and-set is never retried: it may have been applied.
    func withConnection<T>(
        idempotent: Bool = false, _ body: (RedisConnection) throws(RedisError) -> T
    ) throws(RedisError) -> T {
        let (connection, reused) = try take()
        do {
            return try run(body, on: connection)
        } catch {
            guard idempotent, reused, connection.isBroken else { throw error }
            return try run(body, on: try take().connection)
        }
    }

    private func run<T>(
        _ body: (RedisConnection) throws(RedisError) -> T, on connection: RedisConnection
    ) throws(RedisError) -> T {
        do {
            let result = try body(connection)
            give(connection)
            return result
        } catch {
            if connection.isBroken {
                // The others most likely broke with it.
                state.withLock { $0.idle.removeAll() }
            } else {
                give(connection)
            }
            throw error
        }
    }

    private func take() throws(RedisError) -> (connection: RedisConnection, reused: Bool) {
        let now = clock.now()
        let idle = try state.withLock { (state: inout State) throws(RedisError) -> RedisConnection? in
            if let connection = state.idle.popLast() { return connection }
            if now < state.retryAt {
                throw .unavailable("reconnecting to Redis in \(Int(state.retryAt - now)) ms")
            }
            return nil
        }
        if let idle { return (idle, true) }
        do {
            let connection = try RedisConnection(endpoint, timeouts: timeouts)
            state.withLock { $0.failures = 0 }
            return (connection, false)
        } catch {
            let retryAt = clock.now()
            state.withLock { state in
                state.failures += 1
                state.retryAt = retryAt + Self.backoff(failures: state.failures)
            }
            throw error
        }
    }

    private func give(_ connection: RedisConnection) {
        state.withLock { state in
            if state.idle.count < maxIdle { state.idle.append(connection) }
        }
    }
}
