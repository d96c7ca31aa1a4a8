/// How the transport listens and what it tolerates.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: an IPv4 or IPv6 literal, or a host name.
    public var host: String
    /// Port to bind; 0 picks an ephemeral port (read it back from `HTTPServer.port`).
    public var port: Int
    /// Worker threads, each with its own poll loop.
    public var threads: Int
    /// Seconds an idle or trickling connection is kept before it is closed.
    public var connectionTimeout: Int
    /// Connections held open at once: a new one past it closes the connection that has waited longest for its
    /// client (idle, or sending a head or a body), or, when every one has a request running, is closed itself.
    public var connectionLimit: Int
    /// Largest request body accepted; a request declaring or sending more is refused with 413 before it runs.
    public var maxBodyBytes: Int
    /// Seconds a connection has to deliver a complete request head, from the head's first byte; 0 turns the
    /// deadline off.
    public var headerTimeout: Double
    /// Seconds a request has to deliver its whole body, from its head; 0 turns the deadline off.
    public var bodyTimeout: Double
    /// Bytes a second a body must average once it has taken a second; 0 turns the floor off.
    public var minBodyRate: Int
    /// Query arguments read at most; a request with more is refused with 414. The default keeps a long query's
    /// arguments well inside the connection's memory pool (`connectionMemory`).
    public var maxQueryArguments: Int

    /// Bytes libmicrohttpd gives each connection for its read buffer, its header and argument records and its
    /// response head (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`; this is 0.9.75's own default, stated here).
    public static let connectionMemory = 32 * 1024
    /// The default `maxQueryArguments`: each argument costs libmicrohttpd a 56-byte record in the pool, so this
    /// many take under a quarter of it. A long target can still leave too little room for fewer (the read buffer
    /// grows to nearly the whole pool): libmicrohttpd then refuses the request with 431, which the transport
    /// answers (`mhdLibraryRefused`).
    public static let defaultMaxQueryArguments = 128
    /// The default `minBodyRate`: a 64 KiB body, the default limit, at this rate would take over four minutes,
    /// so no client on a working network comes near it, while a trickle of a byte a second is cut after about
    /// a second.
    public static let defaultMinBodyRate = 256

    /// Creates a configuration; the defaults suit a container behind a load balancer.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, threads: Int = 2, connectionTimeout: Int = 15,
        connectionLimit: Int = 1000, maxBodyBytes: Int = 65536, headerTimeout: Double = 10, bodyTimeout: Double = 10,
        minBodyRate: Int = HTTPServerConfiguration.defaultMinBodyRate,
        maxQueryArguments: Int = HTTPServerConfiguration.defaultMaxQueryArguments
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.maxBodyBytes = maxBodyBytes
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.minBodyRate = minBodyRate
        self.maxQueryArguments = maxQueryArguments
    }
}

/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is neither an address literal nor a name that resolves.
    case unresolvableHost(String)
    /// libmicrohttpd refused to start (port in use, no permission, bad option).
    case startFailed(host: String, port: Int)
    /// `start()` was called on a server that was started before (a server starts once).
    case alreadyStarted

    /// A one-line explanation for the operator.
    public var description: String {
        switch self {
        case .unresolvableHost(let host): return "cannot resolve host \(host)"
        case .startFailed(let host, let port): return "cannot listen on \(host):\(port) (in use or not permitted)"
        case .alreadyStarted: return "the server was already started (a server starts once)"
        }
    }
}
