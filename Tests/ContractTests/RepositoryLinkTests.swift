import Foundation
import InsetServiceTestSupport
import Testing

/// Nothing in the repository links outside it: docs cite their sources by title and number, so the project's
/// account of the rules stands on its own. A URL is outside when its host has a dot and is neither an address,
/// `localhost` nor a reserved `.example` name; the SVG namespace is a name, not a link.
@Suite struct RepositoryLinkTests {
    static let scanned = [
        "README.md", "CONTRIBUTING.md", "openapi.yaml", "Package.swift", "Dockerfile", "docs", "Sources", "Tests",
        "scripts", "bench", "deploy", "IntegrationTests", "fuzz", ".ci",
    ]
    static let textExtensions: Set<String> = [
        "", "md", "yaml", "yml", "swift", "c", "h", "js", "ts", "html", "css", "py", "lua", "sh", "toml", "txt",
        "conf", "json", "modulemap",
    ]

    static func isOutside(host: Substring, rest: Substring) -> Bool {
        let name = host.split(separator: ":").first.map(String.init) ?? ""
        guard name.contains(".") else { return false }
        if name.allSatisfy({ $0.isNumber || $0 == "." }) || name.hasSuffix(".example") { return false }
        if name == "www.w3.org", rest.hasPrefix("/2000/svg") { return false }
        return true
    }

    static func outsideLinks(in text: String) -> [String] {
        text.matches(of: /https?:\/\/([^\s\/"'<>)\]`\\]+)(\S*)/).compactMap { match in
            isOutside(host: match.output.1, rest: match.output.2) ? String(match.output.0) : nil
        }
    }

    @Test(arguments: [
        // Split, so that this file does not hold the links it tells apart.
        ("see https:" + "//developer.apple.com/documentation/uikit", true),
        ("[x]: http:" + "//github.com/a/b/issues/1", true),
        ("<https:" + "//www.gnu.org/software/libmicrohttpd/>", true),
        ("curl http://127.0.0.1:8080/healthz", false),
        ("open http://localhost:8080/", false),
        ("Origin: https://app.example", false),
        ("listening on http://HOST:PORT", false),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\">", false),
        ("GET http://host/healthz", false),
    ])
    func theRuleTellsLinksFromLocalAddresses(text: String, outside: Bool) {
        #expect(Self.outsideLinks(in: text).isEmpty == !outside)
    }

    @Test func noFileLinksOutsideTheRepository() throws {
        let files = Repository.textFiles(in: Self.scanned, extensions: Self.textExtensions)
        let found = files.flatMap { file in Self.outsideLinks(in: file.text).map { "\(file.path): \($0)" } }
        #expect(files.count > 100)
        // Missing entries are skipped silently, so the documents README sends readers to are named here.
        let paths = Set(files.map { $0.path })
        for document in ["README.md", "CONTRIBUTING.md", "docs/reference.md"] {
            #expect(paths.contains(document), "\(document) was not scanned")
        }
        #expect(found == [])
    }
}
