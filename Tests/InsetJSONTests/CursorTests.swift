import InsetJSON
import Testing

/// `JSONCursor.number()` reads plain decimals itself and hands everything else to the parser, and `shortNumber()`
/// reads short ones a word at a time and hands the rest to `number()`; either way each must give exactly the
/// parser's value (bit for bit, so -0 stays -0), or nil where the parser rejects the text. Each text is read near
/// the input's end (bounds checked at every byte) and with room after it (read unchecked), with and without
/// whitespace before it.
@Test(arguments: [1, 24], [false, true])
func cursorNumbersAgreeWithTheParser(trailingSpaces: Int, short: Bool) {
    var generator = SystemRandomNumberGenerator()
    var texts = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "390", "0.25", "-2.5", "844.0", "0.000123", "123456789012345",
        "1234567890123456", "0.123456789012345", "9007199254740993", "1e3", "1E-3", "2.5e+2", "01", "-", "1.", ".5",
        "-.5", "00", "1.5.", "1x", "999999999999999.9", "4.35", "0.1", "0.30000000000000004", "1e400", "-1e400",
        "-00", "-01", "0e0", "0.0e1", "123456789012345.6", "12345678901234.56", "0.000000000000001",
        "0.0000000000000001", "-999999999999999", "1234567890123456.0", "7.0", "1.e5", "+1", "- 1", "1-", "0x1",
        "1234567", "12345678", "-1234567", "-12345678", "0.1234567", "0.12345678", "1234567.1234567",
        "1234567.12345678", "12345678.1", "9999999.9999999", "5.e3", "1.5E3", "15e", "0.5e", "-0.25", "-0.0000001",
        " 390", "\n-12.5", "\t7", "-", "--1", "1..2", "1.2.3", "2:", "0.", "-0.", "00.5", "0.5x", "9/", "0:",
    ]
    for _ in 0..<20_000 {
        let whole = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63))
        let fraction = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63))
        let sign = Bool.random(using: &generator) ? "-" : ""
        texts.append(sign + whole)
        texts.append(sign + whole + "." + fraction)
        texts.append("0." + String(repeating: "0", count: Int.random(in: 0...20, using: &generator)) + fraction)
        texts.append(sign + whole + "e" + String(Int.random(in: -30...30, using: &generator)))
    }
    var mismatches: [String] = []
    for text in texts where mismatches.count < 10 {
        let bytes = Array((text + String(repeating: " ", count: trailingSpaces)).utf8)
        let fromCursor = bytes.withUnsafeBufferPointer { buffer -> Double? in
            // What follows a number is the caller's to check, as a decoder checks the next comma or brace.
            var cursor = JSONCursor(buffer)
            let value = short ? cursor.shortNumber() : cursor.number()
            return cursor.atEnd() ? value : nil
        }
        let fromParser: Double? =
            switch try? JSONParser.parse(bytes) {
            case .number(let value): value
            default: nil
            }
        if fromCursor?.bitPattern != fromParser?.bitPattern {
            mismatches.append(
                "\(text): cursor \(String(describing: fromCursor)), parser \(String(describing: fromParser))")
        }
    }
    #expect(mismatches.isEmpty)
}

/// `expectKey` compares a name as words where the bytes allow and byte by byte near the input's end: both must
/// accept exactly the member whose name is the expected one, for names of every length up to and past 16 bytes.
@Test func expectedKeysMatchByteForByte() {
    let names: [StaticString] = [
        "", "x", "id", "top", "left", "width", "height", "frameEnd", "keyboard", "frameEnd2", "scrollView",
        "focusedRect", "safeAreaInsets", "animationCurve", "pinnedViewsList", "keyboardLayouts", "animationDuration",
        "keyboardDismissPaddingX",
    ]
    var failures: [String] = []
    for name in names {
        let text = name.description
        var candidates = [text, text + "x", String(text.dropLast()), "\\u0078"]
        for position in text.indices {
            var changed = text
            changed.replaceSubrange(position...position, with: "#")
            candidates.append(changed)
        }
        for candidate in candidates {
            for tail in [":1", ":1" + String(repeating: " ", count: 24)] {
                let bytes = Array((",\"" + candidate + "\"" + tail).utf8)
                let accepted = bytes.withUnsafeBufferPointer { buffer -> Bool in
                    var cursor = JSONCursor(buffer)
                    return cursor.expectKey(JSONKey(name), first: false) && cursor.number() == 1
                }
                if accepted != (candidate == text) { failures.append("\(text) against \(candidate) + \(tail.count)") }
            }
        }
    }
    #expect(failures.isEmpty)
}

/// `member` takes the writers' usual spellings without a scan and the rest through `expectKey`: whatever the
/// whitespace around the comma, the name and the colon, it must accept exactly what `expectKey` accepts, and
/// leave the cursor where the value is read the same.
@Test func membersAreTheExpectedKeys() {
    let names: [StaticString] = [
        "", "x", "id", "top", "left", "width", "height", "frameEnd", "keyboard", "frameEnd2", "scrollView",
        "focusedRect", "safeAreaInsets", "animationCurve", "pinnedViewsList", "keyboardLayouts", "animationDuration",
        "keyboardDismissPaddingX", "automaticallyAdjustsScrollIndicatorInsets",
    ]
    let commas = ["", ",", ", ", ",  ", ",\n  ", " ,", "\t, ", ";", " "]
    let colons = [":", ": ", ":  ", " :", " : ", "\t:\n", "", "=", ":\u{0}"]
    var failures: [String] = []
    for name in names {
        let text = name.description
        for candidate in [text, text + "x", String(text.dropLast()), "#" + text.dropFirst()] {
            for comma in commas {
                for colon in colons {
                    for tail in ["1", "1" + String(repeating: " ", count: 40)] {
                        let bytes = Array((comma + "\"" + candidate + "\"" + colon + tail).utf8)
                        for first in [false, true] {
                            let (member, named, expected) = bytes.withUnsafeBufferPointer {
                                buffer -> (Bool, Bool, Bool) in
                                var fast = JSONCursor(buffer)
                                var literal = JSONCursor(buffer)
                                var general = JSONCursor(buffer)
                                return (
                                    fast.member(JSONKey(name), first: first) && fast.number() == 1,
                                    literal.member(name, first: first) && literal.number() == 1,
                                    general.expectKey(JSONKey(name), first: first) && general.number() == 1
                                )
                            }
                            if member != expected || named != expected {
                                failures.append("\(text) in \(String(decoding: bytes, as: UTF8.self)), first: \(first)")
                            }
                        }
                    }
                }
            }
        }
    }
    #expect(failures.isEmpty)
}

/// `plainString` reads exactly the strings of printable ASCII without escapes, as `string` reads them, and
/// declines every other value without consuming it.
@Test func plainStringsAreTheParsersPrintableASCIIStrings() {
    var texts = [
        "\"\"", "\"DOj_bHBC0HeGmKM7-rlmlH\"", "\" ~!@#$%^&*()\"", "\"a\\\"b\"", "\"a\\u0041\"", "\"tab\tin\"",
        "\"del\u{7F}\"", "\"é\"", "\"\u{85}\"", "\"unterminated", "12", "null", "\"a\" ",
    ]
    for byte in UInt8(0)...UInt8(0xFF) where byte != 0x22 {
        texts.append("\"x" + String(decoding: [byte], as: UTF8.self) + "y\"")
    }
    var failures: [String] = []
    for text in texts {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var plain = JSONCursor(buffer)
            var general = JSONCursor(buffer)
            let read = plain.plainString()
            let expected = general.string()
            let printable = expected.map { $0.utf8.allSatisfy { (0x20...0x7E).contains($0) } } ?? false
            let escaped = bytes.contains(0x5C)
            if let read {
                if read != expected || !printable || escaped || plain.offset != general.offset {
                    failures.append(text)
                }
            } else if plain.offset != 0 || (printable && !escaped) {
                failures.append(text)
            }
        }
    }
    #expect(failures.isEmpty)
}

/// `plainString` reads eight bytes a step: a byte out of range or a closing quote is found at every position of
/// strings of every length around the word size, whatever follows the string in the same word.
@Test func plainStringsAreReadWordByWordAtEveryPosition() {
    let special: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xFF]
    let fine: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E]
    var failures: [[UInt8]] = []
    for length in 0...26 {
        for position in 0..<max(length, 1) {
            for byte in special + fine {
                for tail in [[UInt8](), Array(#", "timestamp": 1000}"#.utf8), [0x00, 0xFF, 0x5C, 0x22, 0x7F, 0x01]] {
                    var content = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { content[position] = byte }
                    let bytes = [0x22] + content + [0x22] + tail
                    bytes.withUnsafeBufferPointer { buffer in
                        var cursor = JSONCursor(buffer)
                        let read = cursor.plainStringBytes().map(Array.init)
                        // The string ends at its first quote; it is plain when every byte before is in range.
                        let end = content.firstIndex(of: 0x22) ?? content.count
                        let plain = content[..<end].allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x5C }
                        let expected = plain ? Array(content[..<end]) : nil
                        if read != expected || cursor.offset != (plain ? end + 2 : 0) { failures.append(bytes) }
                    }
                }
            }
        }
    }
    #expect(failures.isEmpty)
}

/// `bool` reads `true` and `false` where the parser reads them, ending where the parser's literal ends, and nil
/// for anything else; what follows the literal is the next read's to judge, as it is for the parser.
@Test func boolsAreTheParsersLiterals() {
    let texts = [
        "true", "false", " true", "\n\tfalse", "true,", "false}", "truex", "tru", "fals", "falsy", "True", "FALSE",
        "null", "\"true\"", "1", "", " ", "t", "f",
    ]
    for text in texts {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(buffer)
            let read = cursor.bool()
            let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            let expected: Bool? = trimmed.hasPrefix("true") ? true : trimmed.hasPrefix("false") ? false : nil
            #expect(read == expected, "\(text)")
            if let expected {
                #expect(cursor.offset == text.count - trimmed.count + (expected ? 4 : 5), "\(text)")
            }
        }
    }
}
