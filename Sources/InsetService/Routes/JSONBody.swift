import HTTPServer
import InsetJSON

extension InsetApplication {
    /// The request body as JSON, after the size, media-type and syntax checks every JSON route shares.
    func jsonBody(_ request: HTTPRequest) throws(Problem) -> JSONValue {
        if request.bodyTooLarge { throw .bodyTooLarge(limit: configuration.maxBodyBytes) }
        let contentType = request.headers["Content-Type"]
        guard let contentType, Self.isJSON(contentType) else { throw .unsupportedMediaType(contentType) }
        if request.body.isEmpty { throw .malformedJSON("The body is empty; send a JSON object.") }
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw .malformedJSON("Byte \(error.offset): \(error.message).")
        }
    }

    /// `application/json` or any `+json` type (merge-patch included), with or without parameters.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingSpaces().lowercased()
        }
        guard let mediaType else { return false }
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// A `200 application/json` response with the writer's bytes.
    static func json(_ writer: JSONWriter, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: writer.bytes)
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var trimmed = self
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed
    }
}
