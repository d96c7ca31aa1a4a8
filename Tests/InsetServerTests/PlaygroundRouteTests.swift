import HTTPTestSupport
import InsetService
import InsetServiceTestSupport
import Testing

/// The playground's files over a real socket; the routes' other tests call the application in process
/// (`InsetServiceTests`).
@Suite("GET /playground/{file}, /client.js and /client.d.ts over a real socket, and / redirecting")
struct PlaygroundRouteTests {
    @Test func theFilesTravelOverTheWireWithConditionalRequests() throws {
        let server = try startServer(token: "t0ken", files: playgroundFiles)
        defer { server.shutdown(timeout: 1) }
        let client = try RawHTTPClient(port: server.http.port)
        // The old page path sends the browser on, with no body and the connection kept.
        let moved = try client.request("GET", "/")
        #expect(moved.status == 308)
        #expect(moved.header("Location") == "/playground/index.html")
        #expect(moved.body.isEmpty)
        let page = try client.request("GET", "/playground/index.html")
        #expect(page.status == 200)
        #expect(page.body == (try resourceOnDisk("playground/index.html")))
        let tag = try #require(page.header("ETag"))
        let head = try client.request("HEAD", "/client.js")
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/javascript; charset=utf-8")
        let notModified = try client.request("GET", "/playground/index.html", headers: [("If-None-Match", tag)])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        // The same keep-alive connection still frames the next answers right after the 304 and the HEAD.
        let module = try client.request("GET", "/playground/main.js")
        #expect(module.status == 200)
        #expect(module.body == (try resourceOnDisk("playground/main.js")))
        let script = try client.request("GET", "/client.js")
        #expect(script.status == 200)
        #expect(script.body == (try resourceOnDisk("client.js")))
    }
}
