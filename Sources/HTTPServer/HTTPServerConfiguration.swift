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
    /// Connections held open at once; more are refused at accept.
    public var connectionLimit: Int
    /// Largest request body accepted; a larger one is answered by the responder with `bodyTooLarge` set.
    public var maxBodyBytes: Int

    /// Creates a configuration; the defaults suit a container behind a load balancer.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, threads: Int = 2, connectionTimeout: Int = 15,
        connectionLimit: Int = 1000, maxBodyBytes: Int = 65536
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionTimeout = connectionTimeout
        self.connectionLimit = connectionLimit
        self.maxBodyBytes = maxBodyBytes
    }
}

/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is neither an address literal nor a name that resolves.
    case unresolvableHost(String)
    /// libmicrohttpd refused to start (port in use, no permission, bad option).
    case startFailed(host: String, port: Int)

    /// A one-line explanation for the operator.
    public var description: String {
        switch self {
        case .unresolvableHost(let host): return "cannot resolve host \(host)"
        case .startFailed(let host, let port): return "cannot listen on \(host):\(port) (in use or not permitted)"
        }
    }
}
