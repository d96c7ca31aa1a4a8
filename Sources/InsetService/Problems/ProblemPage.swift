/// The page `GET /problems/{slug}` serves for a problem type: a short HTML document, made from the type's entry
/// in `ProblemType.all` and nothing else, that says what the problem means, how it is answered, and lists every
/// other type. A browser shows it as it is; no script, no file from elsewhere.
enum ProblemPage {
    /// The page of `kind`, as UTF-8 bytes.
    static func html(_ kind: ProblemType) -> [UInt8] {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(kind.title)): \(kind.type)</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; max-width: 42em; margin: 2em auto; padding: 0 1em; }
            code { font: 0.9em ui-monospace, monospace; }
            </style>
            </head>
            <body>
            <h1>\(escaped(kind.title))</h1>
            <p>A problem of type <code>\(kind.type)</code>, answered with status \(kind.status) as an RFC 9457 \
            <code>application/problem+json</code> object.</p>
            <p>\(prose(kind.about))</p>
            <p>Each answer of this type has the same <code>type</code>, <code>title</code> and <code>status</code>; \
            its <code>detail</code> says what went wrong that time. The service's contract, \
            <a href="/openapi.yaml">openapi.yaml</a>, says which operations answer it.</p>
            <h2>Every problem type</h2>
            <ul>

            """
        for other in ProblemType.all {
            page += "<li><a href=\"\(other.type)\"><code>\(other.slug)</code></a> (\(other.status)): "
            page += escaped(other.title) + "</li>\n"
        }
        page += "</ul>\n</body>\n</html>\n"
        return Array(page.utf8)
    }

    /// `text` with `&`, `<`, `>` and `"` written as HTML's entities.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` escaped, each span between backquotes set as code.
    static func prose(_ text: String) -> String {
        escaped(text).split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(part)</code>" : String(part)
        }.joined()
    }
}
