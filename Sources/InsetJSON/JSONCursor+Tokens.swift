// The spellings writers use, read with no scan: a member's comma, its quoted name and colon with at most one
// space around them, and a short number's digits eight at a time. Anything else goes to the general reads
// (`expectKey`, `number`), which accept exactly what these do and more, with the same values.

extension JSONCursor {
    /// `member` with a literal name, its words constants. Transparent, as `expectKey(_:first:)` is.
    @_transparent
    public mutating func member(_ name: StaticString, first: Bool) -> Bool {
        if let matched = quickMember(JSONKey(name), first: first) { return matched }
        return expectKey(named: name, first: first)
    }

    /// Consumes the next member's name if it is `key`, as `expectKey` does, and then at most one space. First
    /// tried as writers spell it: the comma (unless `first`) and at most one space, then `"name":` compared
    /// as one or two words; whitespace elsewhere (a newline, a space before the colon) takes `expectKey`.
    @inlinable @inline(__always)
    public mutating func member(_ key: JSONKey, first: Bool) -> Bool {
        quickMember(key, first: first) ?? expectKey(key, first: first)
    }

    /// `expectKey` out of line for a literal name, whose words the fast form folded away: compared byte by byte.
    @usableFromInline
    mutating func expectKey(named name: StaticString, first: Bool) -> Bool {
        let input = input
        var cursor = Self.skippingSpace(input, from: index)
        if !first {
            guard cursor < input.count, input[cursor] == ASCII.comma else { return false }
            cursor = Self.skippingSpace(input, from: cursor &+ 1)
        }
        let count = name.utf8CodeUnitCount
        guard cursor &+ count &+ 2 <= input.count, input[cursor] == ASCII.quote,
            input[cursor &+ count &+ 1] == ASCII.quote
        else { return false }
        let expected = name.utf8Start
        for offset in 0..<count where input[cursor &+ 1 &+ offset] != expected[offset] { return false }
        cursor = Self.skippingSpace(input, from: cursor &+ count &+ 2)
        guard cursor < input.count, input[cursor] == ASCII.colon else { return false }
        index = cursor &+ 1
        return true
    }

    /// `member`'s fast form: true or false where it decides, nil where whitespace leaves it to `expectKey`.
    @inlinable @inline(__always)
    mutating func quickMember(_ key: JSONKey, first: Bool) -> Bool? {
        let input = input
        // Room for the comma, a space, `"name":` (or an eight-byte load) and the space after.
        guard let base = input.baseAddress, index &+ key.count &+ 14 <= input.count else { return nil }
        let start = UnsafeRawPointer(base + index)
        var token = start
        if !first {
            let byte = token.load(as: UInt8.self)
            guard byte == ASCII.comma else { return byte <= ASCII.space ? nil : false }
            token += 1
        }
        if token.load(as: UInt8.self) == ASCII.space { token += 1 }
        guard key.quotedMatches(token) else {
            // Whitespace where this form has none (a newline, a space before the colon) may still hold the
            // name; anything else there holds another member or none.
            let lead = token.load(as: UInt8.self)
            let colon = token.load(fromByteOffset: key.count &+ 2, as: UInt8.self)
            return lead <= ASCII.space || colon <= ASCII.space ? nil : false
        }
        token += key.count &+ 3
        if token.load(as: UInt8.self) == ASCII.space { token += 1 }
        index &+= token - start
        return true
    }

    /// `number()` for the numbers bodies mostly hold, at most seven digits before the period and seven after,
    /// read a word at a time with no loop; the same value as `number()` (which reads anything else).
    @inlinable @inline(__always)
    public mutating func shortNumber() -> Double? {
        let input = input
        guard let base = input.baseAddress, index &+ Self.fastNumberRoom <= input.count else { return anyNumber() }
        let start = UnsafeRawPointer(base + index)
        let negative = start.load(as: UInt8.self) == ASCII.minus
        let digits = negative ? start + 1 : start
        let whole = Self.digitRun(digits)
        // No digit (whitespace first, or not a number), eight or more, or a leading zero: `number()` decides.
        guard UInt(bitPattern: whole.count &- 1) < 7,
            whole.count == 1 || digits.load(as: UInt8.self) != ASCII.zero
        else { return anyNumber() }
        var mantissa = whole.value
        var scale = 0
        var end = digits + whole.count
        if end.load(as: UInt8.self) == ASCII.period {
            let fraction = Self.digitRun(end + 1)
            guard UInt(bitPattern: fraction.count &- 1) < 7 else { return anyNumber() }
            for _ in 0..<fraction.count { mantissa &*= 10 }
            mantissa &+= fraction.value
            scale = fraction.count
            end += fraction.count &+ 1
        }
        // An exponent: `number()` hands it to the parser.
        guard end.load(as: UInt8.self) | 0x20 != ASCII.lowerE else { return anyNumber() }
        index &+= end - start
        return Self.decimal(mantissa, scale: scale, negative: negative)
    }

    /// `number()` out of line: `shortNumber` is inlined where it is read, its rare cases need not be.
    @usableFromInline
    mutating func anyNumber() -> Double? {
        number()
    }

    /// How many ASCII digits lead the eight bytes at `bytes` (8 when all are), and their value when fewer than
    /// eight but at least one.
    @inlinable @inline(__always)
    static func digitRun(_ bytes: UnsafeRawPointer) -> (count: Int, value: UInt64) {
        digitRun(UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self)))
    }

    /// `digitRun` of eight bytes already read, the first in the word's low byte.
    @inlinable @inline(__always)
    static func digitRun(_ word: UInt64) -> (count: Int, value: UInt64) {
        // Each byte less '0'; a borrow only reaches bytes after the first that is not a digit.
        let offsets = word &- 0x3030_3030_3030_3030
        // A byte's top bit is set when it was below '0' or, plus 0x76, is 10 or more: not a digit. A carry
        // only reaches bytes after the first such byte, so the lowest set bit marks it.
        let nondigits = (offsets &+ 0x7676_7676_7676_7676 | offsets) & 0x8080_8080_8080_8080
        let count = nondigits.trailingZeroBitCount &>> 3
        // The digits moved to the word's last bytes, zeros before them, then joined in pairs, fours, eights.
        var value = offsets &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8)
        value = (value &* 10 &+ value &>> 8) & 0x00FF_00FF_00FF_00FF
        value = (value &* 100 &+ value &>> 16) & 0x0000_FFFF_0000_FFFF
        value = (value &* 10_000 &+ value &>> 32) & 0xFFFF_FFFF
        return (count, value)
    }
}
