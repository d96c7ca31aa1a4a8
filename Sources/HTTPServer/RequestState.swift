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

    /// The request, with the header fields, query and body moved out of this state (swapped, so no reference
    /// count changes hands): the state needs none of them once the response is made.
    func takeRequest() -> HTTPRequest {
        var movedHeaders = HTTPHeaders()
        swap(&movedHeaders, &headers)
        var movedQuery: [(name: String, value: String?)] = []
        swap(&movedQuery, &query)
        var movedBody: [UInt8] = []
        if !bodyTooLarge { swap(&movedBody, &body) }
        return HTTPRequest(
            method: method, path: path, query: movedQuery, headers: movedHeaders, body: movedBody,
            bodyTooLarge: bodyTooLarge, framingError: framingError)
    }
}
