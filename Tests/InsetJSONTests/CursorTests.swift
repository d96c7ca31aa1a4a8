import InsetJSON
import Testing

/// `JSONCursor.number()` reads plain decimals itself and hands everything else to the parser; either way it must
/// give exactly the parser's value (bit for bit, so -0 stays -0), or nil where the parser rejects the text.
@Test func cursorNumbersAgreeWithTheParser() {
    var generator = SystemRandomNumberGenerator()
    var texts = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "390", "0.25", "-2.5", "844.0", "0.000123", "123456789012345",
        "1234567890123456", "0.123456789012345", "9007199254740993", "1e3", "1E-3", "2.5e+2", "01", "-", "1.", ".5",
        "-.5", "00", "1.5.", "1x", "999999999999999.9", "4.35", "0.1", "0.30000000000000004", "1e400", "-1e400",
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
        let bytes = Array((text + " ").utf8)
        let fromCursor = bytes.withUnsafeBufferPointer { buffer -> Double? in
            // What follows a number is the caller's to check, as a decoder checks the next comma or brace.
            var cursor = JSONCursor(buffer)
            let value = cursor.number()
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
