/// `Authorization: Bearer <token>` (RFC 9110 §11.6.2, RFC 6750 §2.1) held to the token the service was given.
enum BearerAuthorization {
    /// Whether the field value `header` presents `token`: the scheme `Bearer` in any case, one or more spaces, then
    /// exactly the token's bytes. The spaces and tabs around the whole value are not part of it (RFC 9110 §5.5):
    /// libmicrohttpd drops those before it and passes those after it on, and a client or proxy may send either. A
    /// value that presents no token at all (`Bearer` and whitespace) is refused whatever the token is.
    static func accepts(_ header: String?, token: [UInt8]) -> Bool {
        guard let header else { return false }
        let value = Array(header.utf8)
        var start = value.startIndex
        var end = value.endIndex
        while start < end, isOptionalWhitespace(value[start]) { start += 1 }
        while end > start, isOptionalWhitespace(value[end - 1]) { end -= 1 }
        let scheme = "bearer".utf8
        guard end - start > scheme.count, value[start + scheme.count] == space else { return false }
        // The scheme is case-insensitive (RFC 9110 §11.1); every byte of it is a letter, which `| 0x20` lowers.
        for (offset, letter) in scheme.enumerated() where value[start + offset] | 0x20 != letter { return false }
        var tokenStart = start + scheme.count
        while tokenStart < end, value[tokenStart] == space { tokenStart += 1 }
        guard tokenStart < end else { return false }
        return constantTimeEquals(Array(value[tokenStart..<end]), token)
    }

    private static let space = UInt8(ascii: " ")

    /// RFC 9110's OWS: a space or a horizontal tab.
    private static func isOptionalWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == UInt8(ascii: "\t")
    }
}

/// Compares without stopping at the first difference, so timing reveals nothing about the token.
func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<max(a.count, b.count) {
        let x = index < a.count ? a[index] : 0
        let y = index < b.count ? b[index] : 0
        difference |= x ^ y
    }
    return difference == 0
}
