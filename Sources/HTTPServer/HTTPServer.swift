import CMicroHTTPD
import CMicroHTTPDShim
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on libmicrohttpd: a pool of poll worker threads calling one `HTTPResponder`.
public final class HTTPServer: Sendable {
    /// The configuration it was created with.
    public let configuration: HTTPServerConfiguration
    private let context: ServerContext
    // The daemon's address: OpaquePointer is not Sendable, its bit pattern is.
    private let daemon = Locked<Int>(0)
    private let boundPort = Atomic<Int>(0)

    /// Creates a stopped server.
    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.context = ServerContext(responder: responder, configuration: configuration)
    }

    /// Binds and starts serving; returns the bound port (the ephemeral one when the configuration says 0).
    /// A server starts once: on a running or stopped one this throws `alreadyStarted` and changes nothing.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        // Claimed before the daemon exists, so two racing calls cannot both start one.
        let claimed = daemon.withLock { address -> Bool in
            guard address == 0 else { return false }
            address = Self.starting
            return true
        }
        guard claimed else { throw .alreadyStarted }
        do {
            return try startDaemon()
        } catch {
            daemon.withLock { $0 = 0 }
            throw error
        }
    }

    /// Marks the daemon slot while `start()` is creating the daemon.
    private static let starting = -1
    /// Marks the daemon slot once `stop()` ran.
    private static let stopped = -2

    private func startDaemon() throws(HTTPServerError) -> Int {
        var address = sockaddr_storage()
        var isIPv6: Int32 = 0
        let port = UInt16(clamping: configuration.port)
        guard inset_make_sockaddr(configuration.host, port, &address, &isIPv6) > 0 else {
            throw .unresolvableHost(configuration.host)
        }
        // poll, not epoll: with epoll, libmicrohttpd 0.9.75 misses a client's close while it waits for more
        // header bytes, so connect-send-close clients pile up until the connection limit is full.
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
        if isIPv6 != 0 { flags |= MHD_USE_IPv6.rawValue }
        if context.suspends { flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue }
        // Process-wide and the same function for every server: it finds a connection's server through the
        // connection's state.
        inset_set_error_answerer(mhdLibraryRefused)
        let contextPointer = Unmanaged.passRetained(context).toOpaque()
        let completed: MHD_RequestCompletedCallback = mhdRequestCompleted
        let notified: MHD_NotifyConnectionCallback = mhdConnectionNotified
        let targetReceived:
            @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) ->
                UnsafeMutableRawPointer? = mhdTargetReceived
        let started: OpaquePointer? = withUnsafeMutablePointer(to: &address) { addressPointer in
            var options: [MHD_OptionItem] = [
                MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, configuration.threads), ptr_value: nil),
                MHD_OptionItem(
                    option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeout), ptr_value: nil),
                // Past the service's own limit by a spare few, so that a new connection is accepted and the
                // watchdog closes one waiting for its client to make room, instead of the new one waiting
                // unseen in the kernel's accept queue while idle or trickling connections hold every slot.
                MHD_OptionItem(
                    option: .CONNECTION_LIMIT,
                    value: max(1, configuration.connectionLimit)
                        + ConnectionWatchdog.spareConnections(limit: configuration.connectionLimit),
                    ptr_value: nil),
                MHD_OptionItem(
                    option: .CONNECTION_MEMORY_LIMIT, value: HTTPServerConfiguration.connectionMemory, ptr_value: nil),
                // Refuses HTTP/1.1 without Host and whitespace before a header's colon (RFC 9112).
                MHD_OptionItem(option: .STRICT_FOR_CLIENT, value: 1, ptr_value: nil),
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(addressPointer)),
                MHD_OptionItem(
                    option: .NOTIFY_COMPLETED, value: unsafeBitCast(completed, to: Int.self), ptr_value: contextPointer),
                MHD_OptionItem(
                    option: .NOTIFY_CONNECTION, value: unsafeBitCast(notified, to: Int.self), ptr_value: contextPointer),
                MHD_OptionItem(
                    option: .URI_LOG_CALLBACK, value: unsafeBitCast(targetReceived, to: Int.self),
                    ptr_value: contextPointer),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            return options.withUnsafeMutableBufferPointer { optionsPointer -> OpaquePointer? in
                guard let first = optionsPointer.baseAddress else { return nil }
                return withVaList([MHD_OPTION.ARRAY.rawValue, first, MHD_OPTION.END.rawValue]) {
                    MHD_start_daemon_va(flags, port, nil, nil, mhdAccessHandler, contextPointer, $0)
                }
            }
        }
        guard let started else {
            Unmanaged<ServerContext>.fromOpaque(contextPointer).release()
            throw .startFailed(host: configuration.host, port: configuration.port)
        }
        context.watchdog.start()
        daemon.withLock { $0 = Int(bitPattern: started) }
        let bound = Int(inset_daemon_bound_port(started))
        boundPort.store(bound, ordering: .relaxed)
        return bound
    }

    /// The bound port, 0 before `start()`.
    public var port: Int { boundPort.load(ordering: .relaxed) }

    /// Connections currently open (idle keep-alive ones included); 0 when stopped.
    public var openConnections: Int {
        daemon.withLock { address in
            guard address > 0, let daemon = OpaquePointer(bitPattern: address) else { return 0 }
            return Int(inset_daemon_connection_count(daemon))
        }
    }

    /// Connections closed because their request head missed `headerTimeout`.
    public var headTimeouts: Int { context.watchdog.headTimeouts.load(ordering: .relaxed) }

    /// Connections closed because their request body missed `bodyTimeout` or `minBodyRate`.
    public var bodyTimeouts: Int { context.watchdog.bodyTimeouts.load(ordering: .relaxed) }

    /// Connections closed to make room for a new one at `connectionLimit`.
    public var connectionsEvicted: Int { context.watchdog.evictions.load(ordering: .relaxed) }

    /// Answers that suspended connections wait for (a reply from Redis), or that were queued and not yet sent.
    public var answersPending: Int { context.suspended.withLock { $0.count } }

    /// Requests received and not yet completed.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    /// Whether `beginDraining()` was called.
    public var isDraining: Bool { context.draining.load(ordering: .relaxed) }

    /// Stops accepting connections and asks every open one to close after its next response.
    public func beginDraining() {
        guard !context.draining.exchange(true, ordering: .relaxed) else { return }
        daemon.withLock { address in
            guard address > 0, let daemon = OpaquePointer(bitPattern: address) else { return }
            let listener = MHD_quiesce_daemon(daemon)
            if listener >= 0 { close(listener) }
        }
    }

    /// Stops the daemon: answers every connection still waiting for a pending answer (`HTTPPendingResponse`), waits
    /// up to `answerWait` seconds for those answers to be sent, then waits for its threads and closes every
    /// connection. Safe to call twice.
    public func stop(answerWait: Double = HTTPServer.resumeWait) {
        let address = daemon.withLock { address -> Int in
            guard address > 0 else { return 0 }
            // Not back to 0: a stopped server stays stopped, its context released below.
            defer { address = Self.stopped }
            return address
        }
        guard address > 0, let stopped = OpaquePointer(bitPattern: address) else { return }
        // First, so the watchdog touches no socket while libmicrohttpd closes them all.
        context.watchdog.stop()
        answerSuspendedConnections(waiting: max(0, answerWait))
        MHD_stop_daemon(stopped)
        Unmanaged.passUnretained(context).release()
    }
}

extension HTTPServer {
    /// How long `stop()` waits by default for suspended connections to send the answers it gave them, in seconds.
    public static let resumeWait = 2.0
    /// How often it checks, in microseconds.
    static let resumeCheckInterval: UInt32 = 1000

    /// libmicrohttpd must not stop with a connection suspended: each still waiting gets the answer its responder
    /// chose for a stopping server (`HTTPPendingResponse.ifStopped`; the drain waited for what it could), and
    /// `stop()` waits up to `wait` seconds for their workers to send them.
    func answerSuspendedConnections(waiting wait: Double) {
        for pending in context.suspended.withLock({ Array($0.values) }) { pending.completeAsStopped() }
        var waited = 0.0
        while !context.suspended.withLock({ $0.isEmpty }), waited < wait {
            usleep(Self.resumeCheckInterval)
            waited += Double(Self.resumeCheckInterval) / 1_000_000
        }
    }

    /// The libmicrohttpd version linked at run time.
    public static var libraryVersion: String {
        MHD_get_version().map { String(cString: $0) } ?? "unknown"
    }
}
