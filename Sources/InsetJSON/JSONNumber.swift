/// RFC 8259's number grammar over raw bytes and the conversion to the nearest Double: the parser reads every
/// number with it, and so does any reader of other text that spells numbers as JSON does (the geometry strings
/// Foundation writes into a keyboard notification).
///
///     number = ["-"] ("0" / [1-9] [0-9]*) ["." [0-9]+] [("e" / "E") ["+" / "-"] [0-9]+]
///
/// The grammar is checked byte by byte; conversion takes an exact fast path when it can and otherwise hands the
/// validated text to the standard library's correctly rounded reader, so it allocates only for a number with over
/// 19 significant digits or an exponent beyond ±22.
package enum JSONNumber {
    /// Where the bytes stop following the grammar, and why.
    package struct Malformed: Error, Equatable, Sendable {
        /// What is missing or wrong; the raw value is a short description, fit for an error message.
        package enum Reason: String, Sendable {
            case expectedDigit = "expected a digit"
            case leadingZero = "leading zero"
            case expectedDigitAfterPeriod = "expected a digit after '.'"
            case expectedExponentDigit = "expected a digit in the exponent"
        }

        /// Offset of the byte that breaks the grammar (for a leading zero, the digit after the `0`), or the
        /// input's length when it ended early.
        package var offset: Int
        /// What is wrong there.
        package var reason: Reason

        /// An error at `offset`; `read` is the usual source, tests build expected ones.
        package init(offset: Int, reason: Reason) {
            self.offset = offset
            self.reason = reason
        }
    }

    /// Powers of ten that a Double holds exactly; beyond 1e22 they are rounded.
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads the number that starts at `start` in `input`: the nearest Double (an infinity past the largest
    /// finite one, a zero of the number's sign below the smallest) and the offset just past the number. What
    /// follows it is the caller's to judge: `1.5.5` reads as 1.5, ending at the second `.`.
    package static func read(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int
    ) throws(Malformed) -> (value: Double, end: Int) {
        var cursor = start
        let negative = cursor < input.count && input[cursor] == ASCII.minus
        if negative { cursor += 1 }

        // Up to 19 significant digits fit a UInt64; more send the number down the slow path.
        var mantissa: UInt64 = 0
        var digitCount = 0
        var tooManyDigits = false
        var exponent = 0

        guard cursor < input.count, ASCII.isDigit(input[cursor]) else {
            throw Malformed(offset: cursor, reason: .expectedDigit)
        }
        if input[cursor] == ASCII.zero {
            cursor += 1
            if cursor < input.count, ASCII.isDigit(input[cursor]) {
                throw Malformed(offset: cursor, reason: .leadingZero)
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
                throw Malformed(offset: cursor, reason: .expectedDigitAfterPeriod)
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
                throw Malformed(offset: cursor, reason: .expectedExponentDigit)
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

        // Clinger's fast path: an exact mantissa times an exact power of ten rounds once, correctly.
        if !tooManyDigits, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            let magnitude =
                exponent < 0
                ? Double(mantissa) / exactPowersOfTen[-exponent]
                : Double(mantissa) * exactPowersOfTen[exponent]
            return (negative ? -magnitude : magnitude, cursor)
        }
        if !tooManyDigits, mantissa == 0 {
            return (negative ? -0.0 : 0.0, cursor)
        }
        // The grammar is checked, so the standard library's reader accepts the text, overflow included.
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
        return (Double(text) ?? (negative ? -.infinity : .infinity), cursor)
    }
}
