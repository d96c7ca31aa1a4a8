/// A cursor over a pasted console's bytes that reads what Foundation's descriptions print: blanks (the `NSLog`
/// prefix of a continued line among them), quoted strings, names and bare values. Every read checks bounds and
/// moves forward, so a scan over any text ends; every byte it moves over is counted in `spent`, and the readers
/// built on it stop once `spent` passes `limit`.
struct ConsoleCursor {
    /// The text and its lines.
    let text: ConsoleLines
    /// The next byte to read.
    var index: Int {
        didSet { if index > oldValue { spent += index - oldValue } }
    }
    /// The bytes this cursor moved over, and every probe copied from it whose reading it took over: what reading
    /// cost, whatever was kept of it.
    var spent = 0
    /// The bytes it may read; past them every reader built on it fails (`isSpent`).
    var limit = Int.max
    /// Where and why the last read failed, for the error a notification's broken structure gets.
    var failure: (offset: Int, reason: String)?

    /// The longest quoted or bare value read, in bytes; Foundation prints no keyboard value a tenth as long.
    static let maxValueLength = 4096

    init(_ text: ConsoleLines, at index: Int) {
        self.text = text
        self.index = index
    }

    var bytes: [UInt8] { text.bytes }
    var atEnd: Bool { index >= bytes.count }

    /// Whether reading spent its budget.
    var isSpent: Bool { spent > limit }
    static let spentReason = "the reading budget is spent"

    /// Fails when the budget is spent: the check a reader makes before each part it reads.
    mutating func failIfSpent() -> Bool {
        guard isSpent else { return false }
        failure = (index, Self.spentReason)
        return true
    }

    /// The byte at the cursor, or 0 at the end.
    var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// The byte `distance` after the cursor, or 0 past the end.
    func peek(_ distance: Int) -> UInt8 {
        index + distance < bytes.count ? bytes[index + distance] : 0
    }

    /// Records why reading failed here; returns nil so a reader can `return fail(…)`.
    mutating func fail<T>(_ reason: String) -> T? {
        failure = (index, reason)
        return nil
    }

    /// Whether the text at the cursor is `literal`.
    func at(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        return true
    }

    /// Consumes `literal` when the text at the cursor is it.
    mutating func take(_ literal: StaticString) -> Bool {
        guard at(literal) else { return false }
        index += literal.utf8CodeUnitCount
        return true
    }

    /// Skips spaces, tabs, line ends, the `\n` and `\t` a string literal's copy carries, and the `NSLog` prefix
    /// at the start of each line it enters.
    mutating func skipBlanks() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A, 0x0D:
                // The CR of a CR LF is a blank; a line end moves to the next line's message.
                index += 1
                if index < bytes.count, bytes[index - 1] == 0x0A || bytes[index] != 0x0A {
                    let line = text.lines[text.lineIndex(of: index)]
                    if line.start == index { index = line.content }
                }
            case 0x5C where peek(1) == UInt8(ascii: "n") || peek(1) == UInt8(ascii: "t"):
                index += 2
            default:
                return
            }
        }
    }

    /// Skips spaces and tabs only: what may stand between parts of one printed line.
    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    /// The length of the quote at the cursor: `"` is 1, the `\"` of a string literal's copy 2, none 0.
    var quoteLength: Int {
        if current == 0x22 { return 1 }
        if current == 0x5C, peek(1) == 0x22 { return 2 }
        return 0
    }

    /// A quoted string on one line (a CR or LF ends it unclosed), and the offset of its first byte inside the
    /// quotes. A string opened by `\"` ends at the next `\"`; one opened by `"` at the next `"` that no backslash
    /// escapes.
    mutating func quoted() -> (String, Int)? {
        let opening = quoteLength
        guard opening > 0 else { return fail("expected a quote") }
        index += opening
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D || index - start > Self.maxValueLength { break }
            if opening == 2, byte == 0x5C, peek(1) == 0x22 {
                let value = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 2
                return (value, start)
            }
            if opening == 1, byte == 0x5C {
                index += 2
                continue
            }
            if opening == 1, byte == 0x22 {
                let value = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return (value, start)
            }
            index += 1
        }
        return fail("expected the closing quote")
    }

    /// A name as a description prints a key: letters, digits, `_`, `.`, `$` and `-`.
    mutating func identifier() -> String? {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { return fail("expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2E || byte == 0x24 || byte == 0x2D
    }

    /// A bare value: everything up to one of `terminators` outside brackets, on the same line (before its CR or
    /// LF), trailing spaces trimmed. Brackets of every kind (`{}`, `[]`, `()`, `<>`) nest, so a rect's commas or an object's
    /// semicolons stay inside it.
    mutating func bare(until terminators: [UInt8]) -> (String, Int)? {
        let start = index
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { break }
            if depth == 0, terminators.contains(byte) { break }
            guard index - start < Self.maxValueLength else {
                return fail("a value longer than \(Self.maxValueLength) bytes")
            }
            switch byte {
            case 0x7B, 0x5B, 0x28, 0x3C: depth += 1
            case 0x7D, 0x5D, 0x29, 0x3E:
                if depth == 0 { return fail("unbalanced '\(Character(Unicode.Scalar(byte)))'") }
                depth -= 1
            default: break
            }
            index += 1
        }
        guard depth == 0 else { return fail("a bracket that does not close on its line") }
        var end = index
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard end > start else { return fail("expected a value") }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start)
    }
}
