/// Where a Redis server listens and how to log in to it: `redis://[[USER]:PASSWORD@]HOST:PORT/DB`, or a Unix-domain
/// socket, `redis+unix://[[USER]:PASSWORD@]/PATH[?db=DB]`.
public struct RedisEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// A host name, an IPv4 address or an IPv6 address (without brackets); empty with a socket path.
    public var host: String
    /// The TCP port; 6379 when the URL has none.
    public var port: Int
    /// The Unix-domain socket's absolute path, for a Redis on the same machine (a sidecar); nil for TCP.
    public var socketPath: String?
    /// The logical database (`SELECT`); 0 when the URL has none.
    public var database: Int
    /// The ACL user for `AUTH USER PASSWORD`; nil for `AUTH PASSWORD` (the default user) or no `AUTH`.
    public var username: String?
    /// The password every new connection sends with `AUTH` before anything else; nil sends no `AUTH`.
    public var password: String?

    /// Creates an endpoint.
    public init(
        host: String, port: Int = 6379, database: Int = 0, username: String? = nil, password: String? = nil
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.username = username
        self.password = password
    }

    /// An endpoint on the Unix-domain socket at `socketPath`.
    public init(socketPath: String, database: Int = 0, username: String? = nil, password: String? = nil) {
        self.init(host: "", port: 0, database: database, username: username, password: password)
        self.socketPath = socketPath
    }

    /// `HOST:PORT/DB` or `unix:PATH?db=DB`, with the user but never the password: what messages may show.
    public var description: String {
        let user = username.map { "\($0)@" } ?? ""
        if let socketPath { return "\(user)unix:\(socketPath)?db=\(database)" }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(user)\(shownHost):\(port)/\(database)"
    }
}
