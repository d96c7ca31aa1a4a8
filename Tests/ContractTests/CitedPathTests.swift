import Foundation
import InsetServiceTestSupport
import Testing

/// Every repository path that README.md, CONTRIBUTING.md and `docs/*.md` cite exists: a file moved or renamed takes
/// its citations with it. Patterns (globs, placeholders, ellipses) name no one file; the folder they start from
/// must exist.
@Suite struct CitedPathTests {
    /// The documents read: README.md and CONTRIBUTING.md at the top, and every Markdown file of `docs/`.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Repository.url("docs").path)
        return ["README.md", "CONTRIBUTING.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The front door, the contributor guide and the reference README sends readers to are all read.
    @Test func theDocumentsIncludeTheGuideAndTheReference() throws {
        let documents = try Self.documents()
        for document in ["README.md", "CONTRIBUTING.md", "docs/reference.md"] {
            #expect(documents.contains(document), "\(document) is not read")
        }
    }

    @Test(arguments: [
        // (the document, a line of it, the citations found)
        ("README.md", "`scripts/test` runs everything", ["scripts/test"]),
        (
            "README.md", "`bench/instructions cycle-redis` and `BENCH_ROUNDS=3 bench/run`",
            ["bench/instructions", "bench/run"]
        ),
        ("README.md", "(`scripts/run --help`)", ["scripts/run"]),
        (
            "CONTRIBUTING.md", "`Sources/InsetSchema/RequestSchema.swift`: its JSON name",
            [
                "Sources/InsetSchema/RequestSchema.swift"
            ]
        ),
        ("CONTRIBUTING.md", "the layout: `deploy/` and `./fuzz/README.md`.", ["deploy/", "fuzz/README.md"]),
        (
            "README.md", "[the contract](openapi.yaml) and [a folder](deploy/README.md#two-replicas)",
            [
                "openapi.yaml", "deploy/README.md",
            ]
        ),
        (
            "docs/performance.md", "[tables](../bench/results.md) and [rules](keyboard-avoidance.md#sessions)",
            [
                "bench/results.md", "docs/keyboard-avoidance.md",
            ]
        ),
        (
            "docs/reference.md", "[first request](../README.md#a-first-request), [`deploy/`](../deploy/README.md)",
            [
                "deploy/", "README.md", "deploy/README.md",
            ]
        ),
        ("docs/playground.md", "![the phone](playground.png \"a title\")", ["docs/playground.png"]),
        (
            "docs/reliability.md", "```sh\nscripts/sanitize thread --filter 'Tests'   # (scripts/fuzz 60)\n```",
            [
                "scripts/sanitize", "scripts/fuzz",
            ]
        ),
        // Not paths: prose, routes, anchors, links with a scheme, words that only contain a folder's name.
        ("README.md", "Sources/InsetCore/ in prose, `GET /sessions/{id}`, `redis+unix:///run/docs/r.sock`", []),
        ("README.md", "[see](#sources), [mail](mailto:someone@app.example), `IntegrationTests` alone", []),
        ("CONTRIBUTING.md", "a folder per target ([Development](#development)), `CONTRIBUTING.md` alone", []),
        ("docs/examples.md", "`curl http://127.0.0.1:8080/docs/x` and `xdocs/y`", []),
    ])
    func theExtractorFindsCitedPaths(document: String, markdown: String, paths: [String]) {
        let found = CitedPaths.citations(in: markdown, at: document)
        #expect(found.map(\.path) == paths)
        #expect(found.allSatisfy { $0.pattern == nil })
    }

    @Test(arguments: [
        ("`Tests/*/FuzzRegressionTests.swift`", "Tests/*/FuzzRegressionTests.swift", "*", "Tests/"),
        ("`docs/{name}.md`", "docs/{name}.md", "{", "docs/"),
        ("`Sources/…/Limits.swift`", "Sources/…/Limits.swift", "…", "Sources/"),
        ("`bench/.../results.md`", "bench/.../results.md", "...", "bench/"),
        ("`scripts/check-<kind>`", "scripts/check-<kind>", "<", "scripts/"),
        ("`bench/$SCENARIO.lua`", "bench/$SCENARIO.lua", "$", "bench/"),
        ("[x](../Tests/*/X.swift)", "Tests/*/X.swift", "*", "Tests/"),
    ])
    func patternsAreToldApartAndKeepTheirFixedFolder(markdown: String, path: String, mark: String, folder: String) {
        let found = CitedPaths.citations(in: markdown, at: "docs/reliability.md")
        #expect(found == [Citation(path: path, pattern: mark)])
        #expect(found.first?.fixedFolder == folder)
    }

    @Test func everyCitedPathExists() throws {
        var missing: [String] = []
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: Repository.url(document), encoding: .utf8)
            for citation in CitedPaths.citations(in: text, at: document) {
                let path = citation.pattern == nil ? citation.path : citation.fixedFolder
                checked += 1
                if !FileManager.default.fileExists(atPath: Repository.url(path).path) {
                    missing.append("\(document): \(citation)")
                }
            }
        }
        #expect(checked > 100, "only \(checked) citations found: the extractor misses them")
        #expect(missing == [])
    }

    /// Every Python test the documents cite as `file.py::test_name` is defined in a file of that name under
    /// `IntegrationTests/`: a test removed or renamed takes its citations with it (docs/reliability.md cites the
    /// black-box tests that showed a defect and its fix).
    @Test func everyCitedPythonTestExists() throws {
        let root = Repository.url("IntegrationTests")
        let files =
            (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            ?? []
        var missing: [String] = []
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: Repository.url(document), encoding: .utf8)
            for match in text.matches(of: /([A-Za-z0-9_]+\.py)::(test_[A-Za-z0-9_]+)/) {
                checked += 1
                let (file, test) = (String(match.output.1), String(match.output.2))
                let defined = try files.filter { $0.lastPathComponent == file }.contains { url in
                    try String(contentsOf: url, encoding: .utf8).contains("def \(test)(")
                }
                if !defined { missing.append("\(document): \(file)::\(test)") }
            }
        }
        #expect(checked >= 5, "only \(checked) cited Python tests found")
        #expect(missing == [])
    }
}
