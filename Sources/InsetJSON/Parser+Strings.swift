// String scanning: the common case (no escapes) becomes one String built straight from the input bytes;
// only strings with escapes pay for a scratch buffer.

extension Parser {
    /// Reads the string whose opening quote is at the cursor and moves past its closing quote.
    mutating func parseString() throws(JSONParseError) -> String {
        let contentStart = index + 1
        var cursor = contentStart
        while cursor < input.count {
            let byte = input[cursor]
            if byte == ASCII.quote {
                index = cursor + 1
                // Every byte was validated above, so decoding cannot substitute replacement characters.
                return String(decoding: UnsafeBufferPointer(rebasing: input[contentStart..<cursor]), as: UTF8.self)
            }
            if byte == ASCII.backslash {
                return try parseEscapedString(from: contentStart, firstEscape: cursor)
            }
            if byte < ASCII.space {
                throw controlCharacter(byte, at: cursor)
            }
            cursor = byte < 0x80 ? cursor + 1 : try skipUTF8Sequence(at: cursor)
        }
        throw failure("unterminated string", at: input.count)
    }

    /// Continues a string from its first backslash, copying unescaped runs in bulk.
    mutating func parseEscapedString(from contentStart: Int, firstEscape: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(firstEscape - contentStart + 16)
        var runStart = contentStart
        var cursor = firstEscape
        while cursor < input.count {
            let byte = input[cursor]
            if byte == ASCII.quote {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<cursor]))
                index = cursor + 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<cursor]))
                cursor = try decodeEscape(at: cursor, into: &buffer)
                runStart = cursor
                continue
            }
            if byte < ASCII.space {
                throw controlCharacter(byte, at: cursor)
            }
            cursor = byte < 0x80 ? cursor + 1 : try skipUTF8Sequence(at: cursor)
        }
        throw failure("unterminated string", at: input.count)
    }

    func controlCharacter(_ byte: UInt8, at offset: Int) -> JSONParseError {
        failure("unescaped control character (\(ASCII.describe(byte))) in string", at: offset)
    }

    /// Decodes the escape whose backslash is at `start`, appends its UTF-8, and returns the index after it.
    func decodeEscape(at start: Int, into buffer: inout [UInt8]) throws(JSONParseError) -> Int {
        guard start + 1 < input.count else { throw failure("unterminated string", at: input.count) }
        let decoded: UInt8
        switch input[start + 1] {
        case ASCII.quote: decoded = ASCII.quote
        case ASCII.backslash: decoded = ASCII.backslash
        case ASCII.slash: decoded = ASCII.slash
        case ASCII.lowerB: decoded = 0x08
        case ASCII.lowerF: decoded = 0x0C
        case ASCII.lowerN: decoded = ASCII.lineFeed
        case ASCII.lowerR: decoded = ASCII.carriageReturn
        case ASCII.lowerT: decoded = ASCII.tab
        case ASCII.lowerU: return try decodeUnicodeEscape(at: start, into: &buffer)
        default: throw failure("invalid escape sequence", at: start)
        }
        buffer.append(decoded)
        return start + 2
    }

    /// Decodes `\uXXXX`, or a `\uD8xx\uDCxx` pair, into UTF-8; a surrogate without its partner has no
    /// UTF-8 form, so it is an error rather than a replacement character that would hide data loss.
    func decodeUnicodeEscape(at start: Int, into buffer: inout [UInt8]) throws(JSONParseError) -> Int {
        let unit = try hexQuad(at: start + 2)
        var next = start + 6
        let scalar: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            for (offset, expected) in [(next, ASCII.backslash), (next + 1, ASCII.lowerU)] {
                guard offset < input.count else { throw failure("unterminated string", at: input.count) }
                guard input[offset] == expected else { throw unpairedSurrogate(unit, at: start) }
            }
            let low = try hexQuad(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate(unit, at: start) }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw unpairedSurrogate(unit, at: start)
        default:
            scalar = unit
        }
        appendUTF8(scalar, to: &buffer)
        return next
    }

    func unpairedSurrogate(_ unit: UInt32, at offset: Int) -> JSONParseError {
        failure("unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in string", at: offset)
    }

    /// The four hex digits at `start` as a UTF-16 code unit.
    func hexQuad(at start: Int) throws(JSONParseError) -> UInt32 {
        var unit: UInt32 = 0
        for offset in start..<(start + 4) {
            guard offset < input.count else { throw failure("unterminated string", at: input.count) }
            let byte = input[offset]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("invalid \\u escape, expected 4 hex digits", at: start - 2)
            }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    /// Writes a scalar already known to be valid (not a surrogate, at most U+10FFFF) as UTF-8.
    func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }
}
