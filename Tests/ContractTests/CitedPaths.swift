/// A repository path a document cites, relative to the repository's top folder.
struct Citation: Equatable, CustomStringConvertible {
    /// The path, `..` and `.` resolved; a folder may end with `/`.
    var path: String
    /// Nil for a path to check; otherwise what makes it a pattern rather than a file: a glob (`*`), a placeholder
    /// (`{id}`, `<name>`), an ellipsis (`…`, `...`).
    var pattern: String?

    var description: String { pattern.map { "\(path) (\($0))" } ?? path }

    /// The folder before the first pattern character: what a pattern's files have in common, which must exist.
    var fixedFolder: String {
        guard let pattern, let first = path.range(of: pattern) else { return path }
        let fixed = path[..<first.lowerBound]
        return fixed.lastIndex(of: "/").map { String(fixed[...$0]) } ?? ""
    }
}

/// The repository paths a Markdown document cites: in code (inline spans and fenced blocks), each word that begins
/// with one of the repository's top folders (`scripts/test`, `bench/run` in `BENCH_ROUNDS=3 bench/run`); and the
/// target of every relative link, resolved against the document's folder. Words in prose, anchors within the
/// document and links with a scheme are not paths.
enum CitedPaths {
    /// The top folders whose paths documents cite in code.
    static let folders = [
        "Sources/", "Tests/", "scripts/", "bench/", "docs/", "IntegrationTests/", "deploy/", "fuzz/",
    ]

    /// What marks a pattern, in the order they are looked for.
    static let patternMarks = ["...", "…", "*", "?", "{", "}", "<", ">", "[", "]", "$"]

    /// The paths `markdown`, the document at `document` (relative to the top folder), cites: those in code, then
    /// those linked, each in the document's order.
    static func citations(in markdown: String, at document: String) -> [Citation] {
        var prose: [Substring] = []
        var code: [Substring] = []
        var fence: Substring?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil } else { code.append(line) }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
            } else {
                prose.append(line)
            }
        }
        let text = prose.joined(separator: "\n")
        code += text.matches(of: /`([^`]+)`/).map(\.output.1)
        let documentFolder = document.split(separator: "/").dropLast().joined(separator: "/")
        var citations: [Citation] = []
        for match in text.matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/) {
            if let path = linked(String(match.output.1), from: documentFolder) { citations.append(cite(path)) }
        }
        let fromCode = code.flatMap { $0.split(whereSeparator: \.isWhitespace) }.compactMap(word)
        return fromCode.map(cite) + citations
    }

    /// A word of code that names a path: stripped of the punctuation around it and of a leading `./`.
    static func word(_ word: Substring) -> String? {
        var word = word.drop { "([\"'".contains($0) }
        while let last = word.last, ")]\"',;:.".contains(last), !word.hasSuffix("...") { word = word.dropLast() }
        if word.hasPrefix("./") { word = word.dropFirst(2) }
        return folders.contains { word.hasPrefix($0) } ? String(word) : nil
    }

    /// The path a link's target names, or nil for an anchor in the same document or a link with a scheme.
    static func linked(_ target: String, from folder: String) -> String? {
        let path = target.prefix { $0 != "#" && $0 != "?" }
        guard !path.isEmpty, !path.hasPrefix("/"), path.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) == nil else {
            return nil
        }
        var parts = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { parts.append("..") }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/") + (path.hasSuffix("/") ? "/" : "")
    }

    static func cite(_ path: String) -> Citation {
        Citation(path: path, pattern: patternMarks.first { path.contains($0) })
    }
}
