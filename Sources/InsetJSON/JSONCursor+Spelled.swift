// Bodies as most clients write them (`{"x": 0, "y": 508}`: one space after each colon and comma, none
// elsewhere) read as runs of literal bytes between values: each run compared as one or two words, each number
// read where it starts, with no whitespace looked for. Any other spelling fails a comparison, consuming nothing,
// and the caller reads it the general way (`member`, `shortNumber`), which accepts it with the same values.
// Words are read through `word(at:)`, which reads bytes past the input's end as zeros: no token holds a zero
// byte, so a comparison or a run of digits stops there as it stops at the end, and no read needs room ahead.

/// Up to 24 bytes of literal JSON text (punctuation, spaces, member names, no zero byte), prepared to be
/// compared as one to three words (`JSONCursor.consume(spelled:)`).
public struct JSONSpelling: Sendable {
    /// The text's length in bytes, 1 to 24.
    @usableFromInline let count: Int
    /// Its bytes as little-endian words of eight, the last one's unused bytes zero, and the masks that select
    /// the bytes each word holds (zero for a word past the text).
    @usableFromInline let first: UInt64
    @usableFromInline let firstMask: UInt64
    @usableFromInline let second: UInt64
    @usableFromInline let secondMask: UInt64
    @usableFromInline let third: UInt64
    @usableFromInline let thirdMask: UInt64

    /// The text's bytes. Transparent, so that a literal's words fold to constants where it is compared.
    @_transparent
    public init(_ text: StaticString) {
        let bytes = text.utf8Start
        self.init(count: text.utf8CodeUnitCount) { bytes[$0] }
    }

    /// A member's name as most clients write it: `"name": ` when it is the object's first member (`first`),
    /// `, "name": ` after another. Transparent, as `init(_:)` is.
    @_transparent
    public init(member name: StaticString, first: Bool) {
        let bytes = name.utf8Start
        let count = name.utf8CodeUnitCount
        let lead = first ? 1 : 3
        self.init(count: lead &+ count &+ 3) { offset in
            if offset < lead { return offset == lead &- 1 ? 0x22 : offset == 0 ? 0x2C : 0x20 }
            let rest = offset &- lead &- count
            return rest < 0 ? bytes[offset &- lead] : rest == 0 ? 0x22 : rest == 1 ? 0x3A : 0x20
        }
    }

    /// The `count` bytes `byte` gives, by offset.
    @_transparent @usableFromInline
    init(count: Int, byte: (Int) -> UInt8) {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        for offset in 0..<min(count, 8) { words.0 |= UInt64(byte(offset)) &<< (8 &* UInt64(offset)) }
        for offset in min(count, 8)..<min(count, 16) { words.1 |= UInt64(byte(offset)) &<< (8 &* UInt64(offset &- 8)) }
        for offset in min(count, 16)..<count { words.2 |= UInt64(byte(offset)) &<< (8 &* UInt64(offset &- 16)) }
        self.count = count
        first = words.0
        second = words.1
        third = words.2
        firstMask = Self.mask(count)
        secondMask = Self.mask(count &- 8)
        thirdMask = Self.mask(count &- 16)
    }

    /// The mask of a word holding the first `count` bytes (none when `count` is 0 or less, all from 8).
    @_transparent @usableFromInline
    static func mask(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : count <= 0 ? 0 : (1 &<< (8 &* UInt64(count))) &- 1
    }
}

extension JSONCursor {
    /// The eight bytes at `position` as a little-endian word, those past the input's end read as zeros.
    @inlinable @inline(always)
    func word(at position: Int) -> UInt64 {
        guard position &+ 8 <= input.count else { return tailWord(at: position) }
        // Eight bytes or more, so the buffer has a base.
        let bytes = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped + position)
        return UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
    }

    /// `word(at:)` within eight bytes of the end, byte by byte: only a body's last value and braces come here.
    @usableFromInline
    func tailWord(at position: Int) -> UInt64 {
        // The input's last eight bytes, shifted past those before `position`.
        if input.count >= 8, position < input.count {
            let last = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped + (input.count &- 8))
            let skipped = position &- (input.count &- 8)
            return UInt64(littleEndian: last.loadUnaligned(as: UInt64.self))
                &>> UInt64(truncatingIfNeeded: skipped &* 8)
        }
        var word: UInt64 = 0
        var offset = position
        while offset < input.count {
            word |= UInt64(input[offset]) &<< (8 &* UInt64(offset &- position))
            offset &+= 1
        }
        return word
    }

    /// `consume(spelled:)` with a literal text, its words constants. Transparent, as `member` is.
    @_transparent
    public mutating func consume(spelled text: StaticString) -> Bool {
        consume(spelled: JSONSpelling(text))
    }

    /// Consumes `spelling` if the input goes on with exactly its bytes; false, consuming nothing, otherwise.
    /// No byte of a spelling is zero, so a match shows that all of them lie within the input.
    @inlinable @inline(always)
    public mutating func consume(spelled spelling: JSONSpelling) -> Bool {
        // Three words are compared at most: a longer spelling declines rather than match bytes never compared
        // (a constant spelling folds this away).
        guard spelling.count <= 24, word(at: index) & spelling.firstMask == spelling.first else { return false }
        if spelling.count > 8 {
            guard word(at: index &+ 8) & spelling.secondMask == spelling.second else { return false }
        }
        if spelling.count > 16 {
            guard word(at: index &+ 16) & spelling.thirdMask == spelling.third else { return false }
        }
        index &+= spelling.count
        return true
    }

    /// Whether the next byte, with no whitespace looked for, closes an object: then no member comes next, and
    /// a reader may skip looking for those it would read next, which would all answer false.
    @inlinable @inline(always)
    public func closesObject() -> Bool {
        word(at: index) & 0xFF == UInt64(ASCII.closeBrace)
    }

    /// `member(_:first:)`, tried first as most clients spell a member's name (`JSONSpelling(member:first:)`).
    /// Transparent, so that both spellings' words are constants.
    @_transparent
    public mutating func spelledMember(_ name: StaticString, first: Bool) -> Bool {
        // A spelling holds 24 bytes: `, "name": ` with a name of at most 18.
        guard name.utf8CodeUnitCount <= 18 else { return member(name, first: first) }
        let spelled =
            first
            ? consume(spelled: JSONSpelling(member: name, first: true))
            : consume(spelled: JSONSpelling(member: name, first: false))
        return spelled || member(name, first: first)
    }

    /// The number that starts at the cursor, with no whitespace before it, when it is `-?(0|[1-9][0-9]{0,6})`
    /// with at most seven digits after a period and no exponent; nil, consuming nothing, for anything else.
    /// Its value is `shortNumber`'s, except that -0 is read as 0, as the schema reads every number.
    @inlinable @inline(always)
    public mutating func spelledNumber() -> Double? {
        var word = word(at: index)
        let negative = word & 0xFF == UInt64(ASCII.minus)
        let digits = negative ? index &+ 1 : index
        if negative { word = self.word(at: digits) }
        let whole = Self.digitRun(word)
        // No digit, eight or more, or a leading zero: not this form.
        guard UInt(bitPattern: whole.count &- 1) < 7, whole.count == 1 || word & 0xFF != UInt64(ASCII.zero)
        else { return nil }
        // The byte after the digits, still in this word, since at most seven are digits.
        var next = UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: whole.count &* 8))
        var end = digits &+ whole.count
        var mantissa = whole.value
        var scale = 0
        if next == ASCII.period {
            let fractionWord = self.word(at: end &+ 1)
            let fraction = Self.digitRun(fractionWord)
            guard UInt(bitPattern: fraction.count &- 1) < 7 else { return nil }
            for _ in 0..<fraction.count { mantissa &*= 10 }
            mantissa &+= fraction.value
            scale = fraction.count
            end &+= fraction.count &+ 1
            next = UInt8(truncatingIfNeeded: fractionWord &>> UInt64(truncatingIfNeeded: fraction.count &* 8))
        }
        guard next | 0x20 != ASCII.lowerE else { return nil }
        index = end
        // Signed before the conversion, so that -0 is 0; a quotient's sign is the dividend's, so a negative
        // fraction is exactly the negated positive one, as `decimal` computes it.
        let magnitude = Int64(truncatingIfNeeded: mantissa)
        var value = Double(negative ? 0 &- magnitude : magnitude)
        if scale > 0 {
            var divisor = 10.0
            for _ in 1..<scale { divisor *= 10 }
            value /= divisor
        }
        return value
    }
}
