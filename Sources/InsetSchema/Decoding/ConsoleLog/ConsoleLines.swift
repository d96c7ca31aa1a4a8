/// A place in a text body: line and column, both counted from 1, the column in characters (Unicode scalars).
package struct TextLocation: Equatable, Sendable {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A pasted console's lines: where each starts, where its message starts after the `NSLog` prefix, and the
/// time that prefix printed.
///
/// `NSLog` puts `2014-05-02 10:11:12.345 App[123:4567] ` before each message (Xcode's newer console prints the
/// same with microseconds and the zone, `2023-10-01 12:34:56.789012+0200 App[123:4567] `); a message of many lines
/// (a dictionary) carries it on its first line only. A line ends at LF, or at a CR that no LF follows (classic Mac
/// text); the CR of a CR LF belongs to no value. A UTF-8 byte-order mark before the text is no part of it: the
/// first line starts after it.
struct ConsoleLines {
    /// One line.
    struct Line {
        /// The offset of its first byte.
        var start: Int
        /// The offset of its line end (an LF, or a lone CR), or the text's end.
        var end: Int
        /// Where the message starts: after the prefix, or `start`.
        var content: Int
        /// Microseconds since 1970-01-01 UTC that the prefix printed (its zone applied), if it has one: whole, so
        /// that the distance between two printed times is exact.
        var printedTime: Int?
    }

    /// The text.
    let bytes: [UInt8]
    /// Its lines, in order; an empty text has one empty line, and a final line end starts none.
    private(set) var lines: [Line] = []

    /// The UTF-8 byte-order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Splits `bytes` into lines and reads their prefixes.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var start = bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
        while true {
            var end = start
            while end < bytes.count, !Self.endsLine(bytes, at: end) { end += 1 }
            var line = Line(start: start, end: end, content: start, printedTime: nil)
            if let (content, time) = NSLogPrefix.read(bytes, from: start, to: end) {
                line.content = content
                line.printedTime = time
            }
            lines.append(line)
            // A final line end ends the last line; it starts no empty one.
            guard end + 1 < bytes.count else { break }
            start = end + 1
        }
    }

    /// Whether the byte at `offset` ends a line: an LF, or a CR that no LF follows.
    static func endsLine(_ bytes: [UInt8], at offset: Int) -> Bool {
        let byte = bytes[offset]
        return byte == 0x0A || (byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A))
    }

    /// The index of the line holding `offset` (the last line for the text's end).
    func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where `offset` is, as a person counts.
    func location(of offset: Int) -> TextLocation {
        let index = lineIndex(of: offset)
        var column = 1
        var cursor = lines[index].start
        while cursor < offset && cursor < bytes.count {
            // Continuation bytes (10xxxxxx) do not start a character.
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return TextLocation(line: index + 1, column: column)
    }

    /// Whether line `index` holds nothing but blanks after its prefix.
    func isBlank(_ index: Int) -> Bool {
        let line = lines[index]
        return bytes[line.content..<line.end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

/// `NSLog`'s line prefix: `YYYY-MM-DD HH:MM:SS[.fraction][±HHMM] Process[pid:thread] `.
enum NSLogPrefix {
    /// The message's offset and the printed time in microseconds since 1970 (UTC when no zone is printed),
    /// when the line from `start` to `end` begins with a prefix.
    static func read(_ bytes: [UInt8], from start: Int, to end: Int) -> (Int, Int)? {
        var cursor = start
        func digits(_ count: Int) -> Int? {
            guard cursor + count <= end else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[cursor]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                cursor += 1
            }
            return value
        }
        func literal(_ byte: UInt8) -> Bool {
            guard cursor < end, bytes[cursor] == byte else { return false }
            cursor += 1
            return true
        }
        guard let year = digits(4), literal(0x2D), let month = digits(2), literal(0x2D), let day = digits(2),
            literal(0x20), let hour = digits(2), literal(0x3A), let minute = digits(2), literal(0x3A),
            let second = digits(2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        // The fraction as whole microseconds (at most six digits are read exactly; more are dropped).
        var microseconds = 0
        if literal(0x2E) {
            let first = cursor
            var scale = 100_000
            while cursor < end, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, cursor - first < 9 {
                microseconds += Int(bytes[cursor] - 0x30) * scale
                scale /= 10
                cursor += 1
            }
            guard cursor > first else { return nil }
        }
        var zone = 0
        if cursor < end, bytes[cursor] == 0x2B || bytes[cursor] == 0x2D {
            let sign = bytes[cursor] == 0x2D ? -1 : 1
            cursor += 1
            guard let hours = digits(2), let minutes = digits(2) else { return nil }
            zone = sign * (hours * 60 + minutes)
        }
        // The process name runs to `[`; then the pid, a colon, the thread (decimal or hex) and `]`.
        guard literal(0x20) else { return nil }
        let name = cursor
        while cursor < end, bytes[cursor] != 0x5B { cursor += 1 }
        guard cursor > name, literal(0x5B) else { return nil }
        let pid = cursor
        while cursor < end, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 { cursor += 1 }
        guard cursor > pid, literal(0x3A) else { return nil }
        let thread = cursor
        while cursor < end, isThreadByte(bytes[cursor]) { cursor += 1 }
        guard cursor > thread, literal(0x5D) else { return nil }
        guard cursor == end || literal(0x20) else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = (days * 1440 + hour * 60 + minute - zone) * 60 + second
        return (cursor, seconds * 1_000_000 + microseconds)
    }

    private static func isThreadByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
            || byte == 0x78
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
