import Foundation
import InsetServiceTestSupport
import Testing

@testable import InsetService

/// A problem's `type` is a page (RFC 9457 §3.1.1: dereferenced, it documents the problem): `GET /problems/{slug}`
/// answers every type the service answers with a page naming it, and a slug no problem has with 404.
@Suite("Problem types are pages")
struct ProblemPageRouteTests {
    @Test(arguments: ProblemType.all.map(\.slug))
    func everyDeclaredTypeIsAPageNamingIt(_ slug: String) throws {
        let kind = try #require(ProblemType.all.first { $0.slug == slug })
        let answer = makeApp().call("GET", "/problems/\(slug)")
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == "text/html; charset=utf-8")
        let text = answer.text
        #expect(text.hasPrefix("<!doctype html>"))
        #expect(text.contains("<h1>\(ProblemPage.escaped(kind.title))</h1>"))
        #expect(text.contains("<code>/problems/\(slug)</code>, answered with status \(kind.status)"))
        #expect(text.contains(ProblemPage.prose(kind.about)))
    }

    /// The problems a client meets in process, one of each type that needs no socket or Redis: each one's
    /// `type`, dereferenced, is its page.
    @Test func theTypeOfEveryProblemAnsweredHereIsAPage() {
        let app = makeApp()
        let geometry = #"{"scrollView":{"frame":{"x":0,"y":0,"width":390,"height":844}},"timestamp":1000}"#
        let session = app.call("POST", "/sessions", json: geometry).json.string("id") ?? ""
        let answers = [
            app.call("POST", "/keyboard/show", json: "{"),
            app.call("POST", "/keyboard/show", json: "{}"),
            app.call("POST", "/keyboard/show", json: "{}", contentType: "text/plain"),
            app.call("POST", "/sessions/\(session)/notifications", json: "nothing", contentType: "text/plain"),
            app.call("GET", "/sessions/nope"),
            app.call("GET", "/nowhere"),
            app.call("PUT", "/sessions", json: "{}"),
            app.call("GET", "/devices/iphone-99"),
            app.call("GET", "/sessions/\(session)", query: [("at", "soon")]),
            app.call("POST", "/keyboard/drag", json: #"{"sessionId":"\#(session)","touch":{"x":0,"y":600}}"#),
            app.call("PATCH", "/sessions/\(session)", json: #"{"timestamp":500}"#),
            makeApp(token: "s3cret").call("GET", "/devices"),
        ]
        var seen: Set<String> = []
        for answer in answers {
            let type = answer.json.string("type") ?? "none in \(answer.status) \(answer.text)"
            seen.insert(type)
            let page = app.call("GET", type)
            #expect(page.status == 200, "\(type)")
            #expect(page.text.contains("<code>\(type)</code>"), "\(type)")
        }
        #expect(seen.count == answers.count, "each request gets another type: \(seen.sorted())")
    }

    @Test(arguments: [
        "/problems/no-such-problem", "/problems/", "/problems", "/problems/validation-failed/x",
        "/problems/Validation-Failed",
    ])
    func aSlugNoProblemHasIs404(_ path: String) {
        let answer = makeApp().call("GET", path)
        #expect(answer.status == 404)
        #expect(answer.json.string("type") == "/problems/not-found")
    }

    /// A client refused for its token reads what the refusal means without one.
    @Test func thePagesNeedNoToken() {
        let app = makeApp(token: "s3cret")
        let refused = app.call("GET", "/devices")
        #expect(refused.status == 401)
        let type = refused.json.string("type") ?? ""
        #expect(app.call("GET", type).status == 200)
    }
}
