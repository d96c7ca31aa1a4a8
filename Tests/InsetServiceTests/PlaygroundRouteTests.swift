import InsetServiceTestSupport
import Testing

@testable import InsetService

/// The static routes, their media types and the repository files they must serve byte for byte.
let staticAssets: [(path: String, contentType: String, file: String)] = [
    ("/", "text/html; charset=utf-8", "playground.html"),
    ("/playground.css", "text/css; charset=utf-8", "playground.css"),
    ("/playground.js", "text/javascript; charset=utf-8", "playground.js"),
    ("/client.js", "text/javascript; charset=utf-8", "client.js"),
    ("/client.d.ts", "application/typescript; charset=utf-8", "client.d.ts"),
]

@Suite("GET /, /playground.css, /playground.js, /client.js and /client.d.ts")
struct PlaygroundRouteTests {
    @Test(arguments: staticAssets)
    func servesTheEmbeddedFile(path: String, contentType: String, file: String) throws {
        let answer = makeApp(assets: playgroundAssets).call("GET", path)
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == contentType)
        #expect(answer.headers["Cache-Control"] == "no-cache")
        #expect(answer.headers["X-Content-Type-Options"] == "nosniff")
        let onDisk = try resourceOnDisk(file)
        #expect(!answer.body.isEmpty)
        let identical = answer.body == onDisk
        #expect(identical, "\(path) serves \(answer.body.count) bytes; \(file) has \(onDisk.count)")
    }

    @Test(arguments: staticAssets)
    func isPublicEvenWithAToken(path: String, contentType: String, file: String) {
        let app = makeApp(token: "s3cret", assets: playgroundAssets)
        #expect(app.call("GET", path).status == 200)
        #expect(app.call("GET", path, headers: [("Authorization", "Bearer nope")]).status == 200)
        #expect(app.call("HEAD", path).status == 200)
        // What the page calls stays guarded.
        #expect(app.call("POST", "/sessions", json: Phone.sessionBody).status == 401)
    }

    @Test(arguments: staticAssets)
    func headAnswersLikeGet(path: String, contentType: String, file: String) {
        let app = makeApp(assets: playgroundAssets)
        let get = app.call("GET", path)
        let head = app.call("HEAD", path)
        #expect(head.status == 200)
        #expect(head.headers["Content-Type"] == contentType)
        #expect(head.headers["ETag"] == get.headers["ETag"])
    }

    @Test func theEntityTagIsTheBytesDigest() throws {
        let app = makeApp(assets: playgroundAssets)
        var tags = Set<String>()
        for asset in staticAssets {
            let tag = try #require(app.call("GET", asset.path).headers["ETag"])
            #expect(tag.utf8.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(tag == "\"\(StaticAsset.hexDigest(try resourceOnDisk(asset.file)))\"")
            // Another application (a restart) gives the same tag: the bytes decide it.
            #expect(makeApp(assets: playgroundAssets).call("GET", asset.path).headers["ETag"] == tag)
            tags.insert(tag)
        }
        #expect(tags.count == staticAssets.count)
        // FNV-1a 64 reference values.
        #expect(StaticAsset.hexDigest([]) == "cbf29ce484222325")
        #expect(StaticAsset.hexDigest(Array("a".utf8)) == "af63dc4c8601ec8c")
    }

    @Test(arguments: [
        ("exact", true), ("weak", true), ("list", true), ("star", true), ("other", false), ("unquoted", false),
    ])
    func ifNoneMatchAnswers304WhenTheCopyIsCurrent(form: String, matches: Bool) throws {
        let app = makeApp(assets: playgroundAssets)
        let tag = try #require(app.call("GET", "/client.js").headers["ETag"])
        let value =
            switch form {
            case "exact": tag
            case "weak": "W/\(tag)"
            case "list": "\"0000000000000000\", \(tag)"
            case "star": "*"
            case "other": "\"0000000000000000\""
            default: String(tag.dropFirst().dropLast())
            }
        let answer = app.call("GET", "/client.js", headers: [("If-None-Match", value)])
        if matches {
            #expect(answer.status == 304)
            #expect(answer.body.isEmpty)
            #expect(answer.headers["ETag"] == tag)
            #expect(answer.headers["Cache-Control"] == "no-cache")
            #expect(answer.headers["Content-Type"] == nil)
        } else {
            #expect(answer.status == 200)
            #expect(!answer.body.isEmpty)
        }
    }

    @Test func onlyGetHeadAndOptions() {
        let app = makeApp(assets: playgroundAssets)
        let post = app.call("POST", "/", json: "{}")
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET, HEAD, OPTIONS")
        #expect(app.call("GET", "/index.html").status == 404)
        #expect(app.call("GET", "/client.js/").status == 404)
    }

    @Test func thePageLoadsNothingFromElsewhere() throws {
        let page = app().call("GET", "/")
        #expect(page.headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'; script-src 'self';") == true)
        let html = page.text
        #expect(html.contains(#"<link rel="stylesheet" href="playground.css">"#))
        #expect(html.contains(#"<script type="module" src="playground.js"></script>"#))
        let script = app().call("GET", "/playground.js").text
        #expect(script.contains(#"from "./client.js";"#))
        for asset in staticAssets {
            let text = app().call("GET", asset.path).text
            #expect(!text.contains("://"), "\(asset.file) names another host")
            #expect(!text.contains("@import"), "\(asset.file) imports a style sheet")
        }
    }

    @Test func theClientDependsOnNothing() {
        let text = app().call("GET", "/client.js").text
        #expect(!text.contains("://"), "client.js names another host")
        let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains("import(") }
        #expect(imports.isEmpty, "client.js imports \(imports)")
    }

    @Test func theClientExportsWhatTheReadmeShows() {
        let client = app().call("GET", "/client.js").text
        for declaration in [
            "export async function createSession(geometry, options = {})",
            "export function show(session, body, options = {})",
            "export function hide(session, body = {}, options = {})",
            "export async function patch(session, body, options = {})",
            "export function applyAnimation(descriptor, elements, options = {})",
            "export function insetAdjustment(result)",
        ] {
            #expect(client.contains(declaration), "client.js lacks \(declaration)")
        }
    }

    private func app() -> InsetApplication { makeApp(assets: playgroundAssets) }
}
