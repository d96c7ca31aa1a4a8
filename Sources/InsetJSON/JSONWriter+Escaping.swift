extension JSONWriter {
    /// Writes `s` between quotes, escaping only what RFC 8259 requires: the quote, the backslash and
    /// control characters. Non-ASCII text stays as UTF-8, which every JSON reader must accept.
    mutating func appendQuoted(_ s: String) {
        var text = s
        // Most strings (ids, names) need no escape: one scan, then the quotes and the bytes in one reserved copy.
        let written = text.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash {
                return false
            }
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
