import Foundation
import HTTPServer
import InsetServiceTestSupport
import Testing

@testable import InsetService
@testable import InsetStores

@Suite("CORS, request ids, health, metrics, spec")
struct CrossCuttingTests {
    @Test func aRequestWithUntrustworthyFramingIsAProblem() {
        let answer = makeApp().refuse(
            .malformedFraming("Content-Length headers that disagree"),
            to: .init(method: "POST", path: "/keyboard/show"))
        #expect(answer.status == 400)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("/problems/malformed-request"))
    }

    @Test func preflightAndCORSHeaders() {
        let app = makeApp()
        let preflight = app.call(
            "OPTIONS", "/sessions/abc",
            headers: [
                ("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "PATCH"),
                ("Access-Control-Request-Headers", "content-type, authorization, x-request-id"),
            ])
        #expect(preflight.status == 204)
        #expect(preflight.body.isEmpty)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "*")
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "GET, PATCH, DELETE, HEAD, OPTIONS")
        #expect(preflight.headers["Allow"] == "GET, PATCH, DELETE, HEAD, OPTIONS")
        // Every header a client of the API sends: the body's type, the token and its own request id.
        #expect(preflight.headers["Access-Control-Allow-Headers"] == "Content-Type, Authorization, X-Request-Id")
        // A browser asks again after 10 minutes at most.
        #expect(preflight.headers["Access-Control-Max-Age"] == "600")
        for (path, method) in [("/keyboard/show", "POST"), ("/keyboard/hide", "POST"), ("/sessions", "POST")] {
            let methods = app.call(
                "OPTIONS", path, headers: [("Origin", "http://x"), ("Access-Control-Request-Method", method)]
            ).headers["Access-Control-Allow-Methods"]
            #expect(methods == "\(method), OPTIONS", "\(path)")
        }
        #expect(app.call("OPTIONS", "/nowhere").status == 404)
        // A browser reads the request id and Location of every answer, an error's too.
        for answer in [
            app.call("POST", "/keyboard/show", json: Phone.showBody, headers: [("Origin", "http://x")]),
            app.call("GET", "/sessions/nope", headers: [("Origin", "http://x")]),
            app.call("GET", "/healthz", headers: [("Origin", "http://x")]),
        ] {
            #expect(answer.headers["Access-Control-Allow-Origin"] == "*", "\(answer.status)")
            #expect(answer.headers["Access-Control-Expose-Headers"] == "Location, X-Request-Id", "\(answer.status)")
        }
    }

    /// (method, Origin sent, expected Access-Control-Allow-Origin, expected Vary) with `--cors-origin *`.
    static let corsCases: [(String, Bool, String?, String?)] = [
        ("POST", true, "*", nil),
        ("POST", false, nil, nil),
        ("GET", true, "*", "Origin"),
        // A cache must not hand the answer made for curl to a browser.
        ("GET", false, nil, "Origin"),
        ("HEAD", false, nil, "Origin"),
    ]

    @Test(arguments: corsCases)
    func corsHeadersGoToBrowsers(_ testCase: (String, Bool, String?, String?)) {
        let (method, sendsOrigin, allowOrigin, vary) = testCase
        let path = method == "POST" ? "/keyboard/show" : "/healthz"
        let answer = makeApp().call(
            method, path, json: method == "POST" ? Phone.showBody : nil,
            headers: sendsOrigin ? [("Origin", "http://localhost:3000")] : [])
        #expect(answer.status == 200)
        #expect(answer.headers["Access-Control-Allow-Origin"] == allowOrigin)
        #expect((answer.headers["Access-Control-Expose-Headers"] != nil) == sendsOrigin)
        #expect(answer.headers["Vary"] == vary)
    }

    @Test func aConfiguredOriginVariesAndOffRemovesCORS() {
        let app = makeApp(cors: "https://proto.example")
        let one = app.call("GET", "/healthz", headers: [("Origin", "https://other.example")])
        #expect(one.headers["Access-Control-Allow-Origin"] == "https://proto.example")
        #expect(one.headers["Vary"] == "Origin")
        #expect(app.call("POST", "/keyboard/show", json: Phone.showBody).headers["Vary"] == "Origin")
        let off = makeApp(cors: nil).call("GET", "/healthz", headers: [("Origin", "https://other.example")])
        #expect(off.headers["Access-Control-Allow-Origin"] == nil)
        #expect(off.headers["Access-Control-Expose-Headers"] == nil)
        #expect(off.headers["Vary"] == nil)
        // Without CORS a preflight is a plain OPTIONS: it says what is allowed, and grants a browser nothing.
        let preflight = makeApp(cors: nil).call(
            "OPTIONS", "/keyboard/show",
            headers: [("Origin", "https://other.example"), ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == 204)
        #expect(preflight.headers["Allow"] == "POST, OPTIONS")
        #expect(preflight.headers["Access-Control-Allow-Methods"] == nil)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == nil)
    }

    /// `/healthz` answers a body written once; its answer is what the writer writes for it, headers and all.
    @Test func theConstantHealthAnswerIsTheWrittenOne() throws {
        let written = HTTPResponse.json(HealthHandler.body())
        let answer = try HealthHandler().handle(HTTPRequest(method: "GET", path: "/healthz"), parameters: [:])
        #expect(answer.status == written.status)
        #expect(answer.body == written.body)
        #expect(answer.body == Array(#"{"status":"ok"}"#.utf8))
        #expect(answer.headers.fields.map(\.name) == written.headers.fields.map(\.name))
        #expect(answer.headers.fields.map(\.value) == written.headers.fields.map(\.value))
        #expect(makeApp().call("GET", "/healthz").body == written.body)
    }

    @Test func requestIdsAreEchoedOrMade() {
        let app = makeApp()
        #expect(
            app.call("GET", "/healthz", headers: [("X-Request-Id", "abc-123")]).headers["X-Request-Id"] == "abc-123")
        let made = app.call("GET", "/healthz").headers["X-Request-Id"]
        #expect(made?.utf8.count == 15)
        #expect(made.map { isBase64URL($0) } == true)
        // An id that is not short printable ASCII is replaced, so that logs stay clean: a space, 10 kB, non-ASCII.
        for sent in ["has space", String(repeating: "r", count: 10_000), "été", ""] {
            let replaced = app.call("GET", "/healthz", headers: [("X-Request-Id", sent)]).headers["X-Request-Id"]
            #expect(replaced != sent, "\(sent.prefix(20))")
            #expect(replaced?.utf8.count == 15 && replaced.map { isBase64URL($0) } == true, "\(sent.prefix(20))")
        }
        let longest = String(repeating: "r", count: 128)
        #expect(app.call("GET", "/healthz", headers: [("X-Request-Id", longest)]).headers["X-Request-Id"] == longest)
    }

    @Test func madeRequestIdsDoNotRepeatWithinOrAcrossGenerators() {
        let first = RequestIDGenerator()
        let second = RequestIDGenerator()
        var seen = Set<String>()
        for _ in 0..<10_000 {
            seen.insert(first.next())
            seen.insert(second.next())
        }
        #expect(seen.count == 20_000)
        #expect(seen.allSatisfy { $0.utf8.count == RequestIDGenerator.length && isBase64URL($0) })
    }

    @Test func healthReadinessAndDraining() {
        let app = makeApp()
        #expect(app.call("GET", "/healthz").json.string("status") == "ok")
        #expect(app.call("GET", "/readyz").json.string("status") == "ready")
        #expect(app.call("HEAD", "/healthz").status == 200)
        app.beginDraining()
        let draining = app.call("GET", "/readyz")
        #expect(draining.status == 503)
        #expect(draining.json.string("status") == "draining")
        #expect(app.call("GET", "/healthz").status == 200)
    }

    @Test func metricsCountRequestsByRouteAndStatus() {
        let app = makeApp()
        _ = app.call("POST", "/keyboard/show", json: Phone.showBody)
        _ = app.call("POST", "/keyboard/show", json: "{")
        _ = app.call("GET", "/sessions/nope")
        _ = app.call("GET", "/nowhere/at/all")
        let text = app.call("GET", "/metrics").text
        #expect(text.contains(#"inset_http_requests_total{method="POST",route="/keyboard/show",status="200"} 1"#))
        #expect(text.contains(#"inset_http_requests_total{method="POST",route="/keyboard/show",status="400"} 1"#))
        #expect(text.contains(#"inset_http_requests_total{method="GET",route="/sessions/{id}",status="404"} 1"#))
        #expect(text.contains(#"inset_http_requests_total{method="GET",route="unmatched",status="404"} 1"#))
        #expect(text.contains("inset_http_request_duration_seconds_count 4"))
        // A method the route lacks and a preflight count under the route's pattern, as an answered request does.
        _ = app.call("DELETE", "/keyboard/show")
        _ = app.call("OPTIONS", "/sessions/abc")
        let later = app.call("GET", "/metrics").text
        #expect(later.contains(#"inset_http_requests_total{method="DELETE",route="/keyboard/show",status="405"} 1"#))
        #expect(later.contains(#"inset_http_requests_total{method="OPTIONS",route="/sessions/{id}",status="204"} 1"#))
        #expect(text.contains("inset_sessions_live 0"))
        #expect(text.contains("# TYPE inset_http_request_duration_seconds histogram"))
    }

    @Test func servesTheSpecFromTheRepository() throws {
        let answer = makeApp().call("GET", "/openapi.yaml")
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == "application/yaml")
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../openapi.yaml")
        let onDisk = try [UInt8](Data(contentsOf: file))
        #expect(!onDisk.isEmpty)
        let identical = answer.body == onDisk
        #expect(identical, "the binary serves \(answer.body.count) bytes; openapi.yaml has \(onDisk.count)")
    }

    @Test func reportsTheVersion() {
        let json = makeApp().call("GET", "/version").json
        #expect(json.string("name") == "inset-server")
        #expect(json.string("version") == ServiceVersion.version)
        #expect(json.string("libmicrohttpd")?.hasPrefix("0.9") == true)
    }
}

/// Each shard counts its first keys in a short list and the rest in a dictionary; `/metrics` must show every
/// key with its full count either way, across the threads that recorded them.
@Test func metricsCountEveryKeyPastTheShortList() async {
    let metrics = Metrics()
    let routes = (0..<3).map { metrics.route("/r\($0)") }
    let statuses = Array(200..<230)
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
            group.addTask {
                for round in 0..<3 {
                    for status in statuses {
                        metrics.record(method: "POST", route: routes[round], status: status, seconds: 0)
                    }
                }
            }
        }
    }
    let text = metrics.render(sessions: SessionStatistics(live: 0, created: 0, evicted: 0, expired: 0), draining: false)
    var missing: [String] = []
    for round in 0..<3 {
        for status in statuses {
            let line = "inset_http_requests_total{method=\"POST\",route=\"/r\(round)\",status=\"\(status)\"} 4\n"
            if !text.contains(line) { missing.append(line) }
        }
    }
    #expect(missing.isEmpty)
    #expect(text.contains("inset_http_request_duration_seconds_count 360\n"))
}

/// The server clock reads whole microseconds, so its times are short decimals in every answer.
@Test func theServerClockReadsWholeMicroseconds() {
    for _ in 0..<1_000 {
        let milliseconds = MonotonicClock.system.now()
        #expect((milliseconds * 1000).rounded() / 1000 == milliseconds)
        #expect(milliseconds >= 0)
    }
}

/// Whether `text` is made of base64url characters only.
private func isBase64URL(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
    }
}
