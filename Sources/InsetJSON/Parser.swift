/// The parser's cursor over the input and the stack that replaces recursion.
///
/// Containers are parsed with an explicit stack rather than recursive calls, so a million `[` cost
/// one depth check, never a million stack frames. Every read is preceded by a bounds check on
/// `index`: the input is untrusted and may end anywhere.
struct Parser {
    /// An array or object whose members are still being read; it collects them in place, so closing
    /// it hands its storage to the value without copying.
    struct Frame {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        /// The key read before the value now being parsed.
        var pendingKey = ""
        /// Keys seen so far, built only once an object grows past `linearKeyLimit`, so that a hostile
        /// object with a million keys costs linear rather than quadratic time to check for duplicates.
        var seenKeys: Set<ScalarKey>?

        init(isObject: Bool) {
            self.isObject = isObject
            // Request objects mostly hold two to four members (sizes, rects, insets): one allocation
            // of four beats growing through 1, 2, 4, yet keeps `[[1],[1],…]` from inflating memory
            // much more than growth would.
            if isObject { members.reserveCapacity(4) } else { elements.reserveCapacity(4) }
        }
    }

    /// Below this many keys a linear scan for duplicates beats hashing.
    static let linearKeyLimit = 16

    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var frames: [Frame] = []

    /// `nesting: false` for a reader that never builds containers (`JSONCursor`): no frame stack is allocated.
    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int, nesting: Bool = true) {
        self.input = input
        self.maxDepth = maxDepth
        if nesting { frames.reserveCapacity(16) }
    }

    func failure(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, message: message)
    }

    /// The error for a missing byte: end of input if it ran out, otherwise the unexpected byte named.
    func unexpected(expecting expectation: String? = nil) -> JSONParseError {
        guard index < input.count else {
            return failure("unexpected end of input", at: index)
        }
        let found = "unexpected " + ASCII.describe(input[index])
        return failure(expectation.map { found + ", expected " + $0 } ?? found, at: index)
    }

    @inline(__always)
    mutating func skipSpace() {
        while index < input.count {
            switch input[index] {
            case ASCII.space, ASCII.lineFeed, ASCII.carriageReturn, ASCII.tab: index += 1
            default: return
            }
        }
    }

    /// The byte at the cursor, or nil at the end of input.
    @inline(__always)
    func peek() -> UInt8? {
        index < input.count ? input[index] : nil
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipSpace()
        let value = try parseTree()
        skipSpace()
        guard index == input.count else {
            throw failure("unexpected data after the JSON value", at: index)
        }
        return value
    }

    /// Parses one value at the cursor, with everything nested in it.
    ///
    /// The outer loop starts a value; the inner loop hands each finished value to its enclosing
    /// container and closes every container that ends right after it.
    mutating func parseTree() throws(JSONParseError) -> JSONValue {
        startValue: while true {
            var value: JSONValue
            guard let byte = peek() else { throw unexpected() }
            switch byte {
            case ASCII.openBracket:
                try checkDepth()
                index += 1
                skipSpace()
                if peek() == ASCII.closeBracket {
                    index += 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false))
                    continue startValue
                }
            case ASCII.openBrace:
                try checkDepth()
                index += 1
                skipSpace()
                if peek() == ASCII.closeBrace {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(Frame(isObject: true))
                    try parseKey()
                    continue startValue
                }
            default:
                value = try parseScalar(byte)
            }

            while let top = frames.indices.last {
                let isObject = frames[top].isObject
                if isObject {
                    let key = frames[top].pendingKey
                    frames[top].members.append((key: key, value: value))
                } else {
                    frames[top].elements.append(value)
                }
                skipSpace()
                guard let next = peek() else { throw unexpected() }
                if next == ASCII.comma {
                    let commaOffset = index
                    index += 1
                    skipSpace()
                    if peek() == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                        throw failure("trailing comma", at: commaOffset)
                    }
                    if isObject { try parseKey() }
                    continue startValue
                }
                guard next == (isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    throw unexpected(expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                index += 1
                let frame = frames.removeLast()
                value = isObject ? .object(JSONObject(frame.members)) : .array(frame.elements)
            }
            return value
        }
    }

    /// Refuses to open one more container once `maxDepth` are open, before anything is pushed.
    func checkDepth() throws(JSONParseError) {
        guard frames.count < maxDepth else {
            throw failure("nesting deeper than \(maxDepth) levels", at: index)
        }
    }

    mutating func parseScalar(_ byte: UInt8) throws(JSONParseError) -> JSONValue {
        switch byte {
        case ASCII.quote: return .string(try parseString())
        case ASCII.minus, ASCII.zero...ASCII.nine: return .number(try parseNumber())
        case ASCII.lowerT:
            try expectLiteral("true")
            return .bool(true)
        case ASCII.lowerF:
            try expectLiteral("false")
            return .bool(false)
        case ASCII.lowerN:
            try expectLiteral("null")
            return .null
        default: throw unexpected()
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        for offset in 0..<literal.utf8CodeUnitCount {
            guard index < input.count else { throw failure("unexpected end of input", at: index) }
            guard input[index] == literal.utf8Start[offset] else {
                throw failure("invalid literal, expected \(literal)", at: start)
            }
            index += 1
        }
    }
}
