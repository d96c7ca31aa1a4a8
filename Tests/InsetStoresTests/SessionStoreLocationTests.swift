import InsetStores
import RedisClient
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
        // Credentials: the default user's password, an ACL user's, percent-decoded, the last `@` ending them.
        (
            "redis://:s3cret@127.0.0.1:6380/2",
            .redis(RedisEndpoint(host: "127.0.0.1", port: 6380, database: 2, password: "s3cret"))
        ),
        (
            "redis://app:pw@cache.internal",
            .redis(RedisEndpoint(host: "cache.internal", username: "app", password: "pw"))
        ),
        (
            "redis://app%2Dx:p%40ss%3Aw%2Frd%25@[::1]:7000/1",
            .redis(RedisEndpoint(host: "::1", port: 7000, database: 1, username: "app-x", password: "p@ss:w/rd%"))
        ),
        ("redis://:a@b:c@host", .redis(RedisEndpoint(host: "host", password: "a@b:c"))),
        ("redis://:%C3%A9t%C3%A9@host", .redis(RedisEndpoint(host: "host", password: "été"))),
        // A Unix-domain socket: an absolute path, a database only as `?db=`.
        ("redis+unix:///run/redis/redis.sock", .redis(RedisEndpoint(socketPath: "/run/redis/redis.sock"))),
        ("redis+unix:///tmp/r.sock?db=3", .redis(RedisEndpoint(socketPath: "/tmp/r.sock", database: 3))),
        (
            "redis+unix://app:p%40ss@/var/run/redis-6379.sock?db=1",
            .redis(
                RedisEndpoint(socketPath: "/var/run/redis-6379.sock", database: 1, username: "app", password: "p@ss"))
        ),
    ]

    @Test(arguments: accepted)
    func memoryAndRedisURLs(_ value: String, _ location: SessionStoreLocation) {
        #expect(SessionStoreLocation(parsing: value) == location)
    }

    @Test(arguments: [
        "", "Memory", "redis://", "redis://:6379", "redis://host:", "redis://host:0", "redis://host:65536",
        "redis://host:+1", "redis://host:6379/", "redis://host:6379/x", "redis://host/-1", "redis://user@host",
        "redis://:@host", "redis://user:@host", "redis://:pw@", "redis://:pw%zz@host", "redis://:pw%4@host",
        "redis://:%FF@host", "redis://:pw@host:x",
        "redis://host?db=1", "redis://host#x", "rediss://host", "http://host", "redis://[::1", "redis://[]:1",
        "redis://[::1]x", "redis://ho st", "redis://host:6379/1/2",
        "redis+unix://", "redis+unix://relative.sock", "redis+unix:///tmp/r.sock?db=", "redis+unix:///tmp/r.sock?x=1",
        "redis+unix:///tmp/r.sock?db=1&x=2", "redis+unix:///tmp/r sock", "redis+unix://user@/tmp/r.sock",
        "redis+unix:///" + String(repeating: "a", count: 107), "redis+unix:///tmp/r.sock#x",
    ])
    func refuses(_ text: String) {
        #expect(SessionStoreLocation(parsing: text) == nil)
    }

    /// What messages show of an endpoint: the host, port, database and user, never the password.
    @Test func anEndpointsDescriptionHidesThePassword() throws {
        let location = try #require(SessionStoreLocation(parsing: "redis://app:hunter2@[::1]:7000/3"))
        guard case .redis(let endpoint) = location else { throw RedisTestError.notRedis }
        #expect("\(endpoint)" == "app@[::1]:7000/3")
        #expect(!String(reflecting: location).contains("hunter2"))
        let socket = try #require(SessionStoreLocation(parsing: "redis+unix://app:hunter2@/run/r.sock?db=2"))
        guard case .redis(let unix) = socket else { throw RedisTestError.notRedis }
        #expect("\(unix)" == "app@unix:/run/r.sock?db=2")
    }
}

/// A session store location that should name Redis and does not.
private enum RedisTestError: Error { case notRedis }
