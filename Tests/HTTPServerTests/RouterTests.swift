import HTTPServer
import Testing

@Suite("Router")
struct RouterTests {
    static let router: Router<String> = {
        var router = Router<String>()
        router.add("GET", "/", "root")
        router.add("POST", "/sessions", "create")
        router.add("GET", "/sessions/{id}", "get")
        router.add("DELETE", "/sessions/{id}", "delete")
        return router
    }()

    @Test(
        arguments: [
            ("GET", "/", "root", [:]),
            ("POST", "/sessions", "create", [:]),
            ("GET", "/sessions/abc", "get", ["id": "abc"]),
            ("DELETE", "/sessions/x-y_z", "delete", ["id": "x-y_z"]),
        ] as [(String, String, String, [String: String])])
    func findsRoutes(method: String, path: String, handler: String, parameters: [String: String]) {
        guard case .found(let found, let bound, _) = Self.router.match(method: method, path: path) else {
            Issue.record("no match for \(method) \(path)")
            return
        }
        #expect(found == handler)
        #expect(bound == parameters)
    }

    @Test(arguments: ["/nope", "/sessions/", "/sessions/a/b", "//", "/sessions//", "/SESSIONS"])
    func unknownPathsAreNotFound(path: String) {
        guard case .notFound = Self.router.match(method: "GET", path: path) else {
            Issue.record("\(path) should not match")
            return
        }
    }

    @Test func aKnownPathWithAnotherMethodListsTheAllowedOnes() {
        guard case .methodNotAllowed(let allow, let pattern) = Self.router.match(method: "PUT", path: "/sessions/abc")
        else {
            Issue.record("expected 405")
            return
        }
        #expect(allow == ["GET", "DELETE"])
        #expect(pattern == "/sessions/{id}")
    }
}
