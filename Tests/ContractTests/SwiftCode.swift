/// Swift source with its comments, and optionally its string literals, blanked out: every byte of them becomes a
/// space and every newline stays, so each byte keeps its offset and each line its number. Code in a string's
/// interpolation (`\(…)`) stays code. This is as much of Swift's lexical grammar as the policy tests need: line
/// comments, nested block comments, single-line, multi-line and raw string literals, interpolations; not regex
/// literals, which the files it reads do not hold.
struct SwiftCode {
    private let source: [UInt8]
    private let blanksStrings: Bool
    private var index = 0
    private var output: [UInt8] = []

    private init(_ text: String, blanksStrings: Bool) {
        source = Array(text.utf8)
        self.blanksStrings = blanksStrings
        output.reserveCapacity(source.count)
    }

    /// `text` with its comments blanked, and its string literals too when `strings` is true.
    static func blanking(_ text: String, strings: Bool) -> [UInt8] {
        var scanner = SwiftCode(text, blanksStrings: strings)
        scanner.code(endingAtParenthesis: false)
        return scanner.output
    }

    /// The identifiers the code names, outside comments and string literals.
    static func identifiers(in text: String) -> Set<String> {
        let code = String(decoding: blanking(text, strings: true), as: UTF8.self)
        return Set(code.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.output) })
    }

    /// The modules the code imports, attributes (`@preconcurrency`) and kinds (`import struct M.T`) allowed.
    static func imports(in text: String) -> [String] {
        let code = String(decoding: blanking(text, strings: true), as: UTF8.self)
        let statement =
            #/
            \s* (?: @\w+ (?: \( [^)]* \) )? \s+ )*
            import \s+ (?: (?: typealias | struct | class | enum | protocol | let | var | func ) \s+ )?
            (\w+) .*
            /#
        return code.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: statement).map { String($0.output.1) }
        }
    }

    private var current: UInt8? { index < source.count ? source[index] : nil }

    private func byte(at offset: Int) -> UInt8? {
        index + offset < source.count ? source[index + offset] : nil
    }

    /// Copies code until the end, or, inside an interpolation, through the `)` that closes it.
    private mutating func code(endingAtParenthesis: Bool) {
        var depth = 0
        while let byte = current {
            if byte == UInt8(ascii: "/"), self.byte(at: 1) == UInt8(ascii: "/") {
                while let next = current, next != UInt8(ascii: "\n") { blank(next) }
            } else if byte == UInt8(ascii: "/"), self.byte(at: 1) == UInt8(ascii: "*") {
                blockComment()
            } else if let hashes = stringStart() {
                string(hashes: hashes)
            } else {
                copy(byte)
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")") {
                    if endingAtParenthesis && depth == 0 { return }
                    depth -= 1
                }
            }
        }
    }

    /// The number of `#`s before a `"` that starts a string here, or nil when no string starts here.
    private func stringStart() -> Int? {
        var hashes = 0
        while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
        return byte(at: hashes) == UInt8(ascii: "\"") ? hashes : nil
    }

    private mutating func blockComment() {
        var depth = 0
        while let byte = current {
            if byte == UInt8(ascii: "/"), self.byte(at: 1) == UInt8(ascii: "*") {
                depth += 1
                blank(byte)
                blank(UInt8(ascii: "*"))
            } else if byte == UInt8(ascii: "*"), self.byte(at: 1) == UInt8(ascii: "/") {
                depth -= 1
                blank(byte)
                blank(UInt8(ascii: "/"))
                if depth == 0 { return }
            } else {
                blank(byte)
            }
        }
    }

    /// A string literal opened by `hashes` `#`s and one or three `"`s, through its closing delimiter.
    private mutating func string(hashes: Int) {
        let multiline = byte(at: hashes + 1) == UInt8(ascii: "\"") && byte(at: hashes + 2) == UInt8(ascii: "\"")
        let quotes = multiline ? 3 : 1
        for _ in 0..<(hashes + quotes) { literal() }
        while let byte = current {
            if byte == UInt8(ascii: "\""), closes(quotes: quotes, hashes: hashes) {
                for _ in 0..<(quotes + hashes) { literal() }
                return
            }
            if byte == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ self.byte(at: 1 + $0) == UInt8(ascii: "#") }) {
                for _ in 0...hashes { literal() }
                if current == UInt8(ascii: "(") {
                    copy(UInt8(ascii: "("))
                    code(endingAtParenthesis: true)
                } else if current != nil {
                    literal()
                }
                continue
            }
            literal()
        }
    }

    private func closes(quotes: Int, hashes: Int) -> Bool {
        (0..<quotes).allSatisfy { byte(at: $0) == UInt8(ascii: "\"") }
            && (0..<hashes).allSatisfy { byte(at: quotes + $0) == UInt8(ascii: "#") }
    }

    /// A byte of a string literal: blanked or copied.
    private mutating func literal() {
        guard let byte = current else { return }
        if blanksStrings { blank(byte) } else { copy(byte) }
    }

    private mutating func copy(_ byte: UInt8) {
        output.append(byte)
        index += 1
    }

    private mutating func blank(_ byte: UInt8) {
        output.append(byte == UInt8(ascii: "\n") ? byte : UInt8(ascii: " "))
        index += 1
    }
}
