extension JSONCursor {
    /// A string value of printable ASCII alone (U+0020 to U+007E, no escapes), or nil, consuming nothing, for any
    /// other value: `string()` then reads it. Such a string holds no control character, so the caller need not
    /// look for one, and it is built straight from the bytes, with no parser set up for escapes.
    @inlinable
    public mutating func plainString() -> String? {
        plainStringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes between the quotes of a string value of printable ASCII alone, as `plainString` takes it, or
    /// nil, consuming nothing: a value compared with known names (`spells`) without building a string.
    @inlinable
    public mutating func plainStringBytes() -> UnsafeBufferPointer<UInt8>? {
        let input = input
        let start = Self.skippingSpace(input, from: index)
        guard start < input.count, input[start] == ASCII.quote else { return nil }
        var cursor = start &+ 1
        // Eight bytes a step while eight are left: the first quote and the first byte out of range, by the lowest
        // flag of each (a borrow or a carry only flags bytes above one that counts).
        if let base = UnsafeRawPointer(input.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while cursor &+ 8 <= input.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: cursor, as: UInt64.self))
                let quotes = word ^ (ones &* UInt64(ASCII.quote))
                let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
                let quote = (quotes &- ones) & ~quotes & (ones &* 0x80)
                let outside =
                    ((word &- (ones &* UInt64(ASCII.space))) | (backslashes &- ones) | word | (word &+ ones))
                    & (ones &* 0x80)
                let quoteAt = quote.trailingZeroBitCount
                if outside.trailingZeroBitCount < quoteAt { return nil }
                if quoteAt < 64 {
                    let end = cursor &+ quoteAt &>> 3
                    index = end &+ 1
                    return UnsafeBufferPointer(rebasing: input[(start &+ 1)..<end])
                }
                cursor &+= 8
            }
        }
        while cursor < input.count {
            let byte = input[cursor]
            if byte == ASCII.quote {
                index = cursor &+ 1
                return UnsafeBufferPointer(rebasing: input[(start &+ 1)..<cursor])
            }
            // One compare keeps to U+0020...U+007E.
            guard byte &- ASCII.space < 0x5F, byte != ASCII.backslash else { return nil }
            cursor &+= 1
        }
        return nil
    }
}
