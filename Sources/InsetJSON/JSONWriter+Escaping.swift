extension JSONWriter {
    /// Writes `s` between quotes, escaping only what RFC 8259 requires: the quote, the backslash and
    /// control characters. Non-ASCII text stays as UTF-8, which every JSON reader must accept.
    mutating func appendQuoted(_ s: String) {
        var text = s
        // Most strings (ids, names) need no escape: one scan, then the quotes and the bytes in one reserved copy.
        let written = text.withUTF8 { utf8 -> Bool in
            guard !Self.needsEscape(utf8) else { return false }
            out.reserve(utf8.count &+ 2)
            out.appendReserved(ASCII.quote)
            out.appendReserved(utf8)
            out.appendReserved(ASCII.quote)
            return true
        }
        if written { return }
        out.append(ASCII.quote)
        text.withUTF8 { utf8 in
            var runStart = 0
            for position in 0..<utf8.count {
                let byte = utf8[position]
                guard byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash else { continue }
                out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
                appendEscape(for: byte)
                runStart = position + 1
            }
            out.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        out.append(ASCII.quote)
    }

    /// Whether any byte of `utf8` is one JSON escapes: below a space, a quote or a backslash. Eight bytes a step,
    /// the last step overlapping the one before when the length is no multiple of eight; an id of 22 bytes takes
    /// three steps where a byte at a time took 22.
    @inline(__always)
    static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        guard count >= 8, let base = UnsafeRawPointer(utf8.baseAddress) else {
            for byte in utf8 where byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash {
                return true
            }
            return false
        }
        var flagged: UInt64 = 0
        var offset = 0
        while offset &+ 8 < count {
            flagged |= escapeFlags(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        flagged |= escapeFlags(base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        return flagged != 0
    }

    /// Nonzero exactly when one of the eight bytes in `word` is below a space, a quote or a backslash. A byte of
    /// 0x80 or more (UTF-8 beyond ASCII) never counts: each test keeps only bytes whose top bit is clear.
    @inline(__always)
    private static func escapeFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        // A byte below n, once n is taken from each byte, borrows into its top bit; a byte equal to the quote or
        // the backslash is zero after the XOR, and below one. A borrow only flags bytes above a byte that counts.
        let below = word &- (ones &* UInt64(ASCII.space))
        let quote = quotes &- ones
        let backslash = backslashes &- ones
        return (below | quote | backslash) & ~word & highs
    }

    /// The short escape where JSON has one (readable in logs), `\u00XX` for the other control characters.
    private mutating func appendEscape(for byte: UInt8) {
        let short: UInt8
        switch byte {
        case ASCII.quote: short = ASCII.quote
        case ASCII.backslash: short = ASCII.backslash
        case ASCII.lineFeed: short = ASCII.lowerN
        case ASCII.carriageReturn: short = ASCII.lowerR
        case ASCII.tab: short = ASCII.lowerT
        case 0x08: short = ASCII.lowerB
        case 0x0C: short = ASCII.lowerF
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            out.append([ASCII.backslash, ASCII.lowerU, ASCII.zero, ASCII.zero])
            out.append(hexDigits.utf8Start[Int(byte >> 4)])
            out.append(hexDigits.utf8Start[Int(byte & 0x0F)])
            return
        }
        out.append(ASCII.backslash)
        out.append(short)
    }
}
