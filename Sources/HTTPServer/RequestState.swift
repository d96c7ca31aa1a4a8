import CMicroHTTPD

/// What the transport gathers about one request across the access handler's calls.
final class RequestState {
    let method: String
    let path: String
    var headers: HTTPHeaders
    var query: [(name: String, value: String?)] = []
    var body: [UInt8] = []
    var bodyTooLarge = false
    var framingError: String?
    /// Body bytes dropped after the limit was passed.
    var discarded = 0
    var responded = false

    init(method: String, path: String, headers: HTTPHeaders) {
        self.method = method
        self.path = path
        self.headers = headers
    }

    func request() -> HTTPRequest {
        HTTPRequest(
            method: method, path: path, query: query, headers: headers, body: bodyTooLarge ? [] : body,
            bodyTooLarge: bodyTooLarge, framingError: framingError)
    }
}
