import HTTPServer
import HTTPTestSupport
import Testing

/// Answers `/constant` with a constant body, whose libmicrohttpd response a connection keeps and queues again, and
/// `/bytes` with the same answer built anew each time: the fields come from the query (`f` a name and value each,
/// `name:value`), the status from `status`, the body from `body`.
final class ConstantResponder: HTTPResponder {
    static let bodies = [ConstantBody(Array("{\"status\":\"ok\"}".utf8)), ConstantBody(Array("other body!".utf8))]

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        for argument in request.query where argument.name == "f" {
            let parts = (argument.value ?? "").split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            headers.add(name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        let status = request.queryValue("status").flatMap { Int($0) } ?? 200
        let body = Self.bodies[request.queryValue("body") == "1" ? 1 : 0]
        if request.path == "/constant" { return HTTPResponse(status: status, headers: headers, constant: body) }
        return HTTPResponse(status: status, headers: headers, body: HTTPResponse(status: 200, constant: body).body)
    }

    func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: refusal.status)
    }
}

extension TransportTests {
    /// A connection's kept constant response answers exactly as a response made anew would, whatever changes
    /// between its answers: a value of the same length or another, a value libmicrohttpd refuses, the fields'
    /// names, their number, the status, the body, the method.
    @Test func aKeptConstantResponseAnswersAsANewOneWould() throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
            responder: ConstantResponder())
        try server.start()
        defer { server.stop() }
        let kept = try RawHTTPClient(port: server.port)
        let fresh = try RawHTTPClient(port: server.port)
        let queries = [
            "f=Content-Type:application/json&f=X-Request-Id:AAAAAAAAAAAAAAA&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:BBBBBBBBBBBBBBB&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:BBBBBBBBBBBBBBB&f=Vary:Origin",
            // Back to the first value, which libmicrohttpd's copy no longer holds.
            "f=Content-Type:application/json&f=X-Request-Id:AAAAAAAAAAAAAAA&f=Vary:Origin",
            // Values as long, with a CR, LF or NUL in the last word only, the first, and the second: each is
            // refused by the eight-byte check wherever it lies, and the next clean value is taken again.
            "f=Content-Type:application/json&f=X-Request-Id:CCCCCCCCCCCCC%0DC&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:BBBBBBBBBBBBBBB&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:CC%0ACCCCCCCCCCCC&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:DDDDDDDDDDDDDDD&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:CCCCCCCC%00CCCCCC&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:EEEEEEEEEEEEEEE&f=Vary:Origin",
            // 24 bytes: a CR at byte 10 lies in the second of three full words alone, which the last word's
            // check (bytes 16 to 23) does not see.
            "f=Content-Type:application/json&f=X-Request-Id:FFFFFFFFFFFFFFFFFFFFFFFF&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:GGGGGGGGGG%0DGGGGGGGGGGGGG&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:HHHHHHHHHHHHHHHHHHHHHHHH&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:short&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:longer-than-before&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:longer-than-after&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:a%0Db&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:c%0Ad&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:e%0Df&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:g&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:h&f=Vary:Origin",
            "f=Content-Type:application/json&f=X-Request-Id:h&f=Vary:Origin&status=503",
            "f=Content-Type:application/json&f=X-Request-Id:i&f=Vary:Origin&status=503&body=1",
            "f=Content-Type:application/json&f=X-Request-Id:j&f=Vary:Origin&body=1",
            "f=Content-Type:application/json&f=X-Request-Id:k&f=Varx:Origin&body=1",
            "f=Content-Type:application/json&f=X-Request-Id:l",
            "f=Content-Type:application/json&f=X-Request-Id:m",
            "f=Content-Type:application/json&f=X-Request-Id:n&f=Vary:Origin&f=X-Fourth:4",
            "f=Content-Type:application/json&f=X-Request-Id:o&f=Vary:Origin&f=X-Fourth:5",
            "f=Content-Type:application/json&f=x-request-id:p&f=X-Request-Id:q",
            "f=Content-Type:application/json&f=x-request-id:r&f=X-Request-Id:s",
            // libmicrohttpd keeps a value cut at its NUL, and rebuilds `Connection` without `keep-alive`: its copy
            // is shorter than the value, so the next value of that length must not be written over it.
            "f=Content-Type:application/json&f=X-A:ab%00cd",
            "f=Content-Type:application/json&f=X-A:abxcd",
            "f=Content-Type:application/json&f=Connection:keep-alive%2C%20x1",
            "f=Content-Type:application/json&f=Connection:keep-alive%2C%20x2",
            "", "",
        ]
        for method in ["GET", "HEAD"] {
            for query in queries {
                let a = try kept.request(method, "/constant?" + query)
                let b = try fresh.request(method, "/bytes?" + query)
                #expect(a.status == b.status, "\(method) \(query)")
                #expect(withoutDate(a.headers) == withoutDate(b.headers), "\(method) \(query)")
                #expect(a.body == b.body, "\(method) \(query)")
            }
        }
        // Last: the connections close after it.
        let query = "f=Content-Type:application/json&f=Connection:close"
        let a = try kept.request("GET", "/constant?" + query)
        let b = try fresh.request("GET", "/bytes?" + query)
        #expect(a.status == b.status && withoutDate(a.headers) == withoutDate(b.headers) && a.body == b.body)
    }
}

private func withoutDate(_ headers: [(name: String, value: String)]) -> [String] {
    headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
}
