import InsetSession
import InsetStores
import RedisClient

/// Everything the service layer reads from the command line and the environment.
public struct ServiceConfiguration: Sendable {
    /// Sessions kept at most; the least recently used goes first.
    public var maxSessions: Int
    /// Bytes the sessions in memory may hold (`Session.footprint`); the least recently used goes first.
    public var maxSessionBytes: Int
    /// Idle seconds after which a session is gone.
    public var sessionTTL: Double
    /// Largest request body, in bytes.
    public var maxBodyBytes: Int
    /// `Access-Control-Allow-Origin` value; nil turns CORS headers off.
    public var corsOrigin: String?
    /// When set, every route but health needs `Authorization: Bearer <token>`.
    public var apiToken: String?
    /// Whether to print one JSON line per request.
    public var accessLog: Bool
    /// The clock for events without a timestamp; tests pass a manual one. Replicas sharing Redis need a clock
    /// they share: `MonotonicClock.realTime`.
    public var clock: MonotonicClock
    /// Where sessions live: this process (default) or Redis.
    public var sessionStore: SessionStoreLocation
    /// Redis's connect and command timeouts; the tests shorten them.
    var redisTimeouts = RedisTimeouts()

    /// The default `maxSessionBytes`, 512 MiB: a session as a typical request makes it takes a few kilobytes, so
    /// the default 100 000 sessions stay under it and the count is what binds; sessions at the largest body are
    /// held to a few thousand instead of 100 000, which would take gigabytes (docs/reliability.md, section 10,
    /// has the measurement).
    public static let defaultMaxSessionBytes = SessionStore.defaultMaxBytes

    /// Creates a configuration with the documented defaults.
    public init(
        maxSessions: Int = 100_000, maxSessionBytes: Int = ServiceConfiguration.defaultMaxSessionBytes,
        sessionTTL: Double = 1800, maxBodyBytes: Int = 65536,
        corsOrigin: String? = "*", apiToken: String? = nil, accessLog: Bool = true, clock: MonotonicClock = .system,
        sessionStore: SessionStoreLocation = .memory
    ) {
        self.maxSessions = maxSessions
        self.maxSessionBytes = maxSessionBytes
        self.sessionTTL = sessionTTL
        self.maxBodyBytes = maxBodyBytes
        self.corsOrigin = corsOrigin
        self.apiToken = apiToken
        self.accessLog = accessLog
        self.clock = clock
        self.sessionStore = sessionStore
    }
}

/// The service's name and version, as `GET /version` reports them.
public enum ServiceVersion {
    /// The product name.
    public static let name = "inset-server"
    /// The release, bumped by hand with each tagged build.
    public static let version = "0.1.0"
}
