import CMicroHTTPD
import CMicroHTTPDShim
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
    private let daemon = Mutex<Int>(0)
    private let boundPort = Atomic<Int>(0)

    /// Creates a stopped server.
    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.context = ServerContext(responder: responder, maxBodyBytes: configuration.maxBodyBytes)
    }

    /// Binds and starts serving; returns the bound port (the ephemeral one when the configuration says 0).
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
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
        let contextPointer = Unmanaged.passRetained(context).toOpaque()
        let completed: MHD_RequestCompletedCallback = mhdRequestCompleted
        let notified: MHD_NotifyConnectionCallback = mhdConnectionNotified
        let started: OpaquePointer? = withUnsafeMutablePointer(to: &address) { addressPointer in
            var options: [MHD_OptionItem] = [
                MHD_OptionItem(option: .THREAD_POOL_SIZE, value: max(1, configuration.threads), ptr_value: nil),
                MHD_OptionItem(
                    option: .CONNECTION_TIMEOUT, value: max(1, configuration.connectionTimeout), ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit), ptr_value: nil),
                // Refuses HTTP/1.1 without Host and whitespace before a header's colon (RFC 9112).
                MHD_OptionItem(option: .STRICT_FOR_CLIENT, value: 1, ptr_value: nil),
                MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(addressPointer)),
                MHD_OptionItem(
                    option: .NOTIFY_COMPLETED, value: unsafeBitCast(completed, to: Int.self), ptr_value: contextPointer),
                MHD_OptionItem(
                    option: .NOTIFY_CONNECTION, value: unsafeBitCast(notified, to: Int.self), ptr_value: contextPointer),
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
            OpaquePointer(bitPattern: address).map { Int(inset_daemon_connection_count($0)) } ?? 0
        }
    }

    /// Requests received and not yet completed.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .relaxed) }

    /// Whether `beginDraining()` was called.
    public var isDraining: Bool { context.draining.load(ordering: .relaxed) }

    /// Stops accepting connections and asks every open one to close after its next response.
    public func beginDraining() {
        guard !context.draining.exchange(true, ordering: .relaxed) else { return }
        daemon.withLock { address in
            guard let daemon = OpaquePointer(bitPattern: address) else { return }
            let listener = MHD_quiesce_daemon(daemon)
            if listener >= 0 { close(listener) }
        }
    }

    /// Stops the daemon: waits for its threads, closes every connection. Safe to call twice.
    public func stop() {
        let address = daemon.withLock { address -> Int in
            defer { address = 0 }
            return address
        }
        guard let stopped = OpaquePointer(bitPattern: address) else { return }
        MHD_stop_daemon(stopped)
        Unmanaged.passUnretained(context).release()
    }
}

extension HTTPServer {
    /// The libmicrohttpd version linked at run time.
    public static var libraryVersion: String {
        MHD_get_version().map { String(cString: $0) } ?? "unknown"
    }
}
