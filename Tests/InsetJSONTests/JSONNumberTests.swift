import InsetJSON
import Testing

/// `JSONNumber.read`, the entry point other readers of JSON-spelled numbers share with the parser.
@Suite("JSONNumber.read")
struct JSONNumberTests {
    static func read(_ text: String, from start: Int = 0) throws(JSONNumber.Malformed) -> (value: Double, end: Int) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (input) throws(JSONNumber.Malformed) in
            try JSONNumber.read(input, from: start)
        }
    }

    @Test(arguments: [
        ("0", 0.0, 1), ("-12.5e1,", -125, 7), ("1.5.5", 1.5, 3), ("7}", 7, 1), ("{ 42 }", 42, 4),
        ("1e400", .infinity, 5), ("-1e400", -.infinity, 6), ("2e-400", 0, 6),
    ])
    func readsTheNumberAndStopsAfterIt(text: String, value: Double, end: Int) throws {
        let start = text.hasPrefix("{ ") ? 2 : 0
        let number = try Self.read(text, from: start)
        #expect(number.value == value)
        #expect(number.end == end)
    }

    @Test(arguments: [
        ("", 0, JSONNumber.Malformed.Reason.expectedDigit), ("-", 1, .expectedDigit), ("+1", 0, .expectedDigit),
        (".5", 0, .expectedDigit), ("-01", 2, .leadingZero), ("5.", 2, .expectedDigitAfterPeriod),
        ("5.e3", 2, .expectedDigitAfterPeriod), ("5e", 2, .expectedExponentDigit), ("5E+x", 3, .expectedExponentDigit),
    ])
    func namesTheByteThatBreaksTheGrammar(text: String, offset: Int, reason: JSONNumber.Malformed.Reason) {
        #expect(throws: JSONNumber.Malformed(offset: offset, reason: reason)) { try Self.read(text) }
    }
}
