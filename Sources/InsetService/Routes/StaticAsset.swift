import HTTPServer

/// A file embedded in the binary at build time (`.embedInCode`) and served as is: the playground page, its
/// style sheet and script, and the browser client module.
struct StaticAsset: Sendable {
    /// The `Content-Type` it is served with.
    let contentType: String
    /// The file's bytes.
    let bytes: [UInt8]
    /// A strong validator of the bytes, quoted: 64-bit FNV-1a in hex, so a new build with changed files
    /// gets a new tag and an unchanged file keeps its tag across builds and restarts.
    let etag: String
    /// Headers only this asset sends (the page's `Content-Security-Policy`).
    let extraHeaders: [(name: String, value: String)]

    /// Wraps embedded bytes.
    init(contentType: String, bytes: [UInt8], extraHeaders: [(name: String, value: String)] = []) {
        self.contentType = contentType
        self.bytes = bytes
        self.etag = "\"" + Self.hexDigest(bytes) + "\""
        self.extraHeaders = extraHeaders
    }

    /// The page runs only its own script and style sheet and talks only to its own origin: nothing can be
    /// loaded from elsewhere, which also proves it is self-contained.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// `GET /`: the playground page.
    static let playgroundPage = StaticAsset(
        contentType: "text/html; charset=utf-8", bytes: PackageResources.playground_html,
        extraHeaders: [("Content-Security-Policy", pagePolicy)])
    /// `GET /playground.css`: the page's style sheet.
    static let playgroundStyles = StaticAsset(
        contentType: "text/css; charset=utf-8", bytes: PackageResources.playground_css)
    /// `GET /playground.js`: the page's script, an ES module that imports `/client.js`.
    static let playgroundScript = StaticAsset(
        contentType: "text/javascript; charset=utf-8", bytes: PackageResources.playground_js)
    /// `GET /client.js`: the dependency-free ES module for calling the service and replaying its animations.
    static let clientScript = StaticAsset(
        contentType: "text/javascript; charset=utf-8", bytes: PackageResources.client_js)
    /// `GET /client.d.ts`: TypeScript declarations for the whole of `/client.js`.
    static let clientDeclarations = StaticAsset(
        contentType: "application/typescript; charset=utf-8", bytes: PackageResources.client_d_ts)

    /// Whether an `If-None-Match` field value names this asset's current bytes: `*`, or one of its
    /// comma-separated entity tags compared weakly (RFC 9110 §13.1.2), so `W/"…"` matches too.
    func isMatched(byIfNoneMatch value: String) -> Bool {
        value.split(separator: ",").contains { candidate in
            let tag = Substring(candidate.utf8.trimmingBlanks())
            if tag == "*" { return true }
            return (tag.hasPrefix("W/") ? tag.dropFirst(2) : tag) == etag
        }
    }

    /// The answer to a GET (or HEAD): 304 without a body when the client's copy is current, else 200.
    func response(ifNoneMatch: [String]) -> HTTPResponse {
        var headers = HTTPHeaders([("ETag", etag), ("Cache-Control", "no-cache")])
        if ifNoneMatch.contains(where: isMatched(byIfNoneMatch:)) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for field in extraHeaders { headers.add(name: field.name, value: field.value) }
        return HTTPResponse(status: 200, headers: headers, body: bytes)
    }

    /// 64-bit FNV-1a of `bytes`, as 16 lowercase hex digits.
    static func hexDigest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
