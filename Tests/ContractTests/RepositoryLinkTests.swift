import Foundation
import Testing

/// Nothing in the repository links outside it: docs cite their sources by title and number, so the project's
/// account of the rules stands on its own. A URL is outside when its host has a dot and is neither an address,
/// `localhost` nor a reserved `.example` name; the SVG namespace is a name, not a link.
@Suite struct RepositoryLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scanned = [
        "README.md", "openapi.yaml", "Package.swift", "Dockerfile", "docs", "Sources", "Tests", "scripts", "bench",
        "deploy", "IntegrationTests", "fuzz", ".ci",
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
        var found: [String] = []
        var files = 0
        for entry in Self.scanned {
            let top = Self.root.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: top.path, isDirectory: &isDirectory) else { continue }
            let urls =
                isDirectory.boolValue
                ? (FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil)?.allObjects as? [URL]
                    ?? []) : [top]
            for url in urls where Self.textExtensions.contains(url.pathExtension) {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                files += 1
                let path = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                found += Self.outsideLinks(in: text).map { "\(path): \($0)" }
            }
        }
        #expect(files > 100)
        #expect(found == [])
    }
}
