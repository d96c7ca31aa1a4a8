/// A forward-only reader for decoders written against one schema: it walks the common shape of a document
/// without building a tree, and answers nil (or false) wherever the document leaves that shape.
///
/// It never reports errors: a decoder that gets nil gives up and falls back to `JSONParser` and its precise
/// messages. Values it does return are exactly those `JSONParser` would produce: plain decimals are read
/// here with the parser's own exact arithmetic, anything else with the parser's number and string code; what
/// it cannot check itself (a repeated key, a missing member) is the decoder's to check.
///
/// The scanning is inlinable because a show body is some fifty tokens, and a call per token costs more than
/// the scanning itself.
public struct JSONCursor {
    @usableFromInline let input: UnsafeBufferPointer<UInt8>
    @usableFromInline var index = 0

    /// A cursor at the start of `input`, which must outlive it.
    @inlinable
    public init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    /// A cursor at `offset` in `input`, which must outlive it.
    @inlinable
    public init(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) {
        self.input = input
        self.index = offset
    }

    /// How many bytes have been consumed.
    @inlinable
    public var offset: Int { index }

    /// Consumes whitespace, so that `offset` is where the next token starts.
    @inlinable @inline(__always)
    public mutating func skipSpace() {
        index = Self.skippingSpace(input, from: index)
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
    @inlinable @inline(__always)
    public mutating func beginObject() -> Bool {
        consume(ASCII.openBrace)
    }

    /// The next member of the object begun last; `first` says whether none has been read yet, so no comma is due.
    @inlinable
    public mutating func nextMember(first: Bool) -> Member {
        // Locals, not the stored properties: the compiler cannot tell that the bytes never alias `index`, so
        // it would reload both on every byte.
        let input = input
        var cursor = Self.skippingSpace(input, from: index)
        guard cursor < input.count else { return .unusual }
        var byte = input[cursor]
        if byte == ASCII.closeBrace {
            index = cursor + 1
            return .end
        }
        if !first {
            guard byte == ASCII.comma else { return .unusual }
            cursor = Self.skippingSpace(input, from: cursor + 1)
            guard cursor < input.count else { return .unusual }
            byte = input[cursor]
        }
        guard byte == ASCII.quote else { return .unusual }
        let start = cursor + 1
        cursor = start
        while cursor < input.count {
            byte = input[cursor]
            if byte == ASCII.quote { break }
            // Control bytes, escapes and non-ASCII keys are the general parser's to judge.
            guard byte >= ASCII.space, byte < 0x80, byte != ASCII.backslash else { return .unusual }
            cursor += 1
        }
        let end = cursor
        cursor = Self.skippingSpace(input, from: end + 1)
        guard cursor < input.count, input[cursor] == ASCII.colon else { return .unusual }
        index = cursor + 1
        return .key(UnsafeBufferPointer(rebasing: input[start..<end]))
    }

    /// Consumes the next member's name if it is exactly `name`, with the comma before it unless `first`, and
    /// the colon after it; false, consuming nothing, otherwise. A decoder that knows the order members usually
    /// come in reads them this way, with no scan for the name's end and no search for whose name it is.
    /// Transparent, so that a literal name's words are constants (docs/performance.md, "Decoding a request").
    @_transparent
    public mutating func expectKey(_ name: StaticString, first: Bool) -> Bool {
        expectKey(JSONKey(name), first: first)
    }

    /// `expectKey` with a name prepared beforehand: compared as one or two words where the bytes allow.
    @inlinable @inline(__always)
    public mutating func expectKey(_ key: JSONKey, first: Bool) -> Bool {
        let input = input
        var cursor = Self.skippingSpace(input, from: index)
        if !first {
            guard cursor < input.count, input[cursor] == ASCII.comma else { return false }
            cursor = Self.skippingSpace(input, from: cursor &+ 1)
        }
        let count = key.count
        guard let base = input.baseAddress, cursor &+ count &+ 2 <= input.count else { return false }
        // Through pointers, so that the comparison does no overflow-checked index arithmetic: the guard bounded it.
        let quote = base + cursor
        guard quote[0] == ASCII.quote, quote[count &+ 1] == ASCII.quote else { return false }
        let actual = UnsafeRawPointer(quote + 1)
        // An eight-byte load from the name's start stays inside the input when nine bytes follow the quote.
        if cursor &+ 9 <= input.count {
            guard actual.loadUnaligned(as: UInt64.self) & key.headMask == key.head else { return false }
            if count > 8 {
                guard actual.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == key.tail,
                    count <= 16 || key.middleMatches(actual)
                else { return false }
            }
        } else if !key.matches(actual) {
            return false
        }
        cursor = Self.skippingSpace(input, from: cursor &+ count &+ 2)
        guard cursor < input.count, input[cursor] == ASCII.colon else { return false }
        index = cursor &+ 1
        return true
    }

    /// Consumes `[`; false if the next token is something else.
    @inlinable
    public mutating func beginArray() -> Bool {
        consume(ASCII.openBracket)
    }

    /// One step through the array begun last: true when an element follows (its comma consumed, unless
    /// `first`), false when the closing bracket was consumed, nil for anything else.
    @inlinable
    public mutating func nextElement(first: Bool) -> Bool? {
        skipSpace()
        guard index < input.count else { return nil }
        if input[index] == ASCII.closeBracket {
            index += 1
            return false
        }
        if !first {
            guard input[index] == ASCII.comma else { return nil }
            index += 1
        }
        return true
    }

    /// Consumes `}`; false if the next token is something else.
    @inlinable @inline(__always)
    public mutating func endObject() -> Bool {
        consume(ASCII.closeBrace)
    }

    /// A number value, or nil if the value is not a well-formed number.
    ///
    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?` with at most 15 digits is read here: its digits make an integer below
    /// 2^53 and its scale is an exact power of ten, so one division rounds once, exactly as the parser's own
    /// fast path computes it. Anything else (an exponent, more digits, a malformed number) goes to the parser.
    /// Always inlined: a schema decoder reads numbers through one method of its own, which takes this in.
    @inlinable @inline(__always)
    public mutating func number() -> Double? {
        let input = input
        let start = Self.skippingSpace(input, from: index)
        index = start
        // With `fastNumberRoom` bytes left, no read below can pass the end: at most a sign, 16 digits, a period
        // and the byte after are read. Closer to the end the bounds are checked at every byte.
        guard let base = input.baseAddress, input.count &- start >= Self.fastNumberRoom else {
            return boundedNumber(from: start)
        }
        var cursor = base + start
        let negative = cursor[0] == ASCII.minus
        if negative { cursor += 1 }
        let first = cursor[0] &- ASCII.zero
        guard first < 10 else { return parsedNumber() }
        cursor += 1
        var mantissa = UInt64(first)
        var digits = 1
        var scale = 0
        if first != 0 {
            while digits < 16, case let digit = cursor[0] &- ASCII.zero, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits &+= 1
                cursor += 1
            }
        }
        if cursor[0] == ASCII.period {
            cursor += 1
            while digits < 16, case let digit = cursor[0] &- ASCII.zero, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits &+= 1
                scale &+= 1
                cursor += 1
            }
            if scale == 0 { return parsedNumber() }
        }
        // A digit after a leading zero, an exponent, or too many digits: the parser decides.
        let next = cursor[0]
        if digits > 15 || ASCII.isDigit(next) || next == ASCII.lowerE || next == ASCII.upperE {
            return parsedNumber()
        }
        index = cursor - base
        return Self.decimal(mantissa, scale: scale, negative: negative)
    }

    /// Bytes `number` needs left at a number's start to read it without bounds checks.
    @inlinable static var fastNumberRoom: Int { 20 }

    /// `mantissa / 10^scale`, negated if `negative`: mantissa below 10^15 and scale at most 15.
    @inlinable @inline(__always)
    static func decimal(_ mantissa: UInt64, scale: Int, negative: Bool) -> Double {
        // Below 10^15 the digits fit an Int64, whose conversion to Double is cheaper than UInt64's, and a
        // whole number needs no division at all.
        var magnitude = Double(Int64(truncatingIfNeeded: mantissa))
        if scale > 0 {
            var divisor = 10.0
            for _ in 1..<scale { divisor *= 10 }
            magnitude /= divisor
        }
        return negative ? -magnitude : magnitude
    }

    /// `number` near the input's end, where every byte's position is checked; the same values.
    @usableFromInline
    mutating func boundedNumber(from start: Int) -> Double? {
        let input = input
        var cursor = start
        let end = input.count
        guard cursor < end else { return nil }
        let negative = input[cursor] == ASCII.minus
        if negative { cursor += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        guard cursor < end, ASCII.isDigit(input[cursor]) else { return parsedNumber() }
        if input[cursor] == ASCII.zero {
            cursor += 1
            digits = 1
        } else {
            while cursor < end, case let digit = input[cursor] &- ASCII.zero, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                cursor += 1
            }
        }
        if cursor < end, input[cursor] == ASCII.period {
            cursor += 1
            while cursor < end, case let digit = input[cursor] &- ASCII.zero, digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                scale += 1
                cursor += 1
            }
            if scale == 0 { return parsedNumber() }
        }
        if digits > 15 { return parsedNumber() }
        if cursor < end {
            let next = input[cursor]
            if ASCII.isDigit(next) || next == ASCII.lowerE || next == ASCII.upperE { return parsedNumber() }
        }
        index = cursor
        return Self.decimal(mantissa, scale: scale, negative: negative)
    }

    /// A `true` or `false` value, or nil if the value is something else. Compared in place: only what follows
    /// the literal tells it from a longer token, and that is the next read's to judge, as it is the parser's.
    @inlinable
    public mutating func bool() -> Bool? {
        skipSpace()
        if holds("true", at: index) {
            index &+= 4
            return true
        }
        if holds("false", at: index) {
            index &+= 5
            return false
        }
        return nil
    }

    /// Whether `literal`'s bytes are the input's at `position`.
    @inlinable @inline(__always)
    func holds(_ literal: StaticString, at position: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position &+ count <= input.count else { return false }
        let bytes = literal.utf8Start
        for offset in 0..<count where input[position &+ offset] != bytes[offset] { return false }
        return true
    }

    /// A string value (escapes decoded), or nil if the value is not a well-formed string.
    public mutating func string() -> String? {
        skipSpace()
        guard index < input.count, input[index] == ASCII.quote else { return nil }
        var parser = Parser(input: input, maxDepth: JSONParser.defaultMaxDepth, nesting: false)
        parser.index = index
        defer { index = parser.index }
        do {
            return try parser.parseString()
        } catch {
            return nil
        }
    }

    /// Whether only whitespace is left.
    @inlinable
    public mutating func atEnd() -> Bool {
        skipSpace()
        return index == input.count
    }

    /// The number at the cursor read by the parser, or nil if it is malformed.
    @usableFromInline
    mutating func parsedNumber() -> Double? {
        var parser = Parser(input: input, maxDepth: JSONParser.defaultMaxDepth, nesting: false)
        parser.index = index
        guard let byte = parser.peek(), byte == ASCII.minus || ASCII.isDigit(byte) else { return nil }
        do {
            let value = try parser.parseNumber()
            index = parser.index
            return value
        } catch {
            return nil
        }
    }

    /// The first position at or after `start` that is not whitespace (`input.count` if none).
    @inlinable @inline(__always)
    static func skippingSpace(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var cursor = start
        while cursor < input.count {
            let byte = input[cursor]
            // One compare settles every token byte; only bytes up to space need the four-way test.
            if byte > ASCII.space { return cursor }
            guard byte == ASCII.space || byte == ASCII.lineFeed || byte == ASCII.carriageReturn || byte == ASCII.tab
            else { return cursor }
            cursor += 1
        }
        return cursor
    }

    @inlinable @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < input.count, input[index] == byte else { return false }
        index += 1
        return true
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes spell `name`: how a schema decoder matches the keys a `JSONCursor` reads.
    @inlinable @inline(__always)
    public func spells(_ name: StaticString) -> Bool {
        guard count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for index in 0..<count where self[index] != expected[index] { return false }
        return true
    }
}
