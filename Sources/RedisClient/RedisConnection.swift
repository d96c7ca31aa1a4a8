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

/// One blocking hiredis connection with connect and command timeouts, and a cap on a reply's size.
///
/// hiredis's own timeout is per `recv`: a peer that trickles a reply a byte at a time never trips it, and hiredis
/// holds whatever a reply claims to be until it is whole. So this connection reads replies itself (`poll`, then
/// `recv` into hiredis's reader): every reply of a write must be whole by one deadline, the command timeout from
/// the write, and no reply may take more than `maxReplyBytes` off the socket. Past either, the connection is
/// broken and its unanswered commands fail as a timeout would (`.unavailable`, sent), so a reply never holds the
/// thread past the timeout nor the process's memory past the cap.
///
/// Used by one thread at a time: `RedisPipeline`'s thread while it runs, the pipeline keeping it meanwhile, hence
/// `@unchecked Sendable`. After an I/O error, a timeout or a reply over the cap the context is unusable, so
/// `isBroken` turns true and the pipeline drops it.
final class RedisConnection: @unchecked Sendable {
    /// How a connection broke: what tells a peer that is away from one that does not answer as Redis does.
    enum Breakage: Equatable {
        /// The socket failed or closed, or nothing of a reply came by the deadline.
        case lost
        /// Part of a reply came, the rest not by the deadline (a trickle).
        case cutShort
        /// A reply took more than `maxReplyBytes` off the socket before it was whole.
        case oversized
        /// Bytes that are not Redis's protocol.
        case garbled

        /// Whether the peer answered, but not as Redis does: a fault that waiting does not cure.
        var isMisbehaviour: Bool { self != .lost }
    }

    /// Bytes one `recv` takes, as hiredis's own reads do.
    static let readSize = 16 << 10

    private let context: UnsafeMutablePointer<redisContext>
    /// Seconds a write's replies have, from the write, to come whole.
    let commandTimeout: Double
    /// Bytes one reply may take off the socket.
    let maxReplyBytes: Int
    /// Where `recv` puts what it reads before hiredis's reader takes it.
    private let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: RedisConnection.readSize, alignment: 16)
    /// How this connection broke; nil while it serves.
    private(set) var breakage: Breakage?
    /// Whether an I/O error, a timeout or an oversized reply ended this connection.
    var isBroken: Bool { breakage != nil }

    /// Connects, sets the command timeout, authenticates when the endpoint has a password, and selects the
    /// database.
    convenience init(
        _ endpoint: RedisEndpoint, timeouts: RedisTimeouts, maxReplyBytes: Int = RedisPipeline.defaultMaxReplyBytes
    ) throws(RedisError) {
        try self.init(connectingTo: endpoint, timeouts: timeouts, maxReplyBytes: maxReplyBytes)
        try logIn(endpoint)
    }

    /// Connects and sets the command timeout, without `AUTH` or `SELECT` (`logIn`).
    init(connectingTo endpoint: RedisEndpoint, timeouts: RedisTimeouts, maxReplyBytes: Int) throws(RedisError) {
        let connectTimeout = RedisTimeouts.timeval(timeouts.connect)
        let opened =
            if let path = endpoint.socketPath {
                redisConnectUnixWithTimeout(path, connectTimeout)
            } else {
                redisConnectWithTimeout(endpoint.host, Int32(endpoint.port), connectTimeout)
            }
        guard let context = opened else {
            readBuffer.deallocate()
            throw .unavailable("cannot allocate a Redis context")
        }
        if context.pointee.err != 0 {
            let reason = Self.errorText(context)
            redisFree(context)
            readBuffer.deallocate()
            throw .unavailable("cannot connect to Redis: \(reason)")
        }
        self.context = context
        self.commandTimeout = timeouts.command
        self.maxReplyBytes = max(1, maxReplyBytes)
        // The reads are this connection's own, within the deadline; the timeout still bounds each blocking write.
        guard redisSetTimeout(context, RedisTimeouts.timeval(timeouts.command)) == REDIS_OK else {
            throw .unavailable("cannot set the Redis command timeout")
        }
    }

    /// Authenticates when the endpoint has a password, and selects the database: an error reply to `AUTH` is
    /// `.authentication`, to `SELECT` `.database` (`NOAUTH` there is `.authentication` too).
    func logIn(_ endpoint: RedisEndpoint) throws(RedisError) {
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
            } catch .server(let message) {
                throw .database(message)
            }
        }
    }

    deinit {
        redisFree(context)
        readBuffer.deallocate()
    }

    /// Runs one command given as its arguments (binary-safe) and returns the reply; an error reply throws
    /// `.server`.
    func command(_ arguments: [[UInt8]]) throws(RedisError) -> RedisReply {
        try exchange([RedisCommand(arguments)])[0].get()
    }

    /// Writes `commands` in one go and reads their replies in order (`write`, then `readReplies`), all by the
    /// command timeout from now.
    func exchange(_ commands: [RedisCommand]) -> [Result<RedisReply, RedisError>] {
        let deadline = deadline(from: RedisClock.now())
        if let failure = write(commands, by: deadline) {
            return Array(repeating: .failure(failure), count: commands.count)
        }
        return readReplies(commands.count, by: deadline)
    }

    /// The deadline, on `RedisClock`, of the replies to a write made at `sent`.
    func deadline(from sent: Double) -> Double {
        sent + commandTimeout * 1000
    }

    /// Writes `commands` in one write (or as few as the socket takes) without waiting for their replies; nil
    /// when they went out, else why not, and the connection is then broken. A write still going at `deadline`
    /// (a peer that reads slowly) fails there.
    func write(_ commands: [RedisCommand], by deadline: Double) -> RedisError? {
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
            if done == 0 && RedisClock.now() >= deadline {
                return broken(.lost, "the commands not written within the \(timeoutText) command timeout")
            }
        }
        return nil
    }

    /// Reads the replies of the `count` commands written and not yet answered, in order: mostly one read for all
    /// of them. A reply that does not come whole by `deadline` (on `RedisClock`), that takes more than
    /// `maxReplyBytes`, or an I/O error, breaks the connection, and that command and every one after it fail with
    /// `.unavailable`; the replies before it were answered and stand. An error reply fails its own command only
    /// (`.server`).
    func readReplies(_ count: Int, by deadline: Double) -> [Result<RedisReply, RedisError>] {
        var outcomes: [Result<RedisReply, RedisError>] = []
        outcomes.reserveCapacity(count)
        while outcomes.count < count {
            let raw: UnsafeMutableRawPointer
            switch nextReply(by: deadline) {
            case .success(let reply): raw = reply
            case .failure(let error):
                outcomes.append(contentsOf: repeatElement(.failure(error), count: count - outcomes.count))
                return outcomes
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

    /// The next reply, hiredis's object (the caller frees it): from what was read already, or reading until it
    /// is whole; a failure, and the connection broken, when `deadline` passes first or the reply takes more
    /// than `maxReplyBytes`.
    private func nextReply(by deadline: Double) -> Result<UnsafeMutableRawPointer, RedisError> {
        guard !isBroken, let reader = context.pointee.reader else {
            return .failure(.unavailable("connection already broken"))
        }
        // What hiredis holds unparsed belongs to this reply (and maybe later ones): it counts toward the cap.
        var taken = reader.pointee.len - reader.pointee.pos
        while true {
            var raw: UnsafeMutableRawPointer?
            guard redisReaderGetReply(reader, &raw) == REDIS_OK else {
                let reason = withUnsafeBytes(of: reader.pointee.errstr) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                return .failure(broken(.garbled, "a reply that is not Redis's protocol (\(reason))"))
            }
            if let raw { return .success(raw) }
            if taken > maxReplyBytes {
                return .failure(broken(.oversized, "a reply larger than \(maxReplyBytes) bytes"))
            }
            let left = deadline - RedisClock.now()
            guard left > 0 else {
                guard taken > 0 else {
                    return .failure(broken(.lost, "no reply within the \(timeoutText) command timeout"))
                }
                return .failure(
                    broken(
                        .cutShort,
                        "no whole reply within the \(timeoutText) command timeout (\(taken) of its bytes came)"))
            }
            var ready = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left.rounded(.up), 60_000)))
            if polled < 0 && errno != EINTR { return .failure(broken(.lost, Self.systemError())) }
            guard polled > 0 else { continue }
            let received = recv(context.pointee.fd, readBuffer, Self.readSize, 0)
            if received == 0 { return .failure(broken(.lost, "Redis closed the connection")) }
            if received < 0 {
                guard errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK else {
                    return .failure(broken(.lost, Self.systemError()))
                }
                continue
            }
            guard redisReaderFeed(reader, readBuffer.assumingMemoryBound(to: CChar.self), received) == REDIS_OK else {
                return .failure(broken(.lost, "out of memory for a Redis reply"))
            }
            taken += received
        }
    }

    /// The command timeout as messages say it: `1 s`, `0.5 s`.
    private var timeoutText: String {
        commandTimeout == commandTimeout.rounded() ? "\(Int(commandTimeout)) s" : "\(commandTimeout) s"
    }

    /// Marks the connection broken by `breakage`, and says why.
    private func broken(_ breakage: Breakage, _ reason: String) -> RedisError {
        self.breakage = breakage
        return .unavailable(reason)
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }

    /// Marks the connection broken by what hiredis reports, and says why.
    private func broken() -> RedisError {
        breakage = .lost
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
