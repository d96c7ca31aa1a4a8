import Foundation
import HTTPServer
import HTTPTestSupport
import InsetService
import InsetServiceTestSupport
import Testing

/// The transport hands the service only the request header fields it names (`requestHeaderNames`): each one the
/// service reads must still reach it over the wire, in any case (`Authorization`: ServerTests.
/// theTokenIsCheckedOverTheWire).
@Suite("Request headers the service reads, over a real socket")
struct ServerHeaderTests {
    /// Names are compared eight bytes at a time, the last word overlapping the first: every case of each byte counts.
    @Test(arguments: ["X-Request-Id", "x-request-id", "X-REQUEST-ID", "x-ReQuEsT-iD"])
    func theRequestIdIsEchoed(name: String) throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let answer = try RawHTTPClient(port: server.http.port).request("GET", "/healthz", headers: [(name, "abc-1")])
        #expect(answer.status == 200)
        #expect(answer.header("X-Request-Id") == "abc-1")
    }

    /// A name as long as `X-Request-Id` that differs from it in one byte, first, in the middle or last, is another
    /// field: the answer gets an id of its own.
    @Test(arguments: ["Y-Request-Id", "X-Request_Id", "X-Request-Ie", "X-Request-I\u{7F}"])
    func aNameOfTheSameLengthIsAnotherField(name: String) throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let answer = try RawHTTPClient(port: server.http.port).request("GET", "/healthz", headers: [(name, "abc-1")])
        #expect(answer.status == 200)
        #expect(answer.header("X-Request-Id") != "abc-1")
        #expect(answer.header("X-Request-Id")?.utf8.count == 15)
    }

    @Test func anOriginGetsTheCORSHeaders() throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let answer = try client.request("GET", "/healthz", headers: [("origin", "http://x")])
        #expect(answer.header("Access-Control-Allow-Origin") == "*")
        #expect(try client.request("GET", "/healthz").header("Access-Control-Allow-Origin") == nil)
    }

    @Test func theContentTypeAndAcceptAreRead() throws {
        let server = try startServer()
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let wrongType = try client.request(
            "POST", "/keyboard/show", headers: [("content-type", "text/csv")], body: Array(Phone.showBody.utf8))
        #expect(wrongType.status == 415)
        let created = try client.json("POST", "/sessions", Phone.sessionBody)
        let id = try #require(created.json["id"] as? String)
        let svg = try client.request("GET", "/sessions/\(id)/timeline", headers: [("ACCEPT", "image/svg+xml")])
        #expect(svg.status == 200)
        #expect(svg.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
    }
}
