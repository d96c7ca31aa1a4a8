import HTTPServer
import InsetJSON
import InsetStores

/// `GET /healthz`: the process answers, always the same bytes.
final class HealthHandler: OperationHandler {
    /// The body, written once and handed to libmicrohttpd as it is for every request.
    static let constant = ConstantBody(body().bytes)

    /// The answer's body.
    static func body() -> JSONWriter {
        var writer = JSONWriter(reservingCapacity: 32)
        writer.beginObject()
        writer.field("status", "ok")
        writer.endObject()
        return writer
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        // Made each time, as `HTTPResponse.json` makes one: a kept response was copied, retaining every field.
        var response = HTTPResponse(status: 200, constant: Self.constant)
        response.headers.add(name: "Content-Type", value: "application/json")
        return response
    }
}

/// `GET /readyz`: 200 while serving; 503 while draining or while the session store is unreachable, so load
/// balancers send elsewhere.
final class ReadinessHandler: OperationHandler {
    let store: SessionBackend
    let lifecycle: Lifecycle

    init(store: SessionBackend, lifecycle: Lifecycle) {
        self.store = store
        self.lifecycle = lifecycle
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        let status =
            if lifecycle.isDraining { "draining" } else if !store.isReachable() { "store-unavailable" } else { "ready" }
        var writer = JSONWriter(reservingCapacity: 40)
        writer.beginObject()
        writer.field("status", status)
        writer.endObject()
        var response = HTTPResponse.json(writer, status: status == "ready" ? 200 : 503)
        if status == "store-unavailable" {
            response.headers.add(name: "Retry-After", value: String(Problem.storeRetryAfterSeconds))
        }
        return response
    }
}

/// `GET /metrics`: Prometheus text.
final class MetricsHandler: OperationHandler {
    let sessions: Sessions
    let lifecycle: Lifecycle
    let metrics: Metrics
    let log: AccessLog

    init(sessions: Sessions, lifecycle: Lifecycle, metrics: Metrics, log: AccessLog) {
        self.sessions = sessions
        self.lifecycle = lifecycle
        self.metrics = metrics
        self.log = log
    }

    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        var counters = TransportCounters(accessLogDropped: log.dropped)
        lifecycle.transport.withLock {
            guard let server = $0.server else { return }
            counters.headTimeouts = server.headTimeouts
            counters.bodyTimeouts = server.bodyTimeouts
            counters.connectionsEvicted = server.connectionsEvicted
            counters.answersPending = server.answersPending
        }
        let text = metrics.render(
            sessions: sessions.store.statistics(now: sessions.now), draining: lifecycle.isDraining, transport: counters)
        return HTTPResponse(
            status: 200, headers: HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]),
            body: Array(text.utf8))
    }
}

/// `GET /openapi.yaml`: the contract, embedded in the binary from the repository's `openapi.yaml`.
final class OpenAPIHandler: OperationHandler {
    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: HTTPHeaders([("Content-Type", "application/yaml")]),
            body: PackageResources.openapi_yaml)
    }
}

/// `GET /version`.
final class VersionHandler: OperationHandler {
    func handle(
        _ request: HTTPRequest, parameters: [String: String]
    ) throws(Problem) -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 128)
        writer.beginObject()
        writer.field("name", ServiceVersion.name)
        writer.field("version", ServiceVersion.version)
        writer.field("libmicrohttpd", HTTPServer.libraryVersion)
        writer.endObject()
        return .json(writer)
    }
}
