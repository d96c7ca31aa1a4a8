import HTTPTestSupport
import InsetService
import InsetServiceTestSupport
import Testing

/// The playground's files over a real socket; the routes' other tests call the application in process
/// (`InsetServiceTests`).
@Suite("GET /, /playground.css, /playground.js, /client.js and /client.d.ts over a real socket")
struct PlaygroundRouteTests {
    @Test func theFilesTravelOverTheWireWithConditionalRequests() throws {
        let server = try startServer(token: "t0ken", assets: playgroundAssets)
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        let page = try client.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.body == (try resourceOnDisk("playground.html")))
        let tag = try #require(page.header("ETag"))
        let head = try client.request("HEAD", "/client.js")
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/javascript; charset=utf-8")
        let notModified = try client.request("GET", "/", headers: [("If-None-Match", tag)])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        // The same keep-alive connection still frames the next answer right after the 304 and the HEAD.
        let script = try client.request("GET", "/client.js")
        #expect(script.status == 200)
        #expect(script.body == (try resourceOnDisk("client.js")))
    }
}
