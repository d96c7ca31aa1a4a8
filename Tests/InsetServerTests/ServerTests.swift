import Foundation
import HTTPServer
import HTTPTestSupport
import InsetService
import InsetServiceTestSupport
import Testing

func startServer(
    token: String? = nil, maxBodyBytes: Int = 65536, files: StaticFiles = StaticFiles()
) throws -> InsetServer {
    let server = InsetServer(
        http: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2),
        service: ServiceConfiguration(maxBodyBytes: maxBodyBytes, apiToken: token, accessLog: false), files: files)
    try server.start()
    return server
}

@Suite("Every route over a real socket")
struct ServerTests {
    @Test func aSessionLifecycleOverOneKeepAliveConnection() throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let created = try client.json("POST", "/sessions", Phone.sessionBody)
        #expect(created.status == 201)
        let id = try #require(created.json["id"] as? String)
        #expect(created.header("Location") == "/sessions/\(id)")

        let show = try client.json(
            "POST", "/keyboard/show", #"{"sessionId":"\#(id)","timestamp":0,"keyboard":\#(Phone.keyboard)}"#)
        #expect(show.status == 200)
        #expect((show.json["contentInset"] as? [String: Any])?["bottom"] as? Double == 302)
        #expect(show.header("Connection")?.lowercased() != "close")

        let get = try client.request("GET", "/sessions/\(id)?at=100")
        #expect(get.status == 200)
        #expect(get.json["keyboardState"] as? String == "showing")

        let stale = try client.json("POST", "/keyboard/hide", #"{"sessionId":"\#(id)","timestamp":-1}"#)
        #expect(stale.status == 400)
        let conflict = try client.json("PATCH", "/sessions/\(id)", #"{"timestamp":0}"#)
        #expect(conflict.status == 200)
        let older = try client.json("POST", "/keyboard/hide", #"{"sessionId":"\#(id)","timestamp":0}"#)
        #expect(older.status == 200)
        #expect(
            try client.json(
                "POST", "/keyboard/show", #"{"sessionId":"\#(id)","timestamp":-0,"keyboard":\#(Phone.keyboard)}"#
            ).status == 200)

        let patch = try client.json(
            "PATCH", "/sessions/\(id)", #"{"timestamp":50,"scrollView":{"contentOffset":{"x":0,"y":400}}}"#)
        #expect(patch.status == 200)
        #expect(try client.request("DELETE", "/sessions/\(id)").status == 204)
        #expect(try client.request("GET", "/sessions/\(id)").status == 404)
    }

    @Test func statelessShowAndHide() throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let show = try client.json("POST", "/keyboard/show", Phone.showBody)
        #expect(show.status == 200)
        #expect(show.header("Content-Type") == "application/json")
        #expect(show.header("X-Request-Id") != nil)
        let hide = try client.json("POST", "/keyboard/hide", #"{"scrollView":\#(Phone.scrollView)}"#)
        #expect(hide.status == 200)
    }

    @Test func operationalRoutes() throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("HEAD", "/healthz").status == 200)
        #expect(try client.request("GET", "/readyz").status == 200)
        let metrics = try client.request("GET", "/metrics")
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains("inset_http_requests_total"))
        let spec = try client.request("GET", "/openapi.yaml")
        #expect(spec.status == 200)
        #expect(spec.header("Content-Type") == "application/yaml")
        #expect(try client.request("GET", "/version").json["name"] as? String == "inset-server")
        let preflight = try client.request(
            "OPTIONS", "/keyboard/show", headers: [("Origin", "http://x"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST, OPTIONS")
    }

    /// The error answers over one keep-alive connection (415 is ServerHeaderTests', 413 the every-route test's).
    @Test func everyErrorStatusOverTheWire() throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        #expect(try client.json("POST", "/keyboard/show", "{").status == 400)
        #expect(try client.request("GET", "/sessions/nope").status == 404)
        #expect(try client.request("GET", "/nope").status == 404)
        let wrongMethod = try client.request("PUT", "/sessions")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "POST, OPTIONS")
        // After every error the server still answers a normal request.
        #expect(try RawHTTPClient(port: server.http.port).json("POST", "/keyboard/show", Phone.showBody).status == 200)
    }

    /// The token over the wire, its header's name in any case (the transport hands the service only the fields it
    /// names); which routes it guards, and how, is SpecRouteTests'.
    @Test func theTokenIsCheckedOverTheWire() throws {
        let server = try startServer(token: "t0ken")
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let denied = try client.json("POST", "/keyboard/show", Phone.showBody)
        #expect(denied.status == 401)
        #expect(denied.header("WWW-Authenticate") != nil)
        for name in ["Authorization", "authorization"] {
            #expect(
                try client.json("POST", "/keyboard/show", Phone.showBody, headers: [(name, "Bearer t0ken")])
                    .status == 200, "\(name)")
        }
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    @Test func drainingAnswersReadyz503AndClosesConnections() throws {
        let server = try startServer()
        let client = try RawHTTPClient(port: server.http.port)
        #expect(try client.request("GET", "/readyz").status == 200)
        server.application.beginDraining()
        server.http.beginDraining()
        let draining = try client.request("GET", "/readyz")
        #expect(draining.status == 503)
        #expect(draining.header("Connection")?.lowercased() == "close")
        #expect(server.shutdown(timeout: ceilingSeconds))
    }

    @Test func concurrentClientsOnSharedSessionsLoseNoUpdate() async throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let port = server.http.port
        let setup = try RawHTTPClient(port: port)
        let ids = try (0..<4).map { _ in
            try #require(try setup.json("POST", "/sessions", Phone.sessionBody).json["id"] as? String)
        }
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    let client = try RawHTTPClient(port: port)
                    return try (0..<50).map { index in
                        let id = ids[(worker + index) % ids.count]
                        let path = index % 2 == 0 ? "/keyboard/show" : "/keyboard/hide"
                        return try client.json("POST", path, #"{"sessionId":"\#(id)","keyboard":\#(Phone.keyboard)}"#)
                            .status
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == 400)
        #expect(statuses.allSatisfy { $0 == 200 })
        // A fresh connection: on a loaded machine the workers can outlast the idle timeout that closes `setup`'s.
        let metrics = try RawHTTPClient(port: port).request("GET", "/metrics").text
        #expect(metrics.contains(#"route="/keyboard/show",status="200"} 200"#))
        #expect(metrics.contains(#"route="/keyboard/hide",status="200"} 200"#))
    }
}
