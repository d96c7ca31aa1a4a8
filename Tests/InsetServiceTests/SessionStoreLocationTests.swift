import InsetService
import Testing

/// `--session-store` values.
@Suite("Session store location")
struct SessionStoreLocationTests {
    /// (flag value, the location it names).
    static let accepted: [(String, SessionStoreLocation)] = [
        ("memory", .memory),
        ("redis://127.0.0.1:6380/2", .redis(RedisEndpoint(host: "127.0.0.1", port: 6380, database: 2))),
        ("redis://cache.internal", .redis(RedisEndpoint(host: "cache.internal", port: 6379, database: 0))),
        ("redis://[::1]:7000", .redis(RedisEndpoint(host: "::1", port: 7000, database: 0))),
        ("redis://redis-0.redis:6379/0", .redis(RedisEndpoint(host: "redis-0.redis", port: 6379, database: 0))),
    ]

    @Test(arguments: accepted)
    func memoryAndRedisURLs(_ value: String, _ location: SessionStoreLocation) {
        #expect(SessionStoreLocation(parsing: value) == location)
    }

    @Test(arguments: [
        "", "Memory", "redis://", "redis://:6379", "redis://host:", "redis://host:0", "redis://host:65536",
        "redis://host:+1", "redis://host:6379/", "redis://host:6379/x", "redis://host/-1", "redis://user:pw@host",
        "redis://host?db=1", "redis://host#x", "rediss://host", "http://host", "redis://[::1", "redis://[]:1",
        "redis://[::1]x", "redis://ho st", "redis://host:6379/1/2",
    ])
    func refuses(_ text: String) {
        #expect(SessionStoreLocation(parsing: text) == nil)
    }
}
