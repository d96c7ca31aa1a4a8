import Foundation
import HTTPServer
import HTTPTestSupport
import Testing

extension TransportTests {
    /// libmicrohttpd decodes `%00` to a NUL and hands the path over as a C string, which ended there:
    /// `/metrics%00.css` ran as `/metrics`, and `DELETE /sessions/<id>%00x` deleted the session.
    @Test(arguments: [
        "/metrics%00.css", "/healthz%00", "/sessions/AAAAAAAAAAAAAAAAAAAAAA%00x", "/healthz?x=a%00b", "/h?%00=1",
    ])
    func aNulInThePathOrQueryIsRefusedAndNeverRoutedCutShort(target: String) throws {
        let responder = EchoResponder()
        let server = try startEchoServer(responder: responder)
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let response = try client.request("GET", target)
        #expect(response.status == 400)
        #expect(response.header("X-Refused") == "400")
        // The request is seen as it arrived, not as the path the NUL cut short.
        #expect(response.header("X-Path") == String(target.prefix { $0 != "?" }))
        #expect(responder.responded.load(ordering: .relaxed) == 0)
        // The connection lives on, and the next request on it is not refused.
        let next = try client.request("GET", "/after")
        #expect(next.status == 200 && next.header("X-Path") == "/after")
    }
}

extension TransportTests {
    /// A connection's next request for the same path reuses the last one's string; every other target is read anew.
    @Test func eachRequestOnAConnectionGetsItsOwnPath() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let targets = [
            ("/a", "/a"), ("/a", "/a"), ("/ab", "/ab"), ("/a", "/a"), ("/", "/"), ("/a?x=1", "/a"),
            ("http://h/a", "/a"), ("/a", "/a"), ("http://h/b", "/b"), ("/b", "/b"), ("/%61", "/a"), ("/b", "/b"),
        ]
        for (target, path) in targets {
            let response = try client.request("GET", target)
            #expect(response.header("X-Path") == path, "\(target)")
        }
    }
}

/// Answers with the names of the header fields it was given, keeping only `X-Custom`.
final class KeepingResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let names = request.headers.fields.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return HTTPResponse(status: 200, headers: HTTPHeaders([("X-Given", names)]), body: request.body)
    }

    func refuse(_ refusal: HTTPRefusal, to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: refusal.status)
    }

    var requestHeaderNames: [String]? { ["x-custom"] }
}

@Suite("Request header fields a responder names")
struct KeptHeaderTests {
    @Test func onlyTheNamedFieldsReachTheResponderAndTheOthersStillFrameTheRequest() throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 1),
            responder: KeepingResponder())
        try server.start()
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        let answer = try client.request(
            "POST", "/x", headers: [("X-CUSTOM", "a"), ("X-Other", "b")], body: Array("body".utf8))
        #expect(answer.header("X-Given") == "X-CUSTOM=a")
        #expect(answer.text == "body")
        let twoLengths = try client.request("POST", "/x", headers: [("Content-Length", "5")], body: Array("body".utf8))
        #expect(twoLengths.status == 400)
    }
}
