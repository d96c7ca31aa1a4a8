import InsetJSON
import Testing

/// `spelledNumber()` reads a number where it starts, with no whitespace looked for: it reads nothing (the cursor
/// where it was), or exactly the parser's value of the bytes it read (-0 as 0), followed by no digit or exponent
/// (nor a period after a whole number). Each text is read at the input's end (its words past the end read as zeros) and with room after it.
@Test(arguments: [0, 1, 24])
func spelledNumbersAreTheParsersOrNothing(trailingSpaces: Int) {
    var generator = SystemRandomNumberGenerator()
    var texts = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "390", "0.25", "-2.5", "844.0", "0.000123", "1234567", "12345678",
        "-1234567", "-12345678", "0.1234567", "0.12345678", "1234567.1234567", "1234567.12345678", "9999999.9999999",
        "1e3", "1E-3", "2.5e+2", "01", "-", "1.", ".5", "-.5", "00", "1.5.", "1x", "-00", "-01", "0e0", "7.0", "1.e5",
        "+1", "- 1", "1-", "0x1", " 390", "\n-12.5", "--1", "1..2", "2:", "0.", "-0.", "00.5", "0.5x", "15e", "-0.25",
    ]
    for _ in 0..<20_000 {
        let whole = String(UInt64.random(in: 0...9_999_999, using: &generator) >> UInt64.random(in: 0...23))
        let fraction = String(UInt64.random(in: 0...99_999_999, using: &generator) >> UInt64.random(in: 0...26))
        let sign = Bool.random(using: &generator) ? "-" : ""
        texts.append(sign + whole)
        texts.append(sign + whole + "." + fraction)
        texts.append(sign + whole + "e" + String(Int.random(in: -3...3, using: &generator)))
    }
    var mismatches: [String] = []
    for text in texts where mismatches.count < 10 {
        let bytes = Array((text + String(repeating: " ", count: trailingSpaces)).utf8)
        let (value, offset) = bytes.withUnsafeBufferPointer { buffer -> (Double?, Int) in
            var cursor = JSONCursor(buffer)
            let value = cursor.spelledNumber()
            return (value, cursor.offset)
        }
        guard let value else {
            if offset != 0 { mismatches.append("\(text): nil after consuming \(offset) bytes") }
            continue
        }
        let parsed: Double? =
            switch try? JSONParser.parse(Array(bytes[..<offset])) {
            case .number(let number): number == 0 ? 0 : number
            default: nil
            }
        let next = offset < bytes.count ? bytes[offset] : UInt8(ascii: " ")
        // A period after a fraction is the next read's to refuse (a comma or a brace is due), as after `shortNumber`.
        let fraction = bytes[..<offset].contains(UInt8(ascii: "."))
        let continues =
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) || Array("eE".utf8).contains(next)
            || (next == UInt8(ascii: ".") && !fraction)
        if value.bitPattern != parsed?.bitPattern || continues {
            mismatches.append("\(text): \(value) read from \(offset) bytes, parser \(String(describing: parsed))")
        }
    }
    #expect(mismatches.isEmpty)
}

/// `consume(spelled:)` takes exactly its text's bytes, at the input's end as well as with room after them, and
/// nothing from a text cut short or changed in any byte; `spelledMember` spells a member as writers do.
@Test func spellingsMatchExactlyTheirBytes() {
    let texts: [(JSONSpelling, String)] = [
        (JSONSpelling("}"), "}"), (JSONSpelling("{\"x\": "), "{\"x\": "),
        (JSONSpelling(", \"height\": "), ", \"height\": "),
        (JSONSpelling(member: "animationDuration", first: false), ", \"animationDuration\": "),
        (JSONSpelling(member: "scrollView", first: true), "\"scrollView\": "),
        (JSONSpelling(member: "x", first: false), ", \"x\": "),
    ]
    for (spelling, text) in texts {
        let bytes = Array(text.utf8)
        for tail in [[], Array("0, \"y\": 0}}}}}}}}}}}}}}".utf8)] {
            #expect(consumed(spelling, bytes + tail) == bytes.count, "\(text)")
            for count in 0..<bytes.count {
                #expect(consumed(spelling, Array(bytes[..<count])) == nil, "\(text) cut at \(count)")
            }
            for index in bytes.indices {
                var changed = bytes
                changed[index] = changed[index] == UInt8(ascii: " ") ? UInt8(ascii: "\t") : UInt8(ascii: " ")
                #expect(consumed(spelling, changed + tail) == nil, "\(text) changed at \(index)")
            }
        }
    }
}

/// How many bytes `consume(spelled:)` took from `bytes`, or nil when it took none.
private func consumed(_ spelling: JSONSpelling, _ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
        var cursor = JSONCursor(buffer)
        return cursor.consume(spelled: spelling) ? cursor.offset : nil
    }
}
