/// One Redis reply, copied out of hiredis's reply object.
package enum RedisReply: Equatable, Sendable {
    /// A bulk string.
    case string([UInt8])
    /// A status line such as `OK` or `PONG`.
    case status(String)
    /// An integer.
    case integer(Int)
    /// An array (`EXEC`, `SCAN`).
    case array([RedisReply])
    /// A nil bulk string or array: the key is absent.
    case null
}

/// Why a Redis command did not give a reply.
package enum RedisError: Error, Equatable {
    /// Could not connect, or the connection broke or timed out; the connection is dropped.
    case unavailable(String)
    /// Redis answered with an error (`-ERR …`, `-LOADING …`); the connection is still good.
    case server(String)
    /// Redis refused a new connection's credentials (`AUTH` answered an error) or wants some (`NOAUTH`); Redis's
    /// message, which never holds the password.
    case authentication(String)
    /// Redis refused a new connection's `SELECT` (a database index it does not have: 16 with the default 16
    /// databases); Redis's message. Like refused credentials, waiting does not change it.
    case database(String)

    /// For logs and problem details.
    package var reason: String {
        switch self {
        case .unavailable(let reason): return reason
        case .server(let message): return "Redis error: \(message)"
        case .authentication(let message): return "Redis refused the credentials: \(message)"
        case .database(let message): return "Redis refused the database: \(message)"
        }
    }
}
