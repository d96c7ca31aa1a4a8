/// Strict RFC 8259 parsing of one JSON text from raw UTF-8 bytes.
public enum JSONParser {
    /// The nesting a request may use unless the caller says otherwise: far more than any real
    /// payload needs, few enough that a hostile one cannot make the value tree costly to walk.
    public static let defaultMaxDepth = 64

    /// Parses exactly one JSON value, optionally surrounded by whitespace.
    ///
    /// - Parameter maxDepth: arrays and objects nested deeper than this are rejected before they are
    ///   entered. Parsing itself uses no recursion, so any limit is safe for the parser; the limit
    ///   protects what later walks the tree recursively (equality, writing, deallocation), which takes
    ///   stack for every level, so keep it in the hundreds at most.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        try bytes.withMemoryRebound(to: UInt8.self) { input throws(JSONParseError) in
            var parser = Parser(input: input, maxDepth: max(0, maxDepth))
            return try parser.parseDocument()
        }
    }

    /// Parses exactly one JSON value, optionally surrounded by whitespace.
    ///
    /// - Parameter maxDepth: arrays and objects nested deeper than this are rejected before they are
    ///   entered.
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        // Array.withUnsafeBytes only rethrows untyped errors; a Result carries the typed one across.
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw, maxDepth: maxDepth) }
        }
        return try result.get()
    }
}
