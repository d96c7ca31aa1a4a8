/// Writes random JSON text with its own formatting choices (whitespace, escapes, number spellings),
/// independently of `JSONWriter`, so differential tests do not just replay the codec's own habits.
struct CorpusGenerator {
    var random: SplitMix64
    let maxDepth: Int

    init(seed: UInt64, maxDepth: Int = 5) {
        random = SplitMix64(seed: seed)
        self.maxDepth = maxDepth
    }

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    /// A whole valid document (barring the rare out-of-range number, which both sides must refuse).
    mutating func document() -> [UInt8] {
        var text = whitespace()
        appendValue(to: &text, depth: 0)
        text += whitespace()
        return Array(text.utf8)
    }

    /// `document` with one to three bytes changed, inserted or deleted.
    mutating func mutatedDocument() -> [UInt8] {
        var bytes = document()
        let interesting =
            Array(#"{}[]:,"\/u0123456789-+.eE tfn"#.utf8) + [
                0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xED, 0xF0, 0xFF,
            ]
        for _ in 0...Int.random(in: 0...2, using: &random) {
            let byte = chance(70) ? pick(interesting) : UInt8.random(in: 0...255, using: &random)
            let position = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where position < bytes.count: bytes[position] = byte
            case 1 where position < bytes.count: bytes.remove(at: position)
            default: bytes.insert(byte, at: position)
            }
        }
        return bytes
    }

    mutating func whitespace() -> String {
        chance(75) ? "" : pick([" ", "\n", "\t", "\r\n", "  ", " \n\t"])
    }

    mutating func appendValue(to text: inout String, depth: Int) {
        let kind = depth >= maxDepth ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<7, using: &random)
        switch kind {
        case 0: text += pick(["null", "true", "false"])
        case 1, 2: text += number()
        case 3: text += quotedString()
        case 4: appendArray(to: &text, depth: depth)
        default: appendObject(to: &text, depth: depth)
        }
    }

    mutating func appendArray(to text: inout String, depth: Int) {
        text += "[" + whitespace()
        let count = Int.random(in: 0...6, using: &random)
        for index in 0..<count {
            if index > 0 { text += whitespace() + "," + whitespace() }
            appendValue(to: &text, depth: depth + 1)
        }
        text += whitespace() + "]"
    }

    mutating func appendObject(to text: inout String, depth: Int) {
        text += "{" + whitespace()
        let count = Int.random(in: 0...6, using: &random)
        for index in 0..<count {
            if index > 0 { text += whitespace() + "," + whitespace() }
            // The "<index>_" prefix keeps decoded keys unique whatever random tail follows.
            text += "\"\(index)_" + stringBody(maxLength: 6) + "\"" + whitespace() + ":" + whitespace()
            appendValue(to: &text, depth: depth + 1)
        }
        text += whitespace() + "}"
    }

    mutating func digits(_ range: ClosedRange<Int>, leadingNonZero: Bool) -> String {
        let count = Int.random(in: range, using: &random)
        var text = ""
        for position in 0..<count {
            let low = position == 0 && leadingNonZero ? 1 : 0
            text += String(Int.random(in: low...9, using: &random))
        }
        return text
    }

    mutating func number() -> String {
        var text = chance(30) ? "-" : ""
        switch Int.random(in: 0..<10, using: &random) {
        case 0: text += "0"
        case 1, 2, 4: text += digits(1...3, leadingNonZero: true)
        case 3: text += digits(10...25, leadingNonZero: true)
        default: text += chance(20) ? "0" : digits(1...6, leadingNonZero: true)
        }
        if chance(40) { text += "." + digits(1...20, leadingNonZero: false) }
        if chance(30) {
            text += pick(["e", "E"]) + pick(["", "+", "-"])
            // Now and then near the ends of the Double range, where a few numbers overflow (both must refuse).
            text +=
                chance(95)
                ? String(Int.random(in: 0...40, using: &random)) : String(Int.random(in: 290...330, using: &random))
        }
        return text
    }

    mutating func quotedString() -> String {
        "\"" + stringBody(maxLength: 12) + "\""
    }

    /// String content: plain ASCII, every escape form, and raw UTF-8 of every length.
    mutating func stringBody(maxLength: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            switch Int.random(in: 0..<12, using: &random) {
            case 0: text += pick([#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#])
            case 1: text += unicodeEscape(UInt32.random(in: 0...0xD7FF, using: &random))
            case 2:
                let scalar = UInt32.random(in: 0x10000...0x10FFFF, using: &random) - 0x10000
                text += unicodeEscape(0xD800 + (scalar >> 10)) + unicodeEscape(0xDC00 + (scalar & 0x3FF))
            case 3: text += String(Character(randomScalar()))
            default:
                let byte = UInt8.random(in: 0x20...0x7E, using: &random)
                switch byte {
                case UInt8(ascii: "\""): text += #"\""#
                case UInt8(ascii: "\\"): text += #"\\"#
                default: text.append(Character(Unicode.Scalar(byte)))
                }
            }
        }
        return text
    }

    mutating func unicodeEscape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16, uppercase: chance(50))
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    mutating func randomScalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0x7F...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        let value = UInt32.random(in: pick(ranges), using: &random)
        return Unicode.Scalar(value) ?? "?"
    }
}
