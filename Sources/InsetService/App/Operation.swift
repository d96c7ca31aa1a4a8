import HTTPServer

/// What answers one operation: a type holding what it needs (the sessions, the clock, the configuration), given
/// the request and its path's parameters and, when the operation reads a JSON body, that body decoded. It
/// throws what it refuses as a problem; the edge (`InsetApplication`) adds what every answer gets.
protocol OperationHandler: Sendable {
    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming RequestBody?
    ) throws(Problem) -> HTTPResponse
}

/// One operation of the API: where it is, the JSON body it reads (decoded at the edge, its members checked
/// against that body kind's masks), whether it needs the token, and its handler.
struct Operation: Sendable {
    let method: String
    let path: String
    /// The body kind the edge decodes before the handler runs; nil when the operation reads no JSON body or
    /// reads one of its own (a notification log).
    let body: RequestBody.Kind?
    /// Whether the request must carry the API token (when one is configured): health probes and static files
    /// need none, since orchestrators probe and browsers load the page before anyone can type a token.
    let needsToken: Bool
    let handler: any OperationHandler

    init(
        _ method: String, _ path: String, body: RequestBody.Kind? = nil, needsToken: Bool = true,
        _ handler: any OperationHandler
    ) {
        self.method = method
        self.path = path
        self.body = body
        self.needsToken = needsToken
        self.handler = handler
    }
}
