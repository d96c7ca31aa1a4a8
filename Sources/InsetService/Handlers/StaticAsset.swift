import HTTPServer

/// A file served as is, public like `/healthz`: at its own literal path, or as one file of a `StaticFolder`. The
/// application serves each one it is given (the executable gives it the playground's) with a strong `ETag`, and
/// answers 304 when the client has them.
public struct StaticAsset: Sendable {
    /// The path it answers `GET` and `HEAD` at, such as `/client.js` or `/playground/main.js`: literal, with no
    /// `{name}` segment.
    public let path: String
    /// The `Content-Type` it is served with.
    public let contentType: String
    /// The file's bytes.
    public let bytes: [UInt8]
    /// A strong validator of the bytes, quoted: 64-bit FNV-1a in hex, so a new build with changed files
    /// gets a new tag and an unchanged file keeps its tag across builds and restarts.
    let etag: String
    /// Headers only this asset sends (a page's `Content-Security-Policy`), after the ones every asset sends.
    public let extraHeaders: [(name: String, value: String)]

    /// Wraps a file's bytes.
    public init(
        path: String, contentType: String, bytes: [UInt8], extraHeaders: [(name: String, value: String)] = []
    ) {
        self.path = path
        self.contentType = contentType
        self.bytes = bytes
        self.etag = "\"" + Self.hexDigest(bytes) + "\""
        self.extraHeaders = extraHeaders
    }

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
