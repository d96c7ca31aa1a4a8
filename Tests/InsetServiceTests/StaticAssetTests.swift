import InsetServiceTestSupport
import Testing

@testable import InsetService

@Suite("Static files the application is given")
struct StaticAssetTests {
    static let note = StaticAsset(
        path: "/note.txt", contentType: "text/plain; charset=utf-8", bytes: Array("hello\n".utf8),
        extraHeaders: [("X-First", "1"), ("X-Second", "2")])

    @Test func eachIsServedAtItsPathWithItsTypeBytesAndHeaders() throws {
        let app = makeApp(token: "s3cret", files: StaticFiles(assets: [Self.note]))
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

    /// A folder's files answer at one route, each by its name, like a file at a literal path; a name the folder
    /// lacks is the 404 of any unknown path.
    @Test func aFoldersFilesShareOneRoute() throws {
        let hello = StaticAsset(path: "/notes/hello.txt", contentType: "text/plain; charset=utf-8", bytes: [104, 105])
        let bye = StaticAsset(path: "/notes/bye.txt", contentType: "text/plain; charset=utf-8", bytes: [98, 121, 101])
        let app = makeApp(
            token: "s3cret", files: StaticFiles(folders: [StaticFolder(path: "/notes/", files: [hello, bye])]))
        #expect(app.call("GET", "/notes/hello.txt").text == "hi")
        let bytes = app.call("GET", "/notes/bye.txt")
        #expect(bytes.text == "bye")
        #expect(bytes.headers["ETag"] == "\"\(StaticAsset.hexDigest(Array("bye".utf8)))\"")
        let tag = try #require(bytes.headers["ETag"])
        #expect(app.call("GET", "/notes/bye.txt", headers: [("If-None-Match", tag)]).status == 304)
        #expect(app.call("GET", "/notes/other.txt").status == 404)
        #expect(app.call("GET", "/notes/").status == 404)
        #expect(app.router.patterns.filter { $0.hasPrefix("/notes/") } == ["/notes/{file}"])
    }

    /// A redirect answers `GET` and `HEAD` at its path with 308 and `Location`, needing no token.
    @Test func aRedirectAnswers308WithItsLocation() {
        let app = makeApp(
            token: "s3cret", files: StaticFiles(redirects: [StaticRedirect(path: "/old", location: "/new/place")]))
        for method in ["GET", "HEAD"] {
            let answer = app.call(method, "/old")
            #expect(answer.status == 308)
            #expect(answer.headers["Location"] == "/new/place")
            #expect(answer.body.isEmpty)
        }
        #expect(app.call("POST", "/old", json: "{}").status == 405)
        #expect(app.router.patterns.contains("/old"))
    }

    @Test(arguments: [
        "/", "/playground/", "/playground/index.html", "/playground/main.js", "/playground.css", "/playground.js",
        "/client.js", "/client.d.ts", "/note.txt",
    ])
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
