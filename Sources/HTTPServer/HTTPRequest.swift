/// One HTTP request, with its whole body read.
public struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `POST`, ...).
    public var method: String
    /// The path, without the query string, percent-decoded.
    public var path: String
    /// The query arguments in order, percent-decoded; a key without `=` has a nil value.
    public var query: [(name: String, value: String?)]
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there was none or it was over the limit).
    public var body: [UInt8]
    /// True when the body went past the server's limit; `body` is then empty.
    public var bodyTooLarge: Bool
    /// Why the request's framing is unacceptable (RFC 9112: conflicting lengths, unknown transfer coding,
    /// several Host headers); the responder answers 400 and the transport closes the connection.
    public var framingError: String?

    /// Creates a request; tests build them directly to call handlers without a socket.
    public init(
        method: String, path: String, query: [(name: String, value: String?)] = [],
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], bodyTooLarge: Bool = false,
        framingError: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.framingError = framingError
    }

    /// The first value of query argument `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// One HTTP response.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields; `Content-Length` and `Date` are added by the transport.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Something that answers requests; called concurrently from the server's worker threads.
public protocol HTTPResponder: Sendable {
    /// Answers one request. Never throws: every failure is a response.
    func respond(to request: HTTPRequest) -> HTTPResponse
}
