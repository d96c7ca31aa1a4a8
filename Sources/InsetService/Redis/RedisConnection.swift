import CHiredis

#if canImport(Glibc)
    import Glibc
#endif

/// How long a Redis connection may take.
struct RedisTimeouts: Sendable {
    /// Seconds to open a connection.
    var connect: Double = 0.5
    /// Seconds for one command's round trip; past it the connection is dropped.
    var command: Double = 1

    /// A `timeval` for hiredis.
    static func timeval(_ seconds: Double) -> timeval {
        let micro = Int(max(0, seconds) * 1_000_000)
        return Glibc.timeval(tv_sec: micro / 1_000_000, tv_usec: micro % 1_000_000)
    }
}

/// One blocking hiredis connection with connect and command timeouts.
///
/// Used by one thread at a time: `RedisPool` hands it out and takes it back, hence `@unchecked Sendable`.
/// After an I/O error or a timeout hiredis leaves the context unusable, so `isBroken` turns true and the
/// pool drops it.
final class RedisConnection: @unchecked Sendable {
    private let context: UnsafeMutablePointer<redisContext>
    /// Whether an I/O error or timeout ended this connection.
    private(set) var isBroken = false

    /// Connects, sets the command timeout, authenticates when the endpoint has a password, and selects the
    /// database.
    init(_ endpoint: RedisEndpoint, timeouts: RedisTimeouts) throws(RedisError) {
        let connectTimeout = RedisTimeouts.timeval(timeouts.connect)
        guard let context = redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), connectTimeout) else {
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

    /// Runs one command given as its arguments (binary-safe: `redisCommandArgv`, not the variadic
    /// `redisCommand`) and returns the reply; an error reply throws `.server`.
    func command(_ arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        guard !isBroken else { throw .unavailable("connection already broken") }
        let lengths = arguments.map(\.count)
        // Each argument's bytes stay valid for the call: copied into one buffer, pointed into by argv.
        let total = lengths.reduce(0, +)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, total))
        defer { buffer.deallocate() }
        var argv: [UnsafePointer<CChar>?] = []
        argv.reserveCapacity(arguments.count)
        var offset = 0
        for argument in arguments {
            argument.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress, !bytes.isEmpty {
                    (buffer + offset).withMemoryRebound(to: UInt8.self, capacity: bytes.count) {
                        $0.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
                    }
                }
            }
            argv.append(UnsafePointer(buffer + offset))
            offset += argument.count
        }
        let raw = argv.withUnsafeMutableBufferPointer { argvPointer in
            lengths.withUnsafeBufferPointer { lengthPointer in
                redisCommandArgv(context, Int32(arguments.count), argvPointer.baseAddress, lengthPointer.baseAddress)
            }
        }
        guard let raw else {
            isBroken = true
            throw .unavailable(Self.errorText(context))
        }
        defer { freeReplyObject(raw) }
        return try Self.convert(raw.assumingMemoryBound(to: redisReply.self))
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
