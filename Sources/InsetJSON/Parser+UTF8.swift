// UTF-8 validation by the table in RFC 3629 §4, done here rather than left to String(decoding:) because
// that call would silently substitute U+FFFD, and a client's malformed bytes must be an error instead.

extension Parser {
    /// Checks the multi-byte sequence whose lead byte is at `start` and returns the index after it.
    ///
    /// The narrowed ranges for the second byte are what exclude overlong forms (after E0 and F0),
    /// UTF-16 surrogates (after ED) and scalars above U+10FFFF (after F4).
    func skipUTF8Sequence(at start: Int) throws(JSONParseError) -> Int {
        let lead = input[start]
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw failure("invalid UTF-8", at: start)
        }
        for offset in 1..<length {
            guard start + offset < input.count else { throw failure("unterminated string", at: input.count) }
            let byte = input[start + offset]
            guard offset == 1 ? second.contains(byte) : (0x80...0xBF).contains(byte) else {
                throw failure("invalid UTF-8", at: start)
            }
        }
        return start + length
    }
}
