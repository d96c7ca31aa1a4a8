/// A forward-only reader for decoders written against one schema: it walks the common shape of a document
/// without building a tree, and answers nil (or false) wherever the document leaves that shape.
///
/// It never reports errors: a decoder that gets nil gives up and falls back to `JSONParser` and its precise
/// messages. Values it does return are exactly those `JSONParser` would produce, because it reads them with
/// the same number and string code; what it cannot check itself (a repeated key, a missing member) is the
/// decoder's to check.
public struct JSONCursor {
    private var parser: Parser

    /// A cursor at the start of `input`, which must outlive it.
    public init(_ input: UnsafeBufferPointer<UInt8>) {
        parser = Parser(input: input, maxDepth: JSONParser.defaultMaxDepth, nesting: false)
    }

    /// One step through an object's members.
    public enum Member {
        /// A member's name, plain ASCII without escapes; the cursor is now before its value.
        case key(UnsafeBufferPointer<UInt8>)
        /// The closing brace, consumed.
        case end
        /// Anything else, including a key with escapes or non-ASCII bytes.
        case unusual
    }

    /// Consumes `{`; false if the next token is something else.
    public mutating func beginObject() -> Bool {
        consume(ASCII.openBrace)
    }

    /// The next member of the object begun last; `first` says whether none has been read yet, so no comma is due.
    public mutating func nextMember(first: Bool) -> Member {
        parser.skipWhitespace()
        if consume(ASCII.closeBrace) { return .end }
        if !first {
            guard consume(ASCII.comma) else { return .unusual }
            parser.skipWhitespace()
        }
        guard parser.peek() == ASCII.quote else { return .unusual }
        let start = parser.index + 1
        var cursor = start
        while cursor < parser.input.count {
            let byte = parser.input[cursor]
            if byte == ASCII.quote { break }
            guard byte >= ASCII.space, byte < 0x80, byte != ASCII.backslash else { return .unusual }
            cursor += 1
        }
        guard cursor < parser.input.count else { return .unusual }
        parser.index = cursor + 1
        guard consume(ASCII.colon) else { return .unusual }
        return .key(UnsafeBufferPointer(rebasing: parser.input[start..<cursor]))
    }

    /// A number value, or nil if the value is not a well-formed number.
    public mutating func number() -> Double? {
        parser.skipWhitespace()
        guard let byte = parser.peek(), byte == ASCII.minus || ASCII.isDigit(byte) else { return nil }
        do {
            return try parser.parseNumber()
        } catch {
            return nil
        }
    }

    /// A `true` or `false` value, or nil if the value is something else.
    public mutating func bool() -> Bool? {
        parser.skipWhitespace()
        do {
            switch parser.peek() {
            case ASCII.lowerT:
                try parser.expectLiteral("true")
                return true
            case ASCII.lowerF:
                try parser.expectLiteral("false")
                return false
            default:
                return nil
            }
        } catch {
            return nil
        }
    }

    /// A string value (escapes decoded), or nil if the value is not a well-formed string.
    public mutating func string() -> String? {
        parser.skipWhitespace()
        guard parser.peek() == ASCII.quote else { return nil }
        do {
            return try parser.parseString()
        } catch {
            return nil
        }
    }

    /// Whether only whitespace is left.
    public mutating func atEnd() -> Bool {
        parser.skipWhitespace()
        return parser.index == parser.input.count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        parser.skipWhitespace()
        guard parser.peek() == byte else { return false }
        parser.index += 1
        return true
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes spell `name`: how a schema decoder matches the keys a `JSONCursor` reads.
    @inline(__always)
    public func spells(_ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for index in 0..<count where self[index] != expected[index] { return false }
        return true
    }
}
