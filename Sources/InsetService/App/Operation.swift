import HTTPServer
import InsetSchema

/// What answers an operation that reads no JSON body (or reads one of its own): a class holding what it needs
/// (the sessions, the clock, the configuration), given the request and its path's parameters. Class-bound, so
/// that the edge reaches a handler through one reference. It throws what
/// it refuses as a problem; the edge (`InsetApplication`) adds what every answer gets.
protocol OperationHandler: AnyObject, Sendable {
    func handle(_ request: HTTPRequest, parameters: [String: String]) throws(Problem) -> HTTPResponse
}

/// What answers an operation whose JSON body the edge decodes: as `OperationHandler`, given the body too, as the
/// operation's own type (`Body`, `OperationBodies.swift`), moved to it rather than copied (a decoded body is
/// several hundred bytes).
protocol BodyOperationHandler: AnyObject, Sendable {
    /// How the operation reads its body: its required members are throwing accessors.
    associatedtype Body: OperationBody

    func handle(
        _ request: HTTPRequest, parameters: [String: String], body: consuming Body
    ) throws(Problem) -> HTTPResponse

    /// What the edge calls: the body of `kind` decoded in place into an empty `Body`, then handled. A requirement,
    /// answered by the extension's, so that the edge's call reaches each handler's own, specialized for its type.
    func decodeAndHandle(
        _ kind: RequestBody.Kind, _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse
}

extension BodyOperationHandler {
    /// Inlined into each handler's witness, so that the edge's one call through the existential reaches code
    /// specialized for the handler and its body type, as it reached `handle` itself before the bodies were typed.
    @inline(__always)
    func decodeAndHandle(
        _ kind: RequestBody.Kind, _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        var body = Body()
        try InsetApplication.decode(kind, request, into: &body.decoded)
        return try handle(request, parameters: parameters, body: consume body)
    }
}

/// One operation of the API: where it is, the JSON body it reads (decoded at the edge, its members checked
/// against that body kind's masks), whether it needs the token, and its handler. A class: the edge reads it
/// by one reference per request instead of copying its strings and its handler.
final class Operation: Sendable {
    /// How the operation is answered.
    enum Answer: Sendable {
        /// By a handler that reads no body the edge decodes.
        case plain(any OperationHandler)
        /// By a handler of a body of this kind, which the edge decodes first.
        case decoding(RequestBody.Kind, any BodyOperationHandler)
    }

    let method: String
    let path: String
    /// Whether the request must carry the API token (when one is configured): health probes and static files
    /// need none, since orchestrators probe and browsers load the page before anyone can type a token.
    let needsToken: Bool
    let answer: Answer

    /// The operation of the spec at `route` whose body of kind `body` the edge decodes for `handler`.
    init(_ route: Route, body: RequestBody.Kind, _ handler: any BodyOperationHandler) {
        self.method = route.method
        self.path = route.path
        self.needsToken = route.needsToken
        self.answer = .decoding(body, handler)
    }

    /// The operation of the spec at `route`, which reads no body the edge decodes.
    convenience init(_ route: Route, _ handler: any OperationHandler) {
        self.init(route.method, route.path, needsToken: route.needsToken, handler)
    }

    /// An operation that reads no body the edge decodes, at `path`: the static files', whose paths the files
    /// given to the service name.
    init(_ method: String, _ path: String, needsToken: Bool = true, _ handler: any OperationHandler) {
        self.method = method
        self.path = path
        self.needsToken = needsToken
        self.answer = .plain(handler)
    }

    /// The body kind the edge decodes before the handler runs; nil when the operation reads no JSON body or
    /// reads one of its own (a notification log).
    var body: RequestBody.Kind? {
        if case .decoding(let kind, _) = answer { return kind }
        return nil
    }
}
