import Foundation

@testable import RedisClient

/// A `redis-server` of the test's own on a free loopback port, without persistence; killed on `stop()` or when
/// released.
final class RedisProcess: @unchecked Sendable {
    /// Where `redis-server` is, when it is on the PATH.
    static let binary: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/redis-server" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// Whether these tests must run: under CI, that is with the environment variable `CI` set to anything but
    /// empty, `0` or `false` (CI services set it, and `.ci/run` does for the Swift tests).
    static let required: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !["", "0", "false"].contains(value.lowercased())
    }()

    /// Whether the suites that start a `redis-server` run: when one is on the PATH, or when they must. Skipped
    /// only on a machine without Redis outside CI; under CI a missing `redis-server` fails every test (`Missing`).
    static var suitesRun: Bool { binary != nil || required }

    /// `redis-server` is not on the PATH where the tests must run.
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "redis-server is not on the PATH and CI is set: the Redis integration tests must run under CI, never "
                + "skip (install redis-server: apt-get install redis-server)"
        }
    }

    let port: Int
    let process = Process()

    /// Starts one with `arguments` added (e.g. `--requirepass`) and waits until it answers.
    init(_ arguments: [String] = [], password: String? = nil, port: Int? = nil) throws {
        guard let binary = Self.binary else { throw Missing() }
        self.port = try port ?? Self.freePort()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments =
            ["--bind", "127.0.0.1", "--port", String(self.port), "--save", "", "--appendonly", "no", "--dir", "/tmp"]
            + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let reply = try? connection(password: password).command(["PING"]), reply == .status("PONG") { return }
            usleep(20_000)
        }
        stop()
        throw RedisError.unavailable("redis-server did not answer on port \(self.port)")
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            // SIGKILL: the child inherits the test thread's signal mask, in which SIGTERM may be blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// An endpoint for this server.
    func endpoint(username: String? = nil, password: String? = nil) -> RedisEndpoint {
        RedisEndpoint(host: "127.0.0.1", port: port, username: username, password: password)
    }

    /// A connection of the test's own, beside the store's pipeline.
    func connection(password: String? = nil) throws(RedisError) -> RedisConnection {
        try RedisConnection(endpoint(password: password), timeouts: RedisTimeouts(connect: 1, command: 5))
    }

    /// How often each command ran since the last `CONFIG RESETSTAT`, from `INFO commandstats`.
    func calls(password: String? = nil) throws -> [String: Int] {
        guard case .string(let text) = try connection(password: password).command(["INFO", "commandstats"]) else {
            return [:]
        }
        var calls: [String: Int] = [:]
        for line in String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline) {
            // cmdstat_evalsha:calls=1,usec=…
            guard line.hasPrefix("cmdstat_"), let colon = line.firstIndex(of: ":"),
                let equals = line.firstIndex(of: "="), let comma = line.firstIndex(of: ",")
            else { continue }
            let name = line[line.index(line.startIndex, offsetBy: 8)..<colon]
            calls[String(name)] = Int(line[line.index(after: equals)..<comma])
        }
        return calls
    }

    /// Commands counted from here on, `CONFIG RESETSTAT` and `INFO` excluded.
    func resetCalls(password: String? = nil) throws {
        _ = try connection(password: password).command(["CONFIG", "RESETSTAT"])
    }

    /// The counts of the session commands only (not the test's own `INFO` and `CONFIG`), those a script runs
    /// included: Redis counts them as if a client had sent them.
    func sessionCalls(password: String? = nil) throws -> [String: Int] {
        try calls(password: password).filter { !["info", "config|resetstat", "ping"].contains($0.key) }
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw RedisError.unavailable("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
