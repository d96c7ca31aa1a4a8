import HTTPServer
import InsetJSON
import InsetSchema
import InsetStores
import Locking
import Synchronization

/// The service: routes, sessions, metrics and the cross-cutting rules (auth, CORS, request ids, logging).
/// Tests call `respond(to:)` directly; `InsetServer` puts it behind libmicrohttpd.
public final class InsetApplication: HTTPResponder {
    /// The configuration it was built with.
    public let configuration: ServiceConfiguration
    /// The sessions and their clock.
    let sessions: Sessions
    let metrics = Metrics()
    let requestIDs = RequestIDGenerator()
    let log: AccessLog
    /// Whether the service drains, and the transport serving it.
    let lifecycle = Lifecycle()
    /// Every operation, by the index the router finds it at.
    let operations: [Operation]
    let router: Router<Int>
    /// Each operation's route number in `metrics`, by the operation's index.
    private let operationRoutes: [Int]
    /// The route number of a request that matched no route.
    private let unmatchedRoute: Int
    /// Each operation path's route number, read with no lock: an OPTIONS request or a 405 finds its pattern here.
    private let routeNumbers: [String: Int]

    init(configuration: ServiceConfiguration, files: StaticFiles = StaticFiles()) {
        self.configuration = configuration
        let store: SessionBackend
        switch configuration.sessionStore {
        case .memory:
            store = .memory(
                SessionStore(
                    maxSessions: configuration.maxSessions, maxBytes: configuration.maxSessionBytes,
                    ttlSeconds: configuration.sessionTTL))
        case .redis(let endpoint):
            store = .redis(
                RedisSessionStore(
                    endpoint: endpoint, ttlSeconds: configuration.sessionTTL, timeouts: configuration.redisTimeouts))
        }
        self.sessions = Sessions(store: store, clock: configuration.clock)
        self.log = AccessLog(enabled: configuration.accessLog)
        self.operations = Operation.all(
            Dependencies(
                sessions: sessions, configuration: configuration, lifecycle: lifecycle, metrics: metrics, log: log),
            files: files)
        var router = Router<Int>()
        for (index, operation) in operations.enumerated() { router.add(operation.method, operation.path, index) }
        self.router = router
        let metrics = self.metrics
        self.operationRoutes = operations.map { metrics.route($0.path) }
        self.unmatchedRoute = metrics.route("unmatched")
        self.routeNumbers = Dictionary(
            zip(operations.map(\.path), operationRoutes), uniquingKeysWith: { first, _ in first })
    }

    /// Why the session store refuses this service, for the executable to exit on before it listens: Redis refused
    /// the credentials (or wants some) or the database, or the peer does not answer as Redis does (a reply
    /// trickled past the command timeout, one over the reply cap), which waiting will not change. Nil when the
    /// store accepts them, is in memory, or merely cannot be reached now (then `/readyz` answers 503 until it
    /// can). Never holds the password.
    package func sessionStoreRefusal() -> String? {
        sessions.store.refusal()
    }

    /// Whether the application is draining before exit; `/readyz` then answers 503.
    public var isDraining: Bool { lifecycle.isDraining }

    /// Marks the application as draining.
    package func beginDraining() { lifecycle.beginDraining() }

    var now: Double { configuration.clock.now() }

    /// Answers one request; never throws, never traps on input.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let response = answer(to: request)
        return response.pendingAnswer?.wait() ?? response
    }

    /// Answers one request, or, for a session event with the sessions in Redis, returns the pending answer that
    /// Redis's reply completes (`HTTPPendingResponse`); the transport calls this.
    public func answer(to request: HTTPRequest) -> HTTPResponse {
        let started = now
        var routeNumber = unmatchedRoute
        let response = route(request, routeNumber: &routeNumber)
        guard let pending = response.pendingAnswer else {
            return finish(response, to: request, route: routeNumber, started: started)
        }
        // What finishing reads of the request, not the request: the transport reuses its storage.
        var headers = HTTPHeaders()
        for name in Self.finishingHeaders {
            if let value = request.headers[name] { headers.add(name: name, value: value) }
        }
        let kept = HTTPRequest(method: request.method, path: request.path, headers: headers)
        let number = routeNumber
        pending.finishing { [self] in finish($0, to: kept, route: number, started: started) }
        return response
    }

    /// With the sessions in Redis, events answer later.
    public var answersLater: Bool { sessions.store.answersLater }

    /// The request's header fields that `finish` reads.
    private static let finishingHeaders = ["X-Request-Id", "Origin"]

    /// Every request header field the service reads (`finish`, the token check, the handlers, the static files'
    /// `If-None-Match`): the transport makes strings of these alone. `InsetServerTests` sends each over a socket
    /// and sees it read.
    public var requestHeaderNames: [String]? { Self.readHeaders }

    static let readHeaders = ["Content-Type", "Accept", "Authorization", "If-None-Match"] + finishingHeaders

    /// Answers a request the transport refused before routing (a body over the limit, bad framing, a query too
    /// long): a problem, with the request id, CORS headers, metrics and log line of any other answer. No route
    /// runs; the label in the metrics is the route the request would have reached.
    public func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse {
        let started = now
        var routeNumber = unmatchedRoute
        switch router.match(method: Self.routedMethod(request), path: request.path) {
        case .found(let index, _, _): routeNumber = operationRoutes[index]
        case .methodNotAllowed(_, let pattern): routeNumber = self.routeNumber(of: pattern)
        case .notFound: break
        }
        return finish(Problem.refused(refusal).response, to: request, route: routeNumber, started: started)
    }

    /// What every answer gets: the request id, CORS headers, its metrics and its log line.
    private func finish(
        _ answer: consuming HTTPResponse, to request: HTTPRequest, route: Int, started: Double
    ) -> HTTPResponse {
        var response = answer
        let requestId = echoedOrFreshRequestId(request.headers["X-Request-Id"])
        // Handlers never set these, so adding them needs no search for an earlier one.
        response.headers.add(name: "X-Request-Id", value: requestId)
        if let origin = configuration.corsOrigin { addCORSHeaders(&response, origin: origin, for: request) }
        let seconds = max(0, now - started) / 1000
        metrics.record(method: request.method, route: route, status: response.status, seconds: seconds)
        log.record(
            method: request.method, path: request.path, status: response.status, seconds: seconds,
            requestId: requestId)
        return response
    }

    /// CORS headers go to browsers, which send `Origin` on every cross-origin request; curl, apps and load
    /// generators get none, which spares libmicrohttpd two header copies on every answer. A GET or HEAD
    /// answer, which a shared cache may keep, says `Vary: Origin`, so that an answer made for a client without
    /// `Origin` is never handed to a browser; so does every answer when the allowed origin is a specific one.
    private func addCORSHeaders(_ response: inout HTTPResponse, origin: String, for request: HTTPRequest) {
        if request.headers["Origin"] != nil {
            response.headers.add(name: "Access-Control-Allow-Origin", value: origin)
            response.headers.add(name: "Access-Control-Expose-Headers", value: "Location, X-Request-Id")
        }
        if origin != "*" || request.method.isMethod("GET") || request.method.isMethod("HEAD") {
            response.headers.add(name: "Vary", value: "Origin")
        }
    }

    /// The route number of a pattern the router answered with: an operation's path, found without the metrics'
    /// lock; any other (none today) is registered.
    private func routeNumber(of pattern: String) -> Int {
        routeNumbers[pattern] ?? metrics.route(pattern)
    }

    /// Answers `request` by its route, whose number in `metrics` it sets in `routeNumber`.
    private func route(_ request: HTTPRequest, routeNumber: inout Int) -> HTTPResponse {
        if request.method.isMethod("OPTIONS") { return options(request, routeNumber: &routeNumber) }
        let method = Self.routedMethod(request)
        switch router.match(method: method, path: request.path) {
        case .found(let index, let parameters, _):
            routeNumber = operationRoutes[index]
            let operation = operations[index]
            if operation.needsToken, let problem = authorizationProblem(request) { return problem.response }
            do {
                switch operation.answer {
                case .plain(let handler):
                    return try handler.handle(request, parameters: parameters)
                case .decoding(let kind, let handler):
                    // Decoded in place, into the operation's body type, and moved on, not copied: a decoded body
                    // is several hundred bytes.
                    return try handler.decodeAndHandle(kind, request, parameters: parameters)
                }
            } catch {
                return error.response
            }
        case .methodNotAllowed(let allow, let pattern):
            routeNumber = self.routeNumber(of: pattern)
            return Problem.methodNotAllowed(request.method, allow: Self.allowed(allow)).response
        case .notFound:
            return Problem.routeNotFound(request.path).response
        }
    }

    /// CORS preflight, or the plain `Allow` answer to OPTIONS.
    private func options(_ request: HTTPRequest, routeNumber: inout Int) -> HTTPResponse {
        guard case .methodNotAllowed(let allow, let pattern) = router.match(method: "OPTIONS", path: request.path)
        else { return Problem.routeNotFound(request.path).response }
        routeNumber = self.routeNumber(of: pattern)
        let methods = Self.allowed(allow).joined(separator: ", ")
        var headers = HTTPHeaders([("Allow", methods)])
        if configuration.corsOrigin != nil {
            headers.add(name: "Access-Control-Allow-Methods", value: methods)
            headers.add(
                name: "Access-Control-Allow-Headers",
                value: "Content-Type, Authorization, X-Request-Id")
            headers.add(name: "Access-Control-Max-Age", value: "600")
        }
        return HTTPResponse(status: 204, headers: headers)
    }

    /// The method the router matches: HEAD is GET without a body, which libmicrohttpd drops.
    private static func routedMethod(_ request: HTTPRequest) -> String {
        request.method.isMethod("HEAD") ? "GET" : request.method
    }

    private static func allowed(_ methods: [String]) -> [String] {
        var all = methods
        if all.contains("GET") { all.append("HEAD") }
        all.append("OPTIONS")
        return all
    }

    private func authorizationProblem(_ request: HTTPRequest) -> Problem? {
        guard let token = configuration.apiToken else { return nil }
        return BearerAuthorization.accepts(request.headers["Authorization"], token: Array(token.utf8))
            ? nil : .unauthorized
    }

    /// A client's id when it is short printable ASCII; otherwise a fresh one, so logs stay clean.
    private func echoedOrFreshRequestId(_ header: String?) -> String {
        if let header, !header.isEmpty, header.utf8.count <= 128,
            header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        {
            return header
        }
        return requestIDs.next()
    }
}

extension InsetApplication {
    /// A JSON body of `kind` decoded into `body` (empty), or the problem with it: the media type, a body at all,
    /// then its members, which the schema checks against the body kind.
    static func decode(_ kind: RequestBody.Kind, _ request: HTTPRequest, into body: inout RequestBody) throws(Problem) {
        try JSONBody.check(request)
        do {
            try RequestBody.decode(request.body, kind: kind, into: &body)
        } catch {
            throw Problem(error)
        }
    }
}

/// A weak reference to the transport: the transport holds the application, which must not hold it back.
struct TransportLink {
    weak var server: HTTPServer?

    init(_ server: HTTPServer? = nil) { self.server = server }
}

extension String {
    /// Whether this is `method`, compared by length first: two short strings that differ take the standard
    /// library's slower comparison, and most methods differ from most others in length.
    @inline(__always)
    func isMethod(_ method: String) -> Bool {
        utf8.count == method.utf8.count && self == method
    }
}
