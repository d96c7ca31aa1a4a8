import CHiredis

#if canImport(Glibc)
    import Glibc
#endif

/// How long a Redis connection may take.
package struct RedisTimeouts: Sendable {
    /// Seconds to open a connection.
    package var connect: Double
    /// Seconds for one command's round trip; past it the connection is dropped.
    package var command: Double

    /// Timeouts of `connect` and `command` seconds.
    package init(connect: Double = 0.5, command: Double = 1) {
        self.connect = connect
        self.command = command
    }

    /// A `timeval` for hiredis.
    static func timeval(_ seconds: Double) -> timeval {
        let micro = Int(max(0, seconds) * 1_000_000)
        return Glibc.timeval(tv_sec: micro / 1_000_000, tv_usec: micro % 1_000_000)
    }
}

/// One blocking hiredis connection with connect and command timeouts.
///
/// Used by one thread at a time: `RedisPipeline`'s thread while it runs, the pipeline keeping it meanwhile, hence
/// `@unchecked Sendable`. After an I/O error or a timeout hiredis leaves the context unusable, so `isBroken` turns
/// true and the pipeline drops it.
final class RedisConnection: @unchecked Sendable {
    private let context: UnsafeMutablePointer<redisContext>
    /// Whether an I/O error or timeout ended this connection.
    private(set) var isBroken = false

    /// Connects, sets the command timeout, authenticates when the endpoint has a password, and selects the
    /// database.
    init(_ endpoint: RedisEndpoint, timeouts: RedisTimeouts) throws(RedisError) {
        let connectTimeout = RedisTimeouts.timeval(timeouts.connect)
        let opened =
            if let path = endpoint.socketPath {
                redisConnectUnixWithTimeout(path, connectTimeout)
            } else {
                redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), connectTimeout)
            }
        guard let context = opened else {
            throw .unavailable("cannot allocate a Redis context")
        }
        if context.pointee.err != 0 {
            let reason = Self.errorText(context)
            redisFree(context)
            throw .unavailable("cannot connect to Redis: \(reason)")
        }
        self.context = context
        guard redisSetTimeout(context, RedisTimeouts.timeval(timeouts.command)) == REDIS_OK else {
            throw .unavailable("cannot set the Redis command timeout")
        }
        if let password = endpoint.password {
            var arguments = ["AUTH"]
            if let username = endpoint.username { arguments.append(username) }
            arguments.append(password)
            do {
                _ = try command(arguments)
            } catch .server(let message) {
                throw .authentication(message)
            }
        }
        if endpoint.database != 0 {
            do {
                _ = try command(["SELECT", String(endpoint.database)])
            } catch .server(let message) where message.hasPrefix("NOAUTH") {
                throw .authentication(message)
            }
        }
    }

    deinit { redisFree(context) }

    /// Runs one command given as its arguments (binary-safe) and returns the reply; an error reply throws
    /// `.server`.
    func command(_ arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        try exchange([RedisCommand(arguments)])[0].get()
    }

    /// Writes `commands` in one go and reads their replies in order (`write`, then `readReplies`).
    func exchange(_ commands: [RedisCommand]) -> [Result<RedisReply, RedisError>] {
        if let failure = write(commands) {
            return Array(repeating: .failure(failure), count: commands.count)
        }
        return readReplies(commands.count)
    }

    /// Writes `commands` in one write (or as few as the socket takes) without waiting for their replies; nil
    /// when they went out, else why not, and the connection is then broken.
    func write(_ commands: [RedisCommand]) -> RedisError? {
        guard !isBroken else { return .unavailable("connection already broken") }
        for command in commands {
            // hiredis copies the bytes into its output buffer; nothing is written yet.
            let appended = command.bytes.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    redisAppendFormattedCommand(context, $0.baseAddress, $0.count)
                }
            }
            guard appended == REDIS_OK else { return broken() }
        }
        var done: Int32 = 0
        while done == 0 {
            guard redisBufferWrite(context, &done) == REDIS_OK else { return broken() }
        }
        return nil
    }

    /// Reads the replies of the `count` commands written and not yet answered, in order: mostly one read for all
    /// of them. A reply that does not come (an I/O error, the command timeout) breaks the connection, and that
    /// command and every one after it fail with `.unavailable`; the replies before it were answered and stand.
    /// An error reply fails its own command only (`.server`).
    func readReplies(_ count: Int) -> [Result<RedisReply, RedisError>] {
        var outcomes: [Result<RedisReply, RedisError>] = []
        outcomes.reserveCapacity(count)
        while outcomes.count < count {
            var raw: UnsafeMutableRawPointer?
            guard !isBroken, redisGetReply(context, &raw) == REDIS_OK, let raw else {
                let failure = Result<RedisReply, RedisError>.failure(broken())
                outcomes.append(contentsOf: repeatElement(failure, count: count - outcomes.count))
                break
            }
            defer { freeReplyObject(raw) }
            do {
                outcomes.append(.success(try Self.convert(raw.assumingMemoryBound(to: redisReply.self))))
            } catch {
                outcomes.append(.failure(error))
            }
        }
        return outcomes
    }

    /// Marks the connection broken, and says why.
    private func broken() -> RedisError {
        isBroken = true
        let reason = Self.errorText(context)
        return .unavailable(reason.isEmpty ? "connection already broken" : reason)
    }

    /// Runs one command given as strings.
    func command(_ arguments: [String]) throws(RedisError) -> RedisReply {
        try command(arguments.map { Array($0.utf8) })
    }

    private static func convert(_ reply: UnsafeMutablePointer<redisReply>) throws(RedisError) -> RedisReply {
        let value = reply.pointee
        switch value.type {
        case REDIS_REPLY_STRING:
            return .string(bytes(value))
        case REDIS_REPLY_STATUS:
            return .status(String(decoding: bytes(value), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            return .integer(Int(value.integer))
        case REDIS_REPLY_NIL:
            return .null
        case REDIS_REPLY_ERROR:
            throw .server(String(decoding: bytes(value).prefix(200), as: UTF8.self))
        case REDIS_REPLY_ARRAY:
            var elements: [RedisReply] = []
            for index in 0..<value.elements {
                guard let element = value.element[index] else { continue }
                elements.append(try convert(element))
            }
            return .array(elements)
        default:
            return .null
        }
    }

    private static func bytes(_ reply: redisReply) -> [UInt8] {
        guard let text = reply.str, reply.len > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: reply.len))
    }

    private static func errorText(_ context: UnsafeMutablePointer<redisContext>) -> String {
        withUnsafeBytes(of: context.pointee.errstr) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
