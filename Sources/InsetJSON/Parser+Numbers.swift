// Numbers: `JSONNumber` checks the grammar and converts; the parser adds its messages and refuses what no
// Double holds.

extension Parser {
    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at the cursor, which must be finite.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        let number: (value: Double, end: Int)
        do throws(JSONNumber.Malformed) {
            number = try JSONNumber.read(input, from: start)
        } catch {
            // A leading zero is the whole number's fault, so it is reported where the number starts.
            throw numberError(error.reason.rawValue, at: error.reason == .leadingZero ? start : error.offset)
        }
        index = number.end
        guard number.value.isFinite else {
            throw failure("number out of range", at: start)
        }
        return number.value
    }

    func numberError(_ detail: String, at offset: Int) -> JSONParseError {
        guard offset < input.count else {
            return failure("unexpected end of input in number", at: offset)
        }
        return failure("invalid number: " + detail, at: offset)
    }
}
