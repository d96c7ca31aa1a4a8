import InsetServiceTestSupport
import Testing

@testable import InsetService

@Suite("Static assets the application is given")
struct StaticAssetTests {
    static let note = StaticAsset(
        path: "/note.txt", contentType: "text/plain; charset=utf-8", bytes: Array("hello\n".utf8),
        extraHeaders: [("X-First", "1"), ("X-Second", "2")])

    @Test func eachIsServedAtItsPathWithItsTypeBytesAndHeaders() throws {
        let app = makeApp(token: "s3cret", assets: [Self.note])
        let answer = app.call("GET", "/note.txt")
        #expect(answer.status == 200)
        #expect(answer.text == "hello\n")
        let names = answer.headers.map(\.name)
        let expected = ["ETag", "Cache-Control", "Content-Type", "X-Content-Type-Options", "X-First", "X-Second"]
        #expect(Array(names.prefix(expected.count)) == expected)
        #expect(answer.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(answer.headers["ETag"] == "\"\(StaticAsset.hexDigest(Array("hello\n".utf8)))\"")
        let tag = try #require(answer.headers["ETag"])
        #expect(app.call("GET", "/note.txt", headers: [("If-None-Match", tag)]).status == 304)
        #expect(app.call("HEAD", "/note.txt").status == 200)
        #expect(app.router.patterns.contains("/note.txt"))
    }

    @Test(arguments: ["/", "/playground.css", "/playground.js", "/client.js", "/client.d.ts", "/note.txt"])
    func withoutAssetsTheirPathsAreUnknownLikeAnyOther(path: String) {
        let app = makeApp()
        let answer = app.call("GET", path)
        let unknown = app.call("GET", "/no-such-path")
        #expect(answer.status == 404)
        #expect(answer.json.string("type") == unknown.json.string("type"))
        #expect(answer.headers["ETag"] == nil)
        #expect(app.call("POST", path, json: "{}").status == 404)
        #expect(!app.router.patterns.contains(path))
    }
}
