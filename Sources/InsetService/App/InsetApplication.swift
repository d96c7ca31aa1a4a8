import HTTPServer
import InsetJSON
import Locking
import Synchronization

/// Every operation the service routes to.
enum Endpoint: Sendable {
    case show, hide, drag, release, createSession, getSession, patchSession, deleteSession, timeline, timelineSVG
    case focus, notifications
    case health, readiness, metrics, openAPI, version
    /// A file the application was given to serve (the executable gives it the playground's).
    case asset(StaticAsset)

    /// Health probes and the static files need no token: orchestrators probe without one, and a browser
    /// loads the page before anyone can type a token into it.
    var isPublic: Bool {
        switch self {
        case .health, .readiness, .asset: true
        default: false
        }
    }
}

/// A request with its route parameters.
struct RouteRequest: Sendable {
    var http: HTTPRequest
    var parameters: [String: String]
}

/// The service: routes, sessions, metrics and the cross-cutting rules (auth, CORS, request ids, logging).
/// Tests call `respond(to:)` directly; `InsetServer` puts it behind libmicrohttpd.
public final class InsetApplication: HTTPResponder {
    /// The configuration it was built with.
    public let configuration: ServiceConfiguration
    /// Where sessions live: memory by default, Redis with `--session-store redis://…`.
    let store: SessionBackend
    let metrics = Metrics()
    let requestIDs = RequestIDGenerator()
    let log: AccessLog
    let router: Router<Endpoint>
    /// The transport serving this application, once `InsetServer` made one: `/metrics` reports its counters.
    let transport = Locked(TransportLink())
    private let draining = Atomic<Bool>(false)

    init(configuration: ServiceConfiguration, assets: [StaticAsset] = []) {
        self.configuration = configuration
        switch configuration.sessionStore {
        case .memory:
            self.store = .memory(
                SessionStore(
                    maxSessions: configuration.maxSessions, maxBytes: configuration.maxSessionBytes,
                    ttlSeconds: configuration.sessionTTL))
        case .redis(let endpoint):
            self.store = .redis(
                RedisSessionStore(
                    endpoint: endpoint, ttlSeconds: configuration.sessionTTL, timeouts: configuration.redisTimeouts))
        }
        self.log = AccessLog(enabled: configuration.accessLog)
        self.router = Self.routes(assets: assets)
    }

    /// Why the session store refuses this service, for the executable to exit on before it listens: Redis refused
    /// the credentials (or wants some), which waiting will not change. Nil when the store accepts them, is in
    /// memory, or merely cannot be reached now (then `/readyz` answers 503 until it can). Never holds the password.
    package func sessionStoreRefusal() -> String? {
        store.refusal()
    }

    /// Whether the application is draining before exit; `/readyz` then answers 503.
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the application as draining.
    package func beginDraining() { draining.store(true, ordering: .relaxed) }

    var now: Double { configuration.clock.now() }

    private static func routes(assets: [StaticAsset]) -> Router<Endpoint> {
        var router = Router<Endpoint>()
        router.add("POST", "/keyboard/show", .show)
        router.add("POST", "/keyboard/hide", .hide)
        router.add("POST", "/keyboard/drag", .drag)
        router.add("POST", "/keyboard/release", .release)
        router.add("POST", "/sessions", .createSession)
        router.add("GET", "/sessions/{id}", .getSession)
        router.add("PATCH", "/sessions/{id}", .patchSession)
        router.add("DELETE", "/sessions/{id}", .deleteSession)
        router.add("POST", "/sessions/{id}/focus", .focus)
        router.add("POST", "/sessions/{id}/notifications", .notifications)
        router.add("GET", "/sessions/{id}/timeline", .timeline)
        router.add("GET", "/sessions/{id}/timeline.svg", .timelineSVG)
        router.add("GET", "/healthz", .health)
        router.add("GET", "/readyz", .readiness)
        router.add("GET", "/metrics", .metrics)
        router.add("GET", "/openapi.yaml", .openAPI)
        router.add("GET", "/version", .version)
        for asset in assets { router.add("GET", asset.path, .asset(asset)) }
        return router
    }

    private func handle(
        _ endpoint: Endpoint, _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        // Show and hide take the request as it is: wrapping it with its (empty) parameters copies every field.
        switch endpoint {
        case .show: return try keyboardEvent(.show, request)
        case .hide: return try keyboardEvent(.hide, request)
        case .drag: return try keyboardGesture(.drag, request)
        case .release: return try keyboardGesture(.release, request)
        case .createSession: return try createSession(RouteRequest(http: request, parameters: parameters))
        case .getSession: return try getSession(RouteRequest(http: request, parameters: parameters))
        case .patchSession: return try patchSession(RouteRequest(http: request, parameters: parameters))
        case .deleteSession: return try deleteSession(RouteRequest(http: request, parameters: parameters))
        case .focus: return try moveFocus(RouteRequest(http: request, parameters: parameters))
        case .notifications: return try replayNotifications(RouteRequest(http: request, parameters: parameters))
        case .timeline: return try getTimeline(RouteRequest(http: request, parameters: parameters))
        case .timelineSVG: return try getTimelineSVG(RouteRequest(http: request, parameters: parameters))
        case .health: return health()
        case .readiness: return readiness()
        case .metrics: return metricsText()
        case .openAPI: return openAPIDocument()
        case .version: return versionInfo()
        case .asset(let asset): return staticAsset(asset, RouteRequest(http: request, parameters: parameters))
        }
    }

    /// Answers one request; never throws, never traps on input.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let response = answer(to: request)
        return response.pendingAnswer?.wait() ?? response
    }

    /// Answers one request, or, for a session event with the sessions in Redis, returns the pending answer that
    /// Redis's reply completes (`HTTPPendingResponse`); the transport calls this.
    public func answer(to request: HTTPRequest) -> HTTPResponse {
        let started = now
        var routeLabel = "unmatched"
        let response = route(request, routeLabel: &routeLabel)
        guard let pending = response.pendingAnswer else {
            return finish(response, to: request, routeLabel: routeLabel, started: started)
        }
        // What finishing reads of the request, not the request: the transport reuses its storage.
        var headers = HTTPHeaders()
        for name in Self.finishingHeaders {
            if let value = request.headers[name] { headers.add(name: name, value: value) }
        }
        let kept = HTTPRequest(method: request.method, path: request.path, headers: headers)
        let label = routeLabel
        pending.finishing { [self] in finish($0, to: kept, routeLabel: label, started: started) }
        return response
    }

    /// With the sessions in Redis, events answer later.
    public var answersLater: Bool { store.answersLater }

    /// The request's header fields that `finish` reads.
    private static let finishingHeaders = ["X-Request-Id", "Origin"]

    /// Answers a request the transport refused before routing (a body over the limit, bad framing, a query too
    /// long): a problem, with the request id, CORS headers, metrics and log line of any other answer. No route
    /// runs; the label in the metrics is the route the request would have reached.
    public func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse {
        let started = now
        var routeLabel = "unmatched"
        switch router.match(method: Self.routedMethod(request), path: request.path) {
        case .found(_, _, let pattern), .methodNotAllowed(_, let pattern): routeLabel = pattern
        case .notFound: break
        }
        return finish(Problem.refused(refusal).response, to: request, routeLabel: routeLabel, started: started)
    }

    /// What every answer gets: the request id, CORS headers, its metrics and its log line.
    private func finish(
        _ answer: HTTPResponse, to request: HTTPRequest, routeLabel: String, started: Double
    ) -> HTTPResponse {
        var response = answer
        let requestId = echoedOrFreshRequestId(request.headers["X-Request-Id"])
        // Handlers never set these, so adding them needs no search for an earlier one.
        response.headers.add(name: "X-Request-Id", value: requestId)
        if let origin = configuration.corsOrigin { addCORSHeaders(&response, origin: origin, for: request) }
        let seconds = max(0, now - started) / 1000
        metrics.record(method: request.method, route: routeLabel, status: response.status, seconds: seconds)
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
        if origin != "*" || request.method == "GET" || request.method == "HEAD" {
            response.headers.add(name: "Vary", value: "Origin")
        }
    }

    private func route(_ request: HTTPRequest, routeLabel: inout String) -> HTTPResponse {
        if request.method == "OPTIONS" { return options(request, routeLabel: &routeLabel) }
        let method = Self.routedMethod(request)
        switch router.match(method: method, path: request.path) {
        case .found(let endpoint, let parameters, let pattern):
            routeLabel = pattern
            if !endpoint.isPublic, let problem = authorizationProblem(request) { return problem.response }
            do {
                return try handle(endpoint, request, parameters: parameters)
            } catch {
                return error.response
            }
        case .methodNotAllowed(let allow, let pattern):
            routeLabel = pattern
            return Problem.methodNotAllowed(request.method, allow: Self.allowed(allow)).response
        case .notFound:
            return Problem.routeNotFound(request.path).response
        }
    }

    /// CORS preflight, or the plain `Allow` answer to OPTIONS.
    private func options(_ request: HTTPRequest, routeLabel: inout String) -> HTTPResponse {
        guard case .methodNotAllowed(let allow, let pattern) = router.match(method: "OPTIONS", path: request.path)
        else { return Problem.routeNotFound(request.path).response }
        routeLabel = pattern
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
        request.method == "HEAD" ? "GET" : request.method
    }

    private static func allowed(_ methods: [String]) -> [String] {
        var all = methods
        if all.contains("GET") { all.append("HEAD") }
        all.append("OPTIONS")
        return all
    }

    private func authorizationProblem(_ request: HTTPRequest) -> Problem? {
        guard let token = configuration.apiToken else { return nil }
        // The scheme name is case-insensitive (RFC 9110 §11.1); the token is not.
        guard let header = request.headers["Authorization"], header.utf8.count > 7,
            header.prefix(7).lowercased() == "bearer "
        else {
            return .unauthorized
        }
        return constantTimeEquals(Array(header.utf8.dropFirst(7)), Array(token.utf8)) ? nil : .unauthorized
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

/// Compares without stopping at the first difference, so timing reveals nothing about the token.
func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<max(a.count, b.count) {
        let x = index < a.count ? a[index] : 0
        let y = index < b.count ? b[index] : 0
        difference |= x ^ y
    }
    return difference == 0
}

/// A weak reference to the transport: the transport holds the application, which must not hold it back.
struct TransportLink {
    weak var server: HTTPServer?

    init(_ server: HTTPServer? = nil) { self.server = server }
}
