import InsetJSON

extension RequestBody {
    /// Decodes a body of `kind` into `request`, which must be empty (`RequestBody()`): the fast decoder reads the
    /// usual bodies; the rest are parsed and decoded by the general decoder, which words every problem.
    package static func decode(_ bytes: [UInt8], kind: Kind, into request: inout RequestBody) throws(RequestError) {
        if bytes.withUnsafeBufferPointer({ FastDecoder.decode($0, kind: kind, into: &request) }) { return }
        request = try GeneralDecoder.decode(try parse(bytes), kind: kind)
    }

    /// The JSON value in `bytes`, or where and why it is not JSON.
    package static func parse(_ bytes: [UInt8]) throws(RequestError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw .malformedJSON("Byte \(error.offset): \(error.message).")
        }
    }

    /// The body of `kind` in `bytes`.
    package static func decode(_ bytes: [UInt8], kind: Kind) throws(RequestError) -> RequestBody {
        var request = RequestBody()
        try decode(bytes, kind: kind, into: &request)
        return request
    }
}
