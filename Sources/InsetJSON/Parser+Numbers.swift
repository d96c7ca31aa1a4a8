// Numbers: the grammar is checked byte by byte here; conversion takes an exact fast path when it can
// and otherwise hands the validated text to the standard library's correctly rounded parser.

extension Parser {
    /// Powers of ten that a Double holds exactly; beyond 1e22 they are rounded.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at the cursor.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var cursor = index
        let negative = input[cursor] == ASCII.minus
        if negative { cursor += 1 }

        // Up to 19 significant digits fit a UInt64; more send the number down the slow path.
        var mantissa: UInt64 = 0
        var digitCount = 0
        var tooManyDigits = false
        var exponent = 0

        guard cursor < input.count, ASCII.isDigit(input[cursor]) else {
            throw numberError("expected a digit", at: cursor)
        }
        if input[cursor] == ASCII.zero {
            cursor += 1
            if cursor < input.count, ASCII.isDigit(input[cursor]) {
                throw numberError("leading zero", at: start)
            }
        } else {
            while cursor < input.count, ASCII.isDigit(input[cursor]) {
                if digitCount < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(input[cursor] &- ASCII.zero)
                    digitCount += 1
                } else {
                    tooManyDigits = true
                }
                cursor += 1
            }
        }

        if cursor < input.count, input[cursor] == ASCII.period {
            cursor += 1
            guard cursor < input.count, ASCII.isDigit(input[cursor]) else {
                throw numberError("expected a digit after '.'", at: cursor)
            }
            while cursor < input.count, ASCII.isDigit(input[cursor]) {
                let digit = UInt64(input[cursor] &- ASCII.zero)
                if digitCount < 19 {
                    mantissa = mantissa &* 10 &+ digit
                    // Zeros before the first significant digit (0.000123) do not use up precision.
                    if mantissa != 0 { digitCount += 1 }
                    exponent -= 1
                } else {
                    tooManyDigits = true
                }
                cursor += 1
            }
        }

        if cursor < input.count, input[cursor] == ASCII.lowerE || input[cursor] == ASCII.upperE {
            cursor += 1
            var exponentNegative = false
            if cursor < input.count, input[cursor] == ASCII.plus || input[cursor] == ASCII.minus {
                exponentNegative = input[cursor] == ASCII.minus
                cursor += 1
            }
            guard cursor < input.count, ASCII.isDigit(input[cursor]) else {
                throw numberError("expected a digit in the exponent", at: cursor)
            }
            var explicit = 0
            while cursor < input.count, ASCII.isDigit(input[cursor]) {
                // Saturate: a thousand-digit exponent is still just "too big" or "too small".
                if explicit < 1_000_000 {
                    explicit = explicit * 10 + Int(input[cursor] &- ASCII.zero)
                }
                cursor += 1
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        index = cursor

        // Clinger's fast path: an exact mantissa times an exact power of ten rounds once, correctly.
        if !tooManyDigits, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            let magnitude =
                exponent < 0
                ? Double(mantissa) / Self.exactPowersOfTen[-exponent]
                : Double(mantissa) * Self.exactPowersOfTen[exponent]
            return negative ? -magnitude : magnitude
        }
        if !tooManyDigits, mantissa == 0 {
            return negative ? -0.0 : 0.0
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
        guard let value = Double(text) else {
            throw numberError("unreadable", at: start)
        }
        guard value.isFinite else {
            throw failure("number out of range", at: start)
        }
        return value
    }

    func numberError(_ detail: String, at offset: Int) -> JSONParseError {
        guard offset < input.count else {
            return failure("unexpected end of input in number", at: offset)
        }
        return failure("invalid number: " + detail, at: offset)
    }
}
