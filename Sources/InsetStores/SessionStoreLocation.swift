import RedisClient

/// Which session store the service uses, as `--session-store` names it.
public enum SessionStoreLocation: Equatable, Sendable {
    /// In this process: the default; sessions are lost with the process and seen by no other replica.
    case memory
    /// In Redis, shared by every replica that names the same server and database.
    case redis(RedisEndpoint)

    /// Parses `memory` or a Redis URL (`RedisEndpoint(url:)`); nil for anything else.
    public init?(parsing text: String) {
        if text == "memory" {
            self = .memory
            return
        }
        guard let endpoint = RedisEndpoint(url: text) else { return nil }
        self = .redis(endpoint)
    }
}
