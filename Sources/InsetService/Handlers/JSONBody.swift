import HTTPServer
import InsetJSON

/// What a JSON request body must be before it is parsed.
enum JSONBody {
    /// The checks before parsing: media type, and a body at all (the transport refused a body over the limit).
    /// `alsoAccepted` names another type the route takes, for the refusal's sentence.
    static func check(_ request: HTTPRequest, alsoAccepted: String? = nil) throws(Problem) {
        let contentType = request.headers["Content-Type"]
        guard let contentType, isJSON(contentType) else {
            throw .unsupportedMediaType(contentType, alsoAccepted: alsoAccepted)
        }
        if request.body.isEmpty { throw .malformedJSON("The body is empty; send a JSON object.") }
    }

    /// `application/json` or any `+json` type (merge-patch included), with or without parameters.
    static func isJSON(_ contentType: String) -> Bool {
        // What nearly every client sends, settled by one comparison.
        if contentType == "application/json" { return true }
        // Over the bytes: splitting and lowercasing would allocate.
        var utf8 = contentType.utf8[...]
        if let semicolon = utf8.firstIndex(of: UInt8(ascii: ";")) { utf8 = utf8[..<semicolon] }
        utf8 = utf8.trimmingBlanks()
        let type = "application/".utf8
        let suffix = "json".utf8
        guard utf8.count >= type.count + suffix.count, utf8.prefix(type.count).elementsEqual(type, by: sameLetter)
        else { return false }
        let subtype = utf8.dropFirst(type.count)
        guard subtype.suffix(suffix.count).elementsEqual(suffix, by: sameLetter) else { return false }
        return subtype.count == suffix.count
            || subtype[subtype.index(subtype.endIndex, offsetBy: -5)] == UInt8(ascii: "+")
    }

    /// ASCII case-insensitive byte equality; `expected` is lowercase.
    private static func sameLetter(_ byte: UInt8, _ expected: UInt8) -> Bool {
        byte == expected || (byte >= 0x41 && byte <= 0x5A && byte + 0x20 == expected)
    }

}

extension HTTPResponse {
    /// A `200 application/json` response with the writer's bytes.
    static func json(_ writer: consuming JSONWriter, status: Int = 200) -> HTTPResponse {
        // The type and the request id `respond` adds are held inline: no allocation unless CORS headers follow.
        // Added to the response's own headers: a local set of them was copied into the response and destroyed.
        let (buffer, count) = writer.takeBuffer()
        var response = HTTPResponse(status: status, adopting: buffer, count: count, deallocator: SpareBlock.release)
        response.headers.add(name: "Content-Type", value: "application/json")
        return response
    }

    /// A `200 application/json` response with a text written before, its buffer adopted as the writer's is.
    @inline(__always)
    static func json(_ text: WrittenJSON, status: Int = 200) -> HTTPResponse {
        // The text's own object holds the buffer until the transport takes it: no second object is made for it.
        var response = HTTPResponse(status: status, owner: text)
        response.headers.add(name: "Content-Type", value: "application/json")
        return response
    }
}

/// A session change's text, handed to the transport by the object that holds it.
extension WrittenJSON: BodyOwner {
    /// Thread-spare blocks go back where the writer took them from.
    @usableFromInline package var deallocator: BodyDeallocator { SpareBlock.release }
}
