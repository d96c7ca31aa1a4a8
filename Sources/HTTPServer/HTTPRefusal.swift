/// Why the transport answers a request itself, before any route runs: what the refusal says is the
/// responder's to word (`HTTPResponder.refuse`), whether the request runs is not.
public enum HTTPRefusal: Sendable, Equatable {
    /// The declared or received body passes the limit: 413, whatever the method or route.
    case bodyTooLarge(limit: Int)
    /// Framing that must be refused rather than guessed at (RFC 9112: conflicting lengths, an unknown transfer
    /// coding, several Host headers): 400, and the connection is closed.
    case malformedFraming(String)
    /// More query arguments than the transport parses: 414. libmicrohttpd 0.9.75 keeps each argument in the
    /// connection's fixed memory pool and, once that is full, answers nothing at all.
    case tooManyQueryArguments(count: Int, limit: Int)
    /// The path or the query decodes to a NUL (`%00`): 400. libmicrohttpd hands the path over as a C string,
    /// which ends at the NUL, so `/metrics%00.css` would be served as `/metrics`.
    case nulInTarget
    /// libmicrohttpd refused the request by itself, before or between the access handler's calls, with this
    /// status: 400 (a malformed request line, header, `Content-Length`, `Host` or chunk), 413 (a length, or a
    /// chunk's size line, past what it reads), 414 (a request line too long), 431 (a header too long), 505 (an
    /// HTTP version other than 1.0 and 1.1). The connection is closed after the answer.
    case unreadable(status: Int)

    /// The status code of the answer.
    public var status: Int {
        switch self {
        case .bodyTooLarge: 413
        case .malformedFraming: 400
        case .tooManyQueryArguments: 414
        case .nulInTarget: 400
        case .unreadable(let status): status
        }
    }

    /// A one-line reason for a person.
    public var reason: String {
        switch self {
        case .bodyTooLarge(let limit): "the request body is larger than \(limit) bytes"
        case .malformedFraming(let reason): reason
        case .tooManyQueryArguments(let count, let limit):
            "the query has \(count) arguments; at most \(limit) are read"
        case .nulInTarget: "the path or the query holds a NUL (%00)"
        case .unreadable(400):
            "a request line, a header, the Content-Length, the Host header or a chunk that cannot be parsed"
        case .unreadable(413): "a declared length or a chunk's size line larger than the server reads"
        case .unreadable(414): "a request line longer than the server reads"
        case .unreadable(431): "a header line, or a header block, larger than the server reads"
        case .unreadable(505): "an HTTP version other than HTTP/1.0 and HTTP/1.1"
        case .unreadable: "a request the server cannot read"
        }
    }
}

extension HTTPResponder {
    /// A plain-text answer with the refusal's status, for responders that do not word their own.
    public func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(
            status: refusal.status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
            body: Array((refusal.reason + "\n").utf8))
    }
}
