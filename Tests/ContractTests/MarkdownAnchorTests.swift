import Foundation
import InsetServiceTestSupport
import Testing

/// Every link to a heading of a Markdown document (`[x](#anchor)`, `[x](other.md#anchor)`) finds that heading: a
/// heading renamed, or a section moved to another document, takes its links with it. Anchors are made as the
/// common renderers make them: the heading in lower case, without punctuation but `-` and `_`, spaces as `-`,
/// and a repeated heading numbered `-1`, `-2`.
@Suite struct MarkdownAnchorTests {
    /// The documents whose links are followed, and whose headings may be linked to.
    static let scanned = ["README.md", "CONTRIBUTING.md", "docs", "deploy", "fuzz", "bench", "IntegrationTests"]

    /// The anchor a heading's text gets.
    static func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().unicodeScalars.filter { scalar in
            CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" || scalar == " "
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// The anchors of a document's headings, outside fenced code blocks.
    static func anchors(of markdown: String) -> Set<String> {
        var found: Set<String> = []
        var seen: [String: Int] = [:]
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, let match = line.wholeMatch(of: /#{1,6} +(.*?) *#*/) else { continue }
            let text = String(match.output.1).replacingOccurrences(of: "`", with: "")
            let base = anchor(text)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            found.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return found
    }

    /// Each link with an anchor in `markdown`: the linked document (empty for this one) and the anchor.
    static func anchoredLinks(in markdown: String) -> [(target: String, anchor: String)] {
        markdown.matches(of: /\]\(([^)\s#]*)#([^)\s]+)\)/).map { (String($0.output.1), String($0.output.2)) }
    }

    @Test(arguments: [
        ("Beyond insets: what the anchors do", "beyond-insets-what-the-anchors-do"),
        ("`GET /sessions/{id}`, and its answer", "get-sessionsid-and-its-answer"),
        ("Issue 17: Redis without waiting", "issue-17-redis-without-waiting"),
        ("client.js", "clientjs"),
    ])
    func headingsGetTheRenderersAnchors(heading: String, expected: String) {
        #expect(Self.anchor(heading.replacingOccurrences(of: "`", with: "")) == expected)
    }

    @Test func repeatedHeadingsAreNumberedAndFencesAreNoHeadings() {
        let markdown = "# Top\n## Notes\n```sh\n# not a heading\n```\n## Notes\n"
        #expect(Self.anchors(of: markdown) == ["top", "notes", "notes-1"])
    }

    @Test func everyAnchoredLinkFindsItsHeading() throws {
        let files = Repository.textFiles(in: Self.scanned, extensions: ["md"])
        #expect(files.count > 10)
        let byPath = Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        var broken: [String] = []
        var followed = 0
        for file in files {
            let folder = URL(fileURLWithPath: "/" + file.path).deletingLastPathComponent()
            for link in Self.anchoredLinks(in: file.text) {
                let target =
                    link.target.isEmpty
                    ? file.path
                    : String(folder.appendingPathComponent(link.target).standardized.path.dropFirst())
                // Links into other kinds of files (`openapi.yaml#...`) name no heading.
                guard target.hasSuffix(".md") else { continue }
                guard let text = byPath[target] else {
                    broken.append("\(file.path): \(link.target)#\(link.anchor) (no such document)")
                    continue
                }
                followed += 1
                if !Self.anchors(of: text).contains(link.anchor) {
                    broken.append("\(file.path): \(link.target)#\(link.anchor)")
                }
            }
        }
        #expect(followed > 20)
        #expect(broken == [])
    }
}
