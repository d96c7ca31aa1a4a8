/// What a fresh connection's first exchange (log in, `SELECT`, `PING`) says of the server at an endpoint: checked
/// once at startup, so that a fault waiting will not cure stops the service before it listens, while a Redis that
/// is merely not up yet does not.
package enum RedisProbe: Equatable, Sendable {
    /// It answered `PING`, whatever it answered.
    case answered
    /// It cannot be reached, or said nothing within the timeouts: it may be starting, or away for a while. Why.
    case unreachable(String)
    /// It refuses this client for good: the credentials (an error to `AUTH`, `NOAUTH` to `PING`), the database
    /// (an error to `SELECT`), or a peer that answers, but not as Redis does (a reply not whole within the command
    /// timeout though part of it came, one over the reply cap, bytes that are not Redis's protocol). Says so with
    /// the endpoint, never the password.
    case refused(String)
}

extension RedisPipeline {
    /// Opens a connection of its own (not the pipeline's), logs in and sends `PING`, all within the timeouts and
    /// the reply cap; the connection is closed after.
    package func probe() -> RedisProbe {
        let connection: RedisConnection
        do {
            connection = try RedisConnection(connectingTo: endpoint, timeouts: timeouts, maxReplyBytes: maxReplyBytes)
        } catch {
            return .unreachable(error.reason)
        }
        do {
            try connection.logIn(endpoint)
            _ = try connection.command(["PING"])
            return .answered
        } catch .authentication(let message) {
            return .refused("Redis at \(endpoint) refused the credentials: \(message)")
        } catch .server(let message) where message.hasPrefix("NOAUTH") {
            return .refused("Redis at \(endpoint) refused the credentials: \(message)")
        } catch .database(let message) {
            return .refused("Redis at \(endpoint) refused database \(endpoint.database): \(message)")
        } catch {
            guard connection.breakage?.isMisbehaviour == true else { return .unreachable(error.reason) }
            return .refused("Redis at \(endpoint) does not answer as Redis does: \(error.reason)")
        }
    }
}
