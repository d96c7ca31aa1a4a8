/// Why a document was rejected, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset where the problem was found.
    public var offset: Int
    /// A short, human description, fit to show a client in a 400 response.
    public var message: String

    /// Creates an error; the parser is the usual source, tests and callers may build expected ones.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `"<message> at byte <offset>"`.
    public var description: String {
        "\(message) at byte \(offset)"
    }
}
