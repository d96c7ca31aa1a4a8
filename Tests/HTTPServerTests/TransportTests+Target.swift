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
