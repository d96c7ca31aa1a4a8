import InsetServiceTestSupport
import Testing

@testable import InsetService

/// The media type a playground file is served with, by its name's ending.
func playgroundMediaType(_ name: String) -> String {
    if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".d.ts") { return "application/typescript; charset=utf-8" }
    return "text/javascript; charset=utf-8"
}

/// Every static file, its media type and the repository file it must serve byte for byte: each file of the folder
/// `Resources/playground` at `/playground/` and its name, then `/client.js` and `/client.d.ts`.
let staticAssets: [(path: String, contentType: String, file: String)] =
    ((try? playgroundFolderOnDisk()) ?? []).map { ("/playground/\($0)", playgroundMediaType($0), "playground/\($0)") }
    + ["client.js", "client.d.ts"].map { ("/\($0)", playgroundMediaType($0), $0) }

@Suite("GET /playground/{file}, /client.js and /client.d.ts")
struct PlaygroundRouteTests {
    /// The folder as the repository has it is what is served: a module added to the folder but not to
    /// `Package.swift` and `Playground.files`, or listed but gone, fails here.
    @Test func theFolderOnDiskIsServedWhole() throws {
        let folder = try playgroundFolderOnDisk()
        #expect(folder.contains("index.html") && folder.contains("playground.css") && folder.contains("main.js"))
        #expect(folder.filter { $0.hasSuffix(".js") }.count >= 10)
        let served = try #require(playgroundFiles.folders.first)
        #expect(playgroundFiles.folders.count == 1 && served.path == "/playground/")
        #expect(served.files.keys.sorted() == folder)
        #expect(staticAssets.count == folder.count + 2)
    }

    @Test(arguments: staticAssets)
    func servesTheEmbeddedFile(path: String, contentType: String, file: String) throws {
        let answer = makeApp(files: playgroundFiles).call("GET", path)
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
        let app = makeApp(token: "s3cret", files: playgroundFiles)
        #expect(app.call("GET", path).status == 200)
        #expect(app.call("GET", path, headers: [("Authorization", "Bearer nope")]).status == 200)
        #expect(app.call("HEAD", path).status == 200)
    }

    @Test(arguments: staticAssets)
    func headAnswersLikeGet(path: String, contentType: String, file: String) {
        let app = makeApp(files: playgroundFiles)
        let get = app.call("GET", path)
        let head = app.call("HEAD", path)
        #expect(head.status == 200)
        #expect(head.headers["Content-Type"] == contentType)
        #expect(head.headers["ETag"] == get.headers["ETag"])
    }

    @Test func theEntityTagIsTheBytesDigest() throws {
        let app = makeApp(files: playgroundFiles)
        var tags = Set<String>()
        for asset in staticAssets {
            let tag = try #require(app.call("GET", asset.path).headers["ETag"])
            #expect(tag.utf8.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(tag == "\"\(StaticAsset.hexDigest(try resourceOnDisk(asset.file)))\"")
            // Another application (a restart) gives the same tag: the bytes decide it.
            #expect(makeApp(files: playgroundFiles).call("GET", asset.path).headers["ETag"] == tag)
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
        let app = makeApp(files: playgroundFiles)
        // A file at the top and one of the folder's.
        for path in ["/client.js", "/playground/main.js"] {
            let tag = try #require(app.call("GET", path).headers["ETag"])
            let value =
                switch form {
                case "exact": tag
                case "weak": "W/\(tag)"
                case "list": "\"0000000000000000\", \(tag)"
                case "star": "*"
                case "other": "\"0000000000000000\""
                default: String(tag.dropFirst().dropLast())
                }
            let answer = app.call("GET", path, headers: [("If-None-Match", value)])
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
    }

    @Test func onlyGetHeadAndOptions() {
        let app = makeApp(files: playgroundFiles)
        for path in ["/", "/playground/main.js", "/playground/nope.js", "/client.js"] {
            let post = app.call("POST", path, json: "{}")
            #expect(post.status == 405, "POST \(path)")
            #expect(post.headers["Allow"] == "GET, HEAD, OPTIONS")
        }
        #expect(app.call("GET", "/index.html").status == 404)
        #expect(app.call("GET", "/client.js/").status == 404)
    }

    /// A name the folder does not have, or a path deeper than it, is 404 as any unknown path: the same problem,
    /// no `ETag`.
    @Test(arguments: [
        "/playground/nope.js", "/playground/main.js/", "/playground/a/main.js", "/playground/client.js", "/playground/",
    ])
    func anUnknownFileIsNotFound(path: String) {
        let app = makeApp(token: "s3cret", files: playgroundFiles)
        let answer = app.call("GET", path)
        #expect(answer.status == 404)
        #expect(answer.json.string("type") == "/problems/not-found")
        #expect(answer.json.string("type") == app.call("GET", "/no-such-path").json.string("type"))
        #expect(answer.headers["ETag"] == nil)
    }

    /// The paths the playground had before its folder answer 308 with where their file is now, without a token or
    /// with a wrong one; each `Location` is served.
    @Test(arguments: [
        ("/", "/playground/index.html"),
        ("/playground.css", "/playground/playground.css"),
        ("/playground.js", "/playground/main.js"),
    ])
    func anOldPathRedirectsPermanently(path: String, location: String) {
        let app = makeApp(token: "s3cret", files: playgroundFiles)
        for method in ["GET", "HEAD"] {
            for headers: [(String, String)] in [[], [("Authorization", "Bearer wrong")]] {
                let answer = app.call(method, path, headers: headers)
                #expect(answer.status == 308, "\(method) \(path) \(headers)")
                #expect(answer.headers["Location"] == location)
                #expect(answer.body.isEmpty)
            }
        }
        #expect(app.call("GET", location).status == 200)
    }

    @Test func thePageLoadsNothingFromElsewhere() throws {
        let page = app().call("GET", "/playground/index.html")
        #expect(page.headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'; script-src 'self';") == true)
        let html = page.text
        #expect(html.contains(#"<link rel="stylesheet" href="playground.css">"#))
        #expect(html.contains(#"<script type="module" src="main.js"></script>"#))
        for asset in staticAssets {
            let text = app().call("GET", asset.path).text
            #expect(!text.contains("://"), "\(asset.file) names another host")
            #expect(!text.contains("@import"), "\(asset.file) imports a style sheet")
        }
    }

    /// Every module imports only files the service serves, by relative paths that resolve from `/playground/` as a
    /// browser resolves them (`../client.js` is `/client.js`), and the page's `main.js` reaches every module.
    @Test func theModulesImportOnlyServedFiles() throws {
        let app = app()
        var reached: Set<String> = []
        var pending = ["/playground/main.js"]
        while let path = pending.popLast() {
            guard reached.insert(path).inserted, path.hasPrefix("/playground/") else { continue }
            let answer = app.call("GET", path)
            #expect(answer.status == 200, "\(path) is imported but not served")
            for specifier in PlaygroundImports.specifiers(in: answer.text) {
                let target = try #require(PlaygroundImports.resolve(specifier, from: path), "\(path): \(specifier)")
                #expect(app.call("GET", target).headers["Content-Type"] == "text/javascript; charset=utf-8")
                pending.append(target)
            }
        }
        let names = try #require(playgroundFiles.folders.first).files.keys.filter { $0.hasSuffix(".js") }
        let modules = Set(names.map { "/playground/\($0)" })
        #expect(reached.isSuperset(of: modules), "main.js does not reach \(modules.subtracting(reached).sorted())")
        #expect(reached.contains("/client.js"))
    }

    @Test func theImportReaderFindsEachSpecifier() {
        let text = """
            import { a, b } from "./state.js";
            import {
              c,
            } from "../client.js";
            /** @typedef {import("../client.js").Rect} Rect */
            """
        #expect(PlaygroundImports.specifiers(in: text) == ["./state.js", "../client.js"])
        #expect(PlaygroundImports.resolve("./state.js", from: "/playground/main.js") == "/playground/state.js")
        #expect(PlaygroundImports.resolve("../client.js", from: "/playground/main.js") == "/client.js")
        #expect(PlaygroundImports.resolve("/client.js", from: "/playground/main.js") == nil)
        #expect(PlaygroundImports.resolve("../../x.js", from: "/playground/main.js") == nil)
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

    private func app() -> InsetApplication { makeApp(files: playgroundFiles) }
}

/// How the playground's modules name what they import: the static `from "…"` of each `import` statement. JSDoc
/// type imports (`import("../client.js")` in a comment) name no file a browser loads, and are not read.
enum PlaygroundImports {
    /// The specifiers of `text`'s `import … from "…"` statements, in order.
    static func specifiers(in text: String) -> [String] {
        text.matches(of: /\bfrom\s+"([^"]+)";/).map { String($0.output.1) }
    }

    /// The path a browser loads for `specifier` imported by the module at `path`: relative specifiers only (`./`,
    /// `../`), resolved by URL rules; nil for a bare or absolute one, or one above the root.
    static func resolve(_ specifier: String, from path: String) -> String? {
        guard specifier.hasPrefix("./") || specifier.hasPrefix("../") else { return nil }
        var parts = path.split(separator: "/").dropLast().map(String.init)
        for part in specifier.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
