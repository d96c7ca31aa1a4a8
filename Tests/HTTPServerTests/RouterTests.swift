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

    @Test(arguments: ["/nope", "/sessions/", "/sessions/a/b", "/sessions/a/", "//", "/sessions//", "/SESSIONS"])
    func unknownPathsAreNotFound(path: String) {
        guard case .notFound = Self.router.match(method: "GET", path: path) else {
            Issue.record("\(path) should not match")
            return
        }
    }

    /// A literal path that a parameter route also matches is not settled by the literal alone, whichever of the two
    /// was added first: the one with the method wins, and both methods are allowed.
    @Test func aLiteralPathAParameterRouteAlsoMatchesKeepsBoth() {
        for literalFirst in [true, false] {
            var router = Router<String>()
            if literalFirst { router.add("GET", "/sessions/stats", "stats") }
            router.add("DELETE", "/sessions/{id}", "delete")
            if !literalFirst { router.add("GET", "/sessions/stats", "stats") }
            guard case .found(let found, let bound, _) = router.match(method: "DELETE", path: "/sessions/stats") else {
                Issue.record("DELETE /sessions/stats missed the parameter route (literal first: \(literalFirst))")
                continue
            }
            #expect(found == "delete")
            #expect(bound == ["id": "stats"])
            guard case .found(let stats, _, _) = router.match(method: "GET", path: "/sessions/stats") else {
                Issue.record("GET /sessions/stats did not reach the literal route")
                continue
            }
            #expect(stats == "stats")
            guard case .methodNotAllowed(let allow, _) = router.match(method: "PUT", path: "/sessions/stats") else {
                Issue.record("PUT /sessions/stats should list the allowed methods")
                continue
            }
            #expect(Set(allow) == ["GET", "DELETE"])
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

    /// Literal paths are found among those of their length: many routes, several of one length, one path with two
    /// methods; a path of a length no route has, or of a route's length but other bytes, is not found.
    @Test func literalPathsAreFoundAmongThoseOfTheirLength() {
        var router = Router<String>()
        let paths = (0..<24).map { "/r\($0 % 3 == 0 ? "x" : "")\($0)" } + ["/a", "/b", "/ab"]
        for path in paths { router.add("GET", path, "get \(path)") }
        router.add("POST", "/a", "post /a")
        for path in paths {
            guard case .found(let found, let bound, let pattern) = router.match(method: "GET", path: path) else {
                Issue.record("GET \(path) not found")
                continue
            }
            #expect(found == "get \(path)")
            #expect(bound.isEmpty)
            #expect(pattern == path)
        }
        guard case .found(let post, _, _) = router.match(method: "POST", path: "/a") else {
            Issue.record("POST /a not found")
            return
        }
        #expect(post == "post /a")
        guard case .methodNotAllowed(let allow, _) = router.match(method: "PUT", path: "/a") else {
            Issue.record("PUT /a should list the allowed methods")
            return
        }
        #expect(allow == ["GET", "POST"])
        for path in ["/c", "/ba", "/r99", "/rx1", "/a-path-longer-than-every-route", "", "a"] {
            guard case .notFound = router.match(method: "GET", path: path) else {
                Issue.record("\(path) should not match")
                continue
            }
        }
    }
}
