import HTTPServer
import InsetJSON

extension InsetApplication {
    /// `GET /healthz`: the process answers.
    func health() -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 32)
        writer.beginObject()
        writer.field("status", "ok")
        writer.endObject()
        return Self.json(writer)
    }

    /// `GET /readyz`: 200 while serving; 503 while draining or while the session store is unreachable, so load
    /// balancers send elsewhere.
    func readiness() -> HTTPResponse {
        let status =
            if isDraining { "draining" } else if !store.isReachable() { "store-unavailable" } else { "ready" }
        var writer = JSONWriter(reservingCapacity: 40)
        writer.beginObject()
        writer.field("status", status)
        writer.endObject()
        var response = Self.json(writer, status: status == "ready" ? 200 : 503)
        if status == "store-unavailable" {
            response.headers.add(name: "Retry-After", value: String(Problem.storeRetryAfterSeconds))
        }
        return response
    }

    /// `GET /metrics`: Prometheus text.
    func metricsText() -> HTTPResponse {
        var counters = TransportCounters(accessLogDropped: log.dropped)
        transport.withLock {
            guard let server = $0.server else { return }
            counters.headTimeouts = server.headTimeouts
            counters.bodyTimeouts = server.bodyTimeouts
            counters.connectionsEvicted = server.connectionsEvicted
            counters.answersPending = server.answersPending
        }
        let text = metrics.render(sessions: store.statistics(now: now), draining: isDraining, transport: counters)
        return HTTPResponse(
            status: 200, headers: HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]),
            body: Array(text.utf8))
    }

    /// `GET /openapi.yaml`: the contract, embedded in the binary from the repository's `openapi.yaml`.
    func openAPIDocument() -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: HTTPHeaders([("Content-Type", "application/yaml")]),
            body: PackageResources.openapi_yaml)
    }

    /// `GET /version`.
    func versionInfo() -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 128)
        writer.beginObject()
        writer.field("name", ServiceVersion.name)
        writer.field("version", ServiceVersion.version)
        writer.field("libmicrohttpd", HTTPServer.libraryVersion)
        writer.endObject()
        return Self.json(writer)
    }
}
